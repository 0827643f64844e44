import FlightLogCore
import Foundation
import Synchronization

/// Time zone rules from the system tzdata (`/usr/share/zoneinfo`): the zone nearest to a place from
/// `zone1970.tab`, its TZif file parsed by ``TimeZoneRules``. Without tzdata it falls back to solar time
/// (`round(longitude / 15)` hours, identifier like `UTC+11`). Loaded files are cached.
package struct SystemTimeZones: Sendable {
    package let zoneinfoDirectory: String
    private let cache: Cache

    private final class Cache: Sendable {
        struct State {
            var locator: TimeZoneLocator?
            var rules: [String: TimeZoneRules] = [:]
        }
        let state = Mutex(State())
    }

    package init(zoneinfoDirectory: String = "/usr/share/zoneinfo") {
        self.zoneinfoDirectory = zoneinfoDirectory
        cache = Cache()
    }

    /// The rules of the zone at `coordinate` (solar-time fallback when tzdata is missing or unreadable).
    package func rules(near coordinate: Coordinate) -> TimeZoneRules {
        if let identifier = locator().identifier(near: coordinate), let rules = rules(identifier: identifier) {
            return rules
        }
        let offset = solarOffsetSeconds(longitude: coordinate.longitude)
        let hours = offset / 3600
        return .fixed(
            identifier: hours == 0 ? "UTC" : "UTC" + (hours > 0 ? "+" : "-") + String(abs(hours)), offsetSeconds: offset
        )
    }

    /// The rules of a named zone (`Europe/Berlin`), or nil when tzdata has no usable file for it.
    package func rules(identifier: String) -> TimeZoneRules? {
        if let cached = cache.state.withLock({ $0.rules[identifier] }) { return cached }
        guard !identifier.contains(".."),
            let data = FileManager.default.contents(atPath: zoneinfoDirectory + "/" + identifier),
            let rules = try? TimeZoneRules(identifier: identifier, tzif: [UInt8](data))
        else { return nil }
        cache.state.withLock { $0.rules[identifier] = rules }
        return rules
    }

    private func locator() -> TimeZoneLocator {
        if let locator = cache.state.withLock({ $0.locator }) { return locator }
        let text = (try? String(contentsOfFile: zoneinfoDirectory + "/zone1970.tab", encoding: .utf8)) ?? ""
        let locator = TimeZoneLocator(zone1970Tab: text)
        cache.state.withLock { $0.locator = locator }
        return locator
    }
}
