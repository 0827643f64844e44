import FlightLogTestSupport
import Foundation
import Testing

/// `export --to` believes the folder over its memory: files the pilot deleted, or a new folder in the old one's
/// place, are written again; two exports started together into a new folder leave one complete export.
@Suite("Export to a folder: the folder over the memory", .serialized, .timeLimit(.minutes(5)))
struct ExportFolderTruthTests {
    static func igcNames(_ folder: URL) -> [String] {
        ExportFolderTests.names(folder).filter { $0.lowercased().hasSuffix(".igc") }
    }

    @Test func aDeletedFileIsWrittenAgain() throws {
        let (db, dir, _) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("FLIGHTLOG")
        try #require(try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir).status == 0)
        let written = Self.igcNames(folder)
        try #require(written.count == 2)
        let kept = try Data(contentsOf: folder.appendingPathComponent(written[1]))

        try FileManager.default.removeItem(at: folder.appendingPathComponent(written[0]))
        let r = try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1 flight written"), "\(r.stdout)")
        #expect(r.stdout.contains("1 of them remembered as written but missing or changed"), "\(r.stdout)")
        #expect(Self.igcNames(folder) == written)
        #expect(try Data(contentsOf: folder.appendingPathComponent(written[1])) == kept)

        // A file cut short (a copy interrupted) is not the file: written again too.
        let cut = folder.appendingPathComponent(written[1])
        try Data(kept.prefix(100)).write(to: cut)
        let again = try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir)
        #expect(again.status == 0 && again.stdout.contains("1 flight written"), "\(again.stdout)\(again.stderr)")
        #expect(try Data(contentsOf: cut) == kept)
        let nothing = try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir)
        #expect(nothing.stdout.contains("nothing new"), "\(nothing.stdout)")
    }

    @Test func aNewFolderInTheOldOnesPlaceGetsEverything() throws {
        let (db, dir, _) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("FLIGHTLOG")
        try #require(try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir).status == 0)
        let written = ExportFolderTests.names(folder)
        try FileManager.default.moveItem(at: folder, to: dir.appendingPathComponent("moved-away"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)

        let r = try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("2 flights written") && r.stdout.contains("2 of them remembered"), "\(r.stdout)")
        #expect(ExportFolderTests.names(folder) == written)
    }

    @Test func twoExportsIntoANewFolderAtOnceLeaveOneComplete() async throws {
        let (db, dir, _) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        for round in 0..<12 {
            let folder = dir.appendingPathComponent("round\(round)")
            let path = folder.path
            async let first = Task.detached { try CLI.run(["export", "--new", "--to", path], database: db, in: dir) }
                .value
            async let second = Task.detached { try CLI.run(["export", "--new", "--to", path], database: db, in: dir) }
                .value
            let results = try await [first, second]
            let succeeded = results.filter { $0.status == 0 }
            #expect(!succeeded.isEmpty, "round \(round): \(results.map(\.stderr))")
            for failed in results where failed.status != 0 {
                #expect(failed.stderr.contains("another export is writing"), "round \(round): \(failed.stderr)")
            }
            let names = ExportFolderTests.names(folder)
            #expect(Self.igcNames(folder).count == 2 && names.contains("logbook.pdf"), "round \(round): \(names)")
        }
    }
}
