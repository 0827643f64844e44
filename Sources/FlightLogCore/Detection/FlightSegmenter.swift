/// One flight found in a track, with the facts the logbook stores.
package struct DetectedFlight: Sendable, Hashable {
    /// Indices into the analysed fix array.
    package var takeoffIndex: Int
    package var landingIndex: Int
    package var takeoffTime: UTCMillis
    package var landingTime: UTCMillis
    package var takeoffCoordinate: Coordinate
    package var landingCoordinate: Coordinate
    package var launch: LaunchMethod
    package var releaseTime: UTCMillis?
    /// Release altitude − takeoff altitude, metres.
    package var releaseHeight: Meters?
    /// Pressure altitude at takeoff (GNSS without a barometer), metres.
    package var takeoffAltitude: Meters?
    /// Highest altitude of the flight, same source, metres.
    package var maxAltitude: Meters?
    package var maxDistanceFromTakeoff: Meters
    package var pathLength: Meters
    /// False when the track ends in the air (or the whole track was taken as the flight).
    package var landingDetected: Bool
    /// The recording stopped while the aircraft was still in the air (``FlightSegmenter/endsAirborne``): the
    /// "landing" is only the last fix, not a landing place.
    package var endedInFlight: Bool = false
    /// The profile that found the flight; `nil` = the whole track taken as one flight (import fallback).
    package var detectedBy: DetectionProfile?
    /// True when the altitudes above are pressure altitudes.
    package var usesPressureAltitude: Bool
}

/// Statistics of the stretch of a track between two fixes.
package struct FlightStatistics: Sendable, Hashable {
    package var takeoffCoordinate: Coordinate
    package var landingCoordinate: Coordinate
    package var takeoffAltitude: Meters?
    package var maxAltitude: Meters?
    /// Greatest great-circle distance from the first position, metres.
    package var maxDistanceFromTakeoff: Meters
    /// Sum of the distances between consecutive positions, metres.
    package var pathLength: Meters
    package var usesPressureAltitude: Bool
}

/// Cuts tracks into flights (docs/DETECTION.md, rule C: record continuously, cut afterwards).
package enum FlightSegmenter {
    /// All flights in a continuous track (live recording, already stored data). May return [].
    /// A track ending in stillness (≥ 10 s) lands at its start; a flight still in the air at the end of the
    /// track ends at the last valid fix, `landingDetected` false.
    package static func flights(
        in fixes: [Fix], extensions: [FixExtension], profile: DetectionProfile = .glider
    ) -> [DetectedFlight] {
        var detector = FlightDetector(profile: profile)
        var flights: [DetectedFlight] = []
        var takeoff: Int?
        for (position, fix) in fixes.enumerated() {
            for event in detector.ingest(fix) {
                switch event {
                case .takeoff(_, let index):
                    takeoff = index
                case .landing(_, let index):
                    if let start = takeoff {
                        var found = flight(fixes, extensions, start, index, landed: true, profile: profile)
                        // A landing reported on the first fix after a recording gap ends the flight at the last
                        // fix before the gap: it is a landing only if the data before the gap shows one.
                        let gap = position > 0 ? Double(fix.time - fixes[position - 1].time) / 1000 : 0
                        if gap > FlightDetector.maximumFlightGap {
                            found.endedInFlight = endsAirborne(fixes, from: start, to: index, profile: profile)
                        }
                        flights.append(found)
                    }
                    takeoff = nil
                }
            }
        }
        if let start = takeoff {
            if case .landing(_, let index)? = detector.landingInProgress {
                flights.append(flight(fixes, extensions, start, index, landed: true, profile: profile))
            } else if let end = lastValidIndex(fixes), end > start {
                var found = flight(fixes, extensions, start, end, landed: false, profile: profile)
                found.endedInFlight = true  // the detector is still in the air at the end of the track
                flights.append(found)
            }
        }
        return flights
    }

    /// For an imported file, which the pilot says is a flight: the glider profile, else the slow profile (flights
    /// that change altitude), else the whole track as one flight (`landingDetected` false, `detectedBy` nil).
    /// Never empty for a track with ≥ 2 valid fixes.
    package static func flightsForImport(_ fixes: [Fix], extensions: [FixExtension]) -> [DetectedFlight] {
        let gliding = flights(in: fixes, extensions: extensions, profile: .glider)
        if !gliding.isEmpty { return gliding }
        // The same rule as live recording (LiveDetection): a slow flight must change altitude.
        let slow = flights(in: fixes, extensions: extensions, profile: .slow).filter {
            isSlowFlight(fixes, from: $0.takeoffIndex, to: $0.landingIndex)
        }
        if !slow.isEmpty { return slow }
        guard let first = fixes.firstIndex(where: \.isValid), let last = lastValidIndex(fixes), last > first else {
            return []
        }
        var whole = flight(fixes, extensions, first, last, landed: false, profile: nil)
        whole.endedInFlight = endsAirborne(fixes, from: first, to: last, profile: .glider)
        return [whole]
    }

    /// True when fixes `from...to`, taken to be airborne at `from`, are still in the air at `to`: the detector's
    /// landing rule (docs/DETECTION.md, T3: slow and steady for the landing hold, or for 10 s at the end of the
    /// data; or the pressure alone) finds no landing. A track whose end is unknown (no fix, no pressure) has
    /// not landed either: a gap is not the ground (T1).
    package static func endsAirborne(
        _ fixes: [Fix], from: Int, to: Int, profile: DetectionProfile = .glider
    ) -> Bool {
        guard let first = fixes[from...to].firstIndex(where: \.isValid) else { return true }
        var detector = FlightDetector(profile: profile, airborneAt: fixes[first], index: first)
        for fix in fixes[(first + 1)..<(to + 1)] {
            if !detector.ingest(fix).isEmpty { return false }  // flying: the first event is a landing
        }
        return detector.isFlying && detector.landingInProgress == nil
    }

    /// Statistics of fixes `from...to` (valid fixes only, jumps dropped).
    package static func statistics(_ fixes: [Fix], from: Int, to: Int) -> FlightStatistics {
        let series = FlightSeries(fixes, range: from...max(from, to))
        guard let origin = series.coordinates.first, let end = series.coordinates.last else {
            let fallback =
                fixes.isEmpty ? Coordinate(latitude: 0, longitude: 0) : fixes[min(from, fixes.count - 1)].coordinate
            return FlightStatistics(
                takeoffCoordinate: fallback, landingCoordinate: fallback, takeoffAltitude: nil, maxAltitude: nil,
                maxDistanceFromTakeoff: 0, pathLength: 0, usesPressureAltitude: series.usesPressure)
        }
        var farthest: Meters = 0, path: Meters = 0
        for i in 1..<series.count {
            path += Geodesy.distance(series.coordinates[i - 1], series.coordinates[i])
            farthest = max(farthest, Geodesy.distance(origin, series.coordinates[i]))
        }
        return FlightStatistics(
            takeoffCoordinate: origin, landingCoordinate: end, takeoffAltitude: series.altitudes.first ?? nil,
            maxAltitude: series.altitudes.compactMap { $0 }.max(), maxDistanceFromTakeoff: farthest, pathLength: path,
            usesPressureAltitude: series.usesPressure)
    }

    static func lastValidIndex(_ fixes: [Fix]) -> Int? { fixes.lastIndex(where: \.isValid) }

    static func flight(
        _ fixes: [Fix], _ extensions: [FixExtension], _ takeoff: Int, _ landing: Int, landed: Bool,
        profile: DetectionProfile?
    ) -> DetectedFlight {
        let stats = statistics(fixes, from: takeoff, to: landing)
        let launch = LaunchAnalyzer.analyze(fixes, extensions: extensions, takeoffIndex: takeoff, landingIndex: landing)
        return DetectedFlight(
            takeoffIndex: takeoff, landingIndex: landing, takeoffTime: fixes[takeoff].time,
            landingTime: fixes[landing].time, takeoffCoordinate: stats.takeoffCoordinate,
            landingCoordinate: stats.landingCoordinate, launch: launch.method, releaseTime: launch.releaseTime,
            releaseHeight: launch.releaseHeight, takeoffAltitude: stats.takeoffAltitude, maxAltitude: stats.maxAltitude,
            maxDistanceFromTakeoff: stats.maxDistanceFromTakeoff, pathLength: stats.pathLength, landingDetected: landed,
            detectedBy: profile, usesPressureAltitude: stats.usesPressureAltitude)
    }
}
