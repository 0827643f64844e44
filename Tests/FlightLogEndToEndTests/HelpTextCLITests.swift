import FlightLogTestSupport
import Foundation
import Testing

/// What `flightlog … --help` shows, through the real executable.
@Suite("flightlog help text", .serialized, .timeLimit(.minutes(3)))
struct HelpTextCLITests {
    /// The subcommands a help text lists (`SUBCOMMANDS:`, one per line, its name first).
    static func subcommands(_ help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("SUBCOMMANDS:") }) else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty && $0.hasPrefix("  ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" }
    }

    @Test("no overview has a gap of spaces in its prose (a line joined without its backslash)")
    func overviewsHaveNoGaps() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var commands: [[String]] = [[]]
        var checked = 0
        while let command = commands.popLast() {
            let result = try CLI.run(command + ["--help"], database: nil, in: dir)
            try #require(result.status == 0, "\(command): \(result.stderr)")
            checked += 1
            // The overview is everything above USAGE; the option table below it aligns its columns on purpose.
            let overview = result.stdout.components(separatedBy: "\nUSAGE:")[0]
            for line in overview.split(separator: "\n") {
                let text = line.drop { $0 == " " }
                // Three or more spaces between words, unless they align an example's `# comment`.
                let gap = text.range(of: #"\S {3,}[^ #]"#, options: .regularExpression)
                #expect(gap == nil, "flightlog \(command.joined(separator: " ")) --help: \(line)")
            }
            if command.count < 2 { commands += Self.subcommands(result.stdout).map { command + [$0] } }
        }
        #expect(checked > 20, "every command and subcommand")
    }
}
