/// How the glider got into the air.
package enum LaunchMethod: String, Sendable, Hashable, Codable, CaseIterable {
    case winch, aerotow, `self`, unknown

    /// How the phone's pages and the PDF name it: `Winch`, `Aerotow`, `Self-launch`, `Unknown`.
    package var label: String {
        switch self {
        case .winch: "Winch"
        case .aerotow: "Aerotow"
        case .self: "Self-launch"
        case .unknown: "Unknown"
        }
    }

    /// Short code used on a printed logbook (German NfL 2021-2-602: W winch, F aerotow, E self-launch).
    package var logbookCode: String {
        switch self {
        case .winch: "W"
        case .aerotow: "F"
        case .self: "E"
        case .unknown: "?"
        }
    }
}

/// The role of the second person aboard, seen from the logbook owner (the pilot).
package enum SecondPersonRole: String, Sendable, Hashable, Codable, CaseIterable {
    case instructor, student, guest, crew
}

/// Where a flight's data came from.
package enum FlightSource: Sendable, Hashable {
    /// Recorded live by `flightlogd`.
    case recorded
    /// Imported from an IGC file (its name and the SHA-256 of its bytes, lower-case hex).
    case imported(fileName: String, sha256: String)
    /// Entered by hand (`flightlog add`): a paper logbook line or a flight flown without the recorder. No track.
    case manual
}

/// The editable logbook details of a flight. Nothing here touches the recorded track.
package struct FlightDetails: Sendable, Hashable, Codable {
    package var pilot: String?
    package var secondPerson: String?
    package var secondPersonRole: SecondPersonRole?
    package var gliderType: String?
    package var registration: String?
    package var competitionId: String?
    package var launchMethod: LaunchMethod
    /// Release height above the takeoff altitude (metres, pressure altitude), if known.
    package var releaseHeight: Meters?
    package var takeoffPlace: String?
    package var landingPlace: String?
    package var remarks: String?
    /// The logbook owner's function on this flight as set by hand (`edit --owner-role`); nil: follows from the
    /// crew names (``OwnerRole/of(_:owner:)``).
    package var ownerRole: OwnerRole?
    /// Launches logged with this flight (≥ 1; a hand-entered line of a paper logbook may hold several).
    package var launches: Int

    package init(
        pilot: String? = nil, secondPerson: String? = nil, secondPersonRole: SecondPersonRole? = nil,
        gliderType: String? = nil, registration: String? = nil, competitionId: String? = nil,
        launchMethod: LaunchMethod = .unknown, releaseHeight: Meters? = nil,
        takeoffPlace: String? = nil, landingPlace: String? = nil, remarks: String? = nil,
        ownerRole: OwnerRole? = nil, launches: Int = 1
    ) {
        self.pilot = pilot
        self.secondPerson = secondPerson
        self.secondPersonRole = secondPersonRole
        self.gliderType = gliderType
        self.registration = registration
        self.competitionId = competitionId
        self.launchMethod = launchMethod
        self.releaseHeight = releaseHeight
        self.takeoffPlace = takeoffPlace
        self.landingPlace = landingPlace
        self.remarks = remarks
        self.ownerRole = ownerRole
        self.launches = launches
    }
}

/// A flight as the logbook knows it: recorded facts (times, places, track statistics) plus editable details.
package struct Flight: Sendable, Hashable {
    package var id: Int64?
    package var takeoffTime: UTCMillis
    package var landingTime: UTCMillis
    package var takeoffCoordinate: Coordinate
    package var landingCoordinate: Coordinate
    /// Time of release from the winch or tow (or engine stop), if detected.
    package var releaseTime: UTCMillis?
    package var details: FlightDetails
    package var source: FlightSource
    /// Highest pressure altitude in the flight (GNSS altitude when there is no barometer), metres.
    package var maxAltitude: Meters?
    /// Takeoff altitude (pressure altitude, else GNSS), metres.
    package var takeoffAltitude: Meters?
    /// Greatest distance from the takeoff point, metres.
    package var maxDistanceFromTakeoff: Meters
    /// Length of the flown path, metres.
    package var pathLength: Meters
    /// True when the track carries pressure altitude from a real sensor.
    package var hasBarometer: Bool
    /// IANA time zone at the takeoff place (e.g. `Europe/Berlin`), if known.
    package var timeZoneIdentifier: String?
    /// UTC offset at the takeoff place at takeoff time, seconds east of UTC. Local times and the logbook
    /// date of this flight use it.
    package var utcOffsetSeconds: Int
    /// Where the flight took off and landed, from the airfield index (nil until placed: flights from before
    /// places were kept get theirs when flightlogd or `flightlog airfields assign` next runs). The editable
    /// `details.takeoffPlace`/`landingPlace` text starts as their description.
    package var takeoffLocation: FlightPlace?
    package var landingLocation: FlightPlace?
    /// The recording stopped while the glider was still in the air (an IGC file that ends at 600 m, the power
    /// lost in flight for good): the landing time and position are only the last fix's, there is no landing
    /// place, and it is not an outlanding. The flight time is the recorded time.
    package var endedInFlight = false
    /// Where the flight is on WeGlide (this device's upload, or the club's record of another device's).
    package var weglide = WeGlideState.notUploaded
    /// The competition class an imported file names (`HFCCL`: "18-Meter", "Club"), as written; nil for a recorded
    /// or hand-entered flight and a file without one. It settles the span of a glider type that names none (the
    /// glider index: `GliderIndex.match(_:competitionClass:)`).
    package var competitionClass: String?
    /// Facts whose stored value was unreadable (out of range in the database). Empty for every flight this
    /// program wrote.
    package var unreadable: Set<FlightFact> = []
    /// Facts every view shows as unknown (``Flight/unknownText``) and sums leave out: the unreadable ones, and for a
    /// flight entered by hand what only a track tells (its store holds zeros there, not measurements).
    package var unknown: Set<FlightFact> { hasTrack ? unreadable : unreadable.union(FlightFact.fromTrack) }

    /// What every view shows instead of a landing place when ``endedInFlight`` (and the pilot typed none).
    package static let endedInFlightLabel = "recording ended in flight"

    /// The landing was away from any known field (never for a recording that ended in flight).
    package var isOutlanding: Bool { !endedInFlight && (landingLocation?.isOutlanding ?? false) }

    /// The landing place as every view shows it: the (editable) place text, marked `(outlanding)` when the
    /// landing was away from any known field and the text does not say so; "recording ended in flight" when the
    /// recording stopped in the air and the pilot typed no place; nil when there is no text.
    package var landingPlaceLabel: String? {
        guard let text = details.landingPlace, !text.allSatisfy(\.isWhitespace) else {
            return endedInFlight ? Self.endedInFlightLabel : isOutlanding ? "outlanding" : nil
        }
        return isOutlanding && !text.lowercased().contains("outlanding") ? "\(text) (outlanding)" : text
    }

    /// False for a flight entered by hand: no fixes, no coordinates worth showing, nothing to export but the logbook.
    package var hasTrack: Bool { source != .manual }

    /// The logbook date: the local date at the takeoff place.
    package var localDate: CivilDate { CivilDateTime(utc: takeoffTime, offsetSeconds: utcOffsetSeconds).date }

    package var duration: Int64 { landingTime - takeoffTime }

    package init(
        id: Int64? = nil, takeoffTime: UTCMillis, landingTime: UTCMillis,
        takeoffCoordinate: Coordinate, landingCoordinate: Coordinate, releaseTime: UTCMillis? = nil,
        details: FlightDetails = FlightDetails(), source: FlightSource = .recorded,
        maxAltitude: Meters? = nil, takeoffAltitude: Meters? = nil,
        maxDistanceFromTakeoff: Meters = 0, pathLength: Meters = 0, hasBarometer: Bool = true,
        timeZoneIdentifier: String? = nil, utcOffsetSeconds: Int = 0
    ) {
        self.id = id
        self.takeoffTime = takeoffTime
        self.landingTime = landingTime
        self.takeoffCoordinate = takeoffCoordinate
        self.landingCoordinate = landingCoordinate
        self.releaseTime = releaseTime
        self.details = details
        self.source = source
        self.maxAltitude = maxAltitude
        self.takeoffAltitude = takeoffAltitude
        self.maxDistanceFromTakeoff = maxDistanceFromTakeoff
        self.pathLength = pathLength
        self.hasBarometer = hasBarometer
        self.timeZoneIdentifier = timeZoneIdentifier
        self.utcOffsetSeconds = utcOffsetSeconds
    }
}
