import FlightLogStore
import Foundation
import PostgresNIO

extension ClubLogbook {
    /// Where the club logbook says these flights are on WeGlide (server version 8): a flight is on WeGlide when a
    /// row of the club has a WeGlide id and is the same flight, that is the row of its UUID, or a row of any device
    /// flown at an overlapping time in the same glider or by the same pilot (neither can fly two flights at once; a
    /// pilot's name is its words in any order, case and accents folded, as everywhere: the key's words, split as
    /// `FlightFilter.nameWords` splits them, sorted bytewise and joined).
    /// Deleted rows count too: a flight deleted on its glider is still on WeGlide. Of several, the first upload.
    package func weglideUploads(of flights: [WeGlideQuestion]) async throws(SyncError) -> [ClubWeGlideUpload] {
        guard !flights.isEmpty else { return [] }
        let uuids = flights.map { UUID(uuidString: $0.uuid) ?? UUID() }
        let takeoffs = flights.map(\.takeoffTime), landings = flights.map(\.landingTime)
        // "" is no key: it matches nothing (nor does a pilot key of no words).
        let pilots = flights.map { $0.pilotKey ?? "" }, registrations = flights.map { $0.registrationKey ?? "" }
        return try await run { [self] in
            var found: [ClubWeGlideUpload] = []
            let rows = try await connection.query(
                """
                SELECT DISTINCT ON (v.uuid) v.uuid, f.weglide_flight_id, f.weglide_uploaded_at
                FROM unnest(\(uuids), \(takeoffs), \(landings), \(pilots), \(registrations))
                    AS v(uuid, takeoff, landing, pilot, registration)
                JOIN flight f ON f.weglide_flight_id IS NOT NULL AND f.weglide_uploaded_at IS NOT NULL
                    AND (f.uuid = v.uuid OR (f.takeoff_time < v.landing AND f.landing_time > v.takeoff
                        AND ((v.registration <> '' AND f.registration_key = v.registration)
                            OR (v.pilot ~ '[^ ,;.]' AND array_to_string(ARRAY(SELECT w FROM regexp_split_to_table(
                                    f.pilot_key, '[ ,;.]+') AS w WHERE w <> '' ORDER BY w COLLATE "C"), ' ')
                                = array_to_string(ARRAY(SELECT w FROM regexp_split_to_table(
                                    v.pilot, '[ ,;.]+') AS w WHERE w <> '' ORDER BY w COLLATE "C"), ' ')))))
                ORDER BY v.uuid, f.weglide_uploaded_at, f.weglide_flight_id
                """, logger: logger)
            for try await (uuid, id, at) in rows.decode((UUID, Int64, Int64).self) {
                found.append(ClubWeGlideUpload(flight: uuid, weglideId: id, uploadedAt: at))
            }
            return found
        }
    }
}
