import FlightLogAirspace
import FlightLogAnalysis
import FlightLogCore

/// Where `flightlog serve` reads and edits flights: this glider's SQLite file (``LocalLogbookSource``) or the club's
/// PostgreSQL logbook (FlightLogSync's `ClubLogbookSource`). The web pages, filters, downloads and PDFs are the same
/// for both.
///
/// A source is bound to one viewer. The club's source for a pilot sees only that pilot's flights: any other id is
/// `.notFound`, exactly like an id that does not exist, and no filter reaches past it. Errors are ``LogbookError``s whose
/// message says what to do (`.notFound`, `.noTrack`, `.cannotOpen` when the database is unreachable).
package protocol LogbookSource: Sendable {
    /// Flights matching `filter`, by takeoff time (oldest first unless `newestFirst`), `limit` of them from `offset`.
    func flights(matching filter: FlightFilter, newestFirst: Bool, limit: Int?, offset: Int) async throws(LogbookError)
        -> [Flight]
    /// Number of flights, of launches, and the summed flight time in ms.
    func totals(matching filter: FlightFilter) async throws(LogbookError) -> FlightTotals
    func flight(id: Int64) async throws(LogbookError) -> Flight
    /// The fixes from takeoff − 60 s to landing + 60 s, with the recorder info.
    func track(forFlight id: Int64) async throws(LogbookError) -> Track
    /// The flight's edits, oldest first.
    func history(id: Int64) async throws(LogbookError) -> [FieldChange]
    /// The flight as an IGC file, by ``igcExport(flightId:store:config:rebuild:signer:)``'s rules: an imported
    /// flight's own file byte for byte, else one written from the track (signed where the device key is at hand).
    func igcFile(flightId id: Int64) async throws(LogbookError) -> IGCExport
    /// Replaces the flight's logbook details, adding each changed field to its history; never touches the track.
    /// When the flight no longer holds `base` (the details the new ones were made from), nothing is written and
    /// `.changedElsewhere` is thrown; the compare and the write are one transaction.
    /// - Returns: the changes (empty when nothing differed).
    func updateDetails(id: Int64, to details: FlightDetails, editedAt: UTCMillis, base: FlightDetails?)
        async throws(LogbookError) -> [FieldChange]
    /// ``updateDetails(id:to:editedAt:base:)``, where `landingAtField` says the new landing place names a known
    /// airfield (the form looked it up): the flight landed at a field, not out, whatever the track's end is nearest
    /// to (the pilot's word wins, as with `flightlog edit`). The default ignores it.
    func updateDetails(
        id: Int64, to details: FlightDetails, editedAt: UTCMillis, base: FlightDetails?, landingAtField: Bool
    ) async throws(LogbookError) -> [FieldChange]
    /// The flight's analysis (contest routes, thermals, glides, engine runs); nil for a flight without a track.
    /// The default computes it from ``track(forFlight:)`` on every call; a source that can keep it does.
    func analysis(forFlight id: Int64) async throws(LogbookError) -> FlightAnalysis?
    /// The contest summaries of `flights` that have a current stored analysis (none is computed); nil when the
    /// source keeps no analyses at all (the logbook PDF then has no contest column).
    func storedContestSummaries(of flights: [Flight]) async throws(LogbookError) -> [Int64: ContestSummary]?
    /// The imported airspace (`flightlog airspace import`, with `--database postgres://…` the club's), for
    /// infringements and the map; the default has none.
    func airspaces() async throws(LogbookError) -> [Airspace]
    /// What the flight's task is read from (docs/TASKS.md, "In show"): its original IGC file, and the task it was
    /// declared with when it was recorded here. The default: an imported flight's own file, no declared task.
    func taskSources(forFlight id: Int64) async throws(LogbookError) -> (originalFile: [UInt8]?, declared: FlightTask?)
    /// The task that counts for `flight` scored on `fixes` (its track), for the PDF report; the default has none
    /// (the club's logbook keeps no task yet).
    func taskReport(for flight: Flight, fixes: [Fix]) async throws(LogbookError) -> FlightTaskReport?
}

/// `count(*)`, `sum(launches)` and the summed flight time of some flights.
package struct FlightTotals: Sendable, Equatable {
    package var flights = 0
    package var launches = 0
    package var durationMillis: Int64 = 0

    /// No flights.
    package init() {}

    /// The totals in a logbook's row: `count(*)`, the launches and the flight time in ms, as its query sums them.
    package init(row: (flights: Int64, launches: Int64, durationMillis: Int64)) {
        (flights, launches, durationMillis) = (Int(row.flights), Int(row.launches), row.durationMillis)
    }
}

extension LogbookSource {
    /// A source that keeps no analyses has no stored contest distances (its logbook PDF has no contest column).
    package func storedContestSummaries(of flights: [Flight]) async throws(LogbookError) -> [Int64: ContestSummary]? {
        nil
    }

    package func airspaces() async throws(LogbookError) -> [Airspace] { [] }

    package func taskSources(forFlight id: Int64) async throws(LogbookError) -> (
        originalFile: [UInt8]?, declared: FlightTask?
    ) {
        let file = try await igcFile(flightId: id)
        return (file.isOriginal ? file.bytes : nil, nil)
    }
    package func taskReport(for flight: Flight, fixes: [Fix]) async throws(LogbookError) -> FlightTaskReport? { nil }

    package func updateDetails(
        id: Int64, to details: FlightDetails, editedAt: UTCMillis, base: FlightDetails?, landingAtField: Bool
    ) async throws(LogbookError) -> [FieldChange] {
        try await updateDetails(id: id, to: details, editedAt: editedAt, base: base)
    }

    /// Replaces the flight's logbook details whatever they are now (see the requirement).
    package func updateDetails(id: Int64, to details: FlightDetails, editedAt: UTCMillis) async throws(LogbookError)
        -> [FieldChange]
    {
        try await updateDetails(id: id, to: details, editedAt: editedAt, base: nil)
    }

    package func analysis(forFlight id: Int64) async throws(LogbookError) -> FlightAnalysis? {
        let flight = try await flight(id: id)
        guard FlightAnalysis.isAnalysable(flight) else { return nil }
        return FlightAnalysis.compute(flight: flight, track: try await track(forFlight: id), glider: OwnGlider())
    }

    /// Every flight matching `filter`, oldest first.
    package func flights(matching filter: FlightFilter) async throws(LogbookError) -> [Flight] {
        try await flights(matching: filter, newestFirst: false, limit: nil, offset: 0)
    }
}
