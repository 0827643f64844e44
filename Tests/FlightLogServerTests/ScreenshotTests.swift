import Foundation
import Testing

/// Phone screenshots of the real pages (scripts/screenshots.sh), kept under the git-ignored artifacts/ folder.
/// Runs only where Debian's chromium is installed and the flightlog executable is built.
@Suite("Phone screenshots", .serialized, .timeLimit(.minutes(5)))
struct ScreenshotTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let flightlog = root.appendingPathComponent(".build/debug/flightlog").path
    static var available: Bool { chromium != nil && FileManager.default.isExecutableFile(atPath: flightlog) }

    @Test(.enabled(if: available, "needs chromium and a built flightlog")) func listAndFlightPageAtPhoneWidth() throws {
        let out = Self.root.appendingPathComponent("artifacts/screenshots").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Self.root.appendingPathComponent("scripts/screenshots.sh").path, out]
        var environment = ProcessInfo.processInfo.environment
        environment["FLIGHTLOG"] = Self.flightlog
        environment["PORT"] = String(Int.random(in: 20_000...40_000))
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for name in ["phone-list.png", "phone-flight.png"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name)"))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is a PNG")
            // Width and height from the IHDR chunk.
            let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 390 && height == 844, "\(name) is \(width)×\(height)")
        }
    }
}
