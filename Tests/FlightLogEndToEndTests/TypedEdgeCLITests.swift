import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// What a pilot types at the edges of time and of the map: refused with a line saying what is wrong, or written so
/// that every other tool (and flightlog itself) reads it back as meant.
@Suite("typed at the edges of time and of the map")
struct TypedEdgeCLITests {
    /// A paper-logbook line with a mistyped year (0001, 9999) or a time before 1970 UTC: refused, nothing stored; the
    /// logbook's own limits (up to 2199) are taken.
    @Test func aManualFlightOutsideTheLogbooksYearsIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let line = ["--takeoff", "10:00", "--landing", "11:00", "--takeoff-place", "=Hof", "--utc-offset=+02:00"]
        #expect(try CLI.run(["add", "--date", "2025-06-14"] + line, database: db, in: dir).status == 0)
        for (date, takeoff) in [
            ("0001-01-01", "01:00"), ("9999-12-31", "01:00"), ("1970-01-01", "01:00"), ("2200-01-01", "01:00"),
        ] {
            let r = try CLI.run(
                [
                    "add", "--date", date, "--takeoff", takeoff, "--landing", "03:00", "--takeoff-place", "=Hof",
                    "--utc-offset=+02:00",
                ], database: db, in: dir)
            #expect(
                r.status != 0 && r.stderr.contains("\(date): its UTC times fall outside those a logbook keeps"),
                "\(date): \(r.stderr)")
        }
        let edge = try CLI.run(
            [
                "add", "--date", "2199-12-31", "--takeoff", "10:00", "--landing", "11:00", "--takeoff-place", "=Hof",
                "--utc-offset=+02:00",
            ], database: db, in: dir)
        #expect(edge.status == 0, "\(edge.stderr)")
        let listed = try CLI.run(["list", "--csv"], database: db, in: dir)
        #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed.stderr)")
        #expect(listed.stdout.split(whereSeparator: \.isNewline).count == 3, "\(listed.stdout)")
    }

    /// An 8-bit escape (U+009B, CSI) in a name is a control character like ESC: refused, nothing changed.
    @Test func aC1ControlCharacterInANameIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let line = ["--takeoff", "10:00", "--landing", "11:00", "--takeoff-place", "=Hof", "--utc-offset=+02:00"]
        #expect(try CLI.run(["add", "--date", "2025-06-14"] + line, database: db, in: dir).status == 0)
        let r = try CLI.run(["edit", "1", "--pilot", "Eve\u{9B}31mRed"], database: db, in: dir)
        #expect(r.status != 0 && r.stderr.contains("control characters"), "\(r.stderr)")
        #expect(!(try CLI.run(["show", "1"], database: db, in: dir).stdout.contains("Eve")))
    }

    /// A paper-logbook line on the night the clocks change (Europe/Berlin): 01:30 to 03:30 on the spring day is one
    /// hour in the air, on the autumn day three; each local time is read at the offset in force then.
    @Test func aManualFlightOverADSTChangeLastsWhatTheClocksSay() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        for date in ["2025-03-30", "2025-10-26", "2025-06-14"] {
            let r = try CLI.run(
                ["add", "--date", date, "--takeoff", "01:30", "--landing", "03:30", "--takeoff-place", "EDKA"],
                database: db, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
        }
        let rows = try CLI.run(["list", "--json"], database: db, in: dir).stdout
        let flights = try #require(try JSONSerialization.jsonObject(with: Data(rows.utf8)) as? [[String: Any]])
        #expect(
            flights.map { $0["takeoff"] as? String } == [
                "2025-03-30T00:30:00Z", "2025-06-13T23:30:00Z", "2025-10-25T23:30:00Z",
            ])
        #expect(flights.map { $0["durationSeconds"] as? Int } == [3600, 7200, 10800], "\(rows)")
    }

    /// IGC files date a flight with a two-digit year: a simulated flight outside 1990–2089 (or running into 2090)
    /// would read back a century off. Refused, no file; inside, the import gives the simulated day.
    @Test func aSimulatedFlightOutsideTheIGCYearsIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for start in ["2099-12-31T23:50:00Z", "1989-06-01T10:00:00Z", "2089-12-31T23:50:00Z"] {
            let r = try CLI.run(
                ["simulate", "--start", start, "--minutes", "12", "-o", "x.igc"], database: nil, in: dir)
            #expect(r.status != 0 && r.stderr.contains("two-digit years"), "\(start): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.igc").path))
        }
        let db = dir.appendingPathComponent("flights.sqlite")
        let ok = try CLI.run(
            ["simulate", "--start", "2089-12-31T10:00:00Z", "--minutes", "12", "-o", "y.igc"], database: nil, in: dir)
        try #require(ok.status == 0, "\(ok.stderr)")
        #expect(try CLI.run(["import", "y.igc"], database: db, in: dir).status == 0)
        #expect(try CLI.run(["list", "--csv"], database: db, in: dir).stdout.contains(",2089-12-31,"))
    }

    /// A flight across 180°: its GeoJSON is cut at the meridian (RFC 7946), no line jumps the long way round the
    /// world, the pieces meet at ±180° and `coordTimes` is nested as the coordinates.
    @Test func aGeoJSONTrackAcross180DegreesIsCutAtTheMeridian() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let simulated = try CLI.run(
            ["simulate", "--at=-17.5,-179.999", "--minutes", "12", "-o", "sim.igc"], database: nil, in: dir)
        try #require(simulated.status == 0, "\(simulated.stderr)")
        try #require(try CLI.run(["import", "sim.igc"], database: db, in: dir).status == 0)
        let exported = try CLI.run(["export", "--geojson", "1", "-o", "f.geojson"], database: db, in: dir)
        try #require(exported.status == 0, "\(exported.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("f.geojson")))
                as? [String: Any])
        let geometry = try #require(json["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiLineString")
        let lines = try #require(geometry["coordinates"] as? [[[Double]]])
        let times = try #require((json["properties"] as? [String: Any])?["coordTimes"] as? [[String]])
        #expect(lines.map(\.count) == times.map(\.count))
        #expect(lines.count >= 2)
        for line in lines {
            #expect(line.count >= 2)
            for (a, b) in zip(line, line.dropFirst()) { #expect(abs(a[0] - b[0]) < 1, "a jump from \(a) to \(b)") }
        }
        for (a, b) in zip(lines, lines.dropFirst()) {
            let end = try #require(a.last), start = try #require(b.first)
            #expect(abs(end[0]) == 180 && start[0] == -end[0] && end[1] == start[1], "\(end) → \(start)")
        }
    }
}
