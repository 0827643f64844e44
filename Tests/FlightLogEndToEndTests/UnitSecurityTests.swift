import FlightLogTestSupport
import Foundation
import Testing

/// The recorder's unit as systemd rates it (exposure at most 2.0), read offline from the repository's file.
struct UnitSecurityTests {
    static var canRate: Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
            let help = try? runProcess("/usr/bin/systemd-analyze", ["--help"])
        else { return false }
        return help.stdout.contains("--offline")
    }

    @Test(.enabled(if: canRate)) func flightlogdExposureIsAtMostTwo() throws {
        let unit = packageRoot.appendingPathComponent("systemd/flightlogd.service").path
        let result = try runProcess("/usr/bin/systemd-analyze", ["security", "--offline=true", "--no-pager", unit])
        let line = try #require(result.stdout.split(separator: "\n").last { $0.contains("Overall exposure level") })
        let number = line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) }
        let exposure = try #require(number, "\(line)")
        print("UnitSecurity: flightlogd.service exposure \(exposure)")
        #expect(exposure <= 2.0, "\(line)")
    }

    /// The club sync's units: the service, its 15-minute timer and the path unit that fires on the stamp
    /// flightlogd rewrites in its runtime folder at each landing, and the club server's web logbook, as
    /// `systemd-analyze verify` reads them.
    @Test func syncUnitsVerifyAndWatchTheDaemonsLandingStamp() throws {
        let root = packageRoot.appendingPathComponent("systemd")
        let daemon = try String(contentsOf: root.appendingPathComponent("flightlogd.service"), encoding: .utf8)
        let path = try String(contentsOf: root.appendingPathComponent("flightlog-sync.path"), encoding: .utf8)
        let service = try String(contentsOf: root.appendingPathComponent("flightlog-sync.service"), encoding: .utf8)
        #expect(daemon.contains("RuntimeDirectory=flightlog\n"))
        #expect(path.contains("PathChanged=/run/flightlog/landed\n"))
        #expect(service.contains("ExecStart=/usr/local/bin/flightlog sync --if-configured "))
        #expect(service.contains("SuccessExitStatus=75\n"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let units = [
            "flightlog-sync.service", "flightlog-sync.timer", "flightlog-sync.path", "flightlog-club-web.service",
            "flightlog-weglide.service", "flightlog-weglide.timer", "flightlog-weglide.path",
            "flightlog-prove.service", "flightlog-prove.timer", "flightlog-prove.path",
        ]
        for name in units {
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
                .replacingOccurrences(of: "/usr/local/bin/flightlog", with: DaemonHarness.flightlog)
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let verify = try runProcess(
            "/usr/bin/systemd-analyze",
            ["verify"]
                + units.map {
                    dir.appendingPathComponent($0).path
                })
        let complaints = (verify.stdout + verify.stderr).split(separator: "\n")
            .filter { !$0.contains("man flightlog") && !$0.contains("flightlogd.service") }
        #expect(complaints.isEmpty, "systemd-analyze verify: \(complaints)")
    }

    /// The proof unit finishes contest searches at idle priority (the recorder, imports and pages never wait for
    /// it), after each landing and every hour, with no network.
    @Test func proveUnitRunsAtIdlePriorityAfterLandingsAndHourly() throws {
        let root = packageRoot.appendingPathComponent("systemd")
        func unit(_ name: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
        }
        let service = try unit("flightlog-prove.service")
        for line in [
            "ExecStart=/usr/local/bin/flightlog analyse --prove --database /var/lib/flightlog/flightlog.sqlite",
            "Nice=19", "CPUSchedulingPolicy=idle", "IOSchedulingClass=idle", "PrivateNetwork=yes", "User=flightlog",
        ] {
            #expect(service.contains(line + "\n"), "flightlog-prove.service lacks \(line)")
        }
        #expect(try unit("flightlog-prove.path").contains("PathChanged=/run/flightlog/landed\n"))
        #expect(try unit("flightlog-prove.timer").contains("OnUnitActiveSec=1h\n"))
        let makefile = try String(contentsOf: packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("systemd/flightlog-prove.service systemd/flightlog-prove.timer"))
    }
}
