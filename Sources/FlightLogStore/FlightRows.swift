import FlightLogCore
import Foundation
import GRDB

/// Mapping between `Flight` and rows of the `flight` table.
enum FlightRows {
    /// Columns every flight query selects (flight `f` joined with its recording `r`).
    static let select = """
        SELECT f.*, r.kind AS sourceKind, r.fileName AS sourceFileName, r.sha256 AS sourceSha256
        FROM flight f JOIN recording r ON r.id = f.recordingId
        """

    /// Columns written from the recorded facts (times, places, statistics).
    static func factColumns(_ flight: Flight) -> [String: (any DatabaseValueConvertible)?] {
        [
            "takeoffTime": flight.takeoffTime,
            "landingTime": flight.landingTime,
            "takeoffLatitude": flight.takeoffCoordinate.latitude,
            "takeoffLongitude": flight.takeoffCoordinate.longitude,
            "landingLatitude": flight.landingCoordinate.latitude,
            "landingLongitude": flight.landingCoordinate.longitude,
            "releaseTime": flight.releaseTime,
            "maxAltitude": flight.maxAltitude,
            "takeoffAltitude": flight.takeoffAltitude,
            "maxDistanceFromTakeoff": flight.maxDistanceFromTakeoff,
            "pathLength": flight.pathLength,
            "hasBarometer": flight.hasBarometer,
            "timeZoneIdentifier": flight.timeZoneIdentifier,
            "utcOffsetSeconds": flight.utcOffsetSeconds,
            "localDate": flight.localDate.description,
        ]
    }

    /// Columns written from the editable details, including the search keys.
    static func detailColumns(_ d: FlightDetails) -> [String: (any DatabaseValueConvertible)?] {
        [
            "pilot": d.pilot,
            "secondPerson": d.secondPerson,
            "secondPersonRole": d.secondPersonRole?.rawValue,
            "gliderType": d.gliderType,
            "registration": d.registration,
            "competitionId": d.competitionId,
            "launchMethod": d.launchMethod.rawValue,
            "releaseHeight": d.releaseHeight,
            "takeoffPlace": d.takeoffPlace,
            "landingPlace": d.landingPlace,
            "remarks": d.remarks,
            "pilotKey": d.pilot.map(searchKey),
            "secondPersonKey": d.secondPerson.map(searchKey),
            "gliderTypeKey": d.gliderType.map(searchKey),
            "registrationKey": d.registration.map(registrationKey),
        ]
    }

    static func insert(
        _ flight: Flight, recordingId: Int64, inProgress: Bool, into db: Database
    ) throws -> Int64 {
        var columns = factColumns(flight).merging(detailColumns(flight.details)) { a, _ in a }
        columns["recordingId"] = recordingId
        columns["inProgress"] = inProgress
        let names = columns.keys.sorted()
        try db.execute(
            sql: "INSERT INTO flight (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
            arguments: StatementArguments(names.map { columns[$0]! }))
        return db.lastInsertedRowID
    }

    /// Updates the given columns of flight `id`; false when there is no such flight.
    static func update(_ id: Int64, _ columns: [String: (any DatabaseValueConvertible)?], in db: Database) throws -> Bool {
        let names = columns.keys.sorted()
        try db.execute(
            sql: "UPDATE flight SET \(names.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?",
            arguments: StatementArguments(names.map { columns[$0]! } + [id]))
        return db.changesCount > 0
    }

    static func flight(from row: Row) throws -> Flight {
        let source: FlightSource
        if (row["sourceKind"] as String?) == "imported" {
            source = .imported(fileName: row["sourceFileName"] ?? "", sha256: row["sourceSha256"] ?? "")
        } else {
            source = .recorded
        }
        let details = FlightDetails(
            pilot: row["pilot"], secondPerson: row["secondPerson"],
            secondPersonRole: (row["secondPersonRole"] as String?).flatMap(SecondPersonRole.init(rawValue:)),
            gliderType: row["gliderType"], registration: row["registration"], competitionId: row["competitionId"],
            launchMethod: LaunchMethod(rawValue: row["launchMethod"]) ?? .unknown, releaseHeight: row["releaseHeight"],
            takeoffPlace: row["takeoffPlace"], landingPlace: row["landingPlace"], remarks: row["remarks"])
        return Flight(
            id: row["id"], takeoffTime: row["takeoffTime"], landingTime: row["landingTime"],
            takeoffCoordinate: Coordinate(latitude: row["takeoffLatitude"], longitude: row["takeoffLongitude"]),
            landingCoordinate: Coordinate(latitude: row["landingLatitude"], longitude: row["landingLongitude"]),
            releaseTime: row["releaseTime"], details: details, source: source,
            maxAltitude: row["maxAltitude"], takeoffAltitude: row["takeoffAltitude"],
            maxDistanceFromTakeoff: row["maxDistanceFromTakeoff"], pathLength: row["pathLength"],
            hasBarometer: row["hasBarometer"], timeZoneIdentifier: row["timeZoneIdentifier"],
            utcOffsetSeconds: row["utcOffsetSeconds"])
    }

    /// The SQL condition (over `flight f`) equivalent to `FlightFilter.matches`.
    static func condition(_ filter: FlightFilter) -> (sql: String, arguments: StatementArguments) {
        var clauses: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let withInstructor = filter.withInstructor {
            clauses.append(withInstructor ? "f.secondPersonRole = 'instructor'" : "f.secondPersonRole IS NOT 'instructor'")
        }
        // instr() is a plain substring test: no LIKE pattern, so no escaping and no ASCII-only case rules.
        if let guest = filter.guest {
            clauses.append("f.secondPersonRole = 'guest' AND instr(f.secondPersonKey, ?) > 0")
            arguments.append(searchKey(guest))
        }
        if let plane = filter.plane {
            clauses.append("instr(f.gliderTypeKey, ?) > 0")
            arguments.append(searchKey(plane))
        }
        if let pilot = filter.pilot {
            clauses.append("instr(f.pilotKey, ?) > 0")
            arguments.append(searchKey(pilot))
        }
        if let registration = filter.registration {
            clauses.append("instr(f.registrationKey, ?) > 0")
            arguments.append(registrationKey(registration))
        }
        if let since = filter.since {
            clauses.append("f.localDate >= ?")
            arguments.append(since.description)
        }
        if let until = filter.until {
            clauses.append("f.localDate <= ?")
            arguments.append(until.description)
        }
        if let launch = filter.launch {
            clauses.append("f.launchMethod = ?")
            arguments.append(launch.rawValue)
        }
        if let ids = filter.ids {
            clauses.append("f.id IN (SELECT value FROM json_each(?))")
            arguments.append("[" + ids.map(String.init).joined(separator: ",") + "]")
        }
        let sql = clauses.isEmpty ? "1" : clauses.map { "(\($0))" }.joined(separator: " AND ")
        return (sql, StatementArguments(arguments))
    }
}
