import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// One size limit for IGC files (``IGCReader/maxFileSize``), for `import` and `verify` alike: a file one byte over
/// it is refused at once (by its size, never read), with what to do, and nothing is imported.
@Suite("IGC file size limit")
struct IGCSizeLimitTests {
    @Test func importAndVerifyRefuseAFileOneByteOverTheLimit() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let big = dir.appendingPathComponent("disk-image.igc")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(IGCReader.maxFileSize + 1))  // sparse: no 64 MiB written
        try handle.close()
        let verify = try CLI.run(["verify", big.path], database: db, in: dir)
        #expect(verify.status != 0)
        #expect(verify.stderr.contains("more than the \(IGCReader.maxFileSize) allowed: refused"), "\(verify.stderr)")
        let imported = try CLI.run(["import", big.path], database: db, in: dir)
        #expect(imported.status != 0)
        #expect(
            imported.stdout.contains("is this the right file?") || imported.stderr.contains("is this the right file?"),
            "\(imported.stdout) \(imported.stderr)")
        let listed = try CLI.run(["list"], database: db, in: dir)
        #expect(!listed.stdout.contains("disk-image"), "nothing imported: \(listed.stdout)")
    }
}
