import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// Hostile declarations through the real `flightlog import` and `show` (issue 41's "Done when"): coordinates out of
/// range, 1,000 turnpoints, a task through the pole, one across 180°, zero-length legs. Each says why in `show`,
/// none crashes, and the flight is imported as the same file without its C records; `show --json`'s `"task"` is
/// null or sound. Then a CUP task naming unknown waypoints and a hostile `.tsk` through `task declare`.
@Suite("hostile declarations end to end", .serialized, .timeLimit(.minutes(5)))
struct HostileDeclarationCLITests {
    typealias Shown = TaskShowCLITests

    /// The C records of a declaration made an hour before the flight, with `points` as point lines.
    static func declaration(_ points: [String], turnpoints: Int) -> [String] {
        ["C0207250800000000000000" + String(format: "%02d", min(99, turnpoints)) + "Hostile"] + points.map { "C" + $0 }
    }

    static let home = "5000000N00700000E"

    /// `lines` put into the file before its first B record.
    static func file(_ bytes: [UInt8], inserting lines: [String]) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        let firstB = text.range(of: "\nB")!.lowerBound
        text.insert(contentsOf: "\n" + lines.joined(separator: "\r\n"), at: firstB)
        return Array(text.utf8)
    }

    /// A JSON value as text with its keys sorted (a dictionary's order is not its content).
    static func canonical(_ value: Any?) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: ["v": value ?? NSNull()], options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    /// `show 1 --json` (as a dictionary) and `show 1` after importing `bytes` into a logbook of its own.
    func imported(_ bytes: [UInt8]) throws -> (json: [String: Any], text: String) {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        try Data(bytes).write(to: dir.appendingPathComponent("flight.igc"))
        let imported = try CLI.run(["import", "flight.igc"], database: db, in: dir)
        try #require(imported.status == 0, "import failed: \(imported.stderr)")
        #expect(!imported.stderr.contains("Fatal error"), "\(imported.stderr)")
        let json = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        try #require(json.status == 0, "show --json failed: \(json.stderr)")
        let text = try CLI.run(["show", "1"], database: db, in: dir)
        try #require(text.status == 0, "show failed: \(text.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        return (try #require(object), text.stdout)
    }

    @Test func hostileDeclarationsNeverBlockTheImport() throws {
        let behind = Geodesy.destination(from: Shown.start, bearing: 180, distance: 2000)
        let plain = Shown.file(Shown.fixes(through: [behind, Shown.start, Shown.north, Shown.start]), task: nil)
        let reference = try imported(plain)
        #expect(reference.json["task"] is NSNull)
        let many = (0..<1000).map { k in String(format: "50%02d000N00700000E", k % 60) + "TP\(k)" }
        let cases: [(what: String, lines: [String], says: String)] = [
            (
                "out of range",
                Self.declaration(
                    [
                        "\(Self.home)Home", "9500000N00700000EFar", "5010000N20000000EEast",
                        "\(Self.home)Home", "\(Self.home)Home",
                    ], turnpoints: 1), "coordinates out of range"
            ),
            (
                "1,000 turnpoints",
                Self.declaration(["\(Self.home)Home"] + many + ["\(Self.home)Home"], turnpoints: 99),
                "more than the"
            ),
            (
                "through the pole",
                Self.declaration(
                    [
                        "\(Self.home)Home", "\(Self.home)Home", "9000000N00700000EPole",
                        "\(Self.home)Home", "\(Self.home)Home",
                    ], turnpoints: 1), "turnpoint 1 Pole missed by"
            ),
            (
                "across 180°",
                Self.declaration(
                    [
                        "\(Self.home)Home", "\(Self.home)Home", "5000000N17959000EWest of",
                        "5000000S17959000WEast of", "\(Self.home)Home", "\(Self.home)Home",
                    ], turnpoints: 2),
                "turnpoint 1 West of missed by"
            ),
            (
                "zero-length legs",
                Self.declaration(
                    [
                        "\(Self.home)Home", "\(Self.home)Home", "\(Self.home)Again",
                        "\(Self.home)Home", "\(Self.home)Home",
                    ], turnpoints: 1), "has no direction"
            ),
        ]
        for (what, lines, says) in cases {
            let shown = try imported(Self.file(plain, inserting: lines))
            // The flight as without its C records: every key of show --json but the task (and the file's own hash).
            for (key, value) in reference.json where !["task", "originalFile", "sha256", "fileHash"].contains(key) {
                #expect(
                    try Self.canonical(shown.json[key]) == Self.canonical(value),
                    "\(what): \(key) differs from the file without C records")
            }
            #expect(shown.text.contains(says), "\(what): \(shown.text)")
            if let task = shown.json["task"] as? [String: Any] {
                #expect(task["completed"] as? Bool == false, "\(what): \(task)")
                #expect((task["reason"] as? String)?.isEmpty == false, "\(what): \(task)")
                let points = try #require(task["turnpoints"] as? [[String: Any]])
                for point in points {
                    let lat = try #require(point["latitude"] as? Double),
                        lon = try #require(point["longitude"] as? Double)
                    #expect(abs(lat) <= 90 && abs(lon) <= 180, "\(what): \(point)")
                }
                if let km = task["distanceKm"] as? Double { #expect(km.isFinite && km >= 0, "\(what): \(km)") }
            } else {
                #expect(shown.json["task"] is NSNull, "\(what)")
                #expect(shown.text.contains("Task: none counts"), "\(what): \(shown.text)")
            }
        }
    }

    @Test func aTaskFileNamingUnknownWaypointsOrHostileXMLIsRefusedAndChangesNothing() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flightlog.sqlite")
        func flightlog(_ arguments: [String]) throws -> ProcessResult {
            try CLI.run(["task"] + arguments, database: db, in: dir)
        }
        let cup = dir.appendingPathComponent("club.cup")
        try Data(
            """
            name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc
            "Leverkusen",EDKL,DE,5100.900N,00700.300E,49.0m,5,,,,
            -----Related Tasks-----
            "Ghost","Leverkusen","Leverkusen","Atlantis","Eldorado","Leverkusen","Leverkusen"

            """.utf8
        ).write(to: cup)
        let unknown = try flightlog(["declare", cup.path])
        #expect(unknown.status == 1, "\(unknown.stdout)")
        #expect(unknown.stderr.contains("\"Atlantis\", \"Eldorado\""), "\(unknown.stderr)")
        #expect(!unknown.stderr.contains("Fatal error"))

        let tsk = dir.appendingPathComponent("ahr.tsk")
        try Data(
            """
            <Task type="AAT" aat_min_time="7200">
              <Point type="Start"><Waypoint name="Leverkusen"><Location latitude="51.015" longitude="7.005"/></Waypoint>
                <ObservationZone type="Line" length="2000"/></Point>
              <Point type="Area"><Waypoint name="Bad Neuenahr"><Location latitude="50.557" longitude="7.136"/></Waypoint>
                <ObservationZone type="Cylinder" radius="20000"/></Point>
              <Point type="Finish"><Waypoint name="Leverkusen"><Location latitude="51.015" longitude="7.005"/></Waypoint>
                <ObservationZone type="Cylinder" radius="3000"/></Point>
            </Task>
            """.utf8
        ).write(to: tsk)
        let declared = try flightlog(["declare", tsk.path])
        #expect(declared.status == 0, "\(declared.stderr)")
        #expect(declared.stdout.contains("Task: ahr\nAssigned area task, minimum time 2:00"), "\(declared.stdout)")
        #expect(declared.stdout.contains("TP1    Bad Neuenahr"), "\(declared.stdout)")
        let named = try flightlog(["declare", tsk.path, "--name", "Ahr AAT"])
        #expect(named.status == 0 && named.stdout.hasPrefix("Declared:\nTask: Ahr AAT"), "\(named.stdout)")
        #expect(try flightlog(["show"]).stdout.hasPrefix("Task: Ahr AAT\n"))

        let files: [(String, String, String)] = [
            (
                "laughs.tsk", "<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY a \"&a;&a;\">]>\n<Task>&a;</Task>",
                "line 2:"
            ),
            ("junk.tsk", "PK\u{3}\u{4} not xml", "line 1: not well-formed XML"),
            ("nul.tsk", "\u{0}\u{0}\u{0}<!-- libxml2 took this for UCS-4 and crashed", "line 1: not UTF-8 text"),
            (
                "pole.tsk",
                "<Task type=\"RT\"><Point type=\"Start\"><Waypoint name=\"A\"><Location latitude=\"200\" "
                    + "longitude=\"7\"/></Waypoint></Point><Point type=\"Finish\"><Waypoint name=\"B\">"
                    + "<Location latitude=\"50\" longitude=\"7\"/></Waypoint></Point></Task>", "latitude"
            ),
        ]
        for (name, body, says) in files {
            try Data(body.utf8).write(to: dir.appendingPathComponent(name))
            let refused = try flightlog(["declare", dir.appendingPathComponent(name).path])
            #expect(refused.status == 1 && refused.stderr.contains(says), "\(name): \(refused.stderr)")
            #expect(!refused.stderr.contains("Fatal error"))
        }
        // The task declared before them stays as it was.
        #expect(try flightlog(["show"]).stdout.hasPrefix("Task: Ahr AAT\n"))
    }
}
