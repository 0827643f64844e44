import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// `flightlog analyse --prove` through the built executable, on the shape that defeats the exact search: a tow,
/// then one straight glide losing far more than 1000 m. Imported with a tiny work budget (the test switch
/// `FLIGHTLOG_CONTEST_BUDGET`, so that a small file stands for a long one), the free distance is "not proven yet"
/// in `show`, its JSON, `list --json` and the report; `--prove` proves it within its bound, and they say so.
@Suite("flightlog analyse --prove", .serialized, .timeLimit(.minutes(5)))
struct ProveCLITests {
    /// Two minutes on the ground, a 10-minute aerotow to 2,100 m, a straight glide to the ground (1,800 m lost in
    /// 30 minutes), two minutes rolled out; a fix every 2 s.
    static func glideFile(at url: URL) throws {
        var glider = SyntheticGlider(interval: 2, altitude: 300)
        glider.fly(120, speed: 0, climb: 0)
        glider.fly(600, speed: 32, climb: 3)
        glider.fly(1800, speed: 25, climb: -1)
        glider.fly(120, speed: 0, climb: 0)
        let bytes = IGCWriter.write(
            fixes: glider.fixes, extensions: [],
            headers: IGCHeaderValues(pilot: "Glide, Gerda", pressureSensor: "test,glide,max9999m"), serial: "GLD",
            flightNumberOfDay: 1)
        try Data(bytes).write(to: url)
    }

    /// A logbook in `dir` holding the glide, imported with a work budget of 1000 (not proven); its path.
    static func importedGlide(in dir: URL) throws -> URL {
        let db = dir.appendingPathComponent("flights.sqlite")
        try glideFile(at: dir.appendingPathComponent("glide.igc"))
        let imported = try CLI.run(
            ["import", "glide.igc"], database: db, in: dir, environment: ["FLIGHTLOG_CONTEST_BUDGET": "1000"])
        try #require(imported.status == 0, "import failed: \(imported.stderr)")
        return db
    }

    struct Listed: Decodable {
        var contestKm: Double?
        var contestProven: Bool?
        var contestUpperBoundKm: Double?
    }

    struct Shown: Decodable {
        struct Analysis: Decodable {
            var contestProven: Bool
            var free6UpperBoundKm: Double?
        }
        var contestKm: Double?
        var contestProven: Bool?
        var contestUpperBoundKm: Double?
        var analysis: Analysis
    }

    @Test func aGlideImportedNotProvenIsProvenAndEveryViewSaysSo() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Self.importedGlide(in: dir)

        func shown() throws -> (text: String, json: Shown, listed: Listed) {
            let text = try CLI.run(["show", "1"], database: db, in: dir)
            let json = try CLI.run(["show", "1", "--json"], database: db, in: dir)
            let list = try CLI.run(["list", "--json"], database: db, in: dir)
            try #require(text.status == 0 && json.status == 0 && list.status == 0, "\(text.stderr)\(json.stderr)")
            let listed = try JSONDecoder().decode([Listed].self, from: Data(list.stdout.utf8))
            return (
                text.stdout, try JSONDecoder().decode(Shown.self, from: Data(json.stdout.utf8)),
                try #require(listed.first)
            )
        }
        let before = try shown()
        let km = try #require(before.json.contestKm)
        let bound = try #require(before.json.contestUpperBoundKm, "imported with a budget of 1000: not proven")
        #expect(before.json.contestProven == false && before.json.analysis.contestProven == false)
        #expect(before.json.analysis.free6UpperBoundKm.map { abs($0 - bound) < 0.001 } == true)
        #expect(before.listed.contestProven == false && before.listed.contestUpperBoundKm == bound)
        #expect(before.listed.contestKm == km)
        let words = "\(decimal(km, 1)) km (not proven yet: at most \(decimal(bound, 1)) km)"
        #expect(before.text.contains(words), "show lacks \(words): \(before.text)")
        if ReportAnalysisCLITests.hasPdftotext {
            #expect(try reportText(dir, db).contains("not proven yet: at most \(decimal(bound, 1)) km"))
        }

        let proof = try CLI.run(["analyse", "--prove"], database: db, in: dir)
        #expect(proof.status == 0, "\(proof.stderr)")
        let lines = proof.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 && lines[0].hasPrefix("flight 1: free distance "), "\(proof.stdout)")
        #expect(lines.first?.contains(" km, proven (") == true && lines.first?.hasSuffix(" s)") == true)

        let after = try shown()
        let proven = try #require(after.json.contestKm)
        #expect(proven >= km && proven <= bound, "\(proven) km: before \(km) km, at most \(bound) km")
        #expect(lines.first?.hasPrefix("flight 1: free distance \(decimal(proven, 1)) km, proven (") == true)
        #expect(after.json.contestProven == true && after.json.contestUpperBoundKm == nil)
        #expect(after.json.analysis.contestProven && after.json.analysis.free6UpperBoundKm == nil)
        #expect(after.listed.contestProven == true && after.listed.contestKm == proven)
        #expect(!after.text.contains("not proven") && after.text.contains("\(decimal(proven, 1)) km (6 legs"))
        if ReportAnalysisCLITests.hasPdftotext { #expect(!(try reportText(dir, db).contains("not proven"))) }

        let again = try CLI.run(["analyse", "--prove"], database: db, in: dir)
        #expect(again.stdout == "Nothing to prove: every analysed flight's free distance is proven.\n")
        let bare = try CLI.run(["analyse"], database: db, in: dir)
        #expect(bare.status != 0 && bare.stderr.contains("--prove"), "\(bare.stderr)")
    }

    /// Ids that name no flight among those to prove (issue 38): said, the others proven all the same, and the exit
    /// status non-zero at the end, with an error naming them (before: it stopped at the first missing id).
    @Test func missingIdsAreSaidAndTheOthersProven() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Self.importedGlide(in: dir)
        let proof = try CLI.run(["analyse", "--prove", "999", "1", "998"], database: db, in: dir)
        #expect(proof.status == 1, "\(proof.stderr)")
        let lines = proof.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("flight 999: no such flight") && lines.contains("flight 998: no such flight"))
        #expect(lines.contains { $0.hasPrefix("flight 1: free distance ") && $0.contains(" km, proven (") }, "\(lines)")
        #expect(proof.stderr.contains("no flights with ids 999, 998"), "\(proof.stderr)")
        let shown = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        #expect(try JSONDecoder().decode(Shown.self, from: Data(shown.stdout.utf8)).contestProven == true)
        let help = try CLI.run(["help", "analyse"], database: db, in: dir)
        #expect(help.stdout.contains("Exit status 0 when every id named a flight"), "\(help.stdout)")
    }

    /// Issue 41: `--prove 1 1 1` proved flight 1 three times, and `--prove 0` said "the other ids were done" when
    /// there were none.
    @Test func eachIdIsProvenOnceAndOnlyOtherIdsAreSaidDone() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Self.importedGlide(in: dir)
        let none = try CLI.run(["analyse", "--prove", "0", "0"], database: db, in: dir)
        #expect(none.status == 1 && none.stdout == "flight 0: no such flight\n", "\(none.stdout)")
        #expect(none.stderr.contains("no flight with id 0 (flightlog list shows the ids)"), "\(none.stderr)")
        #expect(!none.stderr.contains("other"), "\(none.stderr)")

        let proof = try CLI.run(["analyse", "--prove", "1", "1", "0", "1"], database: db, in: dir)
        #expect(proof.status == 1, "\(proof.stderr)")
        let lines = proof.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines.contains("flight 0: no such flight"), "\(proof.stdout)")
        #expect(lines.filter { $0.hasPrefix("flight 1: free distance ") }.count == 1, "\(proof.stdout)")
        #expect(
            proof.stderr.contains("no flight with id 0 (flightlog list shows the ids); the other id was done"),
            "\(proof.stderr)")
    }

    private func reportText(_ dir: URL, _ db: URL) throws -> String {
        let report = try CLI.run(["export", "--report", "1", "-o", "r.pdf"], database: db, in: dir)
        try #require(report.status == 0, "\(report.stderr)")
        return try runProcess("/usr/bin/pdftotext", ["-layout", dir.appendingPathComponent("r.pdf").path, "-"]).stdout
    }
}
