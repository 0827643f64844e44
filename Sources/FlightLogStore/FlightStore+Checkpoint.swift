import FlightLogCore
import Foundation
import GRDB
import GRDBSQLite

/// What ``FlightStore/checkpoint(waitSeconds:)`` achieved.
package struct CheckpointResult: Sendable, Equatable {
    /// Every committed transaction is in the database file: the `.sqlite` file alone is a complete copy.
    package var complete: Bool
    /// The WAL was emptied (TRUNCATE). When a reader held on to it, only a PASSIVE checkpoint was done.
    package var truncated: Bool
    /// Frames still in the WAL that are not in the database file yet (0 when complete; `nil` when unknown
    /// because another process was checkpointing at the same moment).
    package var pendingFrames: Int?
}

extension FlightStore {
    /// Copies the write-ahead log into the database file and empties it (`PRAGMA wal_checkpoint(TRUNCATE)`), so
    /// the `.sqlite` file alone holds every flight. Waits at most `waitSeconds` for other processes' readers and
    /// writers; if one still holds the log, does a PASSIVE checkpoint instead (copies what no reader needs) and
    /// says so in the result. Only a read-write store can checkpoint.
    @discardableResult
    package func checkpoint(waitSeconds: Double = 0.5) throws(LogbookError) -> CheckpointResult {
        guard mode == .readWrite else {
            throw LogbookError(.readOnly, "the flight database \(path) is open read-only: it cannot be checkpointed")
        }
        do {
            return try pool.writeWithoutTransaction { db in
                let connection = db.sqliteConnection
                sqlite3_busy_timeout(connection, CInt(waitSeconds * 1000))
                defer { sqlite3_busy_timeout(connection, CInt(Self.busyTimeoutSeconds * 1000)) }
                do {
                    try db.checkpoint(.truncate)
                    return CheckpointResult(complete: true, truncated: true, pendingFrames: 0)
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                    // The TRUNCATE copied what it could; a PASSIVE one tells how much is left.
                    do {
                        let passive = try db.checkpoint(.passive)
                        let pending = max(0, passive.walFrameCount - passive.checkpointedFrameCount)
                        return CheckpointResult(complete: pending == 0, truncated: false, pendingFrames: pending)
                    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                        // another one runs
                        return CheckpointResult(complete: false, truncated: false, pendingFrames: nil)
                    }
                }
            }
        } catch {
            throw LogbookError.from(error, path: path)
        }
    }
}
