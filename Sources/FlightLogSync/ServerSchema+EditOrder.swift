import Logging
import PostgresNIO

/// Version 7: the lock that keeps `flight_edit.seq` in commit order is no longer an advisory lock. Any login may
/// take any advisory lock, at session level and outside a transaction, and keep it while idle: a glider's login
/// could make every other sync wait out its `lock_timeout`. The lock is now on a table no login but its owner has
/// a privilege on, taken only through ``lockEdits`` (a SECURITY DEFINER function): inside a transaction only, ending
/// with it, waiting at most 10 s, and with the transaction's idle time bounded to 60 s.
extension ServerSchema {
    /// Run in each transaction that writes `flight_edit`, before it inserts: waits for the others' to commit.
    static let lockEdits = "SELECT flightlog_lock_edits()"

    static let editOrderLock: [String] =
        [
            // No columns, never written: only locked.
            "CREATE TABLE flightlog_edit_order ()",
            "REVOKE ALL ON flightlog_edit_order FROM PUBLIC",
            """
            CREATE FUNCTION flightlog_lock_edits() RETURNS void
            LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT SET lock_timeout = '10s' AS $$
            BEGIN
                PERFORM set_config('idle_in_transaction_session_timeout', '60s', true);
                LOCK TABLE flightlog_edit_order IN EXCLUSIVE MODE;
            END $$
            """,
            "REVOKE ALL ON FUNCTION flightlog_lock_edits() FROM PUBLIC",
        ] + grants

    /// Whether the server has every version and addition this flightlog knows (readable by any login). Then a sync
    /// needs no migration lock, so a login holding that advisory lock delays no other login's sync.
    static func isUpToDate(_ connection: PostgresConnection, logger: Logger) async throws -> Bool {
        for try await name in try await connection.query(
            "SELECT to_regclass('flightlog_schema_addition')::text", logger: logger
        ).decode(String?.self) where name == nil {
            return false
        }
        var versions: Set<Int32> = []
        for try await version in try await connection.query("SELECT version FROM flightlog_schema", logger: logger)
            .decode(Int32.self)
        {
            versions.insert(version)
        }
        var added: Set<String> = []
        for try await name in try await connection.query("SELECT name FROM flightlog_schema_addition", logger: logger)
            .decode(String.self)
        {
            added.insert(name)
        }
        return versions == Set(migrations.map(\.version)) && added.isSuperset(of: additions.map(\.name))
    }
}
