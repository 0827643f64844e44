import FlightLogCore
import FlightLogStore
import FlightLogText
import Foundation

/// `flightlog backup`: the whole logbook to one file, and the line that says what was written.
package enum LogbookBackup {
    /// Writes the backup of the store `openStore` opens to `file`. Never over one of the logbook's own files, not
    /// even with `replacing` (as no export writes over them): that is refused before the store is opened.
    package static func write(
        to file: String, replacing: Bool, logbookFiles: LogbookFiles, openStore: () throws -> FlightStore
    ) throws -> String {
        try logbookFiles.check(absolutePath(file))
        let result = try openStore().backup(to: file, replacing: replacing)
        let size = "\((result.bytes + 1023) / 1024) KiB"
        let flights = "\(result.flights) flight\(result.flights == 1 ? "" : "s")"
        return "Backed up \(flights) to \(result.path) (\(size), integrity check ok)."
    }
}

extension StatusFacts {
    /// What `flightlog status` and the status page say about the logbook at `databasePath`: the status file
    /// flightlogd writes beside it, the database (read-only, when it exists) and the last stick export.
    package static func read(besideDatabase databasePath: String) -> StatusFacts {
        let exists = FileManager.default.fileExists(atPath: databasePath)
        return read(
            statusPath: RecorderStatusFile.path(besideDatabase: databasePath), databasePath: databasePath,
            store: exists ? try? FlightStore(path: databasePath, mode: .readOnly) : nil,
            stickExport: StickReport.last(databasePath: databasePath))
    }
}

extension StatusSummary {
    /// `flightlog status`: what to print about the logbook at `databasePath` (with `json`, the status file as
    /// flightlogd wrote it, when there is one) and the exit status: 1 when the recorder is not recording.
    package static func command(databasePath: String, json: Bool) -> (text: String, status: Int32) {
        if json, let text = RecorderStatusFile.writtenText(besideDatabase: databasePath) {
            return (terminalSafe(text, keepNewlines: true), 0)
        }
        let summary = StatusSummary(.read(besideDatabase: databasePath))
        return (terminalSafe(summary.text, keepNewlines: true), summary.recording ? 0 : 1)
    }
}

extension RecorderStatusFile {
    /// The status file beside the database as flightlogd wrote it (`flightlog status --json`); nil when it is
    /// missing or not a status.
    package static func writtenText(besideDatabase databasePath: String) -> String? {
        guard let snapshot = read(at: path(besideDatabase: databasePath)), snapshot.status != nil else { return nil }
        return String(decoding: snapshot.bytes, as: UTF8.self)
    }
}
