import FlightLogCore
import Foundation
import Testing

/// The database is outside input too (an older flightlog, a club sync, a hand edit with sqlite3): one flight row
/// with an out-of-range number must not crash a command over the whole logbook. The value is shown as unknown with
/// a warning naming the flight and the field, and the other flights are intact.
@Suite(
    "hostile values in the database", .serialized, .timeLimit(.minutes(4)),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs sqlite3"))
struct HostileDatabaseTests {
    /// Column, hostile value (as SQL), and the name the warning gives the field.
    static let cases: [(column: String, value: String, field: String)] = [
        ("utcOffsetSeconds", "2305843009213693952", "UTC offset"),  // 2^61 s
        ("utcOffsetSeconds", "-9223372036854775808", "UTC offset"),
        ("releaseHeight", "1e308", "release height"),
        ("releaseHeight", "-1e308", "release height"),
        ("maxAltitude", "1e308", "maximum altitude"),
        ("takeoffAltitude", "-1e308", "take-off altitude"),
        ("takeoffLatitude", "1e308", "take-off position"),
        ("landingLongitude", "-1e308", "landing position"),
        ("takeoffTime", "-9223372036854775808", "take-off time"),
        ("landingTime", "9223372036854775807", "landing time"),
        ("releaseTime", "9223372036854775807", "release time"),
        ("maxDistanceFromTakeoff", "1e308", "maximum distance"),
        ("pathLength", "1e308", "path length"),
        ("launches", "9223372036854775807", "launches"),
        ("landingPlaceDistance", "1e308", "landing place"),
        ("takeoffPlaceBearing", "-1e308", "take-off place"),
    ]

    @Test func everyWholeLogbookCommandSurvivesEachHostileValue() throws {
        let (dir, db) = try DatabaseFileTests().logbook(3)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Flight 2 gets one hostile value at a time; flights 1 and 3 stay as imported.
        let sane = try CLI.run(["list", "--json"], database: db, in: dir).stdout
        let pristine = dir.appendingPathComponent("pristine.sqlite")
        try #require(CLI.run(["backup", pristine.path], database: db, in: dir).status == 0)
        for (column, value, field) in Self.cases {
            try? FileManager.default.removeItem(at: db)
            try? FileManager.default.removeItem(atPath: db.path + "-wal")
            try? FileManager.default.removeItem(atPath: db.path + "-shm")
            try FileManager.default.copyItem(at: pristine, to: db)
            let set = DaemonHarness.shell(
                "sqlite3 '\(db.path)' \"UPDATE flight SET \(column) = \(value) WHERE id = 2\" 2>&1")
            try #require(set.status == 0, "\(column): \(set.output)")
            let pdf = dir.appendingPathComponent("book.pdf").path, report = dir.appendingPathComponent("r.pdf").path
            let commands = [
                ["list"], ["list", "--json"], ["list", "--csv"], ["stats"], ["show", "2"], ["show", "1"],
                ["export", "--pdf", "-o", pdf], ["export", "--report", "2", "-o", report],
            ]
            for command in commands {
                let r = try CLI.run(command, database: db, in: dir)
                #expect(r.status == 0, "\(column) = \(value), \(command): exit \(r.status): \(r.stderr)")
                #expect(
                    command == ["show", "1"]
                        || r.stderr.contains("warning: flight 2: the stored \(field)") && r.stderr.contains("unknown"),
                    "\(column) = \(value), \(command): \(r.stderr)")
            }
            // The other flights are as they were.
            let json = try CLI.run(["list", "--json"], database: db, in: dir).stdout
            #expect(Self.flight(1, in: json) == Self.flight(1, in: sane), "\(column)")
            #expect(Self.flight(3, in: json) == Self.flight(3, in: sane), "\(column)")
        }
    }

    static func flight(_ id: Int64, in json: String) -> NSDictionary? {
        let list = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [NSDictionary] ?? []
        return list.first { ($0["id"] as? NSNumber)?.int64Value == id }
    }
}
