import FlightLogCore
import FlightLogSimulation
import FlightLogStore
import FlightLogTransfer
import Foundation
import Testing

/// Logbooks for the transfer tests, made in process: simulated IGC files imported by the ``LogbookImporter``
/// (as `flightlog simulate` and `flightlog import` make them) and flights entered by hand (as `flightlog add`).
enum TransferLogbook {
    /// What the CLI reads files with (FlightLogConfigFile's `InputFile`), as far as these files need.
    static func readFile(_ path: String, _ maxBytes: Int) throws -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// A simulated 15-minute winch flight (seed `seed`) starting at `start`, as `flightlog simulate` writes it.
    static func simulatedFile(seed: UInt64, start: UTCMillis, at file: URL) throws {
        var plan = SimulatedFlightPlan.demo
        plan.start = start
        plan.launch = .winch
        plan.flightMinutes = 15
        plan.seed = seed
        let bytes = try #require(FlightSimulator.igcFile(plan)).bytes
        try Data(bytes).write(to: file)
    }

    /// ``logbook(in:)`` with an empty config file beside it, where a command's options would name them.
    static func location(in dir: URL) throws -> (location: LogbookLocation, files: [URL]) {
        let (db, files) = try logbook(in: dir)
        let config = dir.appendingPathComponent("flightlog.toml")
        try Data().write(to: config)
        return (LogbookLocation(database: db.path, config: config.path, environment: [:]), files)
    }

    /// A logbook of three imported flights (their files kept verbatim) and one entered by hand.
    static func logbook(in dir: URL) throws -> (db: URL, files: [URL]) {
        let db = dir.appendingPathComponent("logbook/flightlog.sqlite")
        try FileManager.default.createDirectory(at: db.deletingLastPathComponent(), withIntermediateDirectories: true)
        var files: [URL] = []
        let starts = [("2025-05-03", 9 * 60 + 12), ("2025-06-14", 10 * 60 + 5), ("2025-07-20", 11 * 60 + 30)]
        for (n, (day, minutes)) in starts.enumerated() {
            let file = dir.appendingPathComponent("flight\(n + 1).igc")
            let start = try #require(CivilDate(iso: day)).utcMidnight + Int64(minutes) * 60_000
            try simulatedFile(seed: UInt64(n + 7), start: start, at: file)
            files.append(file)
        }
        let importer = LogbookImporter(config: FlightLogConfig(), readFile: readFile) {
            try FlightStore(path: db.path, mode: .readWrite)
        }
        let tally = importer.importFiles(files.map(\.path), say: { _ in }, warn: { Issue.record("\($0)") })
        try #require(tally.flights == 3 && tally.failures == 0)
        let hand = try ManualFlight.make(
            date: try #require(CivilDate(iso: "2025-08-01")), takeoffMinutes: 14 * 60, landingMinutes: 14 * 60 + 30,
            takeoff: nil, landing: nil, zone: nil, utcOffsetSeconds: 7200,
            details: FlightDetails(launchMethod: .winch))
        _ = try FlightStore(path: db.path, mode: .readWrite).addManualFlight(hand)
        return (db, files)
    }
}
