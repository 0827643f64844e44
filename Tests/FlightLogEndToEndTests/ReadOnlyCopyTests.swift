import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// The lone `.sqlite` file copied to read-only media (a write-protected stick) is a logbook every reading command
/// opens, and nothing is created beside it.
@Suite("the database file on read-only media", .serialized, .timeLimit(.minutes(3)))
struct ReadOnlyCopyTests {
    @Test func theFileAloneOnAReadOnlyMountListsShowsAndReports() throws {
        let (dir, db) = try DatabaseFileTests().logbook(2)
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = try DatabaseFileTests().copyOfFileAlone(db, in: dir)
        let folder = copy.deletingLastPathComponent()
        // A read-only bind mount of the copy's folder (root may write anything else); without the right to mount,
        // the folder read-only to a user the permissions apply to.
        let mounted =
            DaemonHarness.shell(
                "mount --bind '\(folder.path)' '\(folder.path)' && mount -o remount,bind,ro '\(folder.path)'"
            ).status == 0
        defer { if mounted { _ = DaemonHarness.shell("umount '\(folder.path)'") } }
        if !mounted { #expect(chmod(folder.path, 0o555) == 0) }
        func run(_ arguments: [String]) throws -> ProcessResult {
            mounted
                ? try CLI.run(arguments + ["--database", copy.path], database: nil, in: dir)
                : try CLI.runAsNobody(arguments + ["--database", copy.path], readable: dir)
        }
        let list = try run(["list"])
        #expect(list.status == 0 && list.stderr.isEmpty, "\(list.stderr)")
        let json = try run(["list", "--json"])
        let flights = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(flights.compactMap { ($0["id"] as? NSNumber)?.int64Value } == [1, 2], "\(json.stderr)")
        for command in [["show", "2"], ["stats"]] {
            let r = try run(command)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(command): \(r.stderr)")
        }
        let pdf = try run(["export", "--pdf", "-o", dir.appendingPathComponent("book.pdf").path])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["copy.sqlite"])
        // A writing command says the logbook is read-only, in words.
        let edit = try run(["edit", "1", "--remarks", "x"])
        #expect(edit.status != 0 && !edit.stderr.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["copy.sqlite"])
        if !mounted { chmod(folder.path, 0o755) }
    }
}
