import FlightLogCore
import FlightLogReports
import FlightLogSecurity
import FlightLogTransfer
import FlightLogStore

extension FlightLogCommand.Export {
    /// `export --zip` (``LogbookArchive``); the caller writes it atomically.
    func zipArchive(_ flights: [Flight], db: FlightStore, config: FlightLogConfig, owner: String, summary: String)
        throws -> (bytes: [UInt8], igcFiles: Int)
    {
        let signer = LazySigner(igcSigner(databasePath: try store.databasePath()))
        do {
            return try LogbookArchive.zip(
                flights, store: db, config: config, rebuild: rebuild,
                logbook: LogbookOptions(owner: owner, filterSummary: summary), signer: signer.callAsFunction)
        } catch let failure as LogbookArchive.Failure {
            throw CLIError(failure.description)
        }
    }
}
