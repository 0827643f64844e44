/// Thresholds of the flight detector (docs/DETECTION.md, rules T1–T5). Speeds in m/s, times in seconds.
package struct DetectionProfile: Sendable, Hashable, Codable {
    /// Stored with a flight to say which profile found it (`glider`, `slow`).
    package var name: String
    /// Ground speed at or above which the aircraft counts as moving for takeoff.
    package var takeoffSpeed: Double
    /// How long the movement must be held before takeoff is declared (back-dated to its start).
    package var takeoffHold: Double
    /// Ground speed below which the aircraft counts as still for landing (near the takeoff altitude).
    package var landingSpeed: Double
    /// How long stillness must last before landing is declared (back-dated to its start).
    package var landingHold: Double
    /// Stillness also needs the altitude to stay within this band (metres): no climbing or sinking.
    package var steadyAltitudeBand: Meters
    /// A flight is committed only with this height gain (metres) ...
    package var minimumHeightGain: Meters
    /// ... or this duration; anything less is taxiing or a tug run.
    package var minimumDuration: Double
    /// A longer interval between valid fixes is a GPS outage: state unknown, runs restart after it.
    package var maximumGap: Double
    /// Ground speed is measured over at least this interval, so 10 Hz position noise does not look like speed.
    package var speedBaseline: Double
    /// A fix implying a faster ground speed than this is a jump and is dropped (200 m at 1 Hz).
    package var maximumSpeed: Double

    package init(
        name: String, takeoffSpeed: Double, takeoffHold: Double = 10, landingSpeed: Double,
        landingHold: Double = 60, steadyAltitudeBand: Meters = 20, minimumHeightGain: Meters = 50,
        minimumDuration: Double = 120, maximumGap: Double = 30, speedBaseline: Double = 1, maximumSpeed: Double = 200
    ) {
        self.name = name
        self.takeoffSpeed = takeoffSpeed
        self.takeoffHold = takeoffHold
        self.landingSpeed = landingSpeed
        self.landingHold = landingHold
        self.steadyAltitudeBand = steadyAltitudeBand
        self.minimumHeightGain = minimumHeightGain
        self.minimumDuration = minimumDuration
        self.maximumGap = maximumGap
        self.speedBaseline = speedBaseline
        self.maximumSpeed = maximumSpeed
    }

    /// Gliders (XCSoar defaults): takeoff at 10 m/s (36 km/h) held 10 s, landing below 5 m/s for 60 s.
    package static let glider = DetectionProfile(name: "glider", takeoffSpeed: 10, landingSpeed: 5)

    /// Fallback for paragliders and foot launches (XCTrack files): takeoff at 4 m/s held 10 s,
    /// landing below 2 m/s (walking pace) for 60 s.
    package static let slow = DetectionProfile(name: "slow", takeoffSpeed: 4, landingSpeed: 2)

    /// The landing speed threshold at `height` metres above takeoff: lowered high up (ridge and wave
    /// flying are slow over the ground), as XCSoar does without terrain data.
    package func landingSpeed(atHeightAboveTakeoff height: Meters) -> Double {
        if height > 1000 { return landingSpeed / 4 }
        if height > 500 { return landingSpeed / 2 }
        if height > 250 { return landingSpeed * 2 / 3 }
        return landingSpeed
    }
}
