import FlightLogCore
import GRDB

/// One flight as an IGC file. An imported flight gets the file it came from, unchanged (what a
/// recorder signed comes back out byte for byte), unless `rebuild`; otherwise the file is written the same way
/// for `flightlog export --igc` and `flightlog serve`: headers from the logbook details and the recorder,
/// comment lines (import origin, second person's role, launch), the recorder serial, the flight number of its
/// UTC day, the standard long file name, and the fixes from 60 s before takeoff to 60 s after landing. A
/// recorded flight's faults (``RecordingFaults``) become `LXFLGPS LOST 101500-101630` lines where they end,
/// among the B records; an imported flight gets none (its own records stay as they were). A recorded flight's
/// declared task (``FlightStore/declaredTask(forFlight:)``), or the declaration that counts in an imported flight's
/// own file (``IGCExportParts/declaration(_:recorded:originalFile:)``), becomes its C records. `signer` gives the
/// device key's signer (FlightLogSecurity), asked only when a file is written (an original needs no key);
/// `nil` writes the file unsigned.
/// - Throws: `LogbookError` (`.notFound` for an unknown id, `.noTrack` for a flight entered by hand).
package func igcExport(
    flightId id: Int64, store: FlightStore, config: FlightLogConfig, rebuild: Bool = false,
    signer: () -> IGCSigner?
) throws(LogbookError) -> IGCExport {
    if !rebuild, let original = try originalIGCExport(flightId: id, store: store) { return original }
    let flight = try store.flight(id: id)
    guard flight.hasTrack else { throw .noTrack(id, export: "IGC") }
    let track = try store.track(forFlight: id)
    return IGCExportParts.written(
        flight, track: track, serial: IGCExportParts.serial(track: track, config: config),
        flightNumberOfDay: try IGCExportParts.flightNumberOfDay(flight, store: store),
        task: IGCExportParts.declaration(
            flight, recorded: try store.declaredTask(forFlight: id),
            originalFile: try store.originalFile(forFlight: id)?.bytes),
        signer: signer())
}

/// The file an imported flight came from, byte for byte; nil for a recorded flight (or one imported before files
/// were kept).
private func originalIGCExport(flightId id: Int64, store: FlightStore) throws(LogbookError) -> IGCExport? {
    try store.originalFile(forFlight: id).map {
        IGCExportParts.original(fileName: $0.fileName, bytes: $0.bytes, flights: $0.flights, flightId: id)
    }
}

extension IGCExportParts {
    /// IGC `NN`: 1 + flights that took off earlier on the same UTC date.
    package static func flightNumberOfDay(_ flight: Flight, store: FlightStore) throws(LogbookError) -> Int {
        let day = CivilDateTime(utc: flight.takeoffTime).date
        let around = FlightFilter(since: day.adding(days: -1), until: day.adding(days: 1))
        return 1
            + (try store.flights(matching: around)).filter {
                CivilDateTime(utc: $0.takeoffTime).date == day && $0.takeoffTime < flight.takeoffTime
            }.count
    }
}

extension FlightStore {
    /// Every flight's UUID by its id (the USB stick remembers flights by UUID).
    package func flightUUIDs() throws(LogbookError) -> [Int64: String] {
        try read { db in
            var uuids: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, uuid FROM flight") {
                // An unreadable UUID (a hand edit): the stick remembers the flight by its id instead.
                if let uuid = StoredValues.text(row, "uuid") { uuids[row["id"]] = uuid }
            }
            return uuids
        }
    }
}
