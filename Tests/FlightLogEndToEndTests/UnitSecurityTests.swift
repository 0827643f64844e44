import Foundation
import Testing

/// The recorder's unit as systemd rates it (issue 15: exposure ≤ 2.0), read offline from the repository's file.
struct UnitSecurityTests {
    static var canRate: Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
            let help = try? CLI.tool("/usr/bin/systemd-analyze", ["--help"])
        else { return false }
        return help.stdout.contains("--offline")
    }

    @Test(.enabled(if: canRate)) func flightlogdExposureIsAtMostTwo() throws {
        let unit = CLI.packageRoot.appendingPathComponent("systemd/flightlogd.service").path
        let result = try CLI.tool("/usr/bin/systemd-analyze", ["security", "--offline=true", "--no-pager", unit])
        let line = try #require(result.stdout.split(separator: "\n").last { $0.contains("Overall exposure level") })
        let number = line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) }
        let exposure = try #require(number, "\(line)")
        print("UnitSecurity: flightlogd.service exposure \(exposure)")
        #expect(exposure <= 2.0, "\(line)")
    }
}
