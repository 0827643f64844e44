/// Version 8: where a flight is on WeGlide, in the club logbook too, so that a flight uploaded from one device is
/// not uploaded again from another (``ClubLogbook/weglideUploads(of:)``) and the club's pages link to it.
extension ServerSchema {
    static let weglideColumns: [String] =
        [
            // The glider's `weglideFlightId` and `weglideUploadedAt` (its machine clock, UTC ms); NULL for a flight
            // not on WeGlide and for every row already there. The pending mark stays on the glider.
            """
            ALTER TABLE flight ADD COLUMN weglide_flight_id bigint CHECK (weglide_flight_id > 0),
                ADD COLUMN weglide_uploaded_at bigint
            """,
            // The uploaded flights of a time, which a sync compares with its own flights.
            "CREATE INDEX flight_weglide ON flight(takeoff_time) WHERE weglide_flight_id IS NOT NULL",
            // The gliders write the new columns of their own rows, as they write the others.
        ] + grants
}
