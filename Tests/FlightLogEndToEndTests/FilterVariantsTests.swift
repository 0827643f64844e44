import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// Through the CLI: IGC headers read as a pilot would, filters as people type.
@Suite("headers and filters as people write them", .serialized, .timeLimit(.minutes(3)))
struct FilterVariantsTests {
    struct Listed: Decodable {
        var id: Int64
        var pilot: String?
        var secondPerson: String?
        var gliderType: String?
        var registration: String?
        var sourceFile: String?
    }

    func list(_ arguments: [String], db: URL, dir: URL) throws -> [Listed] {
        let r = try CLI.run(["list", "--json"] + arguments, database: db, in: dir)
        try #require(r.status == 0, "\(arguments): \(r.stderr)")
        return try JSONDecoder().decode([Listed].self, from: Data(r.stdout.utf8))
    }

    /// A file whose headers are a recorder's placeholders and capitals, next to two plain simulated flights.
    @Test func headersReadAsPeopleAndFiltersMatchVariants() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        for (n, start) in ["2025-06-14T10:00:00Z", "2026-05-02T10:00:00Z"].enumerated() {
            try #require(
                try CLI.run(
                    ["simulate", "--seed", "\(n + 1)", "--minutes", "12", "--start", start, "-o", "s\(n).igc"],
                    database: nil, in: dir
                ).status == 0)
        }
        // s0 gets a recorder's headers: a name in capitals with `_`, `undefined` crew, `DG_303`, `D_3952`.
        var text = try String(contentsOf: dir.appendingPathComponent("s0.igc"), encoding: .utf8)
        for (header, value) in [
            ("HFPLTPILOTINCHARGE:", "JANEK_GRUENTHALER"), ("HFGTYGLIDERTYPE:", "DG_303"), ("HFGIDGLIDERID:", "D_3952"),
        ] {
            text = text.replacingOccurrences(
                of: #"\#(header)[^\r\n]*"#, with: header + value, options: .regularExpression)
        }
        text = text.replacingOccurrences(of: "HFDTM", with: "HFCM2CREW2:undefined\r\nHFDTM")
        let raw = Data(text.utf8)
        try raw.write(to: dir.appendingPathComponent("recorder.igc"))
        try #require(try CLI.run(["import", "recorder.igc", "s1.igc"], database: db, in: dir).status == 0)
        let all = try list([], db: db, dir: dir)
        let recorder = try #require(all.first { $0.sourceFile == "recorder.igc" })
        #expect(recorder.pilot == "Janek Gruenthaler" && recorder.secondPerson == nil)
        #expect(recorder.gliderType == "DG 303" && recorder.registration == "D-3952")
        let table = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": "250"]).stdout
        #expect(table.contains("Janek Gruenthaler") && !table.contains("undefined"))
        // The file itself keeps its raw headers.
        let exported = try CLI.run(["export", "--igc", "\(recorder.id)", "-o", "-"], database: db, in: dir)
        #expect(Data(exported.stdout.utf8) == raw)

        // Glider type and registration however typed; by year.
        for typed in ["DG 303", "dg303", "DG-303", "dg_303"] {
            #expect(try list(["--plane", typed], db: db, dir: dir).map(\.id) == [recorder.id], "\(typed)")
        }
        for typed in ["D-3952", "d3952", "D_3952", "d 3952"] {
            #expect(try list(["--registration", typed], db: db, dir: dir).map(\.id) == [recorder.id], "\(typed)")
        }
        #expect(
            try list(["--year", "2026"], db: db, dir: dir).map(\.id) == all.filter { $0.id != recorder.id }.map(\.id))
        let clash = try CLI.run(["list", "--year", "2026", "--since", "2026-01-01"], database: db, in: dir)
        #expect(clash.status != 0 && clash.stderr.contains("--year and --since/--until exclude each other"))

        // The instructor by name.
        let other = try #require(all.first { $0.id != recorder.id })
        try #require(
            try CLI.run(["edit", "\(other.id)", "--instructor", "Müller, Jürgen"], database: db, in: dir).status == 0)
        #expect(try list(["--instructor-name", "muller"], db: db, dir: dir).map(\.id) == [other.id])
        #expect(try list(["--instructor-name", "meier"], db: db, dir: dir).isEmpty)

        // A name's words in any order, as `--owner` and the club's logins match them (issue 38's fourth class):
        // "Young, Mike" found no "Mike Young", "Hanna Weiss" no "Weiß, Hanna"; each word is still a part.
        try #require(
            try CLI.run(["edit", "\(other.id)", "--guest", "Weiß, Hanna"], database: db, in: dir).status == 0)
        for typed in ["Hanna Weiss", "weiß, hanna", "Weiss,Hanna", "han wei", "Weiß"] {
            #expect(try list(["--guest", typed], db: db, dir: dir).map(\.id) == [other.id], "\(typed)")
        }
        #expect(try list(["--guest", "Hanna Meier"], db: db, dir: dir).isEmpty)
        #expect(try list(["--pilot", "Gruenthaler, Janek"], db: db, dir: dir).map(\.id) == [recorder.id])
        #expect(try list(["--pilot", "janek g"], db: db, dir: dir).map(\.id) == [recorder.id])
        #expect(try list(["--pilot", "Gruenthaler, Anna"], db: db, dir: dir).isEmpty)
        try #require(
            try CLI.run(["edit", "\(other.id)", "--instructor", "Jürgen Müller"], database: db, in: dir).status == 0)
        #expect(try list(["--instructor-name", "Müller, Jürgen"], db: db, dir: dir).map(\.id) == [other.id])
    }
}
