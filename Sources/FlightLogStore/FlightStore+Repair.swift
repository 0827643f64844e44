import FlightLogCore
import Foundation
import GRDB

extension FlightStore {
    /// An imported flight whose file is kept (``originalFile(forFlight:)``), for ``ImportedDetailsRepair``.
    package struct ImportedFlightFile: Sendable {
        package var flightId: Int64
        /// The history names of the fields the pilot edited (on this device or in the club logbook).
        package var editedFields: Set<String>
    }

    /// Every imported flight whose file is kept, oldest first (flights imported before files were kept are left
    /// out). The files are read one at a time with ``originalFile(forFlight:)``.
    package func importedFlightFiles() throws(LogbookError) -> [ImportedFlightFile] {
        try read { db in
            let edits = try Row.fetchAll(db, sql: "SELECT flightId, field FROM flightEdit")
            var edited: [Int64: Set<String>] = [:]
            for row in edits {
                guard let id = StoredValues.integer(row, "flightId"), let field = StoredValues.text(row, "field")
                else { continue }
                edited[id, default: []].insert(field)
            }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT f.id FROM flight f JOIN recording r ON r.id = f.recordingId
                    JOIN recordingFile o ON o.recordingId = f.recordingId
                    WHERE r.kind = 'imported' ORDER BY f.takeoffTime, f.id
                    """
            ).compactMap { row in
                StoredValues.integer(row, "id").map { ImportedFlightFile(flightId: $0, editedFields: edited[$0] ?? []) }
            }
        }
    }
}
