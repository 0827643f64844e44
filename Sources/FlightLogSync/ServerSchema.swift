import Logging
import PostgresNIO

/// The club logbook's tables in PostgreSQL, as numbered migrations (a shipped one is never edited; changes are new
/// ones). `flightlog_schema` lists the versions applied. Many gliders may sync at once: migrating runs under a
/// session advisory lock, so exactly one of them creates or upgrades the tables and the others then find them.
///
/// Times are UTC milliseconds since 1970 as on the glider (`bigint`); ids are the gliders' UUIDs; a track is the
/// gliders' TrackCodec blobs, byte for byte, in `track_chunk`, apart from the flights.
enum ServerSchema {
    /// Key of the advisory lock held while migrating ("flightlog" in ASCII, shortened).
    static let migrationLock: Int64 = 0x666c_6967_6874_6c01
    /// Key of the transaction advisory lock versions 1 to 6 held while edits are inserted, to keep `flight_edit.seq`
    /// in commit order (so a glider that pulled up to seq N never misses an edit committed later with a smaller
    /// number). Version 7 replaced it with ``lockEdits``, which no login can hold outside a transaction.
    static let editLock: Int64 = 0x666c_6967_6874_6c02

    static let migrations: [(version: Int32, name: String, statements: [String])] = [
        (
            1, "devices, recordings, track chunks, files, flights, edits",
            [
                """
                CREATE TABLE device (
                    uuid uuid PRIMARY KEY,
                    name text,                      -- host name of the Pi, or e.g. "club web"
                    first_seen timestamptz NOT NULL DEFAULT now(),
                    last_sync timestamptz
                )
                """,
                """
                CREATE TABLE recording (
                    uuid uuid PRIMARY KEY,
                    device_uuid uuid NOT NULL REFERENCES device(uuid),
                    kind text NOT NULL,             -- recorded, imported, manual
                    file_name text,
                    sha256 text,
                    recorder jsonb NOT NULL,
                    created_at bigint NOT NULL
                )
                """,
                "CREATE INDEX recording_device ON recording(device_uuid)",
                "CREATE INDEX recording_sha256 ON recording(sha256) WHERE sha256 IS NOT NULL",
                """
                CREATE TABLE track_chunk (
                    recording_uuid uuid NOT NULL REFERENCES recording(uuid) ON DELETE CASCADE,
                    live boolean NOT NULL,          -- from the glider's liveChunk table (not compacted yet)
                    first_time bigint NOT NULL,
                    last_time bigint NOT NULL,
                    fix_count integer NOT NULL,
                    data bytea NOT NULL,
                    PRIMARY KEY (recording_uuid, live, first_time)
                )
                """,
                // The blobs are compressed already: stored out of line without another compression attempt.
                "ALTER TABLE track_chunk ALTER COLUMN data SET STORAGE EXTERNAL",
                """
                CREATE TABLE recording_file (
                    recording_uuid uuid PRIMARY KEY REFERENCES recording(uuid) ON DELETE CASCADE,
                    bytes bytea NOT NULL
                )
                """,
                """
                CREATE TABLE flight (
                    uuid uuid PRIMARY KEY,
                    recording_uuid uuid NOT NULL REFERENCES recording(uuid),
                    device_uuid uuid NOT NULL REFERENCES device(uuid),
                    takeoff_time bigint NOT NULL,
                    landing_time bigint NOT NULL,
                    takeoff_latitude double precision NOT NULL,
                    takeoff_longitude double precision NOT NULL,
                    landing_latitude double precision NOT NULL,
                    landing_longitude double precision NOT NULL,
                    release_time bigint,
                    max_altitude double precision,
                    takeoff_altitude double precision,
                    max_distance_from_takeoff double precision NOT NULL,
                    path_length double precision NOT NULL,
                    has_barometer boolean NOT NULL,
                    time_zone_identifier text,
                    utc_offset_seconds integer NOT NULL,
                    local_date date NOT NULL,       -- at the takeoff place
                    pilot text,
                    second_person text,
                    second_person_role text,
                    glider_type text,
                    registration text,
                    competition_id text,
                    launch_method text NOT NULL,
                    release_height double precision,
                    takeoff_place text,
                    landing_place text,
                    remarks text,
                    pilot_key text,                 -- search keys as on the glider (case and accents folded)
                    second_person_key text,
                    glider_type_key text,
                    registration_key text,
                    takeoff_place_code text,
                    takeoff_place_name text,
                    takeoff_place_distance double precision,
                    takeoff_place_bearing double precision,
                    takeoff_outlanding boolean,
                    takeoff_place_zone text,
                    landing_place_code text,
                    landing_place_name text,
                    landing_place_distance double precision,
                    landing_place_bearing double precision,
                    landing_outlanding boolean,
                    landing_place_zone text,
                    owner_role text,
                    launches integer NOT NULL DEFAULT 1
                )
                """,
                "CREATE INDEX flight_local_date ON flight(local_date)",
                "CREATE INDEX flight_pilot ON flight(pilot_key, local_date)",
                "CREATE INDEX flight_glider_type ON flight(glider_type_key, local_date)",
                "CREATE INDEX flight_registration ON flight(registration_key, local_date)",
                "CREATE INDEX flight_device ON flight(device_uuid, takeoff_time)",
                "CREATE INDEX flight_recording ON flight(recording_uuid)",
                """
                CREATE TABLE flight_edit (
                    uuid uuid PRIMARY KEY,
                    flight_uuid uuid NOT NULL REFERENCES flight(uuid) ON DELETE CASCADE,
                    device_uuid uuid NOT NULL REFERENCES device(uuid),
                    field text NOT NULL,
                    old_value text,
                    new_value text,
                    edited_at bigint NOT NULL,
                    seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE  -- gliders pull edits after the last seq they saw
                )
                """,
                "CREATE INDEX flight_edit_flight ON flight_edit(flight_uuid, field)",
            ]
        ),
        (
            2, "short flight ids, second person and takeoff indexes, club web logins",
            [
                // Numbers for the web pages' URLs (/flights/<id>); existing rows are numbered too.
                "ALTER TABLE flight ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE",
                "CREATE INDEX flight_second_person ON flight(second_person_key, local_date)",
                "CREATE INDEX flight_takeoff ON flight(takeoff_time, id)",  // the club's list, newest first
                """
                CREATE TABLE club_user (
                    login text PRIMARY KEY,
                    pilot_name text NOT NULL,
                    pilot_key text NOT NULL,        -- searchKey(pilot_name): the flights this login sees
                    is_admin boolean NOT NULL DEFAULT false,
                    password_hash text NOT NULL,    -- PasswordHash (PBKDF2-SHA256)
                    created_at timestamptz NOT NULL DEFAULT now()
                )
                """,
            ]
        ),
        (
            3, "flights deleted on their glider",
            [
                // UTC ms of `flightlog delete` on the glider that recorded it: hidden from the web pages, kept in
                // the table (an admin brings one back with UPDATE flight SET deleted_at = NULL WHERE id = …).
                "ALTER TABLE flight ADD COLUMN deleted_at bigint"
            ]
        ),
        (4, "one login per glider: each row owned by the login that wrote it", ownedRows),
        (
            5, "recording ended in flight",
            [
                // The glider's `endedInFlight`: the recording stopped in the air, the landing is only the last fix.
                "ALTER TABLE flight ADD COLUMN ended_in_flight boolean NOT NULL DEFAULT false"
            ]
        ),
        (6, "gliders write only what sync needs; finite numbers; crew name words", limitedGliders),
        (7, "the edit order lock only through flightlog_lock_edits()", editOrderLock),
        (8, "where a flight is on WeGlide", weglideColumns),
    ]

    /// Additions: new nullable columns and new tables that an older flightlog neither reads nor writes, recorded by
    /// name in `flightlog_schema_addition`. Older flightlogs read only `flightlog_schema` and refuse a server whose
    /// version is newer than theirs; an addition leaves that version as it is, so an older glider keeps syncing with
    /// a server that has it. Only the tables' owner (the admin's login, the club's web pages) may add one: a glider's own
    /// login syncs without it until then (``ClubLogbook/hasContest``).
    static let additions: [(name: String, statements: [String])] = [
        (
            "contest",
            [
                // ClubContest: the free distance over 6 legs (km), the OLC-Plus points and the index they are at;
                // NULL for a flight not analysed on its glider (or synced by an older flightlog).
                """
                ALTER TABLE flight ADD COLUMN contest_km double precision,
                    ADD COLUMN contest_points double precision, ADD COLUMN contest_index double precision
                """
            ]
        ),
        (
            "airspace files",
            [
                // OpenAir files of `flightlog airspace import FILE --database postgres://…`, byte for byte, one set
                // per file name (as on a glider); read by the club's web pages only (the gliders get no grant).
                // IF NOT EXISTS: a server whose addition records were lost keeps its files.
                """
                CREATE TABLE IF NOT EXISTS airspace_file (
                    name text PRIMARY KEY,
                    bytes bytea NOT NULL,
                    imported_at bigint NOT NULL     -- machine clock, UTC ms (bookkeeping only)
                )
                """
            ]
        ),
        // The columns added above (the contest figures) checked and granted as version 6 does the others.
        ("limits on added columns", [finiteNumbers] + grants),
        ("class, task, analysis", keptColumns),
    ]

    /// Group role of the gliders' logins (``ClubGliders``): may read the club's rows and write its own.
    static let gliderRole = "flightlog_glider"

    /// Every row records the PostgreSQL login that wrote it (`owner_login`, `current_user` by default: existing
    /// rows get the login that runs this migration, the one shared login that pushed them). Row-level security
    /// lets any other login (a glider's) read every row but insert, change or delete only rows it owns, of
    /// devices it owns: the server refuses one glider writing another's flights, whatever the client sends. The
    /// tables' owner (the club's admin login, which the web pages use) is not bound by the policies.
    static let ownedRows: [String] = {
        let ownDevice = "EXISTS (SELECT 1 FROM device d WHERE d.uuid = device_uuid AND d.owner_login = current_user)"
        let ownRecording =
            "EXISTS (SELECT 1 FROM recording r WHERE r.uuid = recording_uuid AND r.owner_login = current_user)"
        let ownFlight = "EXISTS (SELECT 1 FROM flight f WHERE f.uuid = flight_uuid AND f.owner_login = current_user)"
        let owned: [(table: String, check: String, writes: String)] = [
            ("device", "owner_login = current_user", "INSERT, UPDATE"),
            ("recording", "owner_login = current_user AND \(ownDevice)", "INSERT, UPDATE, DELETE"),
            ("flight", "owner_login = current_user AND \(ownDevice)", "INSERT, UPDATE"),
            ("flight_edit", "owner_login = current_user AND \(ownDevice) AND \(ownFlight)", "INSERT"),
            ("track_chunk", ownRecording, "INSERT, UPDATE, DELETE"),
            ("recording_file", ownRecording, "INSERT, UPDATE, DELETE"),
        ]
        var statements: [String] = []
        for (table, check, writes) in owned {
            if !["track_chunk", "recording_file"].contains(table) {
                statements.append("ALTER TABLE \(table) ADD COLUMN owner_login name NOT NULL DEFAULT current_user")
            }
            statements += [
                "ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY",
                "CREATE POLICY read_all ON \(table) FOR SELECT USING (true)",
            ]
            for command in writes.components(separatedBy: ", ") {
                let clauses =
                    command == "INSERT"
                    ? "WITH CHECK (\(check))"
                    : command == "DELETE" ? "USING (\(check))" : "USING (\(check)) WITH CHECK (\(check))"
                statements.append("CREATE POLICY own_\(command.lowercased()) ON \(table) FOR \(command) \(clauses)")
            }
        }
        statements.append("CREATE INDEX device_owner ON device(owner_login)")
        return statements + grantsV4
    }()

    /// The privileges of ``gliderRole`` as version 4 granted them (replaced by version 6's ``grants``).
    static let grantsV4: [String] = [
        """
        DO $$ BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(gliderRole)') THEN
                GRANT SELECT ON flightlog_schema TO \(gliderRole);
                GRANT SELECT, INSERT, UPDATE ON device, recording, flight TO \(gliderRole);
                GRANT SELECT, INSERT ON flight_edit TO \(gliderRole);
                GRANT SELECT, INSERT, UPDATE, DELETE ON track_chunk, recording_file TO \(gliderRole);
                GRANT DELETE ON recording TO \(gliderRole);
            END IF;
        END $$
        """
    ]

    /// Brings the server's tables up to the newest version this flightlog knows, each version in one transaction.
    /// - Throws: ``SyncError`` when the server was set up by a newer flightlog (nothing is changed then).
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        // Unreadable (a new server): migrated under the lock below.
        if (try? await isUpToDate(connection, logger: logger)) == true { return }
        try await connection.query("SELECT pg_advisory_lock(\(migrationLock))", logger: logger)
        do {
            try await migrateLocked(connection, logger: logger)
            try await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
        } catch {
            _ = try? await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
            throw error
        }
    }

    private static func migrateLocked(_ connection: PostgresConnection, logger: Logger) async throws {
        // A glider's login may not create tables: it only reads the versions once the admin has set them up.
        var exists = false
        for try await name in try await connection.query(
            "SELECT to_regclass('flightlog_schema')::text", logger: logger
        ).decode(String?.self) {
            exists = name != nil
        }
        if !exists {
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS flightlog_schema (
                    version integer PRIMARY KEY,
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, logger: logger)
        }
        var applied: Set<Int32> = []
        for try await version in try await connection.query("SELECT version FROM flightlog_schema", logger: logger)
            .decode(Int32.self)
        {
            applied.insert(version)
        }
        if let newest = applied.max(), newest > migrations.last!.version {
            throw SyncError(
                .newerServer,
                "the club logbook was set up by a newer flightlog (schema \(newest)); upgrade flightlog on this glider")
        }
        for migration in migrations where !applied.contains(migration.version) {
            try await connection.withTransaction(logger: logger) { connection in
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                if migration.version == 6 { try await fillNameWords(connection, logger: logger) }
                try await connection.query(
                    "INSERT INTO flightlog_schema (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger)
            }
        }
        try await addLocked(connection, logger: logger)
    }

    /// Applies the ``additions`` the server lacks, each in one transaction; one this login may not make (a glider's
    /// login, not the tables' owner) is left for the admin's flightlog.
    private static func addLocked(_ connection: PostgresConnection, logger: Logger) async throws {
        var added: Set<String> = []
        // Unreadable (not there yet, or no privilege): each addition is tried, and refused where not allowed.
        do {
            for try await name in try await connection.query(
                "SELECT name FROM flightlog_schema_addition", logger: logger
            ).decode(String.self) {
                added.insert(name)
            }
        } catch {}
        for addition in additions where !added.contains(addition.name) {
            do {
                try await connection.withTransaction(logger: logger) { connection in
                    try await connection.query(
                        """
                        CREATE TABLE IF NOT EXISTS flightlog_schema_addition (
                            name text PRIMARY KEY,
                            applied_at timestamptz NOT NULL DEFAULT now()
                        )
                        """, logger: logger)
                    for statement in addition.statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query(
                        "INSERT INTO flightlog_schema_addition (name) VALUES (\(addition.name))", logger: logger)
                }
            } catch let error where isInsufficientPrivilege(error) {
                continue
            }
        }
    }

    /// "permission denied" or "must be owner of table" (SQLSTATE 42501), also inside a transaction.
    static func isInsufficientPrivilege(_ error: any Error) -> Bool {
        let error = (error as? PostgresTransactionError)?.closureError ?? error
        return (error as? PSQLError)?.serverInfo?[.sqlState] == "42501"
    }

    /// Whether the server's `flight` table has every column of `columns` (readable by any login).
    static func hasColumns(_ columns: [String], _ connection: PostgresConnection, logger: Logger) async throws -> Bool {
        let rows = try await connection.query(
            """
            SELECT count(*) FROM pg_attribute
            WHERE attrelid = 'flight'::regclass AND attname = ANY(\(columns)) AND NOT attisdropped
            """, logger: logger)
        for try await count in rows.decode(Int64.self) { return count == columns.count }
        return false
    }
}
