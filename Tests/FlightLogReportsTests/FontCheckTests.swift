import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

/// fontconfig reads its configuration once per process, so the "no fonts" case runs this test binary again
/// with `FONTCONFIG_FILE` pointing at an empty configuration and only the child test enabled.
@Suite("FontCheck")
struct FontCheckTests {
    static let childVariable = "FLIGHTLOG_FONT_CHILD_OUTPUT"

    @Test("an empty fontconfig gives the font error and no output file")
    func emptyFontconfig() throws {
        let dir = Tool.scratch("fonts")
        let config = dir + "/empty.conf"
        try "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let output = dir + "/logbook.pdf"
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = config
        environment["XDG_CACHE_HOME"] = dir + "/cache"
        environment[Self.childVariable] = output
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", "FontCheckTests/child"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let message = try String(contentsOfFile: output + ".error", encoding: .utf8)
        #expect(message.contains("no usable font (install fonts-dejavu-core"))
        #expect(process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: output))
        try? FileManager.default.removeItem(atPath: dir)
    }

    @Test(
        "child: render with the environment's fontconfig",
        .enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil))
    func child() throws {
        let output = try #require(ProcessInfo.processInfo.environment[Self.childVariable])
        var message = "rendered without error"
        do {
            try Tool.save(
                LogbookPDF.render(
                    flights: Fixtures.flights(2), options: LogbookOptions(owner: "Øyvind Ærø", filterSummary: "")),
                to: output)
        } catch {
            message = "\(error)"
        }
        try message.write(toFile: output + ".error", atomically: true, encoding: .utf8)
    }

    @Test("with DejaVu installed the check passes")
    func installedFontsPass() throws {
        try Canvas.checkFonts()
    }
}
