import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

/// `export --igc --rebuild` of an imported flight keeps what its file said of the class and the task (issue 38: the
/// rebuilt file had no `HFCCL` and no C records): the class as the file wrote it and the declaration that counts,
/// so that a re-import of the rebuilt file has both; aerofiles reads the rebuilt file.
@Suite("export --rebuild keeps the class and the declaration", .serialized, .timeLimit(.minutes(3)))
struct RebuiltDeclarationTests {
    /// The sample winch flight (take-off 10:05 UTC on 14 June 2025) with a competition class and two declarations:
    /// one made at 09:00 (it counts), one made at 10:30, after the take-off (it does not).
    static func declaredFile() throws -> String {
        let sample = try String(
            contentsOf: packageRoot.appendingPathComponent("samples/simulated-winch.igc"), encoding: .utf8)
        let declarations = [
            "C140625090000000000000102Hangar triangle", "C0000000N00000000ETAKEOFF", "C5049566N00611184EHome Field",
            "C5055000N00620000ETurn One", "C5045000N00625000ETurn Two", "C5049566N00611184EHome Field",
            "C0000000N00000000ELANDING",
            "C140625103000000000000100Too late", "C0000000N00000000ETAKEOFF", "C5049566N00611184EHome Field",
            "C5055000N00620000ETurn One", "C5049566N00611184EHome Field", "C0000000N00000000ELANDING",
        ]
        var lines = sample.split(whereSeparator: \.isNewline).map(String.init)
        let i = try #require(lines.firstIndex { $0.hasPrefix("I") })
        lines.insert(contentsOf: declarations, at: i + 1)
        lines.insert("HFCCLCOMPETITIONCLASS:18-Meter Club", at: i)
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// `show ID --json`'s task, without its warnings (the original file's say which of its two counted).
    private func task(_ db: URL, _ dir: URL) throws -> NSDictionary {
        let shown = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        try #require(shown.status == 0, "\(shown.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        var task = try #require(object["task"] as? [String: Any], "no task: \(shown.stdout.prefix(400))")
        task["warnings"] = nil
        return task as NSDictionary
    }

    @Test func aRebuiltFileKeepsClassAndDeclarationThroughAReimport() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(try Self.declaredFile().utf8).write(to: dir.appendingPathComponent("declared.igc"))
        let db = dir.appendingPathComponent("one.sqlite")
        let imported = try CLI.run(["import", "declared.igc"], database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        let before = try task(db, dir)
        #expect(before["name"] as? String == "Hangar triangle" && before["source"] as? String == "declaration")

        let export = try CLI.run(["export", "--igc", "--rebuild", "1", "-o", "rebuilt.igc"], database: db, in: dir)
        try #require(export.status == 0, "\(export.stderr)")
        let rebuilt = try Data(contentsOf: dir.appendingPathComponent("rebuilt.igc"))
        let lines = String(decoding: rebuilt, as: UTF8.self).split(separator: "\r\n").map(String.init)
        #expect(lines.contains("HFCCLCOMPETITIONCLASS:18-Meter Club"))
        // Only the declaration that counts, as the writer writes it.
        let file = try IGCReader.read([UInt8](rebuilt))
        #expect(file.declarations.count == 1 && file.declarations.first?.name == "Hangar triangle")
        #expect(lines.filter { $0.hasPrefix("C") }.count == 7, "\(lines.filter { $0.hasPrefix("C") })")
        #expect(file.headers.competitionClass == "18-Meter Club")

        let again = dir.appendingPathComponent("two.sqlite")
        let reimported = try CLI.run(["import", "rebuilt.igc"], database: again, in: dir)
        try #require(reimported.status == 0, "\(reimported.stderr)")
        #expect(try task(again, dir) == before)
        let flights = try FlightStore(path: again.path, mode: .readOnly).flights(matching: FlightFilter())
        #expect(flights.count == 1 && flights.first?.competitionClass == "18-Meter Club")

        if let python = CLI.aerofilesPython {
            let check = try runProcess(
                python,
                [
                    packageRoot.appendingPathComponent("scripts/check-igc.py").path,
                    dir.appendingPathComponent(
                        "rebuilt.igc"
                    ).path,
                ])
            #expect(check.status == 0, "aerofiles check failed:\n\(check.stdout)\(check.stderr)")
            let script = """
                import sys
                from aerofiles.igc import Reader
                with open(sys.argv[1], encoding="latin-1") as f:
                    r = Reader().read(f)
                print(r["header"][1].get("competition_class"), r["task"][1]["description"], sep="|")
                """
            let read = try runProcess(python, ["-c", script, dir.appendingPathComponent("rebuilt.igc").path])
            #expect(read.stdout == "18-Meter Club|Hangar triangle\n", "\(read.stdout)\(read.stderr)")
        }
    }
}
