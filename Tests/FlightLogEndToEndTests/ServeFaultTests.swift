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
    /// Starts `arguments` (ending in `flightlog serve`'s command line) and waits until the port answers.
    static func startServer(_ executable: String, _ arguments: [String], port: Int, environment: [String: String])
        async throws
        -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 {
            if (try? await get(port, "/status")) != nil { return process }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "flightlog serve did not start"])
    }

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
        let port = freePort()
        let script = #"""
            mount -t tmpfs -o size=1m flightlog-test "$MNT" || exit 77
            dd if=/dev/zero of="$MNT/filler" bs=4k 2>/dev/null
            TMPDIR="$MNT" exec "$FLIGHTLOG" serve --port "$PORT"
            """#
        let server = try await Self.startServer(
            "/usr/bin/unshare", ["-m", "--propagation", "private", "bash", "-c", script], port: port,
            environment: [
                "MNT": mount.path, "PORT": "\(port)", "FLIGHTLOG_DATABASE": db.path,
                "FLIGHTLOG": builtExecutable("flightlog").path,
                "XDG_CONFIG_HOME": dir.appendingPathComponent("no-config").path,
            ])
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        Self.expectWholePDF(try await Self.get(port, "/logbook.pdf"), "logbook")
        Self.expectWholePDF(try await Self.get(port, "/flights/\(ids[0])/report.pdf"), "report")
    }

    @Test("a render that fails (no fonts) is a 500 with a message, not an empty 200")
    func failedRenderIsA500() async throws {
        let (db, dir, ids) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("empty-fonts.conf")
        try "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".write(to: config, atomically: true, encoding: .utf8)
        let port = freePort()
        let server = try await Self.startServer(
            builtExecutable("flightlog").path, ["serve", "--port", "\(port)"], port: port,
            environment: [
                "FLIGHTLOG_DATABASE": db.path, "FONTCONFIG_FILE": config.path,
                "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path,
                "XDG_CONFIG_HOME": dir.appendingPathComponent("no-config").path,
            ])
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        for path in ["/logbook.pdf", "/flights/\(ids[0])/report.pdf"] {
            let reply = try await Self.get(port, path)
            #expect(reply.status == 500, "\(path): \(reply.status)")
            #expect(String(decoding: reply.body, as: UTF8.self).contains("no usable font"), "\(path) says why")
        }
        let igc = try await Self.get(port, "/flights/\(ids[0])/igc")
        #expect(igc.status == 200 && igc.body.count > 1000, "files that need no fonts still download")
    }
}
