import FlightLogAirspace
import FlightLogAnalysis
import FlightLogCore
import FlightLogLogbook
import Foundation
import Synchronization

/// This glider's SQLite logbook as a ``LogbookSource``: views read through a read-only store; an edit opens the file
/// for writing on first use (so viewing never blocks flightlogd).
package final class LocalLogbookSource: LogbookSource {
    package let databasePath: String
    let config: FlightLogConfig
    /// ``igcFile(flightId:)`` writes our own file even for an imported flight (`flightlog export --igc --rebuild`).
    let rebuildIGC: Bool
    /// The device key's IGC signer, asked when a file is written (``igcExport(flightId:store:config:rebuild:signer:)``).
    let signer: @Sendable () -> IGCSigner?
    private let readStore: OpenOnce
    /// The parsed airspace files, kept between pages of `flightlog serve`.
    package let airspaceCache = AirspaceCache()
    private let writeStore: OpenOnce

    package init(
        databasePath: String, config: FlightLogConfig, rebuildIGC: Bool = false,
        signer: @escaping @Sendable () -> IGCSigner?
    ) {
        self.databasePath = databasePath
        self.config = config
        self.rebuildIGC = rebuildIGC
        self.signer = signer
        self.readStore = OpenOnce(path: databasePath, mode: .readOnly)
        self.writeStore = OpenOnce(path: databasePath, mode: .readWrite)
    }

    /// The read-only store, opened on first use (the database may appear after the server started).
    package func store() throws(LogbookError) -> FlightStore { try readStore.get() }

    /// The read-only store, or `nil` while there is no database yet.
    package func storeIfPresent() throws(LogbookError) -> FlightStore? {
        do {
            return try store()
        } catch {
            if error.code == .missingDatabase { return nil }
            throw error
        }
    }

    package func flights(matching filter: FlightFilter, newestFirst: Bool, limit: Int?, offset: Int)
        async throws(LogbookError) -> [Flight]
    {
        guard let db = try storeIfPresent() else { return [] }
        return try db.flights(matching: filter, newestFirst: newestFirst, limit: limit, offset: offset)
    }

    package func totals(matching filter: FlightFilter) async throws(LogbookError) -> FlightTotals {
        guard let db = try storeIfPresent() else { return FlightTotals() }
        return try db.totals(matching: filter)
    }

    package func flight(id: Int64) async throws(LogbookError) -> Flight { try store().flight(id: id) }

    package func track(forFlight id: Int64) async throws(LogbookError) -> Track { try store().track(forFlight: id) }

    package func history(id: Int64) async throws(LogbookError) -> [FieldChange] { try store().history(id: id) }

    package func igcFile(flightId id: Int64) async throws(LogbookError) -> IGCExport {
        try igcExport(flightId: id, store: store(), config: config, rebuild: rebuildIGC, signer: signer)
    }

    /// The store's analysis (``FlightStore/analysis(forFlight:glider:keep:)``): the stored one, or computed and then
    /// stored when this process may write the logbook (`flightlog serve` as flightlogd's user); otherwise computed
    /// on each view. A failed store costs only the next view's compute, never the page.
    package func analysis(forFlight id: Int64) async throws(LogbookError) -> FlightAnalysis? {
        let reader = try store()
        guard FlightAnalysis.isAnalysable(try reader.flight(id: id)) else { return nil }
        return try reader.analysis(forFlight: id, glider: config.ownGlider) { [writeStore, databasePath] analysis in
            guard FlightStore.isWritable(databasePath) else { return }
            _ = try? writeStore.get().store(analysis, forFlight: id)
        }
    }

    package func taskReport(for flight: Flight, fixes: [Fix]) async throws(LogbookError) -> FlightTaskReport? {
        try store().taskReport(for: flight, fixes: fixes).report
    }

    package func storedContestSummaries(of flights: [Flight]) async throws(LogbookError) -> [Int64: ContestSummary]? {
        guard let db = try storeIfPresent() else { return [:] }
        return try db.storedContestSummaries(of: flights)
    }

    /// The logbook's airspace files, parsed once and kept until they change (``AirspaceCache``).
    package func airspaces() async throws(LogbookError) -> [Airspace] {
        guard let db = try storeIfPresent() else { return [] }
        return try db.airspaces(cache: airspaceCache)
    }

    /// The flight's original file (an imported flight's) and the task it was declared with (a recorded one's).
    package func taskSources(forFlight id: Int64) async throws(LogbookError) -> (
        originalFile: [UInt8]?, declared: FlightTask?
    ) {
        let db = try store()
        return (try db.originalFile(forFlight: id)?.bytes, try db.declaredTask(forFlight: id))
    }

    package func updateDetails(
        id: Int64, to details: FlightDetails, editedAt: UTCMillis, base: FlightDetails?
    ) async throws(LogbookError) -> [FieldChange] {
        try writeStore.get().updateDetails(id: id, to: details, editedAt: editedAt, base: base)
    }

    package func updateDetails(
        id: Int64, to details: FlightDetails, editedAt: UTCMillis, base: FlightDetails?, landingAtField: Bool
    ) async throws(LogbookError) -> [FieldChange] {
        try writeStore.get().updateDetails(
            id: id, to: details, editedAt: editedAt, base: base, landingAtField: landingAtField)
    }
}

/// A store opened on first use and kept (a failed open is retried next time).
private final class OpenOnce: Sendable {
    private let store = Mutex<FlightStore?>(nil)
    let path: String
    let mode: StoreMode

    init(path: String, mode: StoreMode) {
        self.path = path
        self.mode = mode
    }

    func get() throws(LogbookError) -> FlightStore {
        try store.withLock { (store) throws(LogbookError) -> FlightStore in
            if let store { return store }
            let opened = try FlightStore(path: path, mode: mode)
            store = opened
            return opened
        }
    }
}
