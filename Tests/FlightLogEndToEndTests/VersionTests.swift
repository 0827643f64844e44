import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// `--version` and `--help` of both built executables: one version string (`FlightLogVersion`, which the Debian
/// package takes too), and `flightlogd` answers them without starting the recorder.
@Suite("Version and help of flightlog and flightlogd", .timeLimit(.minutes(1)))
struct VersionTests {
    func run(_ executable: String, _ arguments: [String]) throws -> ProcessResult {
        try runProcess(builtExecutable(executable).path, arguments)
    }

    @Test("flightlog and flightlogd print the same version")
    func sameVersion() throws {
        for executable in ["flightlog", "flightlogd"] {
            let result = try run(executable, ["--version"])
            #expect(result.status == 0, "\(executable) --version: \(result.stderr)")
            #expect(
                result.stdout == FlightLogVersion.current + "\n", "\(executable) --version printed \(result.stdout)")
        }
    }

    @Test("flightlogd --help lists its options and exits")
    func daemonHelp() throws {
        let result = try run("flightlogd", ["--help"])
        #expect(result.status == 0, "flightlogd --help: \(result.stderr)")
        for option in ["USAGE: flightlogd", "--gpsd", "--database", "--config", "--version", "--help"] {
            #expect(result.stdout.contains(option), "flightlogd --help lacks \(option)")
        }
    }
}
