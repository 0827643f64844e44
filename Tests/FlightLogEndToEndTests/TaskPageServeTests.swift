import FlightLogTestSupport
import Foundation
import Testing

/// The phone's task page through the real `flightlog serve`: a pilot logs in, declares a task with the page's
/// plain form (no script), and `flightlog task show` reads back what the page declared.
@Suite("the task page through flightlog serve", .serialized, .timeLimit(.minutes(3)))
struct TaskPageServeTests {
    static let password = "Thermik über Zülpich"

    /// `curl ARGS` with the cookie jar `jar`; its standard output.
    static func curl(_ arguments: [String], jar: URL) throws -> String {
        let curl = Parallel.curl ?? "curl"
        return try runProcess(curl, ["-s", "--max-time", "30", "-c", jar.path, "-b", jar.path] + arguments).stdout
    }

    /// The value of the hidden field `name` in `page`.
    static func hidden(_ name: String, in page: String) -> String? {
        guard let range = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test func aTaskDeclaredOnThePageIsWhatTaskShowReads() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flightlog.sqlite")
        let hashed = try CLI.run(["serve", "--hash-password"], database: nil, in: dir, stdin: Self.password + "\n")
        try #require(hashed.status == 0, "\(hashed.stderr)")
        let config = dir.appendingPathComponent("flightlog.toml")
        try "[server]\n\(hashed.stdout.trimmingCharacters(in: .whitespacesAndNewlines))\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--database", db.path, "--config", config.path], in: dir)
        defer { server.stop() }
        try #require(server.isReady, "serve did not start: \(server.logText)")
        let base = "http://127.0.0.1:\(server.port)"
        let jar = dir.appendingPathComponent("cookies.txt")

        let login = try Self.curl([base + "/login"], jar: jar)
        let token = try #require(Self.hidden("csrf", in: login))
        _ = try Self.curl(
            ["--data-urlencode", "csrf=\(token)", "--data-urlencode", "password=\(Self.password)", base + "/login"],
            jar: jar)
        // The page's steps as a browser without script sends them: find, find, find, then the declare form.
        var page = try Self.curl([base + "/task?op=find&find=EDKA"], jar: jar)
        for name in ["Dahlemer Binz", "EDKA"] {
            let points = try #require(Self.hidden("points", in: page))
            page = try Self.curl(
                [
                    "-G", "--data-urlencode", "points=\(points)", "--data-urlencode", "op=find", "--data-urlencode",
                    "find=\(name)", base + "/task",
                ], jar: jar)
        }
        #expect(page.contains("Declare this task"), "\(page.suffix(1500))")
        let points = try #require(Self.hidden("points", in: page))
        let csrf = try #require(Self.hidden("csrf", in: page))
        let declared = try Self.curl(
            ["--data-urlencode", "csrf=\(csrf)", "--data-urlencode", "points=\(points)", base + "/task"], jar: jar)
        #expect(declared.contains("Declared:"), "\(declared.suffix(1500))")

        let shown = try CLI.run(["task", "show"], database: db, in: dir)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("start  Aachen-Merzbrück Airport (EDKA)"), "\(shown.stdout)")
        #expect(shown.stdout.contains("TP1    Flugplatz Dahlemer Binz (EDKV)"), "\(shown.stdout)")
        #expect(shown.stdout.contains("finish Aachen-Merzbrück Airport (EDKA)"), "\(shown.stdout)")
        #expect(shown.stdout.contains("No GPS time yet"), "no recorder: flightlogd stamps it later")
    }
}
