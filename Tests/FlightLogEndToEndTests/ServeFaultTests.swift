import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `flightlog serve` never answers a download with an empty 200: PDFs are made in memory, so a full temporary
/// disk does not matter; a render that fails (no fonts) is a 500 with a message.
@Suite("Serve downloads under faults", .serialized, .timeLimit(.minutes(3)))
struct ServeFaultTests {
    static func get(_ port: Int, _ path: String) async throws -> (status: Int, length: String?, body: Data) {
        let url = URL(string: "http://127.0.0.1:\(port)\(path)")!
        let (data, response) = try await URLSession.shared.data(from: url)
        let http = response as! HTTPURLResponse
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Length"), data)
    }

    static func expectWholePDF(_ reply: (status: Int, length: String?, body: Data), _ what: String) {
        #expect(reply.status == 200, "\(what): \(reply.status)")
        #expect(reply.body.count > 1000, "\(what): \(reply.body.count) bytes")
        #expect(reply.length == "\(reply.body.count)")
        #expect(reply.body.starts(with: Data("%PDF-".utf8)))
        #expect(String(decoding: reply.body.suffix(32), as: UTF8.self).contains("%%EOF"), "\(what) is complete")
    }

    @Test(
        "with TMPDIR on a full tmpfs, /logbook.pdf and the report are whole PDFs",
        .enabled(if: ExportSafetyTests.canMountTmpfs))
    func fullTemporaryDisk() async throws {
        let (db, dir, ids) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mount = dir.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        let script = #"""
            mount -t tmpfs -o size=1m flightlog-test "$MNT" || exit 77
            dd if=/dev/zero of="$MNT/filler" bs=4k 2>/dev/null
            TMPDIR="$MNT" exec "$@"
            """#
        let server = try ServeProcess(
            environment: ["MNT": mount.path, "FLIGHTLOG_DATABASE": db.path], in: dir,
            launcher: ["/usr/bin/unshare", "-m", "--propagation", "private", "bash", "-c", script, "serve"])
        defer { server.stop() }
        try #require(server.isReady, "flightlog serve did not start: \(server.logText)")
        let port = server.port
        Self.expectWholePDF(try await Self.get(port, "/logbook.pdf"), "logbook")
        Self.expectWholePDF(try await Self.get(port, "/flights/\(ids[0])/report.pdf"), "report")
    }

    @Test("SIGTERM (systemd's stop) ends serve after its answers with exit status 0")
    func sigtermStopsGracefully() async throws {
        let (db, dir, ids) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try ServeProcess(environment: ["FLIGHTLOG_DATABASE": db.path], in: dir)
        defer { server.stop() }
        try #require(server.isReady, "flightlog serve did not start: \(server.logText)")
        #expect(try await Self.get(server.port, "/flights/\(ids[0])").status == 200)
        server.stop()
        #expect(server.exitStatus == 0, "\(server.logText)")
    }

    @Test("a render that fails (no fonts) is a 500 with a message, not an empty 200")
    func failedRenderIsA500() async throws {
        let (db, dir, ids) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("empty-fonts.conf")
        try "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".write(to: config, atomically: true, encoding: .utf8)
        let server = try ServeProcess(
            environment: ["FLIGHTLOG_DATABASE": db.path, "FONTCONFIG_FILE": config.path], in: dir)
        defer { server.stop() }
        try #require(server.isReady, "flightlog serve did not start: \(server.logText)")
        let port = server.port
        for path in ["/logbook.pdf", "/flights/\(ids[0])/report.pdf"] {
            let reply = try await Self.get(port, path)
            #expect(reply.status == 500, "\(path): \(reply.status)")
            #expect(String(decoding: reply.body, as: UTF8.self).contains("no usable font"), "\(path) says why")
        }
        let igc = try await Self.get(port, "/flights/\(ids[0])/igc")
        #expect(igc.status == 200 && igc.body.count > 1000, "files that need no fonts still download")
    }
}
