import FlightLogTestSupport
import Foundation
import Testing

/// The glider type as pilots write it finds its contest index, `show` names the entry and its source, and a type
/// that fits two entries asks.
@Suite("glider index from the type name", .serialized, .timeLimit(.minutes(5)))
struct GliderIndexCLITests {
    struct Shown: Decodable {
        struct Analysis: Decodable {
            var index: Double
            var indexSource: String?
        }
        var analysis: Analysis
    }

    @Test("ASG-29E (18m) is the ASG 29 (18 m); LS 8 asks which span")
    func editedTypeFindsItsIndex() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let sample = packageRoot.appendingPathComponent("samples/simulated-aerotow.igc")
        let imported = try CLI.run(["import", sample.path], database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")

        func shown() throws -> Shown.Analysis {
            let r = try CLI.run(["show", "1", "--json"], database: db, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
            return try JSONDecoder().decode(Shown.self, from: Data(r.stdout.utf8)).analysis
        }
        let edit = try CLI.run(["edit", "1", "--plane", "ASG-29E (18m)"], database: db, in: dir)
        try #require(edit.status == 0, "\(edit.stderr)")
        let asg = try shown()
        #expect(asg.index == 120 && asg.indexSource == "ASG 29 (18 m), XCSoar polar list", "\(asg)")
        let text = try CLI.run(["show", "1"], database: db, in: dir)
        #expect(text.stdout.contains("index 120: ASG 29 (18 m), XCSoar polar list"), "\(text.stdout)")

        let ls8 = try CLI.run(["edit", "1", "--plane", "LS 8"], database: db, in: dir)
        #expect(ls8.stdout.contains("LS 8 (15 m) 108 or LS 8 (18 m) 114"), "\(ls8.stdout)")
        let asked = try shown()
        #expect(asked.index == 100 && asked.indexSource?.contains("give the span") == true, "\(asked)")
    }
}
