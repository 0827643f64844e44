import FlightLogCore
import FlightLogServer
import FlightLogTestSupport
import Foundation
import Testing

/// Phone screenshots (390×844) of the real pages, rendered by headless Chromium from the real server, kept under
/// the git-ignored artifacts/screenshots folder. Runs only where Debian's chromium is installed.
/// (scripts/screenshots.sh does the same through `flightlog serve` with simulated flights.)
@Suite("Phone screenshots", .serialized, .timeLimit(.minutes(5)))
struct ScreenshotTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: chromium != nil, "needs chromium (apt-get install -y chromium)"))
    func listAndFlightPageAtPhoneWidth() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        let out = packageRoot.appendingPathComponent("artifacts/screenshots").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try await withRealServer(databasePath: logbook.databasePath) { client, _ in
            for (name, path) in [("phone-list.png", "/"), ("phone-flight.png", "/flights/\(ids[0])")] {
                let file = "\(out)/\(name)"
                try? FileManager.default.removeItem(atPath: file)
                try await Self.screenshot(
                    url: "http://127.0.0.1:\(client.port)\(path)", to: file, profile: logbook.folder + "/chrome")
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is a PNG")
                let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
                let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
                #expect(width == 390 && height == 844, "\(name) is \(width)×\(height)")
            }
        }
    }

    /// Runs chromium on its own thread (it takes seconds; the server needs the cooperative threads meanwhile).
    static func screenshot(url: String, to file: String, profile: String) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium!)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--user-data-dir=\(profile)", "--window-size=390,844", "--screenshot=\(file)", url,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                process.waitUntilExit()
                continuation.resume()
            }.start()
        }
    }
}
