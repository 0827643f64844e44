import FlightLogCore

/// The static pressure a barometer would have read at any instant of a recorded or simulated flight:
/// ISA pressure of the pressure altitude, linearly interpolated in altitude between fixes and held
/// constant before the first and after the last one.
package struct PressureTimeline: Sendable {
    /// (time, altitude) in increasing time; pressure altitude, or GNSS altitude when no fix has one.
    private let points: [(time: UTCMillis, altitude: Meters)]

    /// - Parameter fixes: fixes in increasing time order (others are skipped).
    package init(fixes: [Fix]) {
        let usePressure = fixes.contains { $0.pressureAltitudeDm != nil }
        var points: [(time: UTCMillis, altitude: Meters)] = []
        for fix in fixes {
            guard let altitude = usePressure ? fix.pressureAltitude : fix.gnssAltitude else { continue }
            if let last = points.last, fix.time <= last.time { continue }
            points.append((fix.time, altitude))
        }
        self.points = points
    }

    /// `nil` when no fix carries any altitude.
    package var isEmpty: Bool { points.isEmpty }
    package var startTime: UTCMillis? { points.first?.time }
    package var endTime: UTCMillis? { points.last?.time }

    /// Pressure altitude at `time`, metres (interpolated).
    package func altitude(at time: UTCMillis) -> Meters? {
        guard let first = points.first, let last = points.last else { return nil }
        if time <= first.time { return first.altitude }
        if time >= last.time { return last.altitude }
        var low = 0, high = points.count - 1  // points[low].time < time < points[high].time
        while high - low > 1 {
            let middle = (low + high) / 2
            if points[middle].time <= time { low = middle } else { high = middle }
        }
        let a = points[low], b = points[high]
        let fraction = Double(time - a.time) / Double(b.time - a.time)
        return a.altitude + (b.altitude - a.altitude) * fraction
    }

    /// Static pressure at `time`, Pa.
    package func pressure(at time: UTCMillis) -> Pascals? {
        altitude(at: time).map { ISA.pressure(altitude: $0) }
    }
}
