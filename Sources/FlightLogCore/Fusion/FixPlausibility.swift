/// The plausibility gate for live 3D fixes: a fix that jumps farther from the last valid one than
/// `maximumSpeed` would take, or whose GNSS altitude changes faster than `maximumClimb`, is a receiver glitch.
/// It is still stored (kept, as `V`), but never becomes the anchor: detection and distance ignore it.
///
/// A real move is never locked out: `confirmations` glitches in a row that agree with each other (plausible from
/// one to the next) are the new position, and the last of them is valid again (as the detector's jump rule).
package struct FixPlausibility: Sendable {
    /// 600 km/h: no glider, no tug, no airliner passenger with the Pi in the luggage gets there near the ground.
    package var maximumSpeed: Double = 600 / 3.6
    /// GNSS altitude change, m/s (a winch launch climbs at ~20 m/s, a steep dive sinks at ~50).
    package var maximumClimb: Double = 100
    /// Position noise allowed on top of the speed, metres (a 10 Hz receiver moves 17 m per fix at 600 km/h).
    package var positionSlack: Meters = 30
    /// GNSS altitude noise allowed on top of the climb, metres.
    package var altitudeSlack: Meters = 10
    package var confirmations = 3

    /// The last valid (accepted) fix: the anchor of the gate and the position of the barograph's `V` fixes.
    package private(set) var anchor: Fix?
    /// Glitches in a row since the anchor, each plausible from the one before.
    private var suspects: [Fix] = []
    /// Fixes marked `V` by this gate so far.
    package private(set) var glitches = 0

    package init() {}

    /// Whether a 3D fix is plausible; moves the anchor when it is. Fixes that are not valid pass unchanged.
    package mutating func accepts(_ fix: Fix) -> Bool {
        guard fix.isValid else { return true }
        guard let anchor, !isPlausible(from: anchor, to: fix) else { return accept(fix) }
        if let last = suspects.last, isPlausible(from: last, to: fix) {
            suspects.append(fix)
        } else {
            suspects = [fix]
        }
        if suspects.count >= confirmations { return accept(fix) }
        glitches += 1
        return false
    }

    private mutating func accept(_ fix: Fix) -> Bool {
        anchor = fix
        suspects.removeAll()
        return true
    }

    /// Within the speed and climb limits for the time between the two fixes.
    package func isPlausible(from a: Fix, to b: Fix) -> Bool {
        let seconds = Double(b.time - a.time) / 1000
        guard seconds > 0 else { return false }
        if Geodesy.distance(a.coordinate, b.coordinate) > maximumSpeed * seconds + positionSlack { return false }
        if let h0 = a.gnssAltitude, let h1 = b.gnssAltitude, abs(h1 - h0) > maximumClimb * seconds + altitudeSlack {
            return false
        }
        return true
    }
}
