import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

/// The analysis through the real `flightlog`: `import` analyses each flight once and keeps it in the database
/// file; `show` prints it and `show --json` gives the `"analysis"` object (routes as fixes of the file).
@Suite("flight analysis end to end", .serialized, .timeLimit(.minutes(5)))
struct AnalysisCLITests {
    struct Shown: Decodable {
        struct Point: Decodable {
            var time: String
            var latitude: Double
            var longitude: Double
            var pressureAltitude: Double?
            var gnssAltitude: Double?
        }
        struct Route: Decodable {
            var km: Double
            var turnpoints: [Point]
        }
        struct Window: Decodable {
            var start: String
            var end: String
        }
        struct Thermal: Decodable {
            var start: String
            var end: String
            var gainMeters: Double
            var climbRate: Double
            var direction: String
        }
        struct Glide: Decodable {
            var start: String
            var end: String
            var distanceKm: Double
            var speedKmh: Double?
            var glideRatio: Double?
        }
        struct EngineRun: Decodable {
            var start: String
            var end: String
        }
        struct Analysis: Decodable {
            var thermals: [Thermal]
            var glides: [Glide]
            var engineRuns: [EngineRun]
            var circlingPercent: Double?
            var free6: Route?
            var free4: Route?
            var faiTriangle: Route?
            var olcPlusPoints: Double
            var weglideFreePoints: Double
            var index: Double
            var indexSource: String?
            var scoringWindow: Window?
        }
        var takeoff: String
        var landing: String
        var releaseTime: String?
        var analysis: Analysis
    }

    @Test func importStoresItAndShowPrintsIt() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let sim = try CLI.run(
            ["simulate", "--launch", "aerotow", "--minutes", "40", "--seed", "3", "-o", "a.igc"], database: nil, in: dir
        )
        try #require(sim.status == 0, "simulate failed: \(sim.stderr)")
        let imported = try CLI.run(["import", "a.igc"], database: db, in: dir)
        try #require(imported.status == 0, "import failed: \(imported.stderr)")
        let stored = try FlightStore(path: db.path, mode: .readOnly).storedAnalysis(forFlight: 1)
        #expect(stored?.freeSix != nil, "import did not keep the analysis")

        let json = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        try #require(json.status == 0, "show --json failed: \(json.stderr)")
        let shown = try JSONDecoder().decode(Shown.self, from: Data(json.stdout.utf8))
        let a = shown.analysis
        let six = try #require(a.free6), four = try #require(a.free4)
        #expect(six.turnpoints.count == 7 && four.turnpoints.count == 5)
        #expect(six.km >= four.km, "six legs can never be shorter than four")
        // Every turnpoint a fix of the imported file (its time and position in a B record), in the window.
        let window = try #require(a.scoringWindow)
        #expect(window.start == shown.releaseTime && window.end == shown.landing)
        let records = try bRecords(dir.appendingPathComponent("a.igc"))
        for point in six.turnpoints + four.turnpoints {
            #expect(point.time >= window.start && point.time <= window.end)
            let hhmmss = point.time.dropFirst(11).prefix(8).replacingOccurrences(of: ":", with: "")
            let fix = try #require(records[hhmmss], "no B record at \(point.time)")
            #expect(abs(fix.latitude - point.latitude) < 1e-5 && abs(fix.longitude - point.longitude) < 1e-5)
        }
        #expect(zip(six.turnpoints, six.turnpoints.dropFirst()).allSatisfy { $0.time <= $1.time })
        // Thermals and glides in the window, in time order, never overlapping; an aerotow has no engine run.
        #expect(a.engineRuns.isEmpty)
        let phases = a.thermals.map { ($0.start, $0.end) } + a.glides.map { ($0.start, $0.end) }
        let ordered = phases.sorted { $0.0 < $1.0 }
        #expect(zip(ordered, ordered.dropFirst()).allSatisfy { $0.1 <= $1.0 }, "\(ordered)")
        #expect(phases.allSatisfy { $0.0 >= window.start && $0.1 <= window.end && $0.0 < $0.1 })
        #expect(a.thermals.allSatisfy { $0.gainMeters > 0 && ["left", "right", "mixed"].contains($0.direction) })
        #expect(a.glides.allSatisfy { $0.distanceKm >= 0 && ($0.speedKmh ?? 0) < 400 })
        #expect(a.circlingPercent.map { (0...100).contains($0) } ?? a.thermals.isEmpty)
        #expect(abs(a.olcPlusPoints - (six.km + 0.3 * (a.faiTriangle?.km ?? 0)) * 100 / a.index) < 0.1)
        #expect((a.index == 100) == (a.indexSource == nil), "\(a.index) \(String(describing: a.indexSource))")

        let text = try CLI.run(["show", "1"], database: db, in: dir)
        try #require(text.status == 0, "show failed: \(text.stderr)")
        let kilometres = String(format: "%.1f km", six.km)
        let contest = try Regex("Free distance: +\(kilometres) \\(6 legs"), thermals = try Regex("Thermals: +[0-9]+")
        let glides = try Regex("Glides: +[0-9]+")
        #expect(text.stdout.contains(contest), "\(text.stdout)")
        #expect(text.stdout.contains(thermals) && text.stdout.contains(glides))
        #expect(text.stdout.contains("OLC-Plus \(String(format: "%.1f", a.olcPlusPoints))"))
    }

    /// The B records of an IGC file by their HHMMSS: latitude and longitude in degrees.
    private func bRecords(_ url: URL) throws -> [String: (latitude: Double, longitude: Double)] {
        var records: [String: (latitude: Double, longitude: Double)] = [:]
        for line in try String(contentsOf: url, encoding: .isoLatin1).split(whereSeparator: \.isNewline)
        where line.hasPrefix("B") && line.count >= 35 {
            let b = Array(line.utf8)
            func number(_ range: Range<Int>) -> Double { Double(String(decoding: b[range], as: UTF8.self)) ?? .nan }
            var latitude = number(7..<9) + number(9..<14) / 60_000
            if b[14] == UInt8(ascii: "S") { latitude = -latitude }
            var longitude = number(15..<18) + number(18..<23) / 60_000
            if b[23] == UInt8(ascii: "W") { longitude = -longitude }
            records[String(decoding: b[1..<7], as: UTF8.self)] = (latitude, longitude)
        }
        return records
    }
}
