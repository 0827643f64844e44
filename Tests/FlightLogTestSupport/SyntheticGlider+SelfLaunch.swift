import FlightLogCore

extension SyntheticGlider {
    /// A self-launch: 4 minutes under engine (ENL 900) climbing 2.5 m/s, then 10 minutes circling in lift and 10
    /// gliding with the engine quiet; the flight as the logbook stores it (self-launch, barometer).
    package static func selfLaunch() -> (flight: Flight, fixes: [Fix]) {
        var glider = SyntheticGlider(altitude: 300, enl: 900)
        glider.fly(240, climb: 2.5)
        glider.enl = 20
        glider.fly(600, turn: 15, speed: 22, climb: 1)
        glider.fly(600, climb: -1)
        let fixes = glider.fixes
        let flight = Flight(
            takeoffTime: fixes.first!.time, landingTime: fixes.last!.time,
            takeoffCoordinate: fixes.first!.coordinate, landingCoordinate: fixes.last!.coordinate,
            details: FlightDetails(pilot: "P", launchMethod: .self), source: .recorded,
            maxAltitude: fixes.compactMap(\.pressureAltitude).max(), hasBarometer: true,
            timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 3600)
        return (flight, fixes)
    }
}
