import FlightLogCore
import FlightLogStore
import Foundation
import Logging
import PostgresNIO

/// The club logbook's `flight` rows read back into the logbook's types, and the edits' effect on them.
enum ServerRows {
    /// A row's cells, read in order.
    struct Cells {
        private let cells: [PostgresCell]
        private var index = 0

        init(_ row: PostgresRow) { cells = Array(row) }

        mutating func next<T: PostgresDecodable>(_ type: T.Type = T.self) throws -> T {
            defer { index += 1 }
            return try cells[index].decode(T.self)
        }
    }

    /// The columns of ``FlightColumns/details`` over `flight f`, in that order.
    static let detailColumns = FlightColumns.details.map { "f." + FlightColumns.serverName($0) }.joined(
        separator: ", ")

    /// Reads the columns of ``detailColumns``.
    static func details(_ cells: inout Cells) throws -> FlightDetails {
        FlightDetails(
            pilot: try cells.next(), secondPerson: try cells.next(),
            secondPersonRole: try cells.next(String?.self).flatMap(SecondPersonRole.init(rawValue:)),
            gliderType: try cells.next(), registration: try cells.next(), competitionId: try cells.next(),
            launchMethod: LaunchMethod(rawValue: try cells.next()) ?? .unknown, releaseHeight: try cells.next(),
            takeoffPlace: try cells.next(), landingPlace: try cells.next(), remarks: try cells.next(),
            ownerRole: try cells.next(String?.self).flatMap(OwnerRole.init(rawValue:)), launches: try cells.next())
    }

    /// What a flight query selects over `flight f JOIN recording r`, in the order ``flight(_:)`` reads it.
    static let flightColumns = """
        f.id, f.takeoff_time, f.landing_time, f.takeoff_latitude, f.takeoff_longitude, f.landing_latitude,
        f.landing_longitude, f.release_time, f.max_altitude, f.takeoff_altitude, f.max_distance_from_takeoff,
        f.path_length, f.has_barometer, f.time_zone_identifier, f.utc_offset_seconds, \(detailColumns),
        r.kind, r.file_name, r.sha256,
        f.takeoff_place_code, f.takeoff_place_name, f.takeoff_place_distance, f.takeoff_place_bearing,
        f.takeoff_outlanding, f.takeoff_place_zone,
        f.landing_place_code, f.landing_place_name, f.landing_place_distance, f.landing_place_bearing,
        f.landing_outlanding, f.landing_place_zone, f.ended_in_flight
        """

    /// Reads a row of ``flightColumns``; the flight's id is the server's.
    static func flight(_ row: PostgresRow) throws -> Flight {
        var cells = Cells(row)
        let id: Int64 = try cells.next()
        let (takeoffTime, landingTime): (Int64, Int64) = (try cells.next(), try cells.next())
        let takeoff = Coordinate(latitude: try cells.next(), longitude: try cells.next())
        let landing = Coordinate(latitude: try cells.next(), longitude: try cells.next())
        let releaseTime: Int64? = try cells.next()
        let (maxAltitude, takeoffAltitude): (Double?, Double?) = (try cells.next(), try cells.next())
        let (maxDistance, pathLength): (Double, Double) = (try cells.next(), try cells.next())
        let hasBarometer: Bool = try cells.next()
        let timeZone: String? = try cells.next()
        let offset: Int = try cells.next()
        let details = try Self.details(&cells)
        let (kind, fileName, sha256): (String, String?, String?) = (try cells.next(), try cells.next(), try cells.next())
        func place() throws -> FlightPlace? {
            let code: String? = try cells.next(), name: String? = try cells.next()
            let distance: Double? = try cells.next(), bearing: Double? = try cells.next()
            let outlanding: Bool? = try cells.next(), zone: String? = try cells.next()
            guard let distance, let bearing, let outlanding else { return nil }
            return FlightPlace(
                code: code, name: name, distance: distance, bearing: bearing, isOutlanding: outlanding,
                zoneIdentifier: zone)
        }
        var flight = Flight(
            id: id, takeoffTime: takeoffTime, landingTime: landingTime, takeoffCoordinate: takeoff,
            landingCoordinate: landing, releaseTime: releaseTime, details: details,
            source: FlightSource(recordingKind: kind, fileName: fileName, sha256: sha256),
            maxAltitude: maxAltitude, takeoffAltitude: takeoffAltitude, maxDistanceFromTakeoff: maxDistance,
            pathLength: pathLength, hasBarometer: hasBarometer, timeZoneIdentifier: timeZone, utcOffsetSeconds: offset)
        flight.takeoffLocation = try place()
        flight.landingLocation = try place()
        flight.endedInFlight = try cells.next()
        return flight
    }

    /// Sets the flight's edited fields to their winning edits (``EditResolution``), locking its row. Run inside a
    /// transaction.
    static func applyWinningEdits(flight id: UUID?, on c: PostgresConnection, logger: Logger) async throws {
        var edits: [FieldEdit] = []
        for try await (uuid, field, value, at) in try await c.query(
            "SELECT uuid, field, new_value, edited_at FROM flight_edit WHERE flight_uuid = \(id)", logger: logger
        ).decode((UUID, String, String?, Int64).self) {
            edits.append(FieldEdit(uuid: uuid.uuidString.lowercased(), field: field, newValue: value, editedAt: at))
        }
        guard !edits.isEmpty else { return }
        var bindings = PostgresBindings()
        bindings.append(id)
        var old: FlightDetails?
        for try await row in try await c.query(
            PostgresQuery(unsafeSQL: "SELECT \(detailColumns) FROM flight f WHERE uuid = $1 FOR UPDATE", binds: bindings),
            logger: logger)
        {
            var cells = Cells(row)
            old = try details(&cells)
        }
        guard let old else { return }
        let new = EditResolution.apply(EditResolution.winners(edits), to: old)
        guard new != old else { return }
        var update = PostgresBindings()
        update.append(id)
        let assignments = new.syncColumns.enumerated().map { i, column in
            FlightColumns.bind(column.value, column: column.name, into: &update)
            return "\(FlightColumns.serverName(column.name)) = $\(i + 2)"
        }
        try await c.query(
            PostgresQuery(
                unsafeSQL: "UPDATE flight SET \(assignments.joined(separator: ", ")) WHERE uuid = $1", binds: update),
            logger: logger)
    }
}
