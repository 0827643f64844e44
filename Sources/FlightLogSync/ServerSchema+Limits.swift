import FlightLogCore
import Foundation
import Logging
import PostgresNIO

/// Version 6: what a glider's own login may do is only what sync needs, so one glider cannot hurt the others;
/// and the crew names' words, by which the club's logins see their flights.
extension ServerSchema {
    static let limitedGliders: [String] =
        [
            // The words of the crew names (``LogbookOwner/words(_:)``), written by flightlog beside the names (on push,
            // on each edit, and here by ``fillNameWords``): a login's flights are those whose words match its name.
            "ALTER TABLE flight ADD COLUMN pilot_words text[], ADD COLUMN second_person_words text[]",
            "CREATE INDEX flight_pilot_words ON flight USING gin (pilot_words)",
            "CREATE INDEX flight_second_person_words ON flight USING gin (second_person_words)",
            // Dropping a recording's stale track chunks without the DELETE privilege (which would also let a glider
            // lock the whole table): only the chunks of recordings the calling login owns.
            """
            CREATE FUNCTION flightlog_keep_chunks(uuid, boolean[], bigint[]) RETURNS void
            LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT AS $$
                DELETE FROM track_chunk c USING recording r
                WHERE c.recording_uuid = $1 AND r.uuid = c.recording_uuid AND r.owner_login = session_user
                    AND (c.live, c.first_time) NOT IN (SELECT * FROM unnest($2, $3))
            $$
            """,
            "REVOKE ALL ON FUNCTION flightlog_keep_chunks(uuid, boolean[], bigint[]) FROM PUBLIC",
            finiteNumbers,
        ] + grants

    /// Every `double precision` column of `flight` holds a finite number or NULL (NaN and ±Infinity are refused;
    /// NaN sorts above Infinity in PostgreSQL). NOT VALID: rows already there are not checked (the club's pages
    /// show a value they cannot use as unknown); new and changed rows are. Run again when columns are added.
    static let finiteNumbers = """
        DO $$ DECLARE column_name name; BEGIN
            FOR column_name IN SELECT attname FROM pg_attribute
                WHERE attrelid = 'flight'::regclass AND attnum > 0 AND NOT attisdropped
                    AND atttypid = 'double precision'::regtype
                    AND NOT EXISTS (SELECT 1 FROM pg_constraint
                        WHERE conrelid = 'flight'::regclass AND conname = attname || '_finite')
            LOOP
                EXECUTE format('ALTER TABLE flight ADD CONSTRAINT %I CHECK (%I > ''-Infinity'' AND %I < ''Infinity'') '
                    || 'NOT VALID', column_name || '_finite', column_name, column_name);
            END LOOP;
        END $$
        """

    /// The privileges of ``gliderRole``, granted when it exists (``ClubGliders`` grants them again, as does each
    /// version or addition that adds columns gliders write). No table-wide INSERT, UPDATE or DELETE: those would
    /// let a glider `LOCK TABLE` the others out, and with INSERT on every column claim the next `flight.id` or
    /// `flight_edit.seq` (`OVERRIDING SYSTEM VALUE`). Column grants name exactly what sync writes; `id`, `seq` and
    /// `owner_login` are never among them. The gliders get no privilege on the identity sequences either.
    static let grants: [String] = [
        """
        DO $$ DECLARE flight_columns text; BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(gliderRole)') THEN
                REVOKE ALL ON device, recording, flight, flight_edit, track_chunk, recording_file FROM \(gliderRole);
                GRANT SELECT ON flightlog_schema, device, recording, flight, flight_edit, track_chunk, recording_file
                    TO \(gliderRole);
                GRANT INSERT (uuid, name, last_sync), UPDATE (name, last_sync) ON device TO \(gliderRole);
                GRANT INSERT (uuid, device_uuid, kind, file_name, sha256, recorder, created_at) ON recording
                    TO \(gliderRole);
                SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO flight_columns FROM pg_attribute
                    WHERE attrelid = 'flight'::regclass AND attnum > 0 AND NOT attisdropped
                        AND attname NOT IN ('id', 'owner_login');
                EXECUTE format('GRANT INSERT (%s), UPDATE (%s) ON flight TO \(gliderRole)', flight_columns,
                    flight_columns);
                GRANT INSERT (uuid, flight_uuid, device_uuid, field, old_value, new_value, edited_at) ON flight_edit
                    TO \(gliderRole);
                GRANT INSERT (recording_uuid, live, first_time, last_time, fix_count, data),
                    UPDATE (last_time, fix_count, data) ON track_chunk TO \(gliderRole);
                GRANT INSERT (recording_uuid, bytes) ON recording_file TO \(gliderRole);
                IF to_regprocedure('flightlog_keep_chunks(uuid, boolean[], bigint[])') IS NOT NULL THEN
                    GRANT EXECUTE ON FUNCTION flightlog_keep_chunks(uuid, boolean[], bigint[]) TO \(gliderRole);
                END IF;
                IF to_regclass('flightlog_schema_addition') IS NOT NULL THEN
                    GRANT SELECT ON flightlog_schema_addition TO \(gliderRole);
                END IF;
                IF to_regprocedure('flightlog_lock_edits()') IS NOT NULL THEN
                    GRANT EXECUTE ON FUNCTION flightlog_lock_edits() TO \(gliderRole);
                END IF;
            END IF;
        END $$
        """
    ]

    /// Fills the word columns of the flights already on the server (version 6), in the migration's transaction.
    static func fillNameWords(_ c: PostgresConnection, logger: Logger) async throws {
        var rows: [(uuid: UUID, pilot: String?, second: String?)] = []
        // Words hold no space (they are letters and digits): one text per name, split again on the server.
        func joined(_ name: String?) -> String { name.map { LogbookOwner.words($0).joined(separator: " ") } ?? "" }
        for try await row in try await c.query(
            "SELECT uuid, pilot, second_person FROM flight WHERE pilot IS NOT NULL OR second_person IS NOT NULL",
            logger: logger
        ).decode((UUID, String?, String?).self) {
            rows.append(row)
        }
        guard !rows.isEmpty else { return }
        try await c.query(
            """
            UPDATE flight f SET pilot_words = CASE WHEN f.pilot IS NOT NULL THEN string_to_array(v.pilot, ' ') END,
                second_person_words = CASE WHEN f.second_person IS NOT NULL THEN string_to_array(v.second, ' ') END
            FROM unnest(\(rows.map(\.uuid)), \(rows.map { joined($0.pilot) }), \(rows.map { joined($0.second) }))
                AS v(uuid, pilot, second)
            WHERE f.uuid = v.uuid
            """, logger: logger)
    }
}
