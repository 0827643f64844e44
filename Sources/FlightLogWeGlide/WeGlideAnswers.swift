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

    /// WeGlide's `detail`: a sentence (`400`) or FastAPI's list of validation errors (`422`: `loc: msg` each).
    package static func detail(_ body: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        if let text = object["detail"] as? String { return text }
        if let list = object["detail"] as? [[String: Any]] {
            let messages = list.map { item -> String in
                let place = (item["loc"] as? [Any])?.map { "\($0)" }.joined(separator: ".")
                let message = item["msg"] as? String ?? "invalid"
                return place.map { "\($0): \(message)" } ?? message
            }
            return messages.isEmpty ? nil : messages.joined(separator: "; ")
        }
        return nil
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
