/// The master switch off while the glider still rolled out (no rest yet) and on again minutes later
/// (docs/DETECTION.md, rule T5): what the fixes on both sides of such a gap say about where the flight ended.
///
/// The detector keeps the last seconds of fixes before any gap (``note(_:)``), judges the gap's two sides when the
/// first fix after it comes (``judge(last:first:takeoff:profile:)``), and lands the flight at the last fix before
/// the gap once the glider has stood still from that first fix for ``restHold``.
struct GroundRestart: Sendable {
    /// A gap in flight at least this long (s) can be a switch-off on the ground: a restart takes that long, and a
    /// glider in the air cannot keep its place and altitude for two minutes.
    static let minimumGap: Double = 120
    /// How far (m) the first fix after such a gap may lie from the last one before it for the glider to count as
    /// standing where it stopped: a glider rolling out at 20 m/s stops within about 150 m, and GNSS positions
    /// scatter by 10 m.
    static let radius: Meters = 250
    /// Seconds of fixes before a gap kept to see whether the glider was rolling out.
    static let trailSeconds: Double = 10
    /// Ground speed is measured over this many seconds on the trail (one GNSS step at 1 Hz is too noisy).
    static let speedSpan: Double = 2
    /// Rolling out: the speed at the last fix is at most this share of the highest on the trail. A landing roll
    /// brakes at 1–2 m/s², so it loses a quarter of its speed within 3–5 s of the touchdown.
    static let rollOutSpeedShare: Double = 0.75
    /// Seconds at rest from the first fix after the gap that confirm the glider was on the ground: a glider in
    /// the air never holds its ground speed below the landing speed and its altitude within the steady band for
    /// half a minute (it would hover in a wind of over 70 km/h), and a restarted recorder gets its fix minutes
    /// before a pilot launches.
    static let restHold: Double = 30

    /// A gap judged a possible switch-off on the ground: its last fix before and first fix after.
    struct Pending: Sendable {
        var last: FlightDetector.Sample
        var first: FlightDetector.Sample
    }

    /// The fixes of the last ``trailSeconds`` (plus one older) before the newest.
    private(set) var trail: [FlightDetector.Sample] = []
    /// Set at a gap whose two sides say "came down to the ground"; cleared when the glider moves after it.
    var pending: Pending?

    /// Remembers an accepted fix (the newest of the trail).
    mutating func note(_ sample: FlightDetector.Sample) {
        trail.append(sample)
        let cutoff = sample.time - UTCMillis(Self.trailSeconds * 1000)
        while trail.count > 2, trail[1].time <= cutoff { trail.removeFirst() }
    }

    /// Forgets the trail (a jump, a warp or a gap starts it afresh).
    mutating func restart(at sample: FlightDetector.Sample? = nil) {
        trail = sample.map { [$0] } ?? []
    }

    /// The first fix after a gap lies within ``radius`` of the last one before it, at its altitude, and the glider
    /// was then slower than a takeoff run (over `base`, the detector's speed baseline) or back at the takeoff's
    /// level: it stood where it stopped, so it landed at `last` without waiting for more fixes.
    static func standsWhereItStopped(
        last: FlightDetector.Sample, first: FlightDetector.Sample, base: FlightDetector.Sample,
        takeoff: FlightDetector.Sample?, profile: DetectionProfile
    ) -> Bool {
        guard Geodesy.distance(last.coordinate, first.coordinate) <= radius,
            let height = first.altitude.height(above: last.altitude), abs(height) <= profile.steadyAltitudeBand
        else { return false }
        let slow = last.time > base.time && speed(from: base, to: last) < profile.takeoffSpeed
        return slow || atLevel(last, of: takeoff, profile: profile)
    }

    /// Whether the two sides of a gap say the glider came down to the ground before it, wherever it was found
    /// after it: the last fix and the first after the gap both at the takeoff's level (within the steady band), or
    /// the glider rolling out at the last fix (``isRollingOut(profile:)``). Only the rest after the gap confirms it.
    func cameDown(
        last: FlightDetector.Sample, first: FlightDetector.Sample, takeoff: FlightDetector.Sample?,
        profile: DetectionProfile
    ) -> Bool {
        (Self.atLevel(last, of: takeoff, profile: profile) && Self.atLevel(first, of: takeoff, profile: profile))
            || isRollingOut(profile: profile)
    }

    /// The trail ends in a landing roll: the speed over its last ``speedSpan`` at most ``rollOutSpeedShare`` of the
    /// highest over any span of it, and the altitude within the steady band all along (no climb converting speed
    /// into height, no sink of a glide). A roll-out seconds after the touchdown is still faster than a take-off run,
    /// so the speed alone cannot tell it.
    func isRollingOut(profile: DetectionProfile) -> Bool {
        guard let last = trail.last, let first = trail.first,
            Double(last.time - first.time) / 1000 >= Self.trailSeconds / 2
        else { return false }
        let altitudes = trail.compactMap(\.altitude.best)
        guard altitudes.count == trail.count, let low = altitudes.min(), let high = altitudes.max(),
            high - low <= profile.steadyAltitudeBand
        else { return false }
        let span = UTCMillis(Self.speedSpan * 1000)
        var speeds: [Double] = []
        var from = 0
        for (to, sample) in trail.enumerated() {
            while from + 1 < to, trail[from + 1].time <= sample.time - span { from += 1 }
            if sample.time - trail[from].time >= span { speeds.append(Self.speed(from: trail[from], to: sample)) }
        }
        guard let end = speeds.last, let highest = speeds.max() else { return false }
        return end <= Self.rollOutSpeedShare * highest
    }

    /// Whether `sample` lies within the steady band of the takeoff's altitude.
    static func atLevel(
        _ sample: FlightDetector.Sample, of takeoff: FlightDetector.Sample?, profile: DetectionProfile
    ) -> Bool {
        guard let takeoff, let height = sample.altitude.height(above: takeoff.altitude) else { return false }
        return abs(height) <= profile.steadyAltitudeBand
    }

    static func speed(from a: FlightDetector.Sample, to b: FlightDetector.Sample) -> Double {
        Geodesy.distance(a.coordinate, b.coordinate) / (Double(b.time - a.time) / 1000)
    }
}
