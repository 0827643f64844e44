import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which way a thermal was circled.
package enum TurnDirection: String, Sendable, Hashable, CaseIterable, Codable {
    /// At least a full circle each way.
    case mixed
    case left, right
}

/// A flight's circling phases (thermals when they gained height, else failed attempts or circling down) and its
/// glides (cruise phases), and their totals (docs/CONTEST-AND-THERMALS.md, "Thermals and glides"). Heights are pressure
/// altitudes when the window has any, else GNSS altitudes; distances are track lengths on the FAI sphere
/// (R = 6371 km), summed fix to fix.
package struct FlightPhases: Sendable, Hashable, Codable {
    package struct Thermal: Sendable, Hashable, Codable {
        /// First and last fix of the thermal (indices into the analysed fixes).
        package var startIndex: Int, endIndex: Int
        package var start: UTCMillis, end: UTCMillis
        /// The mean position of its fixes.
        package var center: Coordinate
        /// End altitude − start altitude, metres (negative when circling lost height).
        package var gain: Meters
        /// `gain` / duration, m/s.
        package var climbRate: Double
        package var direction: TurnDirection
        /// Share of its turning (degrees) that went to the left, 0...1.
        package var leftShare: Double
        package var seconds: Double { Double(end - start) / 1000 }
    }

    package struct Glide: Sendable, Hashable, Codable {
        package var startIndex: Int, endIndex: Int
        package var start: UTCMillis, end: UTCMillis
        /// Track length, metres on the FAI sphere.
        package var distance: Meters
        /// Start altitude − end altitude, metres (negative when the glide gained height).
        package var heightLost: Meters
        package var seconds: Double { Double(end - start) / 1000 }
        package var distanceKm: Double { distance / 1000 }
        /// Mean speed along the track, km/h (`nil` for a glide of no duration).
        package var speedKmh: Double? { seconds > 0 ? distance / seconds * 3.6 : nil }
        /// Distance / height lost; `nil` (infinite) when no height was lost.
        package var glideRatio: Double? { heightLost > 0 ? distance / heightLost : nil }
    }

    package struct Totals: Sendable, Hashable, Codable {
        package var circlingSeconds: Double = 0
        package var cruiseSeconds: Double = 0
        /// Time in thermals (circling that gained height), seconds.
        package var thermalSeconds: Double = 0
        /// Sum of the thermals' gains, metres.
        package var totalClimb: Meters = 0
        package var cruiseDistance: Meters = 0
        package var cruiseHeightLost: Meters = 0
        /// Circling time spent turning left (each thermal split by its own left share), seconds.
        package var leftSeconds: Double = 0
        /// Time in climbs without circling, seconds.
        package var straightClimbSeconds: Double = 0
        /// Sum of the climbs without circling's gains, metres.
        package var straightClimbGain: Meters = 0

        /// Circling time / the window's time (circling, glides and climbs without circling), percent; `nil` for
        /// an empty window.
        package var circlingPercent: Double? {
            let total = circlingSeconds + cruiseSeconds + straightClimbSeconds
            return total > 0 ? 100 * circlingSeconds / total : nil
        }
        /// Mean climb rate of the climbs without circling, m/s.
        package var straightClimbRate: Double? {
            straightClimbSeconds > 0 ? straightClimbGain / straightClimbSeconds : nil
        }
        /// Mean climb rate in thermals (their summed gains / their summed time), m/s.
        package var averageClimb: Double? { thermalSeconds > 0 ? totalClimb / thermalSeconds : nil }
        /// Mean speed over all glides, km/h.
        package var cruiseSpeedKmh: Double? { cruiseSeconds > 0 ? cruiseDistance / cruiseSeconds * 3.6 : nil }
        /// All glides' distance / all glides' height lost; `nil` when they lost none.
        package var cruiseGlideRatio: Double? { cruiseHeightLost > 0 ? cruiseDistance / cruiseHeightLost : nil }
        /// Share of circling time turning left, percent (right = 100 − this).
        package var leftPercent: Double? { circlingSeconds > 0 ? 100 * leftSeconds / circlingSeconds : nil }
    }

    /// Circling phases that gained height, in time order.
    package var thermals: [Thermal] = []
    /// Circling phases that gained nothing (a failed attempt, circling down before the circuit).
    package var failedCircling: [Thermal] = []
    /// Glides: the cruise phases less their climbs without circling.
    package var glides: [Glide] = []
    /// Climbs without circling (wave or ridge), in time order.
    package var straightClimbs: [StraightClimb] = []
    package var totals = Totals()

    /// A phase shorter than this joins the one before it (the first one joins the next).
    static let minimumPhase: Double = 30
    /// Circling that never turned a full circle either way is cruise (a circuit's turns, a turn back at a ridge).
    static let minimumCircle: Degrees = 360

    /// The phases of `fixes[window]` (normally the scoring window, so that the tow, winch and engine runs are
    /// left out). One pass over the fixes; the window's first and last valid fixes bound the phases.
    package static func analyze(_ fixes: [Fix], window: Range<Int>? = nil) -> FlightPhases {
        let window = window.map { $0.clamped(to: fixes.indices) } ?? fixes.indices
        let track = PhaseTrack(fixes, window: window)
        guard track.count >= 2 else { return FlightPhases() }
        let (stretches, turns) = CirclingDetector.detect(track)
        var left = [Double](repeating: 0, count: track.count), right = left
        for i in 1..<track.count {
            left[i] = left[i - 1] + max(0, -turns[i])
            right[i] = right[i - 1] + max(0, turns[i])
        }
        let phases = merged(stretches, track: track) { start, end in
            max(left[end] - left[start], right[end] - right[start]) >= minimumCircle
        }
        var result = FlightPhases()
        for (n, phase) in phases.enumerated() {
            let end = n + 1 < phases.count ? phases[n + 1].start : track.count - 1
            guard end > phase.start else { continue }
            if phase.circling {
                let l = left[end] - left[phase.start], r = right[end] - right[phase.start]
                result.add(thermal(track, phase.start, end, left: l, right: r))
            } else {
                for piece in cruisePieces(track, phase.start, end) {
                    if piece.climb {
                        result.add(straightClimb(track, piece.start, piece.end))
                    } else {
                        result.add(glide(track, piece.start, piece.end))
                    }
                }
            }
        }
        return result
    }

    /// The stretches as phases: shorter than 30 s joins the phase before, circling that fails `isCircle`
    /// becomes cruise, and neighbours of one kind become one.
    static func merged(
        _ stretches: [CirclingDetector.Stretch], track: PhaseTrack, isCircle: (Int, Int) -> Bool
    ) -> [CirclingDetector.Stretch] {
        func end(_ list: [CirclingDetector.Stretch], _ n: Int) -> Int {
            n + 1 < list.count ? list[n + 1].start : track.count - 1
        }
        func coalesced(_ list: [CirclingDetector.Stretch]) -> [CirclingDetector.Stretch] {
            var out: [CirclingDetector.Stretch] = []
            for s in list where out.last?.circling != s.circling { out.append(s) }
            return out
        }
        var phases: [CirclingDetector.Stretch] = []
        for (n, s) in stretches.enumerated() {
            let short = track.seconds(s.start, end(stretches, n)) < minimumPhase
            if phases.isEmpty || (!short && phases.last?.circling != s.circling) { phases.append(s) }
        }
        // The first phase, when short, takes the kind of the one after it.
        if phases.count > 1, track.seconds(phases[0].start, phases[1].start) < minimumPhase {
            phases[0].circling = phases[1].circling
        }
        phases = coalesced(phases)
        for n in phases.indices where phases[n].circling && !isCircle(phases[n].start, end(phases, n)) {
            phases[n].circling = false
        }
        return coalesced(phases)
    }

    static func thermal(_ track: PhaseTrack, _ start: Int, _ end: Int, left: Double, right: Double) -> Thermal {
        var x = 0.0, y = 0.0, z = 0.0
        for i in start...end {
            let phi = track.latitudes[i] * .pi / 180, lambda = track.longitudes[i] * .pi / 180
            x += cos(phi) * cos(lambda)
            y += cos(phi) * sin(lambda)
            z += sin(phi)
        }
        let center = Coordinate(
            latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, longitude: atan2(y, x) * 180 / .pi)
        let gain = track.altitudes[end] - track.altitudes[start]
        let direction: TurnDirection =
            min(left, right) >= minimumCircle ? .mixed : left > right ? .left : .right
        return Thermal(
            startIndex: track.fixIndex[start], endIndex: track.fixIndex[end], start: track.times[start],
            end: track.times[end], center: center, gain: gain, climbRate: gain / track.seconds(start, end),
            direction: direction, leftShare: left + right > 0 ? left / (left + right) : 0.5)
    }

    static func glide(_ track: PhaseTrack, _ start: Int, _ end: Int) -> Glide {
        var distance: Meters = 0
        for i in (start + 1)..<(end + 1) { distance += track.distance(i - 1, i) }
        return Glide(
            startIndex: track.fixIndex[start], endIndex: track.fixIndex[end], start: track.times[start],
            end: track.times[end], distance: distance, heightLost: track.altitudes[start] - track.altitudes[end])
    }

    mutating func add(_ thermal: Thermal) {
        totals.circlingSeconds += thermal.seconds
        totals.leftSeconds += thermal.seconds * thermal.leftShare
        guard thermal.gain > 0 else { return failedCircling.append(thermal) }
        thermals.append(thermal)
        totals.thermalSeconds += thermal.seconds
        totals.totalClimb += thermal.gain
    }

    mutating func add(_ glide: Glide) {
        glides.append(glide)
        totals.cruiseSeconds += glide.seconds
        totals.cruiseDistance += glide.distance
        totals.cruiseHeightLost += glide.heightLost
    }
}
