import FlightLogCore
import FlightLogStore
import Foundation
import Logging
import PostgresNIO

/// The club logbook's `flight` rows read back into the logbook's types, and the edits' effect on them.
enum ServerRows {
    /// A row's cells, each found by its name in the ``ColumnList`` the query was made of.
    struct Cells {
        private let cells: [PostgresCell]
        private let columns: ColumnList

        init(_ row: PostgresRow, _ columns: ColumnList) {
            cells = Array(row)
            self.columns = columns
        }

        func callAsFunction<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
            try cells[columns[column]].decode(T.self)
        }
    }

    /// The server columns of ``LogbookField`` over `flight f`, in that order.
    static let detailColumns = LogbookField.allCases.map { "f." + FlightColumns.serverName($0.column) }

    /// Reads the columns of ``detailColumns``.
    static func details(_ cells: Cells) throws -> FlightDetails {
        var details = FlightDetails()
        for field in LogbookField.allCases {
            let column = "f." + FlightColumns.serverName(field.column)
            switch field {
            case .releaseHeight: details.releaseHeight = try cells(column)
            case .launches: details.launches = try cells(column)
            // An unknown choice stays the default.
            default: _ = field.write(try cells(column, as: String?.self), to: &details)
            }
        }
        return details
    }

    /// What a flight query selects over `flight f JOIN recording r`: the list ``flight(_:)`` finds each column by.
    static let flightColumns = ColumnList(
        [
            "f.id", "f.takeoff_time", "f.landing_time", "f.takeoff_latitude", "f.takeoff_longitude",
            "f.landing_latitude", "f.landing_longitude", "f.release_time", "f.max_altitude", "f.takeoff_altitude",
            "f.max_distance_from_takeoff", "f.path_length", "f.has_barometer", "f.time_zone_identifier",
            "f.utc_offset_seconds", "f.ended_in_flight", "r.kind", "r.file_name", "r.sha256", "f.weglide_flight_id",
            "f.weglide_uploaded_at", "f.competition_class",
        ]
            + detailColumns
            + ["takeoff", "landing"].flatMap { end in
                ["place_code", "place_name", "place_distance", "place_bearing", "outlanding", "place_zone"].map {
                    "f.\(end)_\($0)"
                }
            })

    /// Reads a row of ``flightColumns``; the flight's id is the server's.
    static func flight(_ row: PostgresRow) throws -> Flight {
        let cells = Cells(row, flightColumns)
        let takeoffTime: Int64 = try cells("f.takeoff_time")
        let takeoff = Coordinate(latitude: try cells("f.takeoff_latitude"), longitude: try cells("f.takeoff_longitude"))
        let landing = Coordinate(latitude: try cells("f.landing_latitude"), longitude: try cells("f.landing_longitude"))
        func place(_ end: String) throws -> FlightPlace? {
            let code: String? = try cells("f.\(end)_place_code"), name: String? = try cells("f.\(end)_place_name")
            let distance: Double? = try cells("f.\(end)_place_distance")
            let bearing: Double? = try cells("f.\(end)_place_bearing")
            let outlanding: Bool? = try cells("f.\(end)_outlanding"), zone: String? = try cells("f.\(end)_place_zone")
            guard let distance, let bearing, let outlanding else { return nil }
            return FlightPlace(
                code: code, name: name, distance: distance, bearing: bearing, isOutlanding: outlanding,
                zoneIdentifier: zone)
        }
        var flight = Flight(
            id: try cells("f.id"), takeoffTime: takeoffTime, landingTime: try cells("f.landing_time"),
            takeoffCoordinate: takeoff, landingCoordinate: landing, releaseTime: try cells("f.release_time"),
            details: try details(cells),
            source: FlightSource(
                recordingKind: try cells("r.kind"), fileName: try cells("r.file_name"), sha256: try cells("r.sha256")),
            maxAltitude: try cells("f.max_altitude"), takeoffAltitude: try cells("f.takeoff_altitude"),
            maxDistanceFromTakeoff: try cells("f.max_distance_from_takeoff"), pathLength: try cells("f.path_length"),
            hasBarometer: try cells("f.has_barometer"), timeZoneIdentifier: try cells("f.time_zone_identifier"),
            utcOffsetSeconds: try cells("f.utc_offset_seconds"))
        flight.takeoffLocation = try place("takeoff")
        flight.landingLocation = try place("landing")
        flight.endedInFlight = try cells("f.ended_in_flight")
        // The file's class as its glider keeps it (it settles the index's span); unreadable text is no class.
        flight.competitionClass = ClubKept.competitionClass(try? cells("f.competition_class", as: String?.self))
        // Only a positive id with its time (a hand-edited row may hold anything): else not on WeGlide as far as known.
        let weglideId: Int64? = try cells("f.weglide_flight_id"),
            uploadedAt: Int64? = try cells("f.weglide_uploaded_at")
        if let weglideId, weglideId > 0, let uploadedAt {
            flight.weglide = .uploaded(flightId: weglideId, uploadedAt: uploadedAt)
        }
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
            PostgresQuery(
                unsafeSQL: "SELECT \(ColumnList(detailColumns).sql) FROM flight f WHERE uuid = $1 FOR UPDATE",
                binds: bindings),
            logger: logger)
        {
            old = try details(Cells(row, ColumnList(detailColumns)))
        }
        guard let old else { return }
        let new = EditResolution.apply(EditResolution.winners(edits), to: old)
        guard new != old else { return }
        var update = PostgresBindings()
        update.append(id)
        var assignments = new.syncColumns.map { column in
            FlightColumns.bind(column.value, column: column.name, into: &update)
            return "\(FlightColumns.serverName(column.name)) = $\(update.count)"
        }
        for (column, words) in FlightColumns.words(of: new.syncColumns) {
            update.append(words)
            assignments.append("\(column) = $\(update.count)")
        }
        try await c.query(
            PostgresQuery(
                unsafeSQL: "UPDATE flight SET \(assignments.joined(separator: ", ")) WHERE uuid = $1", binds: update),
            logger: logger)
    }
}
