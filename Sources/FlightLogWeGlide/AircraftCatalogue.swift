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
            guard let id = (item["id"] as? NSNumber)?.intValue, let name = item["name"] as? String else { return nil }
            return Aircraft(id: id, name: name)
        }
        self.fetchedAt = fetchedAt
    }

    /// The aircraft whose name is `gliderType` once case, spaces, `-` and `_` are ignored ("LS_4", "ls 4" →
    /// "LS 4"); nil when none or several match.
    /// TODO: use the glider index's public type normaliser (Core/Analysis) once it is merged, so both agree.
    package func match(gliderType: String) -> Aircraft? {
        let key = Self.typeKey(gliderType)
        guard !key.isEmpty else { return nil }
        let found = aircraft.filter { Self.typeKey($0.name) == key }
        return Set(found.map(\.id)).count == 1 ? found[0] : nil
    }

    /// Aircraft whose key contains `text`'s key, for `flightlog upload --aircraft`.
    package func search(_ text: String) -> [Aircraft] {
        let key = Self.typeKey(text)
        return aircraft.filter { key.isEmpty || Self.typeKey($0.name).contains(key) }.sorted {
            ($0.name, $0.id) < ($1.name, $1.id)
        }
    }

    /// A type name without case, spaces, `-` and `_`.
    static func typeKey(_ name: String) -> String {
        String(name.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" })
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
            guard let id = (item["id"] as? NSNumber)?.intValue, let name = item["name"] as? String else { return nil }
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
