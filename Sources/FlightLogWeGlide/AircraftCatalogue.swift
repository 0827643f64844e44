import FlightLogAnalysis
import FlightLogCore
import Foundation

/// WeGlide's aircraft list (`GET /v1/aircraft`: `id`, `name`, `kind`, …), kept beside the database as
/// `weglide-aircraft.json` with the date it was fetched, and the match of a glider type to one of its aircraft.
package struct AircraftCatalogue: Sendable {
    package struct Aircraft: Sendable, Hashable {
        package var id: Int
        package var name: String
    }

    package var aircraft: [Aircraft]
    /// When it was fetched from WeGlide.
    package var fetchedAt: Date

    package init(aircraft: [Aircraft], fetchedAt: Date) {
        self.aircraft = aircraft
        self.fetchedAt = fetchedAt
    }

    /// Reads WeGlide's answer: a JSON list of objects with a whole `id` and a `name` (others are skipped).
    package init(weglideJSON bytes: [UInt8], fetchedAt: Date) throws(CatalogueError) {
        guard let list = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]] else {
            throw CatalogueError("WeGlide's aircraft list is not a JSON list of aircraft")
        }
        aircraft = list.compactMap { item in
            guard let id = (WeGlideAnswers.wholeNumber(item["id"]).map { Int($0) }), let name = item["name"] as? String
            else { return nil }
            return Aircraft(id: id, name: name)
        }
        self.fetchedAt = fetchedAt
    }

    /// The aircraft whose name is `gliderType` as the glider index compares types (`gliderTypeKey`:
    /// case, spaces, `-`, `_` ignored, so "LS_4" and "Ls 4" are "LS 4", "ASW-19" is "ASW 19"; spans agree where both
    /// name one, and among several the one of the same span wins); nil when none or several aircraft match.
    package func match(gliderType: String) -> Aircraft? {
        let wanted = gliderTypeKey(gliderType)
        guard !wanted.model.isEmpty else { return nil }
        let found = aircraft.compactMap { aircraft -> (Aircraft, span: Int?)? in
            let name = gliderTypeKey(aircraft.name)
            guard name.model == wanted.model,
                name.spanMeters == nil || wanted.spanMeters == nil || name.spanMeters == wanted.spanMeters
            else { return nil }
            return (aircraft, name.spanMeters)
        }
        let sameSpan = found.filter { $0.span == wanted.spanMeters }
        for choice in [found, sameSpan] where Set(choice.map { $0.0.id }).count == 1 { return choice[0].0 }
        return nil
    }

    /// Aircraft whose normalised name contains `text`'s, for `flightlog upload --aircraft`.
    package func search(_ text: String) -> [Aircraft] {
        let key = gliderTypeKey(text).model
        return aircraft.filter { key.isEmpty || gliderTypeKey($0.name).model.contains(key) }.sorted {
            ($0.name, $0.id) < ($1.name, $1.id)
        }
    }

    // MARK: the file beside the database

    /// `weglide-aircraft.json` beside `databasePath`.
    package static func path(besideDatabase databasePath: String) -> String {
        (databasePath as NSString).deletingLastPathComponent.appendingPathComponentOrSelf("weglide-aircraft.json")
    }

    /// The kept catalogue; nil when there is none or it cannot be read (it is fetched again).
    package static func read(path: String) -> AircraftCatalogue? {
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let millis = (object["fetchedAt"] as? NSNumber)?.doubleValue,
            let list = object["aircraft"] as? [[String: Any]]
        else { return nil }
        let aircraft = list.compactMap { item -> Aircraft? in
            guard let id = (WeGlideAnswers.wholeNumber(item["id"]).map { Int($0) }), let name = item["name"] as? String
            else { return nil }
            return Aircraft(id: id, name: name)
        }
        return AircraftCatalogue(aircraft: aircraft, fetchedAt: Date(timeIntervalSince1970: millis / 1000))
    }

    /// Writes the catalogue (temporary file and rename, so a reader never sees half of it).
    package func write(path: String) throws {
        let object: [String: Any] = [
            "fetchedAt": Int64(fetchedAt.timeIntervalSince1970 * 1000),
            "aircraft": aircraft.map { ["id": $0.id, "name": $0.name] as [String: Any] },
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

package struct CatalogueError: Error, Sendable, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}

extension String {
    /// `self/name`, or `name` alone when `self` is empty (a database in the working folder).
    fileprivate func appendingPathComponentOrSelf(_ name: String) -> String {
        isEmpty ? name : (self as NSString).appendingPathComponent(name)
    }
}
