import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// `flightlog airspace import|list|remove` and `show`'s infringements through the built binary and a real SQLite
/// file, on a straight flight and OpenAir boxes of known geometry around it.
struct AirspaceCLITests {
    static let start = Coordinate(latitude: 50, longitude: 7)
    static let t0: UTCMillis = 1_751_446_800_000  // 2025-07-02 09:00:00 UTC
    /// Seconds standing before the takeoff run, and flying.
    static let ground = 120, flying = 1200
    static let speed = 30.0  // m/s, due north
    /// Metres per degree of latitude on the FAI sphere.
    static let metresPerDegree = 6_371_000 * Double.pi / 180

    /// Stands 2 min, flies north at 30 m/s for 20 min (climbs to 1000 m in 5 min, level, descends in the last 100 s),
    /// stands 3 min: pressure and GNSS altitude the same.
    static func fixes() -> [Fix] {
        (0..<(ground + flying + 180)).map { s in
            let t = min(max(s - ground, 0), flying)
            let north = Double(t) * speed
            let altitude: Double =
                t < 300 ? 100 + 3 * Double(t) : t < 1100 ? 1000 : 1000 - 9 * Double(t - 1100)
            let c = point(north: north, east: 0)
            return Fix(
                time: t0 + Int64(s) * 1000, latitude: c.latitude, longitude: c.longitude, pressureAltitude: altitude,
                gnssAltitude: altitude)
        }
    }

    static func point(north: Double, east: Double) -> Coordinate {
        let latitude = start.latitude + north / metresPerDegree
        return Coordinate(
            latitude: latitude,
            longitude: start.longitude + east / (metresPerDegree * cos(start.latitude * .pi / 180)))
    }

    /// `DD:MM:SS.ss N DDD:MM:SS.ss E`.
    static func openAir(_ c: Coordinate) -> String {
        func dms(_ value: Double, _ width: Int) -> String {
            let seconds = (value * 3600 * 100).rounded() / 100
            let d = Int(seconds / 3600), m = Int(seconds.truncatingRemainder(dividingBy: 3600) / 60)
            let s = seconds - Double(d * 3600 + m * 60)
            return String(format: "%0\(width)d:%02d:%05.2f", d, m, s)
        }
        return "\(dms(c.latitude, 2)) N \(dms(c.longitude, 3)) E"
    }

    /// An OpenAir box between `north` and `east` (metres from the start).
    static func box(
        _ cls: String, _ name: String, floor: String, ceiling: String, north: ClosedRange<Double>,
        east: ClosedRange<Double>
    ) -> String {
        let corners = [
            (north.lowerBound, east.lowerBound), (north.lowerBound, east.upperBound),
            (north.upperBound, east.upperBound), (north.upperBound, east.lowerBound),
        ]
        return "AC \(cls)\nAN \(name)\nAL \(floor)\nAH \(ceiling)\n"
            + corners.map { "DP \(openAir(point(north: $0.0, east: $0.1)))\n" }.joined() + "\n"
    }

    /// Four boxes across the line: one it flies through 500 m under the ceiling (flight seconds 501 to 667), one
    /// 200 m east of it, one whose floor is 100 m above it (MSL: inside only at a high QNH), one with an AGL floor.
    static let file =
        "* Boxes of known geometry around a straight flight north from 50N 7E.\n"
        + box("CTR", "CTR Inside", floor: "GND", ceiling: "1500m MSL", north: 15_015...20_015, east: -2500...2500)
        + box("D", "D Beside", floor: "GND", ceiling: "3000m MSL", north: 22_000...26_000, east: 200...3000)
        + box("D", "D Above", floor: "1100m MSL", ceiling: "FL100", north: 28_000...31_000, east: -2000...2000)
        + box("R", "R Ground", floor: "1000ft AGL", ceiling: "FL100", north: 32_015...33_015, east: -1000...1000)

    /// A logbook with the flight imported, in a fresh folder.
    func logbook() throws -> (dir: URL, db: URL) {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let igc = IGCWriter.write(
            fixes: Self.fixes(), extensions: [], headers: IGCHeaderValues(pressureSensor: "test,box,max9999m"),
            serial: "ASP", flightNumberOfDay: 1)
        try Data(igc).write(to: dir.appendingPathComponent("line.igc"))
        let imported = try CLI.run(["import", "line.igc"], database: db, in: dir)
        try #require(imported.status == 0, "import failed: \(imported.stderr)")
        try Data(Self.file.utf8).write(to: dir.appendingPathComponent("boxes.txt"))
        return (dir, db)
    }

    struct Shown: Decodable {
        struct Entry: Decodable {
            var name: String
            var start: String
            var end: String
            var durationSeconds: Int
            var verticalDepthMeters: Int?
            var certain: Bool
        }
        var airspace: [Entry]
    }

    @Test func theCrossingIsFoundWithItsTimeAndDepthAndTheNearMissesAreNot() throws {
        let (dir, db) = try logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let imported = try CLI.run(["airspace", "import", "boxes.txt"], database: db, in: dir)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported boxes.txt: 4 airspaces (CTR 1, D 2, R 1)"), "\(imported.stdout)")

        let json = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        try #require(json.status == 0, "\(json.stderr)")
        let found = try JSONDecoder().decode(Shown.self, from: Data(json.stdout.utf8)).airspace
        try #require(found.map(\.name) == ["CTR Inside", "R Ground"], "\(found)")
        // From 15,015 m to 20,015 m at 30 m/s: the first fix inside is flight second 501 (09:10:21), the last 667
        // (09:13:07).
        let ctr = found[0]
        #expect(ctr.start == "2025-07-02T09:10:21Z" && ctr.end == "2025-07-02T09:13:07Z")
        #expect(ctr.durationSeconds == 166 && ctr.verticalDepthMeters == 500 && ctr.certain)
        // The AGL floor is never guessed: possible, no depth.
        #expect(!found[1].certain && found[1].verticalDepthMeters == nil)

        let text = try CLI.run(["show", "1"], database: db, in: dir)
        #expect(text.stdout.contains("MSL: GNSS altitude (no QNH given)"), "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "11:10:21–11:13:07 local (09:10:21–09:13:07 UTC), 2 min 46 s: CTR Inside, GND–4921 ft MSL; "
                    + "500 m inside vertically"), "\(text.stdout)")
        #expect(text.stdout.contains(": R Ground, 1000 ft AGL–FL 100; possible"), "\(text.stdout)")

        // At QNH 1030 hPa the 1000 m pressure altitude is about 1140 m above sea level: into "D Above".
        let qnh = try CLI.run(["show", "1", "--qnh", "1030"], database: db, in: dir)
        #expect(qnh.stdout.contains("MSL: pressure altitude at QNH 1030 hPa"), "\(qnh.stdout)")
        #expect(qnh.stdout.contains(": D Above, 3609 ft MSL–FL 100;"), "\(qnh.stdout)")
    }

    @Test func filesAreKeptReplacedAndRemovedByName() throws {
        let (dir, db) = try logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.box("CTR", "Other", floor: "GND", ceiling: "FL50", north: 0...1000, east: 0...1000).utf8)
            .write(to: dir.appendingPathComponent("other.txt"))
        #expect(try CLI.run(["airspace", "import", "boxes.txt"], database: db, in: dir).status == 0)
        #expect(try CLI.run(["airspace", "import", "other.txt"], database: db, in: dir).status == 0)
        // The same name again replaces its set: now one airspace, with a warning on its line 3.
        try Data("AC D\nAN One\nAL nonsense\nAL GND\nAH FL50\nV X=50:00:00 N 007:00:00 E\nDC 1\n".utf8)
            .write(to: dir.appendingPathComponent("boxes.txt"))
        let again = try CLI.run(["airspace", "import", "boxes.txt"], database: db, in: dir)
        #expect(again.stdout.contains("Replaced boxes.txt: 1 airspace (D 1); 1 warning"), "\(again.stdout)")
        #expect(again.stderr.contains("line 3"), "\(again.stderr)")
        let list = try CLI.run(["airspace", "list"], database: db, in: dir).stdout
        #expect(list.contains("boxes.txt") && list.contains("other.txt") && list.contains("D 1"), "\(list)")

        #expect(try CLI.run(["airspace", "remove", "boxes.txt"], database: db, in: dir).status == 0)
        let missing = try CLI.run(["airspace", "remove", "boxes.txt"], database: db, in: dir)
        #expect(missing.status != 0 && missing.stderr.contains("kept: other.txt"), "\(missing.stderr)")
        let after = try CLI.run(["airspace", "list"], database: db, in: dir).stdout
        #expect(!after.contains("boxes.txt") && after.contains("other.txt"), "\(after)")
    }

    /// Binary, empty, airspace-less and oversized files: one clear line each, and the kept set is untouched.
    @Test func hostileFilesAreRefusedAndLoseNothing() throws {
        let (dir, db) = try logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLI.run(["airspace", "import", "boxes.txt"], database: db, in: dir).status == 0)
        var random = SystemRandomNumberGenerator()
        let binary = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &random) }
        try Data(binary).write(to: dir.appendingPathComponent("boxes.bin"))
        try Data().write(to: dir.appendingPathComponent("empty.txt"))
        try Data("* only a comment\nAN no class\nDP 50:00:00 N 007:00:00 E\n".utf8)
            .write(to: dir.appendingPathComponent("none.txt"))
        let huge = dir.appendingPathComponent("huge.txt")
        try Data().write(to: huge)
        try FileHandle(forWritingTo: huge).truncate(atOffset: 40 << 20)  // sparse: nothing is written
        let expected = [
            "boxes.bin": "has no airspace (it is binary, not text); nothing imported",
            "empty.txt": "has no airspace; nothing imported",
            "none.txt": "has no airspace it can keep (see the warnings); nothing imported",
            "huge.txt": "huge.txt", "missing.txt": "cannot read missing.txt",
        ]
        for (name, message) in expected {
            let r = try CLI.run(["airspace", "import", name], database: db, in: dir)
            #expect(r.status != 0 && r.stderr.contains(message), "\(name): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count <= 21, "\(name): too many lines")
        }
        let list = try CLI.run(["airspace", "list"], database: db, in: dir).stdout
        #expect(list.contains("boxes.txt") && list.contains("CTR 1, D 2, R 1"), "\(list)")
        #expect(!list.contains("boxes.bin") && !list.contains("empty") && !list.contains("huge"), "\(list)")
    }
}
