import FlightLogCore
import Foundation
import PostgresNIO

/// The gliders' own PostgreSQL logins (`flightlog club add-glider`): each glider syncs with a login of its own,
/// a member of ``ServerSchema/gliderRole``, and the server's row-level security (``ServerSchema/ownedRows``) lets
/// it write only its own rows. Run with the admin login that owns the tables (and may create roles).
extension ClubWebLogbook {
    /// Creates the login (or sets its password), makes it a glider, and with `device` (a device's UUID or its
    /// unique name, as `SELECT uuid, name FROM device` lists them) hands that device's rows to it: the rows an
    /// older flightlog pushed with one shared login.
    /// - Returns: the number of flights handed over.
    package func addGlider(login: String, password: String, device: String?) async throws(LogbookError) -> Int {
        try Self.checkLogin(login)
        let role = ServerSchema.gliderRole
        return try await withTransaction { [logger] c in
            try await c.query(
                """
                DO $$ BEGIN
                    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(unescaped: role)') THEN
                        CREATE ROLE \(unescaped: role) NOLOGIN;
                    END IF;
                END $$
                """, logger: logger)
            for grant in ServerSchema.grants { try await c.query(PostgresQuery(unsafeSQL: grant), logger: logger) }
            var exists = false
            for try await _ in try await c.query("SELECT 1 FROM pg_roles WHERE rolname = \(login)", logger: logger) {
                exists = true
            }
            // Utility statements take no parameters: the server quotes the name and password itself.
            let template = exists ? "ALTER ROLE %I LOGIN PASSWORD %L" : "CREATE ROLE %I LOGIN PASSWORD %L"
            for statement in [
                "SELECT format('\(template)', $1::text, $2::text)", "SELECT format('GRANT \(role) TO %I', $1::text)",
            ] {
                var bindings = PostgresBindings()
                bindings.append(login)
                if statement.contains("$2") { bindings.append(password) }
                for try await sql in try await c.query(
                    PostgresQuery(unsafeSQL: statement, binds: bindings), logger: logger
                ).decode(String.self) {
                    try await c.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                }
            }
            guard let device else { return 0 }
            var uuids: [UUID] = []
            for try await uuid in try await c.query(
                "SELECT uuid FROM device WHERE uuid::text = lower(\(device)) OR name = \(device)", logger: logger
            ).decode(UUID.self) {
                uuids.append(uuid)
            }
            guard uuids.count == 1 else {
                throw LogbookError(
                    .other,
                    uuids.isEmpty
                        ? "the club logbook has no device \(device): give its UUID or name (SELECT uuid, name FROM device)"
                        : "\(uuids.count) devices are named \(device): give the UUID (SELECT uuid, name FROM device)")
            }
            let uuid = uuids[0]
            try await c.query("UPDATE device SET owner_login = \(login) WHERE uuid = \(uuid)", logger: logger)
            try await c.query("UPDATE recording SET owner_login = \(login) WHERE device_uuid = \(uuid)", logger: logger)
            try await c.query(
                "UPDATE flight_edit SET owner_login = \(login) WHERE device_uuid = \(uuid)", logger: logger)
            var flights = 0
            for try await _ in try await c.query(
                "UPDATE flight SET owner_login = \(login) WHERE device_uuid = \(uuid) RETURNING 1", logger: logger)
            {
                flights += 1
            }
            return flights
        }
    }
}
