import ArgumentParser
import FlightLogCore
import FlightLogStore
import Foundation

extension FlightLogCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List flights, oldest first, with totals.",
            discussion: """
                Examples:
                  flightlog list --instructor
                  flightlog list --guest "çağrı şahin" --since 2025-04-01
                  flightlog list --plane "ask 21" --launch winch --csv > winch.csv
                  flightlog list --owner "Müller"            # only flights Müller was aboard
                The table fits the terminal (80 columns when not a terminal; COLUMNS sets another width).
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var filters: FilterOptions
        @OptionGroup var ownerOptions: OwnerOptions

        @Flag(name: .long, help: "Print a JSON array of flight objects.")
        var json = false

        @Flag(name: .long, help: "Print CSV (one header line, one line per flight).")
        var csv = false

        @Flag(name: .long, help: "Newest flight first.")
        var newestFirst = false

        func validate() throws {
            if json && csv { throw ValidationError("choose one of --json and --csv.") }
        }

        func run() async throws {
            let config = try store.loadConfig()
            let db = try store.open(.readOnly)
            let filter = filters.filter
            let flights = ownerOptions.chosen(try db.flights(matching: filter, newestFirst: newestFirst), config)
            if json {
                print(FlightJSON.array(flights, owner: ownerOptions.owner(config)))
            } else if csv {
                print(FlightCSV.render(flights, owner: ownerOptions.owner(config)), terminator: "")
            } else if flights.isEmpty {
                let empty = filter.isEmpty && ownerOptions.owner == nil
                printError(empty ? "No flights yet." : "No flights match: \(ownerOptions.summary(filter)).")
            } else {
                print(FlightTable.render(flights, width: terminalWidth()))
            }
        }
    }
}

/// `flightlog list --csv`.
enum FlightCSV {
    static let header = [
        "id", "date", "takeoff_utc", "landing_utc", "takeoff_local", "landing_local", "utc_offset", "duration_min",
        "glider_type", "registration", "competition_id", "pilot", "second_person", "second_person_role", "launch",
        "release_height_m", "takeoff_place", "landing_place", "max_altitude_m", "distance_km", "remarks",
        "takeoff_airfield", "landing_airfield", "outlanding", "time_zone", "launches", "track", "owner_role",
        "ended_in_flight",
    ]

    /// `owner_role` is the logbook owner's role (``OwnerRole``); without an owner, the pilot's.
    static func render(_ flights: [Flight], owner: LogbookOwner? = nil) -> String {
        var out = header.joined(separator: ",") + "\r\n"
        for f in flights {
            let d = f.details
            let local = { (t: CivilDateTime) in "\(t.date)T\(t.hourMinuteSecond)" }
            let times: [String?] = [
                f.known(.takeoffTime, f.localDate.description), f.known(.takeoffTime, iso8601UTC(f.takeoffTime)),
                f.known(.landingTime, iso8601UTC(f.landingTime)),
                f.known(.takeoffTime, .utcOffset, local(f.localTakeoff)),
                f.known(.landingTime, .utcOffset, local(f.localLanding)),
                f.known(.utcOffset, offsetText(f.utcOffsetSeconds)),
                f.known(.takeoffTime, .landingTime, String(f.duration / 60_000)),
            ]
            let distance = f.known(.maxDistance, decimal(f.maxDistanceFromTakeoff / 1000, 1)) ?? ""
            let launches = f.known(.launches, String(d.launches)) ?? ""
            let outlanding = f.landingLocation == nil ? "" : f.isOutlanding ? "yes" : "no"
            let rest: [String] = [
                d.gliderType ?? "", d.registration ?? "", d.competitionId ?? "",
                d.pilot ?? "", d.secondPerson ?? "", d.secondPersonRole?.rawValue ?? "", d.launchMethod.rawValue,
                d.releaseHeight.map { decimal($0, 0) } ?? "", f.takeoffPlaceText, f.landingPlaceText,
                f.maxAltitude.map { decimal($0, 0) } ?? "", distance, d.remarks ?? "",
                f.takeoffLocation?.code ?? "", f.landingLocation?.code ?? "", outlanding, f.timeZoneIdentifier ?? "",
                launches, f.hasTrack ? "yes" : "no", OwnerRole.of(f, owner: owner).rawValue,
                f.endedInFlight ? "yes" : "no",
            ]
            let fields = [String(f.id ?? 0)] + times.map { $0 ?? "" } + rest
            out += fields.map(csvField).joined(separator: ",") + "\r\n"
        }
        return out
    }
}

/// `flightlog list --json` and `show --json`.
enum FlightJSON {
    struct Object: Encodable {
        var id: Int64
        var date: OrNull<String>
        var takeoff: OrNull<String>
        var landing: OrNull<String>
        var durationSeconds: OrNull<Int64>
        var utcOffset: OrNull<String>
        var timeZone: String?
        var launch: String
        var releaseHeight: Double?
        var releaseTime: String?
        var pilot: String?
        var secondPerson: String?
        var secondPersonRole: String?
        var gliderType: String?
        var registration: String?
        var competitionId: String?
        var takeoffPlace: String?
        var landingPlace: String?
        var takeoffLatitude: OrNull<Double>
        var takeoffLongitude: OrNull<Double>
        var landingLatitude: OrNull<Double>
        var landingLongitude: OrNull<Double>
        var maxAltitude: Double?
        var maxDistanceKm: OrNull<Double>
        var pathLengthKm: OrNull<Double>
        var hasBarometer: Bool
        var remarks: String?
        /// `recorded`, `imported` or `manual` (entered by hand: no track).
        var source: String
        var track: Bool
        /// Launches logged with the flight.
        var launches: OrNull<Int>
        /// The logbook owner's role (pic, dual, instructor, passenger, not-aboard); without an owner, the pilot's.
        var ownerRole: String
        var sourceFile: String?
        /// `show --json` only: GPS, barometer and power losses of a recorded flight (``RecordingFaults``).
        var faults: [Fault]?
        /// `show --json` only: the contest routes and points, the scoring window (``AnalysisOutput``).
        var analysis: AnalysisOutput.Object?
        /// Landed away from any known field.
        var outlanding: Bool
        /// The recording stopped in the air: `landing` is the last fix's time, there is no landing place.
        var endedInFlight: Bool
        /// The places from the airfield index (nil for a flight not placed yet).
        var takeoffLocation: Location?
        var landingLocation: Location?
    }

    /// A takeoff or landing place (``FlightPlace``).
    struct Location: Encodable {
        /// ICAO code of the field, when it has one.
        var code: String?
        var name: String?
        /// From the field to the place.
        var distanceMeters: Int
        var bearingDegrees: Int
        var outlanding: Bool
        var timeZone: String?
        var description: String

        init(_ place: FlightPlace) {
            code = place.code
            name = place.name
            distanceMeters = Int(place.distance.rounded())
            bearingDegrees = Int(place.bearing.rounded()) % 360
            outlanding = place.isOutlanding
            timeZone = place.zoneIdentifier
            description = place.description
        }
    }

    struct Fault: Encodable {
        var kind: String
        var from: String
        var to: String
        var durationSeconds: Int64

        init(_ fault: RecordingFault) {
            kind = fault.kind.code
            from = iso8601UTC(fault.from)
            to = iso8601UTC(fault.to)
            durationSeconds = fault.durationMillis / 1000
        }
    }

    static func object(_ f: Flight, owner: LogbookOwner? = nil) -> Object {
        let d = f.details
        var sourceFile: String?
        if case .imported(let name, _) = f.source { sourceFile = name }
        return Object(
            id: f.id ?? 0, date: OrNull(f.known(.takeoffTime, f.localDate.description)),
            takeoff: OrNull(f.known(.takeoffTime, iso8601UTC(f.takeoffTime))),
            landing: OrNull(f.known(.landingTime, iso8601UTC(f.landingTime))),
            durationSeconds: OrNull(f.known(.takeoffTime, .landingTime, f.duration / 1000)),
            utcOffset: OrNull(f.known(.utcOffset, offsetText(f.utcOffsetSeconds))), timeZone: f.timeZoneIdentifier,
            launch: d.launchMethod.rawValue, releaseHeight: d.releaseHeight, releaseTime: f.releaseTime.map(iso8601UTC),
            pilot: d.pilot, secondPerson: d.secondPerson, secondPersonRole: d.secondPersonRole?.rawValue,
            gliderType: d.gliderType, registration: d.registration, competitionId: d.competitionId,
            takeoffPlace: d.takeoffPlace, landingPlace: d.landingPlace,
            takeoffLatitude: OrNull(f.known(.takeoffPosition, f.takeoffCoordinate.latitude)),
            takeoffLongitude: OrNull(f.known(.takeoffPosition, f.takeoffCoordinate.longitude)),
            landingLatitude: OrNull(f.known(.landingPosition, f.landingCoordinate.latitude)),
            landingLongitude: OrNull(f.known(.landingPosition, f.landingCoordinate.longitude)),
            maxAltitude: f.maxAltitude,
            maxDistanceKm: OrNull(f.known(.maxDistance, (f.maxDistanceFromTakeoff / 100).rounded() / 10)),
            pathLengthKm: OrNull(f.known(.pathLength, (f.pathLength / 100).rounded() / 10)),
            hasBarometer: f.hasBarometer, remarks: d.remarks,
            source: f.hasTrack ? (sourceFile == nil ? "recorded" : "imported") : "manual", track: f.hasTrack,
            launches: OrNull(f.known(.launches, d.launches)), ownerRole: OwnerRole.of(f, owner: owner).rawValue,
            sourceFile: sourceFile, outlanding: f.isOutlanding, endedInFlight: f.endedInFlight,
            takeoffLocation: f.takeoffLocation.map(Location.init), landingLocation: f.landingLocation.map(Location.init)
        )
    }

    /// A value that is `null` in the JSON when unknown (a plain optional would leave the key out).
    struct OrNull<Value: Encodable>: Encodable {
        var value: Value?
        init(_ value: Value?) { self.value = value }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            if let value { try c.encode(value) } else { try c.encodeNil() }
        }
    }

    static func array(_ flights: [Flight], owner: LogbookOwner? = nil) -> String {
        encode(flights.map { object($0, owner: owner) })
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }
}
