import FlightLogCore
import FlightLogReports
import FlightLogSecurity
import FlightLogStore

extension ExportRequest {
    /// `flightlog export` as the command gives it: the logbook at `location`, the flights chosen by `ids` or the
    /// filters, then the files of `kind` (``write(_:store:exporter:say:warn:)``) or, without a kind, the stick set
    /// (`--to`, ``StickExport``).
    package static func run(
        kind: ExportCommandKind?, ids: [Int64], filter: FlightFilter, owner choice: OwnerChoice, output: String?,
        qnh: Double?, rebuild: Bool, stick: ExportChoice.Stick, location: LogbookLocation,
        say: (String) -> Void, warn: @escaping @Sendable (String) -> Void
    ) async throws {
        let config = try location.loadConfig(warn: warn)
        let databasePath = try location.databasePath(warn: warn)
        let signer = LazySigner.device(databasePath: databasePath, files: "IGC files written", warn: warn)
        let source = LocalLogbookSource(
            databasePath: databasePath, config: config, rebuildIGC: rebuild, signer: signer.callAsFunction)
        let db = try source.store()
        let flights = try ExportChoice.flights(ids: ids, filter: filter, owner: choice, config: config, store: db)
        let (owner, summary) = (choice.owner(config)?.name ?? "", choice.summary(filter))
        guard let kind else {
            let destination = StickExport.Destination(
                stick, databasePath: databasePath, configPath: location.configPath)
            return try await StickExport.toFolder(
                flights, store: db, exporter: LogbookExporter(source: source), destination: destination,
                logbook: LogbookOptions(owner: owner, filterSummary: summary)
            ).forEach(say)
        }
        let request = ExportRequest(
            kind: kind, ids: ids, output: output, qnhHectopascals: qnh, owner: owner, filterSummary: summary,
            logbookFiles: LogbookFiles(databasePath: databasePath, configPath: location.configPath))
        try await request.write(
            flights, store: db, exporter: request.exporter(source: source, mapTiles: config.server.mapTiles),
            say: say, warn: warn)
    }
}
