import FlightLogCore
import Foundation
import Testing

@testable import FlightLogStore

@Suite struct SystemTimeZonesTests {
    static var tzdata: Bool { FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/zone1970.tab") }

    private func utc(_ date: CivilDate, hour: Int64, minute: Int64 = 0) -> UTCMillis {
        date.utcMidnight + (hour * 3600 + minute * 60) * 1000
    }

    @Test(.enabled(if: tzdata)) func fieldsAroundTheWorld() {
        let zones = SystemTimeZones()
        let omarama = zones.rules(near: Coordinate(latitude: -44.49, longitude: 169.99))
        #expect(omarama.identifier == "Pacific/Auckland")
        #expect(
            omarama.offsetSeconds(at: utc(CivilDate(year: 2016, month: 11, day: 8), hour: 22, minute: 48)) == 13 * 3600)
        let lasham = zones.rules(near: Coordinate(latitude: 51.19, longitude: -1.03))
        #expect(lasham.identifier == "Europe/London")
        #expect(lasham.offsetSeconds(at: utc(CivilDate(year: 2022, month: 8, day: 5), hour: 9)) == 3600)
        let luesse = zones.rules(near: Coordinate(latitude: 52.14, longitude: 12.66))
        #expect(luesse.identifier == "Europe/Berlin")
        #expect(luesse.offsetSeconds(at: utc(CivilDate(year: 2024, month: 7, day: 15), hour: 9)) == 7200)
        let corowa = zones.rules(near: Coordinate(latitude: -35.99, longitude: 146.36))
        #expect(
            corowa.offsetSeconds(at: utc(CivilDate(year: 2010, month: 1, day: 21), hour: 0, minute: 40)) == 11 * 3600)
        // Cached: the same rules again.
        #expect(zones.rules(near: Coordinate(latitude: -44.49, longitude: 169.99)) == omarama)
    }

    @Test func fallsBackToSolarTimeWithoutTzdata() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-zoneinfo-\(UUID().uuidString)")
        let zones = SystemTimeZones(zoneinfoDirectory: empty.path)
        let rules = zones.rules(near: Coordinate(latitude: -44.49, longitude: 169.99))
        #expect(rules.identifier == "UTC+11")
        #expect(rules.offsetSeconds(at: 0) == 11 * 3600)
        #expect(zones.rules(near: Coordinate(latitude: 51.19, longitude: -1.03)).identifier == "UTC")
        #expect(zones.rules(near: Coordinate(latitude: 40, longitude: -75)).identifier == "UTC-5")
    }
}
