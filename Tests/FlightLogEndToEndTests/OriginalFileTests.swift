import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// An imported IGC file comes back out byte for byte (its recorder's G record intact).
@Suite("the imported file, byte for byte", .serialized, .timeLimit(.minutes(5)))
struct OriginalFileTests {
    struct Listed: Decodable {
        var id: Int64
        var sourceFile: String?
    }

    /// The shared real flights (when ../shared is there) and the project's generated samples.
    private func sourceFiles() throws -> [URL] {
        let samples = try FileManager.default.contentsOfDirectory(
            at: packageRoot.appendingPathComponent("samples"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension.lowercased() == "igc" }
        return (SharedFlights.available ? SharedFlights.files() : []) + samples.sorted { $0.path < $1.path }
    }

    private func importAll(_ files: [URL]) throws -> (db: URL, dir: URL, flights: [Listed]) {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let imported = try CLI.run(["import"] + files.map(\.path), database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        let listed = try CLI.run(["list", "--json"], database: db, in: dir)
        try #require(listed.status == 0, "\(listed.stderr)")
        return (db, dir, try JSONDecoder().decode([Listed].self, from: Data(listed.stdout.utf8)))
    }

    @Test("every imported flight exports as its file, unchanged; --rebuild writes ours")
    func everyImportedFileExportsByteIdentical() throws {
        let files = try sourceFiles()
        let (db, dir, flights) = try importAll(files)
        let byName = Dictionary(files.map { ($0.lastPathComponent, $0) }, uniquingKeysWith: { a, _ in a })
        try #require(flights.count >= files.count, "\(flights.count) flights from \(files.count) files")
        var identical = 0
        for flight in flights {
            let source = try #require(flight.sourceFile.flatMap { byName[$0] }, "flight \(flight.id) has no source")
            let out = dir.appendingPathComponent("out-\(flight.id)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let r = try CLI.run(["export", "--igc", "\(flight.id)", "-o", out.path + "/"], database: db, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
            let written = out.appendingPathComponent(source.lastPathComponent)
            let bytes = try Data(contentsOf: written), original = try Data(contentsOf: source)
            #expect(
                bytes == original,
                "\(source.lastPathComponent): \(bytes.count) bytes exported, \(original.count) imported")
            if bytes == original { identical += 1 }

            let rebuilt = try CLI.run(
                ["export", "--igc", "--rebuild", "\(flight.id)", "-o", "-"], database: db, in: dir)
            try #require(rebuilt.status == 0, "\(rebuilt.stderr)")
            #expect(rebuilt.stdout.hasPrefix("AXFL"), "--rebuild: \(rebuilt.stdout.prefix(20))")
            #expect(Data(rebuilt.stdout.utf8) != original)
        }
        print(
            "OriginalFile: \(identical) of \(flights.count) flights from \(files.count) files exported byte-identical")
    }

    @Test("a whole logbook exported to a folder writes each original once")
    func logbookExportWritesEachFileOnce() throws {
        let files = try sourceFiles()
        let (db, dir, flights) = try importAll(files)
        let out = dir.appendingPathComponent("all")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let r = try CLI.run(["export", "--igc", "-o", out.path + "/"], database: db, in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(written == Set(flights.compactMap(\.sourceFile)).sorted())
        #expect(r.stdout.split(separator: "\n").count == written.count, "one 'Wrote' line per file: \(r.stdout)")
    }

    @Test(
        "flights imported before files were kept export a rebuilt file",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func olderImportsAreRebuilt() throws {
        let sample = packageRoot.appendingPathComponent("samples/simulated-winch.igc")
        let (db, dir, flights) = try importAll([sample])
        let id = try #require(flights.first?.id)
        // As a database of the previous version: no kept file (the migration made the table empty).
        let sql = try runProcess("/usr/bin/sqlite3", [db.path, "DELETE FROM recordingFile"])
        try #require(sql.status == 0, "\(sql.stderr)")
        let r = try CLI.run(["export", "--igc", "\(id)", "-o", "-"], database: db, in: dir)
        #expect(r.status == 0 && r.stdout.hasPrefix("AXFL"), "\(r.stderr)")
        // Deleting the flight deletes the kept file too; the file can be imported again and is kept again.
        let second = try importAll([sample])
        let again = try CLI.run(
            ["delete", "\(try #require(second.flights.first?.id))", "--yes"], database: second.db, in: second.dir)
        #expect(again.status == 0, "\(again.stderr)")
        let count = try runProcess("/usr/bin/sqlite3", [second.db.path, "SELECT count(*) FROM recordingFile"])
        #expect(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
