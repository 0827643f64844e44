import Foundation
import Testing

@testable import FlightLogCore

/// System tzdata, read here (the core itself does no I/O).
private enum TZData {
    static let directory = "/usr/share/zoneinfo"
    static var available: Bool { FileManager.default.fileExists(atPath: directory + "/zone1970.tab") }

    static func rules(_ identifier: String) throws -> TimeZoneRules {
        let data = try #require(FileManager.default.contents(atPath: directory + "/" + identifier))
        return try TimeZoneRules(identifier: identifier, tzif: [UInt8](data))
    }

    static func locator() throws -> TimeZoneLocator {
        TimeZoneLocator(zone1970Tab: try String(contentsOfFile: directory + "/zone1970.tab", encoding: .utf8))
    }
}

private func tzUTC(_ text: String) -> UTCMillis {
    // YYYY-MM-DDTHH:MM:SSZ
    let date = CivilDate(iso: String(text.prefix(10)))!
    let parts = text.dropFirst(11).prefix(8).split(separator: ":").map { Int64($0)! }
    return date.utcMidnight + (parts[0] * 3600 + parts[1] * 60 + parts[2]) * 1000
}

@Suite struct TimeZoneTests {
    @Test(
        .enabled(if: TZData.available),
        arguments: [
            (-44.49, 169.99, "2016-11-08T22:48:00Z", "Pacific/Auckland", 13 * 3600),
            (51.19, -1.03, "2024-08-10T10:00:00Z", "Europe/London", 3600),
            (52.14, 12.66, "2024-07-15T10:00:00Z", "Europe/Berlin", 7200),
            (-35.99, 146.36, "2010-01-21T00:40:00Z", nil, 11 * 3600),
        ] as [(Degrees, Degrees, String, String?, Int)])
    func localOffsetAtFields(lat: Degrees, lon: Degrees, time: String, zone: String?, offset: Int) throws {
        let identifier = try #require(try TZData.locator().identifier(near: Coordinate(latitude: lat, longitude: lon)))
        if let zone { #expect(identifier == zone) }
        #expect(try TZData.rules(identifier).offsetSeconds(at: tzUTC(time)) == offset)
    }

    @Test(.enabled(if: TZData.available))
    func omaramaLogbookDateIsNinthOfNovember() throws {
        let rules = try TZData.rules("Pacific/Auckland")
        let takeoff = tzUTC("2016-11-08T22:48:00Z")
        #expect(
            CivilDateTime(utc: takeoff, offsetSeconds: rules.offsetSeconds(at: takeoff)).date
                == CivilDate(year: 2016, month: 11, day: 9))
        #expect(rules.abbreviation(at: takeoff) == "NZDT")
        #expect(rules.offsetSeconds(at: tzUTC("2016-07-01T00:00:00Z")) == 12 * 3600)
    }

    @Test(
        .enabled(if: TZData.available),
        arguments: [
            // Berlin: DST from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October.
            ("Europe/Berlin", "2024-03-31T00:59:59Z", 3600, "CET"),
            ("Europe/Berlin", "2024-03-31T01:00:00Z", 7200, "CEST"),
            ("Europe/Berlin", "2024-10-27T00:59:59Z", 7200, "CEST"),
            ("Europe/Berlin", "2024-10-27T01:00:00Z", 3600, "CET"),
            ("Europe/Berlin", "1980-07-01T12:00:00Z", 7200, "CEST"),
            ("Europe/Berlin", "1979-07-01T12:00:00Z", 3600, "CET"),
            // Far beyond the last transition in the file: the footer rule decides.
            ("Europe/Berlin", "2090-07-01T12:00:00Z", 7200, "CEST"),
            ("Europe/Berlin", "2090-01-01T12:00:00Z", 3600, "CET"),
            ("Pacific/Auckland", "2090-01-01T00:00:00Z", 13 * 3600, "NZDT"),
            ("Pacific/Auckland", "2090-06-01T00:00:00Z", 12 * 3600, "NZST"),
            ("America/New_York", "2090-07-04T12:00:00Z", -4 * 3600, "EDT"),
            ("Asia/Kolkata", "2090-07-04T12:00:00Z", 19800, "IST"),
            ("UTC", "2024-07-04T12:00:00Z", 0, "UTC"),
        ])
    func transitionsAndFooter(zone: String, time: String, offset: Int, abbreviation: String) throws {
        let rules = try TZData.rules(zone)
        #expect(rules.offsetSeconds(at: tzUTC(time)) == offset)
        #expect(rules.abbreviation(at: tzUTC(time)) == abbreviation)
    }

    @Test func posixRules() throws {
        let cet = try #require(PosixTimeZone("CET-1CEST,M3.5.0,M10.5.0/3"))
        func offset(_ rule: PosixTimeZone, _ time: String) -> Int { rule.localTimeType(at: tzUTC(time) / 1000).offset }
        #expect(offset(cet, "2031-03-30T00:59:59Z") == 3600)
        #expect(offset(cet, "2031-03-30T01:00:00Z") == 7200)
        #expect(offset(cet, "2031-10-26T00:59:59Z") == 7200)
        #expect(offset(cet, "2031-10-26T01:00:00Z") == 3600)
        let nz = try #require(PosixTimeZone("NZST-12NZDT,M9.5.0,M4.1.0/3"))
        #expect(offset(nz, "2031-01-15T00:00:00Z") == 13 * 3600)
        #expect(offset(nz, "2031-07-15T00:00:00Z") == 12 * 3600)
        // Last Sunday of September 2031 is the 28th; 02:00 NZST = 14:00 UTC the day before.
        #expect(offset(nz, "2031-09-27T13:59:59Z") == 12 * 3600)
        #expect(offset(nz, "2031-09-27T14:00:00Z") == 13 * 3600)
        let fixedName = try #require(PosixTimeZone("<+0530>-5:30"))
        #expect(offset(fixedName, "2031-01-01T00:00:00Z") == 19800)
        #expect(fixedName.standard.abbreviation == "+0530")
        let julian = try #require(PosixTimeZone("EST5EDT,J60/2,300"))
        #expect(offset(julian, "2031-07-01T00:00:00Z") == -4 * 3600)
        #expect(PosixTimeZone("CET-1CEST,M13.5.0,M10.5.0") == nil)
        #expect(PosixTimeZone("") == nil)
    }

    @Test func rejectsBrokenTZif() {
        #expect(throws: TimeZoneError.self) {
            try TimeZoneRules(identifier: "X", tzif: Array("not a tzif file at all, really not".utf8))
        }
        #expect(throws: TimeZoneError.self) {
            try TimeZoneRules(identifier: "X", tzif: Array("TZif2".utf8) + [UInt8](repeating: 0, count: 30))
        }
    }

    @Test func fixedRulesAndSolarOffset() {
        let rules = TimeZoneRules.fixed(identifier: "UTC+11", offsetSeconds: 11 * 3600)
        #expect(rules.offsetSeconds(at: 0) == 39600)
        #expect(rules.abbreviation(at: 0) == "UTC+11")
        #expect(solarOffsetSeconds(longitude: 169.99) == 11 * 3600)
        #expect(solarOffsetSeconds(longitude: -1.03) == 0)
        #expect(solarOffsetSeconds(longitude: -97.6) == -7 * 3600)
    }

    @Test func locatorParsesBothCoordinateForms() {
        let table =
            "# comment\nDE,DK,NO,SE,SJ\t+5230+01322\tEurope/Berlin\nUS\t+404251-0740023\tAmerica/New_York\tEastern\n"
        let locator = TimeZoneLocator(zone1970Tab: table)
        #expect(locator.identifier(near: Coordinate(latitude: 40, longitude: -70)) == "America/New_York")
        #expect(locator.identifier(near: Coordinate(latitude: 48, longitude: 11)) == "Europe/Berlin")
        #expect(TimeZoneLocator(zone1970Tab: "").identifier(near: Coordinate(latitude: 0, longitude: 0)) == nil)
        let ny = TimeZoneLocator.coordinate("+404251-0740023")
        #expect(abs((ny?.latitude ?? 0) - (40 + 42 / 60.0 + 51 / 3600.0)) < 1e-9)
        #expect(abs((ny?.longitude ?? 0) + (74 + 0 / 60.0 + 23 / 3600.0)) < 1e-9)
    }
}
