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

    /// Imports the sample as a "Ventus 3T" of the "18-Meter" class and gives `show --json`'s analysis of it.
    static func importVentus(db: URL, dir: URL) throws -> Shown.Analysis {
        let sample = try String(
            contentsOf: packageRoot.appendingPathComponent("samples/simulated-aerotow.igc"), encoding: .utf8)
        let file = dir.appendingPathComponent("ventus.igc")
        try sample.replacing(
            "HFGTYGLIDERTYPE:ASK 21", with: "HFGTYGLIDERTYPE:Ventus 3T\r\nHFCCLCOMPETITIONCLASS:18-Meter"
        ).write(to: file, atomically: true, encoding: .utf8)
        let imported = try CLI.run(["import", file.path], database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")

        return try shown(db: db, dir: dir)
    }

    /// `show 1 --json`'s analysis.
    static func shown(db: URL, dir: URL) throws -> Shown.Analysis {
        let json = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        try #require(json.status == 0, "\(json.stderr)")
        return try JSONDecoder().decode(Shown.self, from: Data(json.stdout.utf8)).analysis
    }

    /// `text` as the config file `CLI.run` finds (its `XDG_CONFIG_HOME` is `dir/no-config`).
    static func configure(_ dir: URL, _ text: String) throws {
        let config = dir.appendingPathComponent("no-config/flightlog/flightlog.toml")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: config, atomically: true, encoding: .utf8)
    }

    @Test("ASG-29E (18m) is the ASG 29 (18 m) of the DMSt list; Ventus 3T asks which span")
    func editedTypeFindsItsIndex() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let sample = packageRoot.appendingPathComponent("samples/simulated-aerotow.igc")
        let imported = try CLI.run(["import", sample.path], database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")

        func shown() throws -> Shown.Analysis { try Self.shown(db: db, dir: dir) }
        let edit = try CLI.run(["edit", "1", "--plane", "ASG-29E (18m)"], database: db, in: dir)
        try #require(edit.status == 0, "\(edit.stderr)")
        let asg = try shown()
        #expect(asg.index == 121 && asg.indexSource == "ASG 29 (18 m), DMSt 2025", "\(asg)")
        let text = try CLI.run(["show", "1"], database: db, in: dir)
        #expect(text.stdout.contains("index 121: ASG 29 (18 m), DMSt 2025"), "\(text.stdout)")

        let ventus = try CLI.run(["edit", "1", "--plane", "Ventus 3T"], database: db, in: dir)
        #expect(ventus.stdout.contains("Ventus 3 (15 m) 116 or Ventus 3 (18 m) 122"), "\(ventus.stdout)")
        let asked = try shown()
        #expect(asked.index == 100 && asked.indexSource?.contains("give the span") == true, "\(asked)")
    }

    @Test("an imported Ventus 3T of the 18 m class (HFCCL) gets the 18 m index and says why")
    func theFilesClassSettlesTheSpan() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let shown = try Self.importVentus(db: db, dir: dir)
        #expect(shown.index == 122, "\(shown)")
        #expect(shown.indexSource == "Ventus 3 (18 m), DMSt 2025, span from the file's class \"18-Meter\"", "\(shown)")
        let text = try CLI.run(["show", "1"], database: db, in: dir)
        #expect(
            text.stdout.contains("index 122: Ventus 3 (18 m), DMSt 2025, span from the file's class"), "\(text.stdout)")
        // The pilot's type still wins: with its span typed, the class says nothing.
        let edit = try CLI.run(["edit", "1", "--plane", "Ventus 3 15m"], database: db, in: dir)
        try #require(edit.status == 0, "\(edit.stderr)")
        #expect(!edit.stdout.contains("give the span"), "\(edit.stdout)")
        let again = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        let typed = try JSONDecoder().decode(Shown.self, from: Data(again.stdout.utf8)).analysis
        #expect(typed.index == 116 && typed.indexSource == "Ventus 3 (15 m), DMSt 2025", "\(typed)")
    }

    /// Issue 38's first class again: the config's `[glider] index` is the owner's glider's, as its `glider_type`
    /// is; a stranger's imported ASG 29 or Ventus 3 was scored at it (a third more points at an ASK 21's 92).
    @Test("the config's [glider] index is not stamped on an imported file's glider")
    func theConfigsIndexIsNotAnImportedGlidersIndex() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        try Self.configure(dir, "glider_type = \"ASK 21\"\nregistration = \"D-1234\"\n[glider]\nindex = 92\n")
        let shown = try Self.importVentus(db: db, dir: dir)
        #expect(shown.index == 122 && shown.indexSource?.hasPrefix("Ventus 3 (18 m), DMSt 2025") == true, "\(shown)")
        let text = try CLI.run(["show", "1"], database: db, in: dir)
        #expect(text.stdout.contains("index 122: Ventus 3 (18 m)"), "\(text.stdout)")
        #expect(!text.stdout.contains("[glider] index"), "\(text.stdout)")
    }

    /// Issue 38, one rule for "this device's glider": an imported file of the owner's glider (its other recorder:
    /// the same type and registration, spelt otherwise) is scored at `[glider] index`; the same file edited to the
    /// club's other ASK 21 is scored at the type's figure again (its kept analysis redone).
    @Test("an imported file of the config's glider takes [glider] index; another registration does not")
    func theConfigsIndexIsTheOwnGlidersFromItsOtherRecorder() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        try Self.configure(dir, "glider_type = \"ask-21\"\nregistration = \"d 1234\"\n[glider]\nindex = 95\n")
        let sample = packageRoot.appendingPathComponent("samples/simulated-aerotow.igc")  // ASK 21, D-1234
        let imported = try CLI.run(["import", sample.path], database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        func shown() throws -> Shown.Analysis { try Self.shown(db: db, dir: dir) }
        let own = try shown()
        #expect(own.index == 95 && own.indexSource == "[glider] index", "\(own)")

        let edit = try CLI.run(["edit", "1", "--registration", "D-5678"], database: db, in: dir)
        try #require(edit.status == 0, "\(edit.stderr)")
        let other = try shown()
        #expect(other.index == 92 && other.indexSource == "ASK 21, DMSt 2025", "\(other)")
    }
}
