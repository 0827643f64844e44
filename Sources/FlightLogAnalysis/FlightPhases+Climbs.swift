import FlightLogCore

/// Climbs without circling: wave or ridge lift flown straight or in beats (docs/CONTEST-AND-THERMALS.md, "Climbs
/// without circling"). Found inside the cruise phases, so that a glide never hides a climb (a wave climb inside a
/// "glide" made its L/D absurd).
extension FlightPhases {
    /// A sustained climb in a cruise phase: at least ``straightClimbSeconds`` long, ``straightClimbGain`` high and
    /// ``straightClimbRate`` on average, never losing more than ``straightClimbDrop`` on the way up.
    package struct StraightClimb: Sendable, Hashable, Codable {
        /// Its lowest and highest fix (indices into the analysed fixes).
        package var startIndex: Int, endIndex: Int
        package var start: UTCMillis, end: UTCMillis
        /// End altitude − start altitude, metres.
        package var gain: Meters
        /// Track length, metres on the FAI sphere.
        package var distance: Meters
        package var seconds: Double { Double(end - start) / 1000 }
        /// `gain` / duration, m/s.
        package var climbRate: Double { seconds > 0 ? gain / seconds : 0 }
    }

    /// The shortest climb without circling, seconds.
    static let straightClimbSeconds: Double = 120
    /// The least height a climb without circling gains, metres.
    static let straightClimbGain: Meters = 150
    /// The least mean climb rate of a climb without circling, m/s.
    static let straightClimbRate: Double = 0.5
    /// A climb ends when the glider sinks this far below its highest point since the climb began, metres.
    static let straightClimbDrop: Meters = 50

    /// The cruise `track[start...end]` in pieces, in time order: each climb without circling, and the glides
    /// between them (`climb` false). One pass: from the lowest point so far, follow the highest point after it
    /// until the glider sinks ``straightClimbDrop`` below it; that low-to-high stretch is a climb when it passes
    /// the rules, and the search starts again from there. A glide left shorter than ``minimumPhase`` between
    /// them joins the climb before it (the first the climb after it), as phases do.
    static func cruisePieces(_ track: PhaseTrack, _ start: Int, _ end: Int) -> [(start: Int, end: Int, climb: Bool)] {
        var climbs: [(Int, Int)] = []
        var low = start, high = start
        func close() {
            let gain = track.altitudes[high] - track.altitudes[low], seconds = track.seconds(low, high)
            if seconds >= straightClimbSeconds, gain >= straightClimbGain, gain >= straightClimbRate * seconds {
                climbs.append((low, high))
            }
        }
        for i in start...end {
            let altitude = track.altitudes[i]
            if altitude < track.altitudes[high] - straightClimbDrop {
                close()
                (low, high) = (i, i)
            } else if altitude < track.altitudes[low] {
                (low, high) = (i, i)
            } else if altitude > track.altitudes[high] {
                high = i
            }
        }
        close()
        var pieces: [(start: Int, end: Int, climb: Bool)] = []
        var at = start
        for (from, to) in climbs {
            // A glide shorter than a phase joins the climb before it (the first one the climb after it).
            if track.seconds(at, from) >= minimumPhase {
                pieces.append((at, from, false))
                pieces.append((from, to, true))
            } else if pieces.isEmpty {
                pieces.append((at, to, true))
            } else {
                pieces[pieces.count - 1].end = to
            }
            at = to
        }
        if end > at {
            if track.seconds(at, end) >= minimumPhase || pieces.isEmpty {
                pieces.append((at, end, false))
            } else {
                pieces[pieces.count - 1].end = end
            }
        }
        return pieces
    }

    static func straightClimb(_ track: PhaseTrack, _ start: Int, _ end: Int) -> StraightClimb {
        var distance: Meters = 0
        for i in (start + 1)..<(end + 1) { distance += track.distance(i - 1, i) }
        return StraightClimb(
            startIndex: track.fixIndex[start], endIndex: track.fixIndex[end], start: track.times[start],
            end: track.times[end], gain: track.altitudes[end] - track.altitudes[start], distance: distance)
    }

    mutating func add(_ climb: StraightClimb) {
        straightClimbs.append(climb)
        totals.straightClimbSeconds += climb.seconds
        totals.straightClimbGain += climb.gain
    }
}
