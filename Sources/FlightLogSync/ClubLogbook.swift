import FlightLogCore
import FlightLogLogbook
import FlightLogStore
import Foundation
import Logging
import PostgresNIO

/// One connection to the club's PostgreSQL logbook, on behalf of one device. Every write is one transaction whose
/// rows are keyed by the devices' UUIDs and inserted with ON CONFLICT, so that repeating it (after a sync cut off at
/// any point) changes nothing that is already there.
package final class ClubLogbook: Sendable {
    package let url: SyncURL
    package let device: String
    let connection: PostgresConnection
    let logger: Logger
    /// The server has the contest columns (``ServerSchema/additions``): a server not yet upgraded by the admin's
    /// flightlog has not, and a glider's own login may not add them; the flights sync without their figures then.
    package let hasContest: Bool
    static let contestColumns = ["contest_km", "contest_points", "contest_index"]
    /// The server has the columns of the competition class, the declared task and the analysis (addition "class,
    /// task, analysis"); a server the admin's flightlog has not upgraded yet syncs without them.
    package let hasKept: Bool

    /// Connects, brings the server's tables up to date and registers `device`.
    /// - Throws: ``SyncError`` (unreachable, wrong password, no such database, newer server schema).
    package static func connect(url: SyncURL, password: String?, device: String, deviceName: String?)
        async throws(SyncError)
        -> ClubLogbook
    {
        let logger = Logger(label: "flightlog.sync") { _ in SwiftLogNoOpLogHandler() }
        let connection = try await ClubServer.connect(url: url, password: password, logger: logger)
        let (hasContest, hasKept) = try await ClubLogbook(
            url: url, device: device, connection: connection, logger: logger
        ).run {
            try await ServerSchema.migrate(connection, logger: logger)
            return (
                try await ServerSchema.hasColumns(Self.contestColumns, connection, logger: logger),
                try await ServerSchema.hasColumns(ClubKept.columns, connection, logger: logger)
            )
        }
        let logbook = ClubLogbook(
            url: url, device: device, connection: connection, logger: logger, hasContest: hasContest,
            hasKept: hasKept)
        _ = try await logbook.run {
            try await connection.query(
                """
                INSERT INTO device (uuid, name, last_sync) VALUES (\(UUID(uuidString: device)), \(deviceName), now())
                ON CONFLICT (uuid) DO UPDATE SET last_sync = now(), name = coalesce(excluded.name, device.name)
                """, logger: logger)
        }
        return logbook
    }

    private init(
        url: SyncURL, device: String, connection: PostgresConnection, logger: Logger, hasContest: Bool = false,
        hasKept: Bool = false
    ) {
        self.url = url
        self.device = device
        self.connection = connection
        self.logger = logger
        self.hasContest = hasContest
        self.hasKept = hasKept
    }

    package func close() async {
        try? await connection.close()
    }

    /// Runs `body` (one transaction or query), turning any error into a ``SyncError``. A server that stops
    /// answering (a network gone without a word, a server killed mid-transaction) is given up after
    /// ``deadline`` seconds: the connection is closed and the sync ends as "connection lost".
    func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws(SyncError) -> T {
        do {
            return try await Deadline.run(seconds: Self.deadline, body) { [connection] in
                // postgres-nio 1.33 was seen leaving a query on a connection the server had just closed waiting
                // for ever (a server killed mid-transaction): the closed connection ends the wait.
                try? await connection.closeFuture.get()
            } onExpiry: { [connection] in
                try? await connection.close()
            }
        } catch is Deadline.Expired {
            throw SyncError.lost(url)
        } catch {
            throw SyncError.from(error, url: url, connected: true)
        }
    }

    /// Seconds one transaction may take (a recording of a few hundred KiB over a slow mobile link fits well).
    static let deadline: Double = 120

    // MARK: - Pushing

    /// What one recording's push did on the server.
    package struct RecordingResult: Sendable, Equatable {
        /// Flights the server did not have before.
        package var newFlights: Int
    }

    /// Writes a recording, its chunks (the server keeps exactly the chunks sent), its file and its flights in one
    /// transaction, then sets each flight's edited fields to their winning edits. `beforeCommit` runs inside the
    /// transaction (tests cut the connection there).
    package func push(
        _ recording: SyncRecording, beforeCommit: @escaping @Sendable () async throws -> Void = {}
    ) async throws(SyncError) -> RecordingResult {
        try await run { [self] in
            try await connection.withTransaction(logger: logger) { c in
                let recordingId = UUID(uuidString: recording.uuid)
                try await c.query(
                    """
                    INSERT INTO recording (uuid, device_uuid, kind, file_name, sha256, recorder, created_at)
                    VALUES (\(recordingId), \(UUID(uuidString: device)), \(recording.kind), \(recording.fileName),
                        \(recording.sha256), \(recording.recorder)::jsonb, \(recording.createdAt))
                    ON CONFLICT (uuid) DO NOTHING
                    """, logger: logger)
                for chunk in recording.chunks {
                    try await c.query(
                        """
                        INSERT INTO track_chunk (recording_uuid, live, first_time, last_time, fix_count, data)
                        VALUES (\(recordingId), \(chunk.live), \(chunk.firstTime), \(chunk.lastTime), \(chunk.fixCount),
                            \(ByteBuffer(bytes: chunk.data)))
                        ON CONFLICT (recording_uuid, live, first_time) DO UPDATE
                            SET last_time = excluded.last_time, fix_count = excluded.fix_count, data = excluded.data
                            WHERE track_chunk.data IS DISTINCT FROM excluded.data
                        """, logger: logger)
                }
                // Gliders may not DELETE (that privilege would let one lock the table): a function drops chunks.
                try await c.query(
                    """
                    SELECT flightlog_keep_chunks(\(recordingId), \(recording.chunks.map(\.live)),
                        \(recording.chunks.map(\.firstTime)))
                    """, logger: logger)
                if let file = recording.originalFile {
                    try await c.query(
                        """
                        INSERT INTO recording_file (recording_uuid, bytes) VALUES (\(recordingId), \(ByteBuffer(bytes: file)))
                        ON CONFLICT (recording_uuid) DO NOTHING
                        """, logger: logger)
                }
                var newFlights = 0
                for flight in recording.flights {
                    if try await upsert(flight, recording: recordingId, on: c) { newFlights += 1 }
                    try await ServerRows.applyWinningEdits(flight: UUID(uuidString: flight.uuid), on: c, logger: logger)
                }
                try await beforeCommit()
                return RecordingResult(newFlights: newFlights)
            }
        }
    }

    /// - Returns: true when the flight is new on the server.
    private func upsert(_ flight: SyncRecording.Flight, recording: UUID?, on c: PostgresConnection) async throws -> Bool
    {
        var bindings = PostgresBindings()
        bindings.append(UUID(uuidString: flight.uuid))
        bindings.append(recording)
        bindings.append(UUID(uuidString: device))
        var names = ["uuid", "recording_uuid", "device_uuid"]
        var marks = ["$1", "$2", "$3"]
        for column in flight.columns {
            FlightColumns.bind(column.value, column: column.name, into: &bindings)
            names.append(FlightColumns.serverName(column.name))
            marks.append(FlightColumns.placeholder(marks.count + 1, column: column.name))
        }
        for (column, words) in FlightColumns.words(of: flight.columns) {
            bindings.append(words)
            names.append(column)
            marks.append("$\(marks.count + 1)")
        }
        // The server never forgets a WeGlide upload: a glider that lost it (a restored backup) sends NULL.
        let updates = names.dropFirst().map { name in
            FlightColumns.weglide.contains(name)
                ? "\(name) = coalesce(excluded.\(name), flight.\(name))" : "\(name) = excluded.\(name)"
        }.joined(separator: ", ")
        let sql = """
            INSERT INTO flight (\(names.joined(separator: ", "))) VALUES (\(marks.joined(separator: ", ")))
            ON CONFLICT (uuid) DO UPDATE SET \(updates) RETURNING (xmax = 0) AS inserted
            """
        for try await inserted in try await c.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
            .decode(Bool.self)
        {
            return inserted
        }
        return false
    }

    /// Adds edits (already there: skipped) in one transaction and sets each edited field of their flights to its
    /// winning edit. Edits of flights the server does not have are left out.
    /// - Returns: the uuids of the edits the server now holds (new or not), and how many were new.
    package func push(edits: [SyncEdit], from editor: String? = nil) async throws(SyncError) -> (
        held: [String], new: Int
    ) {
        guard !edits.isEmpty else { return ([], 0) }
        let editor = UUID(uuidString: editor ?? device)
        return try await run { [self] in
            try await connection.withTransaction(logger: logger) { c in
                // Read to the end: a row query reports a failure (e.g. the lock timeout) only with its rows.
                for try await _ in try await c.query(
                    PostgresQuery(unsafeSQL: ServerSchema.lockEdits), logger: logger)
                {}
                var known: Set<String> = []
                for try await uuid in try await c.query(
                    "SELECT uuid FROM flight WHERE uuid = ANY(\(Set(edits.map(\.flightUuid)).compactMap { UUID(uuidString: $0) }))",
                    logger: logger
                ).decode(UUID.self) {
                    known.insert(uuid.uuidString.lowercased())
                }
                var held: [String] = []
                var new = 0
                for edit in edits where known.contains(edit.flightUuid) {
                    let rows = try await c.query(
                        """
                        INSERT INTO flight_edit (uuid, flight_uuid, device_uuid, field, old_value, new_value, edited_at)
                        VALUES (\(UUID(uuidString: edit.uuid)), \(UUID(uuidString: edit.flightUuid)),
                            \(edit.deviceUuid.flatMap(UUID.init(uuidString:)) ?? editor), \(edit.field), \(edit.oldValue),
                            \(edit.newValue), \(edit.editedAt))
                        ON CONFLICT (uuid) DO NOTHING RETURNING 1
                        """, logger: logger)
                    for try await _ in rows { new += 1 }
                    held.append(edit.uuid)
                }
                for flight in known.sorted() {
                    try await ServerRows.applyWinningEdits(flight: UUID(uuidString: flight), on: c, logger: logger)
                }
                return (held, new)
            }
        }
    }

    /// Sets the contest figures of this device's flights on the server where they differ (nil: none, NULL), in one
    /// statement; flights the server does not have are left out. Nothing when the server lacks the columns.
    /// - Returns: how many flights' figures changed.
    package func push(contest: [(uuid: String, contest: ClubContest?)]) async throws(SyncError) -> Int {
        let flights = contest.compactMap { flight in UUID(uuidString: flight.uuid).map { ($0, flight.contest) } }
        guard hasContest, !flights.isEmpty else { return 0 }
        let uuids = flights.map(\.0), known = flights.map { $0.1 != nil }
        let kms = flights.map { $0.1?.km ?? 0 }, points = flights.map { $0.1?.points ?? 0 }
        let indexes = flights.map { $0.1?.index ?? 0 }
        return try await run { [self] in
            let rows = try await connection.query(
                """
                UPDATE flight f SET contest_km = v.km, contest_points = v.points, contest_index = v.idx
                FROM (SELECT uuid, CASE WHEN known THEN km END AS km, CASE WHEN known THEN points END AS points,
                        CASE WHEN known THEN idx END AS idx
                    FROM unnest(\(uuids), \(known), \(kms), \(points), \(indexes)) AS u(uuid, known, km, points, idx)
                ) v
                WHERE f.uuid = v.uuid AND f.device_uuid = \(UUID(uuidString: device))
                    AND (f.contest_km, f.contest_points, f.contest_index) IS DISTINCT FROM (v.km, v.points, v.idx)
                RETURNING f.id
                """, logger: logger)
            var changed = 0
            for try await _ in rows { changed += 1 }
            return changed
        }
    }

    /// Marks flights deleted on this device as deleted on the server (only this device's flights; the rows stay).
    /// - Returns: how many were visible before.
    package func push(deletions: [(flightUuid: String, deletedAt: UTCMillis)]) async throws(SyncError) -> Int {
        guard !deletions.isEmpty else { return 0 }
        let me = UUID(uuidString: device)
        return try await run { [self] in
            try await connection.withTransaction(logger: logger) { c in
                var hidden = 0
                for deletion in deletions {
                    let rows = try await c.query(
                        """
                        UPDATE flight SET deleted_at = \(deletion.deletedAt)
                        WHERE uuid = \(UUID(uuidString: deletion.flightUuid)) AND device_uuid = \(me) AND deleted_at IS NULL
                        RETURNING 1
                        """, logger: logger)
                    for try await _ in rows { hidden += 1 }
                }
                return hidden
            }
        }
    }

    // MARK: - Pulling

    /// Edits of this device's flights made elsewhere, after server sequence number `cursor`, in sequence order.
    /// - Returns: the edits and the sequence number to continue after.
    package func edits(after cursor: Int64, limit: Int = 1000) async throws(SyncError) -> (
        edits: [SyncEdit], cursor: Int64
    ) {
        let me = UUID(uuidString: device)
        return try await run { [self] in
            var edits: [SyncEdit] = []
            var last = cursor
            let rows = try await connection.query(
                """
                SELECT e.uuid, e.flight_uuid, e.device_uuid, e.field, e.old_value, e.new_value, e.edited_at, e.seq
                FROM flight_edit e JOIN flight f ON f.uuid = e.flight_uuid
                WHERE f.device_uuid = \(me) AND e.device_uuid <> \(me) AND e.seq > \(cursor)
                ORDER BY e.seq LIMIT \(limit)
                """, logger: logger)
            for try await (uuid, flight, editor, field, old, new, at, seq) in rows.decode(
                (UUID, UUID, UUID, String, String?, String?, Int64, Int64).self)
            {
                edits.append(
                    SyncEdit(
                        pulled: uuid, flight: flight, device: editor, field: field, oldValue: old, newValue: new,
                        editedAt: at))
                last = seq
            }
            return (edits, last)
        }
    }
}
