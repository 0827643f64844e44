extension Flight {
    /// A logbook flight from what the detector found in a track, with the given details.
    ///
    /// - Parameters:
    ///   - utcOffsetSeconds: UTC offset at the takeoff place at takeoff time (for the logbook date).
    ///   - hasBarometer: whether the track's pressure column comes from a real sensor.
    package init(
        detected: DetectedFlight, details: FlightDetails, source: FlightSource, hasBarometer: Bool,
        timeZoneIdentifier: String?, utcOffsetSeconds: Int
    ) {
        var details = details
        if details.launchMethod == .unknown { details.launchMethod = detected.launch }
        if details.releaseHeight == nil { details.releaseHeight = detected.releaseHeight?.rounded() }
        self.init(
            takeoffTime: detected.takeoffTime, landingTime: detected.landingTime,
            takeoffCoordinate: detected.takeoffCoordinate, landingCoordinate: detected.landingCoordinate,
            releaseTime: detected.releaseTime, details: details, source: source,
            maxAltitude: detected.maxAltitude, takeoffAltitude: detected.takeoffAltitude,
            maxDistanceFromTakeoff: detected.maxDistanceFromTakeoff, pathLength: detected.pathLength,
            hasBarometer: hasBarometer, timeZoneIdentifier: timeZoneIdentifier, utcOffsetSeconds: utcOffsetSeconds)
        endedInFlight = detected.endedInFlight
    }
}
