import FlightLogAirspace
import FlightLogAnalysis
import FlightLogCore
import Foundation

/// `flightlog list --json` and `show --json`.
package enum FlightJSON {
    package struct Object: Encodable {
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
        /// `show --json` only: the infringements of the imported airspace (``AirspaceText``).
        var airspace: [AirspaceText.Entry]?
        /// `show --json` only: coverage and one entry per airspace (``AirspaceText/Summary``).
        var airspaceSummary: AirspaceText.Summary?
        /// The free distance over up to 6 legs (OLC classic, WeGlide) from the flight's stored analysis, km; null
        /// when it has none yet (or no track).
        var contestKm: OrNull<Double> = OrNull(nil)
        /// Whether every contest route is proven the longest (`contestKm`, the 4-leg distance, the FAI triangle); false
        /// when a search stopped at its work budget (`flightlog analyse --prove` finishes it); null without a stored
        /// analysis.
        var contestProven: OrNull<Bool> = OrNull(nil)
        /// No route is longer than this, km, when `contestProven` is false; else null.
        var contestUpperBoundKm: OrNull<Double> = OrNull(nil)
        /// The engine's running time from the stored analysis; null without one or without an engine sensor.
        var engineSeconds: OrNull<Double> = OrNull(nil)
        /// Landed away from any known field.
        var outlanding: Bool
        /// The recording stopped in the air: `landing` is the last fix's time, there is no landing place.
        var endedInFlight: Bool
        /// The places from the airfield index (nil for a flight not placed yet).
        var takeoffLocation: Location?
        var landingLocation: Location?
        /// Where it is on WeGlide; null when never uploaded.
        var weglide: OrNull<WeGlide> = OrNull(nil)
        /// The task that counts, null without one: `show --json` the task and its score (``FlightTaskReport``),
        /// `list --json` the kept result (``FlightTaskResult``: the keys they share).
        var task: OrNull<TaskEntry>?
    }

    /// `"task"`: the whole task and score (`show`) or the kept result (`list`).
    enum TaskEntry: Encodable {
        case report(FlightTaskReport.Object)
        case result(FlightTaskResult)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .report(let object): try object.encode(to: encoder)
            case .result(let result): try result.encode(to: encoder)
            }
        }
    }

    /// `{"flightId": 345678, "uploadedAt": "…", "url": "…"}`, or `{"uncertainSince": "…"}` for an upload whose
    /// answer never arrived (it may be on WeGlide: docs/WEGLIDE.md).
    struct WeGlide: Encodable {
        var flightId: Int64?
        var uploadedAt: String?
        var url: String?
        var uncertainSince: String?

        init?(_ state: WeGlideState) {
            switch state {
            case .notUploaded: return nil
            case .uploaded(let id, let at):
                flightId = id
                uploadedAt = iso8601UTC(at)
                url = WeGlideState.link(id)
            case .uncertain(let since): uncertainSince = iso8601UTC(since)
            }
        }
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

    package struct Fault: Encodable {
        var kind: String
        var from: String
        var to: String
        var durationSeconds: Int64

        package init(_ fault: RecordingFault) {
            kind = fault.kind.code
            from = iso8601UTC(fault.from)
            to = iso8601UTC(fault.to)
            durationSeconds = fault.durationMillis / 1000
        }
    }

    package static func object(_ f: Flight, owner: LogbookOwner? = nil, contest: ContestSummary? = nil) -> Object {
        let d = f.details
        var sourceFile: String?
        if case .imported(let name, _) = f.source { sourceFile = name }
        var object = Object(
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
        object.contestKm = OrNull(contest.map { $0.freeSixMeters.rounded() / 1000 })
        object.contestProven = OrNull(contest.map(\.contestProven))
        object.contestUpperBoundKm = OrNull(contest?.freeSixUpperBoundMeters.map { $0.rounded() / 1000 })
        object.engineSeconds = OrNull(contest?.engineSeconds)
        object.weglide = OrNull(WeGlide(f.weglide))
        return object
    }

    /// `flightlog show ID --json`: the flight, with its faults when recorded here, its analysis when it has one and
    /// its task (null without one).
    package static func show(
        _ flight: Flight, faults: [RecordingFault], analysis: FlightAnalysis?, owner: LogbookOwner?,
        airspace: AirspaceFindings? = nil, task: FlightTaskReport? = nil
    ) -> String {
        var object = object(flight, owner: owner, contest: analysis.flatMap(ContestSummary.init))
        if case .recorded = flight.source { object.faults = faults.map(Fault.init) }
        object.analysis = analysis.map(AnalysisOutput.Object.init)
        object.airspace = airspace.map { $0.items.map(AirspaceText.Entry.init) }
        object.airspaceSummary = airspace.map(AirspaceText.Summary.init)
        object.task = OrNull(task.map { TaskEntry.report($0.object) })
        return encode(object)
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

    /// `tasks`: the flights' task results by id (``FlightTaskResult``); `"task"` is null for a flight not in it.
    package static func array(
        _ flights: [Flight], owner: LogbookOwner? = nil, contest: [Int64: ContestSummary] = [:],
        tasks: [Int64: FlightTaskResult] = [:]
    ) -> String {
        encode(
            flights.map { f in
                var object = object(f, owner: owner, contest: f.id.flatMap { contest[$0] })
                object.task = OrNull(f.id.flatMap { tasks[$0] }.map { TaskEntry.result($0) })
                return object
            })
    }

    package static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }
}
