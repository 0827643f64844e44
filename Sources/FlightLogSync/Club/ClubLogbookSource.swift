import FlightLogAirspace
import FlightLogAnalysis
import FlightLogCore
import FlightLogLogbook
import Foundation
import PostgresNIO

/// The club logbook as one login sees it (``LogbookSource``): an admin every flight, a pilot the flights where
/// they are the pilot or the second person; neither sees a flight deleted on its glider. Every method keeps to
/// that: another pilot's flight is `.notFound`, exactly as an id that does not exist. Flight ids are the server's
/// (`flight.id`). A flight's analysis is the one its glider synced while that is current for the flight as the club
/// holds it; else it is computed from the club's copy of the track once, and kept in memory for the next views
/// (``analysis(forFlight:)``).
package struct ClubLogbookSource: LogbookSource {
    let logbook: ClubWebLogbook
    package let account: ClubAccount

    /// The flights of ``account`` (with `filter`'s conditions) over `flight f JOIN recording r`.
    private func query(_ filter: FlightFilter = FlightFilter()) -> ServerQuery {
        var query = ServerQuery()
        query.add("f.deleted_at IS NULL")  // deleted on its glider (`flightlog delete`, then sync)
        query.restrict(to: account)
        query.add(filter)
        return query
    }

    /// The query for flight `id` alone, if ``account`` may see it.
    private func query(id: Int64) -> ServerQuery { query(FlightFilter(ids: [id])) }

    private static let from = "FROM flight f JOIN recording r ON r.uuid = f.recording_uuid"

    package func flights(matching filter: FlightFilter, newestFirst: Bool, limit: Int?, offset: Int)
        async throws(LogbookError) -> [Flight]
    {
        var paged = query(filter)
        let order = newestFirst ? "DESC" : "ASC"
        let page = "LIMIT \(paged.bind(optional: limit.map(Int64.init))) OFFSET \(paged.bind(Int64(max(0, offset))))"
        let query = paged
        let sql = """
            SELECT \(ServerRows.flightColumns.sql) \(Self.from) WHERE \(query.condition)
            ORDER BY f.takeoff_time \(order), f.id \(order) \(page)
            """
        return try await logbook.withConnection { [logger = logbook.logger] c in
            var flights: [Flight] = []
            for try await row in try await c.query(query.query(sql), logger: logger) {
                flights.append(try ServerRows.flight(row))
            }
            return flights
        }
    }

    package func totals(matching filter: FlightFilter) async throws(LogbookError) -> FlightTotals {
        let query = query(filter)
        let sql = """
            SELECT count(*), coalesce(sum(f.launches), 0)::bigint, coalesce(sum(greatest(0, f.landing_time - f.takeoff_time) / 60000), 0)::bigint * 60000
            FROM flight f WHERE \(query.condition)
            """
        return try await logbook.withConnection { [logger = logbook.logger] c in
            for try await row in try await c.query(query.query(sql), logger: logger).decode((Int64, Int64, Int64).self)
            {
                return FlightTotals(row: row)
            }
            return FlightTotals()
        }
    }

    package func flight(id: Int64) async throws(LogbookError) -> Flight {
        let query = query(id: id)
        return try await logbook.withConnection { [logger = logbook.logger] c in
            for try await row in try await c.query(
                query.query("SELECT \(ServerRows.flightColumns.sql) \(Self.from) WHERE \(query.condition)"),
                logger: logger)
            {
                return try ServerRows.flight(row)
            }
            throw LogbookError.notFound(id)
        }
    }

    /// The contest distances the gliders synced (``ClubContest``) of those of `flights` this login sees: the club
    /// list's contest column. A flight synced without them (not analysed on its glider) has none and shows "—";
    /// nil when the server has no contest columns. A value no analysis gives (``ClubContest/checked``) is left
    /// out too: that flight shows "—" on its own line, and the other flights list as ever.
    package func storedContestSummaries(of flights: [Flight]) async throws(LogbookError) -> [Int64: ContestSummary]? {
        let query = query(FlightFilter(ids: flights.compactMap(\.id)))
        return try await logbook.withConnection { [logger = logbook.logger] c -> [Int64: ContestSummary]? in
            guard try await ServerSchema.hasColumns(ClubLogbook.contestColumns, c, logger: logger) else { return nil }
            let sql = """
                SELECT f.id, f.contest_km, f.contest_points, f.contest_index FROM flight f WHERE \(query.condition)
                """
            var summaries: [Int64: ContestSummary] = [:]
            for try await (id, km, points, index) in try await c.query(query.query(sql), logger: logger).decode(
                (Int64, Double?, Double?, Double?).self)
            {
                guard let contest = try? ClubContest.checked(flight: id, km: km, points: points, index: index) else {
                    continue
                }
                summaries[id] = ContestSummary(freeSixMeters: contest.km * 1000, engineSeconds: nil)
            }
            return summaries
        }
    }

    package func track(forFlight id: Int64) async throws(LogbookError) -> Track {
        let query = query(id: id)
        return try await logbook.withConnection { [logger = logbook.logger] c in
            let sql = """
                SELECT f.recording_uuid, f.takeoff_time, f.landing_time, r.recorder::text \(Self.from)
                WHERE \(query.condition)
                """
            for try await (recording, takeoff, landing, recorder) in try await c.query(query.query(sql), logger: logger)
                .decode((UUID, Int64, Int64, String).self)
            {
                let (from, to) = (takeoff - 60_000, landing + 60_000)
                var fixes: [Fix] = []
                for try await data in try await c.query(
                    """
                    SELECT data FROM track_chunk
                    WHERE recording_uuid = \(recording) AND first_time <= \(to) AND last_time >= \(from)
                    ORDER BY first_time
                    """, logger: logger
                ).decode(ByteBuffer.self) {
                    fixes += try Self.fixes(data, flight: id).filter { $0.time >= from && $0.time <= to }
                }
                return Track(recorder: try Self.recorder(recorder, flight: id), fixes: fixes)
            }
            throw LogbookError.notFound(id)
        }
    }

    package func history(id: Int64) async throws(LogbookError) -> [FieldChange] {
        let query = query(id: id)
        return try await logbook.withConnection { [logger = logbook.logger] c in
            guard let uuid = try await Self.uuid(query, on: c, logger: logger) else { throw LogbookError.notFound(id) }
            var changes: [FieldChange] = []
            for try await (field, old, new, at) in try await c.query(
                """
                SELECT field, old_value, new_value, edited_at FROM flight_edit WHERE flight_uuid = \(uuid)
                ORDER BY edited_at, seq
                """, logger: logger
            ).decode((String, String?, String?, Int64).self) {
                changes.append(FieldChange(field: field, oldValue: old, newValue: new, editedAt: at))
            }
            return changes
        }
    }

    /// An imported flight's own file byte for byte; else one written from the track, unsigned (the server holds
    /// no glider's key), its flight number counted among the same glider's flights of that UTC day.
    package func igcFile(flightId id: Int64) async throws(LogbookError) -> IGCExport {
        let query = query(id: id)
        let sql = """
            SELECT r.file_name, o.bytes, (SELECT count(*) FROM flight g WHERE g.recording_uuid = f.recording_uuid
                AND g.deleted_at IS NULL)
            \(Self.from) LEFT JOIN recording_file o ON o.recording_uuid = f.recording_uuid WHERE \(query.condition)
            """
        let original = try await logbook.withConnection { [logger = logbook.logger] c -> IGCExport? in
            for try await (name, bytes, flights) in try await c.query(query.query(sql), logger: logger).decode(
                (String?, ByteBuffer?, Int64).self)
            {
                guard let bytes else { return nil }
                return IGCExportParts.original(
                    fileName: name ?? "flight-\(id).igc", bytes: Array(buffer: bytes), flights: Int(flights),
                    flightId: id)
            }
            throw LogbookError.notFound(id)
        }
        if let original { return original }
        let flight = try await flight(id: id)
        guard flight.hasTrack else { throw .noTrack(id, export: "IGC") }
        let track = try await track(forFlight: id)
        let number = try await flightNumberOfDay(id: id, takeoff: flight.takeoffTime)
        return IGCExportParts.written(
            flight, track: track, serial: IGCExportParts.serial(track: track, config: logbook.config),
            flightNumberOfDay: number, signer: nil)
    }

    /// IGC `NN`: 1 + the same glider's flights that took off earlier on the same UTC date.
    private func flightNumberOfDay(id: Int64, takeoff: UTCMillis) async throws(LogbookError) -> Int {
        let dayStart = takeoff - ((takeoff % 86_400_000) + 86_400_000) % 86_400_000
        return try await logbook.withConnection { [logger = logbook.logger] c in
            for try await earlier in try await c.query(
                """
                SELECT count(*) FROM flight g JOIN flight f ON g.device_uuid = f.device_uuid
                WHERE f.id = \(id) AND g.takeoff_time >= \(dayStart) AND g.takeoff_time < f.takeoff_time
                    AND g.deleted_at IS NULL
                """, logger: logger
            ).decode(Int64.self) {
                return 1 + Int(earlier)
            }
            return 1
        }
    }

    /// Adds each changed field to the history as an edit by the "club web" device (under the lock
    /// `flightlog sync` takes for edits, so the gliders pull it in order) and sets the flight's fields to the
    /// winning edits: a later edit made on a glider still wins, as it does in sync.
    /// When the flight no longer holds `base`, nothing is written (`.changedElsewhere`): the compare is made on the
    /// row locked FOR UPDATE, in the transaction that writes.
    package func updateDetails(
        id: Int64, to details: FlightDetails, editedAt: UTCMillis, base: FlightDetails?
    ) async throws(LogbookError) -> [FieldChange] {
        let query = query(id: id)
        return try await logbook.withTransaction { [logger = logbook.logger] c in
            // Read to the end: a row query reports a failure (e.g. the lock timeout) only with its rows.
            for try await _ in try await c.query(
                PostgresQuery(unsafeSQL: ServerSchema.lockEdits), logger: logger)
            {}
            let columns = ColumnList(["f.uuid"] + ServerRows.detailColumns)
            let sql = "SELECT \(columns.sql) FROM flight f WHERE \(query.condition) FOR UPDATE"
            var found: (uuid: UUID, details: FlightDetails)?
            for try await row in try await c.query(query.query(sql), logger: logger) {
                let cells = ServerRows.Cells(row, columns)
                found = (try cells("f.uuid", as: UUID.self), try ServerRows.details(cells))
            }
            guard let found else { throw LogbookError.notFound(id) }
            if let base, base != found.details { throw LogbookError.changedElsewhere(id) }
            let changes = found.details.changes(to: details, editedAt: editedAt)
            for change in changes {
                try await c.query(
                    """
                    INSERT INTO flight_edit (uuid, flight_uuid, device_uuid, field, old_value, new_value, edited_at)
                    VALUES (\(UUID()), \(found.uuid), \(ClubWebLogbook.webDevice), \(change.field), \(change.oldValue),
                        \(change.newValue), \(change.editedAt))
                    """, logger: logger)
            }
            if !changes.isEmpty { try await ServerRows.applyWinningEdits(flight: found.uuid, on: c, logger: logger) }
            return changes
        }
    }

    /// The flight's analysis: the one its glider synced (column `analysis`) when it is current for the flight as
    /// the club holds it (an edit on the web of the glider type changes the index, of a time the window); else
    /// computed from the club's copy of its track within the work budget and kept in the logbook's
    /// ``AnalysisCache`` (shared by every login, each view checked against this login's flights first). nil for a
    /// flight without a track.
    package func analysis(forFlight id: Int64) async throws(LogbookError) -> FlightAnalysis? {
        let flight = try await flight(id: id)
        guard FlightAnalysis.isAnalysable(flight) else { return nil }
        let track = try await track(forFlight: id)
        let inputs = FlightAnalysis.inputs(of: flight, fixCount: track.fixes.count, glider: OwnGlider())
        if let synced = try await kept(id: id, column: "analysis").flatMap(ClubKept.analysis),
            synced.isCurrent(for: inputs)
        {
            return synced
        }
        return await logbook.analysisCache.analysis(key: id, inputs: inputs) {
            FlightAnalysis.compute(flight: flight, track: track, glider: OwnGlider())
        }
    }

    /// The flight's original file (an imported flight's) and the task its glider declared it with (column
    /// `declared_task`; nil when the server has none or it cannot be read).
    package func taskSources(forFlight id: Int64) async throws(LogbookError) -> (
        originalFile: [UInt8]?, declared: FlightTask?
    ) {
        let file = try await igcFile(flightId: id)
        let declared = ClubKept.task(try await kept(id: id, column: "declared_task"))
        return (file.isOriginal ? file.bytes : nil, declared)
    }

    /// The task that counts for `flight` scored on `fixes`, as on the glider (the PDF report).
    package func taskReport(for flight: Flight, fixes: [Fix]) async throws(LogbookError) -> FlightTaskReport? {
        guard flight.hasTrack, let id = flight.id else { return nil }
        let inputs = try await taskSources(forFlight: id)
        return FlightTaskReport.of(flight, fixes: fixes, originalFile: inputs.originalFile, declared: inputs.declared)
            .report
    }

    /// One `jsonb` column of kept values (``ClubKept/columns``) of flight `id` as text, if this login sees the
    /// flight; nil when it is NULL, or the server lacks the column (not upgraded).
    private func kept(id: Int64, column: String) async throws(LogbookError) -> String? {
        let query = query(id: id)
        return try await logbook.withConnection { [logger = logbook.logger] c -> String? in
            guard try await ServerSchema.hasColumns([column], c, logger: logger) else { return nil }
            let sql = "SELECT f.\(column)::text FROM flight f WHERE \(query.condition)"
            for try await text in try await c.query(query.query(sql), logger: logger).decode(String?.self) {
                return text
            }
            return nil
        }
    }

    /// The club's airspace (`flightlog airspace import FILE --database postgres://…`), the same for every login.
    package func airspaces() async throws(LogbookError) -> [Airspace] { try await logbook.airspaces() }

    /// The uuid of the flight `query` selects, if any.
    private static func uuid(_ query: ServerQuery, on c: PostgresConnection, logger: Logger) async throws -> UUID? {
        for try await uuid in try await c.query(
            query.query("SELECT f.uuid FROM flight f WHERE \(query.condition)"), logger: logger
        ).decode(UUID.self) {
            return uuid
        }
        return nil
    }

    private static func fixes(_ data: ByteBuffer, flight id: Int64) throws(LogbookError) -> [Fix] {
        do { return try TrackCodec.decode(data.readableBytesView) } catch {
            throw LogbookError(.corrupt, "the club logbook holds a damaged track of flight \(id): \(error)")
        }
    }

    private static func recorder(_ json: String, flight id: Int64) throws(LogbookError) -> RecorderInfo {
        do { return try RecorderInfo(json: json) } catch {
            throw LogbookError(.corrupt, "the club logbook holds unreadable recorder details of flight \(id)")
        }
    }
}
