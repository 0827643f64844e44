import FlightLogConfigFile
import FlightLogCore
import Foundation
import Logging
import Testing

@testable import FlightLogDaemon

@Suite struct DaemonOptionsTests {
    @Test func configFileSettingsAreTakenOver() throws {
        let config = try FlightLogConfig.parse(
            """
            pilot = "Øyvind Ærø"
            registration = "LN-GXY"
            database = "/srv/flightlog/flights.sqlite"
            recorder_serial = "ABC"
            [daemon]
            gpsd = "10.0.0.2:2948"
            iio_context = "ip:10.0.0.3"
            barometer = "ms5611"
            barometer_rate_hz = 25
            retention_days = 7
            """)
        let options = DaemonOptions(config: config, defaultDatabasePath: "/var/lib/flightlog/flights.sqlite")
        #expect(options.gpsdHost == "10.0.0.2" && options.gpsdPort == "2948")
        #expect(options.iioContext == "ip:10.0.0.3")
        #expect(options.barometer == .named("ms5611"))
        #expect(options.barometerRateHz == 25)
        #expect(options.retentionDays == 7)
        #expect(options.databasePath == "/srv/flightlog/flights.sqlite")
        #expect(options.statusPath == "/srv/flightlog/flightlogd.status.json")
        #expect(options.defaults.pilot == "Øyvind Ærø")
        #expect(options.recorderSerial == "ABC")
    }

    @Test(arguments: [
        ("localhost", "localhost", "2947"), ("127.0.0.1:29470", "127.0.0.1", "29470"), ("[::1]:2947", "::1", "2947"),
    ])
    func gpsdAddress(text: String, host: String, port: String) throws {
        var options = DaemonOptions(databasePath: "/tmp/x.sqlite")
        try options.setGPSD(text)
        #expect(options.gpsdHost == host)
        #expect(options.gpsdPort == port)
    }

    @Test(arguments: ["", ":2947", "host:0", "host:http", "host:70000"])
    func badGPSDAddressIsAnError(text: String) {
        var options = DaemonOptions(databasePath: "/tmp/x.sqlite")
        #expect(throws: DaemonError.self) { try options.setGPSD(text) }
    }

    @Test func barometerChoice() {
        #expect(DaemonOptions.barometer("auto") == .auto)
        #expect(DaemonOptions.barometer("none") == .none)
        #expect(DaemonOptions.barometer("bmp280") == .named("bmp280"))
    }
}

/// The status file lives in RAM (systemd's RuntimeDirectory) and is read through a link next to the database.
struct StatusFilePlacementTests {
    @Test func statusInTheRuntimeFolderIsReadThroughTheLinkBesideTheDatabase() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("status-\(UUID().uuidString)")
        let state = root.appendingPathComponent("state"), run = root.appendingPathComponent("run")
        for dir in [state, run] { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: root) }
        var options = DaemonOptions(databasePath: state.appendingPathComponent("flightlog.sqlite").path)
        options.runtimeDirectory = nil
        #expect(options.statusPath == state.appendingPathComponent("flightlogd.status.json").path)
        options.runtimeDirectory = run.path
        #expect(options.statusPath == run.appendingPathComponent("flightlogd.status.json").path)

        // An old status file from before (a regular file) is replaced by the link; linking again changes nothing.
        try Data("old".utf8).write(to: URL(fileURLWithPath: options.statusLinkPath))
        options.linkStatus(logger: Logger(label: "test"))
        options.linkStatus(logger: Logger(label: "test"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: options.statusLinkPath) == options.statusPath)
        #expect(FileManager.default.contents(atPath: options.statusLinkPath) == nil, "dangles until the daemon writes")
        var status = RecorderStatus()
        status.recordedFixes = 42
        try status.write(to: options.statusPath)
        #expect(try RecorderStatus.read(from: options.statusLinkPath).recordedFixes == 42)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: options.statusLinkPath) == options.statusPath)
    }
}
