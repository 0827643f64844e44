import FlightLogCore
import Foundation
import GRDB

/// Mapping between `Flight` and rows of the `flight` table.
enum FlightRows {
    typealias Columns = [(name: String, value: (any DatabaseValueConvertible)?)]

    /// Columns every flight query selects: the one list `select` is made of and `flight(from:)` finds each by.
    static let columns = ColumnList(
        [
            "f.id", "f.recordingId", "f.takeoffTime", "f.landingTime", "f.takeoffLatitude", "f.takeoffLongitude",
            "f.landingLatitude", "f.landingLongitude", "f.releaseTime", "f.maxAltitude", "f.takeoffAltitude",
            "f.maxDistanceFromTakeoff", "f.pathLength", "f.hasBarometer", "f.timeZoneIdentifier", "f.utcOffsetSeconds",
            "f.endedInFlight", "f.inProgress", "r.kind", "r.fileName", "r.sha256", "f.weglideFlightId",
            "f.weglideUploadedAt", "f.weglidePendingSince", "f.competitionClass",
        ]
            + LogbookField.allCases.map { "f." + $0.column }
            + ["takeoff", "landing"].flatMap { end in
                ["PlaceCode", "PlaceName", "PlaceDistance", "PlaceBearing", "Outlanding", "PlaceZone"].map {
                    "f." + end + $0
                }
            })

    static let select = "SELECT \(columns.sql) FROM flight f JOIN recording r ON r.id = f.recordingId"

    /// Columns written from the recorded facts (times, places, statistics).
    static func factColumns(_ flight: Flight) -> Columns {
        [
            ("takeoffTime", flight.takeoffTime),
            ("landingTime", flight.landingTime),
            ("takeoffLatitude", flight.takeoffCoordinate.latitude),
            ("takeoffLongitude", flight.takeoffCoordinate.longitude),
            ("landingLatitude", flight.landingCoordinate.latitude),
            ("landingLongitude", flight.landingCoordinate.longitude),
            ("releaseTime", flight.releaseTime),
            ("maxAltitude", flight.maxAltitude),
            ("takeoffAltitude", flight.takeoffAltitude),
            ("maxDistanceFromTakeoff", flight.maxDistanceFromTakeoff),
            ("pathLength", flight.pathLength),
            ("hasBarometer", flight.hasBarometer),
            ("timeZoneIdentifier", flight.timeZoneIdentifier),
            ("utcOffsetSeconds", flight.utcOffsetSeconds),
            ("localDate", flight.localDate.description),
            ("endedInFlight", flight.endedInFlight),
            ("competitionClass", flight.competitionClass),
        ] + placeColumns(flight)
    }

    /// The recorded places (nil columns for a flight not placed yet).
    static func placeColumns(_ flight: Flight) -> Columns {
        func columns(_ prefix: String, _ place: FlightPlace?) -> Columns {
            [
                ("\(prefix)PlaceCode", place?.code), ("\(prefix)PlaceName", place?.name),
                ("\(prefix)PlaceDistance", place?.distance), ("\(prefix)PlaceBearing", place?.bearing),
                ("\(prefix)Outlanding", place?.isOutlanding), ("\(prefix)PlaceZone", place?.zoneIdentifier),
            ]
        }
        return columns("takeoff", flight.takeoffLocation) + columns("landing", flight.landingLocation)
    }

    /// Columns written from the editable details (``LogbookField``), including the search keys.
    static func detailColumns(_ d: FlightDetails) -> Columns {
        LogbookField.allCases.map { field -> (name: String, value: (any DatabaseValueConvertible)?) in
            switch field {
            case .releaseHeight: (field.column, d.releaseHeight)
            case .launches: (field.column, max(1, d.launches))
            default: (field.column, field.text(of: d))
            }
        } + [
            ("pilotKey", d.pilot.map(searchKey)),
            ("secondPersonKey", d.secondPerson.map(searchKey)),
            ("gliderTypeKey", d.gliderType.map(designationKey)),
            ("registrationKey", d.registration.map(registrationKey)),
        ]
    }

    static func insert(
        _ flight: Flight, recordingId: Int64, inProgress: Bool, into db: Database
    ) throws -> Int64 {
        let columns: Columns =
            [("recordingId", recordingId), ("inProgress", inProgress), ("uuid", Recordings.newUUID())]
            + factColumns(flight)
            + detailColumns(flight.details)
        let names = columns.map(\.name).joined(separator: ", ")
        let marks = columns.map { _ in "?" }.joined(separator: ", ")
        let statement = try db.cachedStatement(sql: "INSERT INTO flight (\(names)) VALUES (\(marks))")
        try statement.execute(arguments: StatementArguments(columns.map(\.value)))
        return db.lastInsertedRowID
    }

    /// Updates the given columns of flight `id`; false when there is no such flight.
    static func update(_ id: Int64, _ columns: Columns, in db: Database) throws -> Bool {
        let assignments = columns.map { "\($0.name) = ?" }.joined(separator: ", ")
        try db.execute(
            sql: "UPDATE flight SET \(assignments) WHERE id = ?",
            arguments: StatementArguments(columns.map(\.value) + [id]))
        return db.changesCount > 0
    }

    /// Reads a row of `select` for a view: a flight still marked in progress has no landing place, and unless it is
    /// `live` (the flight a running flightlogd records now, ``FlightStore/liveFlightId(now:)``) it ended in flight
    /// (docs/DETECTION.md).
    static func flight(from row: Row, live: Int64?) throws -> Flight {
        var flight = try flight(from: row)
        guard StoredValues.integer(row, at: columns["f.inProgress"]) == 1 else { return flight }
        flight.landingLocation = nil  // it has landed nowhere (yet)
        if flight.id != live { flight.endedInFlight = true }
        return flight
    }

    /// Reads a row of `select` as stored.
    static func flight(from row: Row) throws -> Flight {
        // StatementColumnConvertible reads the SQLite column directly (GRDB's fast path).
        // Read through DatabaseValue: GRDB's typed subscripts trap on a value of another type (a hand edit can
        // store text in a number column), this reads it as unknown with a warning.
        let id = StoredValues.integer(row, at: columns["f.id"]) ?? 0
        var unreadable: Set<String> = []
        func optional<T: DatabaseValueConvertible>(_ column: String) -> T? {
            let stored = row[columns[column]] as DatabaseValue
            if stored.isNull { return nil }
            if let value = T.fromDatabaseValue(stored) { return value }
            unreadable.insert(column)
            StoredValues.warn(flight: id, column: String(column.dropFirst(2)), holds: stored, expected: T.self)
            return nil
        }
        func value<T: DatabaseValueConvertible>(_ column: String, else fallback: T) -> T {
            optional(column) ?? fallback
        }
        let check = StoredValueCheck(flight: id)  // every number checked before anyone computes with it
        var unknown: Set<FlightFact> = []
        /// `checked`, and `fact` marked unknown when a stored value failed its check.
        func mark<T>(_ fact: FlightFact, _ stored: Any?, _ checked: T?, column: String? = nil) -> T? {
            if stored != nil && checked == nil || column.map(unreadable.contains) == true { unknown.insert(fact) }
            return checked
        }
        let storedTakeoff: Int64? = optional("f.takeoffTime"), storedLanding: Int64? = optional("f.landingTime")
        let takeoffTime =
            mark(
                .takeoffTime, storedTakeoff,
                check.checked(storedTakeoff, StoredValues.time, "take-off time", unit: " ms"),
                column: "f.takeoffTime") ?? 0
        let landingTime =
            mark(
                .landingTime, storedLanding, check.time(storedLanding, after: takeoffTime, "landing time"),
                column: "f.landingTime") ?? takeoffTime
        let zero = Coordinate(latitude: 0, longitude: 0)
        func coordinate(_ end: String, _ fact: FlightFact) -> Coordinate {
            let latitude: Double? = optional("f.\(end)Latitude"), longitude: Double? = optional("f.\(end)Longitude")
            guard let latitude, let longitude else {
                unknown.insert(fact)
                return zero
            }
            return mark(fact, 0, check.coordinate(latitude, longitude, "\(Self.words(end)) position")) ?? zero
        }
        let takeoff = coordinate("takeoff", .takeoffPosition), landing = coordinate("landing", .landingPosition)
        let storedRelease: Int64? = optional("f.releaseTime")
        let releaseTime = mark(
            .releaseTime, storedRelease, check.time(storedRelease, after: takeoffTime, "release time"),
            column: "f.releaseTime")
        func number<T: Comparable & DatabaseValueConvertible>(
            _ fact: FlightFact, _ column: String, _ range: ClosedRange<T>, _ field: String, unit: String = ""
        ) -> T? {
            let stored: T? = optional(column)
            return mark(fact, stored, check.checked(stored, range, field, unit: unit), column: column)
        }
        let maxAltitude = number(.maxAltitude, "f.maxAltitude", StoredValues.altitude, "maximum altitude", unit: " m")
        let takeoffAltitude = number(
            .takeoffAltitude, "f.takeoffAltitude", StoredValues.altitude, "take-off altitude", unit: " m")
        let maxDistance =
            number(.maxDistance, "f.maxDistanceFromTakeoff", StoredValues.distance, "maximum distance", unit: " m") ?? 0
        let pathLength = number(.pathLength, "f.pathLength", StoredValues.pathLength, "path length", unit: " m") ?? 0
        let offset = number(.utcOffset, "f.utcOffsetSeconds", StoredValues.utcOffset, "UTC offset", unit: " s") ?? 0
        var details = FlightDetails()
        for field in LogbookField.allCases {
            let column = "f." + field.column
            switch field {
            case .releaseHeight:
                details.releaseHeight = number(
                    .releaseHeight, column, StoredValues.releaseHeight, "release height", unit: " m")
            case .launches: details.launches = number(.launches, column, StoredValues.launches, "launches") ?? 1
            // An unknown choice stays the default.
            default: _ = field.write(optional(column) as String?, to: &details)
            }
        }
        func place(_ end: String) -> FlightPlace? {
            let code: String? = optional("f.\(end)PlaceCode"), name: String? = optional("f.\(end)PlaceName")
            let distance: Double? = optional("f.\(end)PlaceDistance")
            let bearing: Double? = optional("f.\(end)PlaceBearing")
            let outlanding: Bool? = optional("f.\(end)Outlanding"), zone: String? = optional("f.\(end)PlaceZone")
            guard let distance, let bearing, let outlanding else { return nil }
            guard StoredValues.distance.contains(distance), StoredValues.bearing.contains(bearing) else {
                StoredValues.warn(
                    flight: id, "\(Self.words(end)) place", "\(distance) m, \(bearing)°",
                    expected: "0…40075000 m, 0…360°")
                return nil
            }
            return FlightPlace(
                code: code, name: name, distance: distance, bearing: bearing, isOutlanding: outlanding,
                zoneIdentifier: zone)
        }
        let source = FlightSource(
            recordingKind: value("r.kind", else: "recorded"), fileName: optional("r.fileName"),
            sha256: optional("r.sha256"))
        var flight = Flight(
            id: id, takeoffTime: takeoffTime, landingTime: landingTime, takeoffCoordinate: takeoff,
            landingCoordinate: landing, releaseTime: releaseTime, details: details,
            source: source,
            maxAltitude: maxAltitude, takeoffAltitude: takeoffAltitude, maxDistanceFromTakeoff: maxDistance,
            pathLength: pathLength, hasBarometer: value("f.hasBarometer", else: true),
            timeZoneIdentifier: optional("f.timeZoneIdentifier"), utcOffsetSeconds: offset)
        flight.takeoffLocation = place("takeoff")
        flight.landingLocation = place("landing")
        flight.endedInFlight = value("f.endedInFlight", else: false)
        flight.competitionClass = optional("f.competitionClass")
        flight.weglide = weglide(
            optional("f.weglideFlightId"), optional("f.weglideUploadedAt"),
            optional("f.weglidePendingSince"))
        flight.unreadable = unknown
        return flight
    }

    /// The WeGlide columns (schema v14) as a state: an id wins over a pending mark.
    static func weglide(_ id: Int64?, _ uploadedAt: Int64?, _ pendingSince: Int64?) -> WeGlideState {
        if let id { return .uploaded(flightId: id, uploadedAt: uploadedAt ?? 0) }
        if let pendingSince { return .uncertain(since: pendingSince) }
        return .notUploaded
    }

    /// The SQL condition (over `flight f`) equivalent to `FlightFilter.matches`.
    /// A column prefix (`takeoff`, `landing`) as a warning says it.
    static func words(_ end: String) -> String { end == "takeoff" ? "take-off" : end }

    static func condition(_ filter: FlightFilter) -> (sql: String, arguments: StatementArguments) {
        var clauses: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        /// Adds `sql` with one `?` bound to `value`, when the criterion is set.
        func add(_ sql: String, _ value: String?) {
            guard let value else { return }
            clauses.append(sql)
            arguments.append(value)
        }
        if let withInstructor = filter.withInstructor {
            clauses.append(
                withInstructor ? "f.secondPersonRole = 'instructor'" : "f.secondPersonRole IS NOT 'instructor'")
        }
        // instr() is a plain substring test: no LIKE pattern, so no escaping and no ASCII-only case rules.
        // A name's words, each a substring, in any order (FlightFilter.nameWords).
        for word in filter.guest.map(FlightFilter.nameWords) ?? [] {
            add("f.secondPersonRole = 'guest' AND instr(f.secondPersonKey, ?) > 0", word)
        }
        add("instr(f.gliderTypeKey, ?) > 0", filter.plane.map(designationKey))
        for word in filter.instructorName.map(FlightFilter.nameWords) ?? [] {
            add("f.secondPersonRole = 'instructor' AND instr(f.secondPersonKey, ?) > 0", word)
        }
        for word in filter.pilot.map(FlightFilter.nameWords) ?? [] { add("instr(f.pilotKey, ?) > 0", word) }
        add("instr(f.registrationKey, ?) > 0", filter.registration.map(registrationKey))
        add("f.localDate >= ?", filter.since?.description)
        add("f.localDate <= ?", filter.until?.description)
        add("f.launchMethod = ?", filter.launch?.rawValue)
        add(
            "f.id IN (SELECT value FROM json_each(?))",
            filter.ids.map { "[\($0.map(String.init).joined(separator: ","))]" })
        // A flight still in progress (in the air now, or ended in flight) landed nowhere yet.
        let outlanded = "f.landingOutlanding IS 1 AND NOT f.endedInFlight AND NOT f.inProgress"
        if let outlanding = filter.outlanding { clauses.append(outlanding ? outlanded : "NOT (\(outlanded))") }
        let sql = clauses.isEmpty ? "1" : clauses.map { "(\($0))" }.joined(separator: " AND ")
        return (sql, StatementArguments(arguments))
    }
}

extension FlightSource {
    /// The source of a flight whose recording row has this `kind` (`recorded`, `imported`, `manual`), file name
    /// and hash, here and in the club logbook.
    package init(recordingKind kind: String, fileName: String?, sha256: String?) {
        switch kind {
        case "imported": self = .imported(fileName: fileName ?? "", sha256: sha256 ?? "")
        case "manual": self = .manual
        default: self = .recorded
        }
    }
}
