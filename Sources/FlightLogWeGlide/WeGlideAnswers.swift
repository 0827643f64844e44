import FlightLogCore
import Foundation

/// What WeGlide's answers say (docs/WEGLIDE.md), read from their bytes: no network here, so that the `weglide`
/// fuzz target (Fuzz/weglide.swift) compiles these readers on their own.
package enum WeGlideAnswers {
    /// The `id` of each flight in a `201` answer (a JSON list of flights); nil unless every item has a whole `id`.
    package static func createdFlightIds(_ body: [UInt8]) -> [Int64]? {
        guard let list = try? JSONSerialization.jsonObject(with: Data(body)) as? [[String: Any]] else { return nil }
        let ids = list.compactMap { wholeNumber($0["id"]) }
        return ids.count == list.count ? ids : nil
    }

    /// A flight of `GET /v1/flight`'s list: its id, pilot and times (UTC ms).
    package struct ListedFlight: Sendable, Equatable {
        package var id: Int64
        package var userId: Int64
        package var takeoff: Int64
        package var landing: Int64
    }

    /// The flights of a `GET /v1/flight` answer (a JSON list; the OpenAPI document names one object, also read)
    /// that have a whole `id`, `user.id` and both times; the others are left out. nil: not a list of objects.
    package static func listedFlights(_ body: [UInt8]) -> [ListedFlight]? {
        let json = try? JSONSerialization.jsonObject(with: Data(body))
        guard let list = json as? [[String: Any]] ?? (json as? [String: Any]).map({ [$0] }) else { return nil }
        return list.compactMap { item in
            guard let id = wholeNumber(item["id"]), let user = wholeNumber((item["user"] as? [String: Any])?["id"]),
                let takeoff = (item["takeoff_time"] as? String).flatMap(utcMillis),
                let landing = (item["landing_time"] as? String).flatMap(utcMillis)
            else { return nil }
            return ListedFlight(id: id, userId: user, takeoff: takeoff, landing: landing)
        }
    }

    /// `2025-06-14T10:12:00Z`, `…+02:00`, with or without fractions; without an offset the time is UTC (what IGC
    /// files hold). nil for anything else.
    package static func utcMillis(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, range.allSatisfy({ (48...57).contains(bytes[$0]) }) else {
                return nil
            }
            return range.reduce(0) { $0 * 10 + Int(bytes[$1] - 48) }
        }
        guard bytes.count >= 19, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 32,
            bytes[13] == 58, bytes[16] == 58, let year = number(0..<4), let month = number(5..<7),
            let day = number(8..<10), let hour = number(11..<13), let minute = number(14..<16),
            let second = number(17..<19), (1900...2999).contains(year), (1...12).contains(month),
            (1...31).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        var rest = bytes[19...]
        if rest.first == 46 { rest = rest.dropFirst().drop { (48...57).contains($0) } }  // fractions dropped
        var offset = 0
        if rest.elementsEqual("Z".utf8) || rest.isEmpty {
            offset = 0
        } else if rest.count == 6, rest.first == 43 || rest.first == 45, bytes[rest.startIndex + 3] == 58,
            let zone = number((rest.startIndex + 1)..<(rest.startIndex + 3)),
            let zoneMinutes = number((rest.startIndex + 4)..<(rest.startIndex + 6)), zone < 24, zoneMinutes < 60
        {
            offset = (zone * 60 + zoneMinutes) * (rest.first == 43 ? 1 : -1)
        } else {
            return nil
        }
        guard day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
        let days = Int(CivilDate(year: year, month: month, day: day).daysSinceEpoch)
        let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second - offset * 60
        return Int64(seconds) * 1000
    }

    /// WeGlide's `detail`: a sentence (`400`) or FastAPI's list of validation errors (`422`: `loc: msg` each).
    /// Nil when there is none or it is blank (`{"detail": ""}`), so the caller says the status instead.
    package static func detail(_ body: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        var text: String?
        if let sentence = object["detail"] as? String { text = sentence }
        if let list = object["detail"] as? [[String: Any]] {
            text = list.map { item -> String in
                let place = (item["loc"] as? [Any])?.map { "\($0)" }.joined(separator: ".")
                let message = item["msg"] as? String ?? "invalid"
                return place.map { "\($0): \(message)" } ?? message
            }.joined(separator: "; ")
        }
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }

    /// The start of an answer that is not what the API promises, for a message.
    package static func excerpt(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        return text.isEmpty ? "an empty answer" : text
    }

    /// A JSON number that is a whole number well inside `Int64`'s range (`12.5` and `1e30` are not ids).
    package static func wholeNumber(_ value: Any?) -> Int64? {
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) < 9.0e18 else { return nil }
        return number.int64Value
    }
}
