/// What the detector found, dated to the fix where it began (`index` = 0-based position of that fix among
/// all fixes ingested so far, including ignored ones, so it indexes the caller's fix array).
package enum DetectorEvent: Sendable, Hashable {
    case takeoff(time: UTCMillis, index: Int)
    case landing(time: UTCMillis, index: Int)
}

/// Incremental takeoff/landing detector (docs/DETECTION.md, rules T1–T5), fed fix by fix.
///
/// Pure and deterministic: re-feeding the stored fixes of a recording after a restart gives the same events.
/// - Takeoff: ground speed ≥ `takeoffSpeed` held `takeoffHold`, dated to the first fix of that movement. It is
///   reported only once the flight is committed (height gain ≥ `minimumHeightGain` or duration ≥
///   `minimumDuration`), so taxiing and tug runs never produce events.
/// - Landing: ground speed below the (height-dependent) landing speed with the altitude steady for
///   `landingHold`, dated to the first fix of that stillness.
/// - `V` fixes and gaps over `maximumGap` are unknown: they restart the running tests and never count as
///   stillness or movement, except that a flight already at rest before a gap and at the same altitude after
///   it landed where that rest began (switched off on the ground); with the fix lost, a still pressure altitude
///   near the takeoff's before the gap and the same after it does the same. Backward or repeated times are ignored. A fix implying more than
///   `maximumSpeed` is a jump and is dropped, unless three consistent fixes confirm the new position;
///   a confirmed move over 1° of latitude or 30° of longitude (a warp) ends any flight at the last good fix.
/// - The fix lost in flight for good: the pressure altitude of the `V` fixes alone can land the flight
///   (``PressureLanding``: still within 3 m for 3 min near the takeoff altitude).
package struct FlightDetector: Sendable {
    package let profile: DetectionProfile

    /// A valid, accepted fix as the detector remembers it.
    struct Sample: Sendable {
        var index: Int
        var time: UTCMillis
        var coordinate: Coordinate
        var altitude: Altitudes
    }

    private enum Phase: Sendable { case ground, candidate, flying }

    private var phase = Phase.ground
    private var ingested = 0
    private var lastTime: UTCMillis?
    /// Accepted fixes of the last `speedBaseline` seconds plus one older (the speed baseline).
    private var recent: [Sample] = []
    /// Consecutive fixes rejected as jumps, waiting for confirmation.
    private var rejected: [Sample] = []
    /// First fix of the current fast movement (on the ground).
    private var movingSince: Sample?
    /// First fix of the current stillness and the altitude range seen since (in the air).
    private var stillSince: Sample?
    private var stillLow: Meters = 0, stillHigh: Meters = 0
    private var takeoff: Sample?
    private var highestAboveTakeoff: Meters = 0
    /// Recent altitudes on the ground (time, metres), emptied at gaps: a takeoff must start from rest.
    private var groundAltitudes: [(time: UTCMillis, altitude: Meters)] = []
    /// Stillness of the pressure altitude while only `V` fixes come in flight.
    private var pressureLanding = PressureLanding()
    /// The last seconds before a gap, and a gap that may have been a switch-off during the roll-out.
    private var groundRestart = GroundRestart()
    /// Seconds before a takeoff run in which the altitude must have been steady, when data covers them.
    static let restBeforeTakeoff: Double = 60
    /// Stillness at the end of a track at least this long (s) counts as the landing.
    static let minimumFinalStillness: Double = 10
    /// The same from the pressure alone (`V` fixes at the end of a track), seconds: longer than the GPS rule's 10 s
    /// (no ground speed to confirm it), short enough for loggers switched off half a minute after the landing
    /// (2016-11-08-xcs-aaa-02.igc and complex_example_lxn.igc end 35 s and 32 s after theirs).
    static let minimumFinalPressureStillness: Double = 30
    /// Pressure stillness (s) before a gap that, with the same pressure altitude after it, shows the glider was on
    /// the ground: a glider in the air does not hold its pressure altitude within 3 m near the field's level for
    /// 10 s and then read the same again after minutes without power.
    static let minimumPressureStillnessBeforeGap: Double = 10
    /// A recording gap (no fix at all, valid or not) longer than this (s) ends a flight at the last valid fix
    /// before it: nobody knows what happened in between, and a flight never spans a day of missing data.
    package static let maximumFlightGap: Double = 3600

    package init(profile: DetectionProfile = .glider) {
        self.profile = profile
    }

    /// True between a committed takeoff and its landing.
    package var isFlying: Bool { phase == .flying }

    /// The committed takeoff of the flight in progress, if any.
    package var currentTakeoff: DetectorEvent? {
        guard phase == .flying, let t = takeoff else { return nil }
        return .takeoff(time: t.time, index: t.index)
    }

    /// The landing the current stillness would give, once it has lasted 10 s while airborne. At the end of a
    /// finished recording (an IGC file stopped after landing), this is the landing.
    package var landingInProgress: DetectorEvent? {
        if phase == .flying, let pending = groundRestart.pending, let still = stillSince, let now = recent.last,
            still.index == pending.first.index, seconds(now.time - still.time) >= Self.minimumFinalStillness
        {
            return .landing(time: pending.last.time, index: pending.last.index)
        }
        if phase == .flying, let since = pressureLanding.since, let now = lastTime,
            pressureLanding.stillSeconds(at: now) >= Self.minimumFinalPressureStillness
        {
            return .landing(time: since.time, index: since.index)
        }
        guard phase == .flying, let still = stillSince, let now = recent.last,
            seconds(now.time - still.time) >= Self.minimumFinalStillness
        else { return nil }
        return .landing(time: still.time, index: still.index)
    }

    /// Number of fixes ingested so far (the index the next fix will get).
    package var ingestedCount: Int { ingested }

    /// Feeds the next fix; returns the takeoff and landing events it completes (usually none).
    package mutating func ingest(_ fix: Fix) -> [DetectorEvent] {
        let index = ingested
        ingested += 1
        if let last = lastTime, fix.time <= last { return [] }
        var events: [DetectorEvent] = []
        if let last = lastTime, seconds(fix.time - last) > Self.maximumFlightGap {
            events = endAtGap()
        } else if let last = lastTime, seconds(fix.time - last) > profile.maximumGap {
            events = pressureLandedBeforeGap(resumingWith: fix)
        }
        lastTime = fix.time
        guard fix.isValid else { return events + pressureOnly(fix, index: index) }
        pressureLanding.reset(at: fix.time)
        let sample = Sample(index: index, time: fix.time, coordinate: fix.coordinate, altitude: Altitudes(fix))
        guard let previous = recent.last else {
            recent = [sample]
            groundRestart.restart(at: sample)
            return events
        }

        if Self.isWarp(previous.coordinate, sample.coordinate) || !isPlausible(from: previous, to: sample) {
            return handleJump(sample, lastGood: previous)
        }
        rejected.removeAll()

        if seconds(sample.time - previous.time) > profile.maximumGap {
            let events = landedBeforeGap(resumingAt: sample)
            restartRuns()
            recent = [sample]
            groundRestart.restart(at: sample)
            return events
        }
        recent.append(sample)
        groundRestart.note(sample)
        let cutoff = sample.time - UTCMillis(profile.speedBaseline * 1000)
        while recent.count > 2, recent[1].time <= cutoff { recent.removeFirst() }
        let base = recent[0]
        guard base.time <= cutoff else { return [] }
        let speed = Geodesy.distance(base.coordinate, sample.coordinate) / seconds(sample.time - base.time)
        return step(sample, speed: speed, base: base)
    }

    // MARK: - State machine

    private mutating func step(_ sample: Sample, speed: Double, base: Sample) -> [DetectorEvent] {
        switch phase {
        case .ground:
            rememberGroundAltitude(sample)
            guard speed >= profile.takeoffSpeed else {
                movingSince = nil
                return []
            }
            let start = movingSince ?? base
            movingSince = start
            if seconds(sample.time - start.time) >= profile.takeoffHold, wasAtRest(before: start) {
                phase = .candidate
                takeoff = start
                highestAboveTakeoff = 0
                movingSince = nil
                stillSince = nil
            }
            return []
        case .candidate, .flying:
            return airborneStep(sample, speed: speed, base: base)
        }
    }

    private mutating func airborneStep(_ sample: Sample, speed: Double, base: Sample) -> [DetectorEvent] {
        guard let takeoff else { return [] }
        let height = sample.altitude.height(above: takeoff.altitude) ?? 0
        highestAboveTakeoff = max(highestAboveTakeoff, height)
        var events: [DetectorEvent] = []

        if speed < profile.landingSpeed(atHeightAboveTakeoff: height), let altitude = sample.altitude.best {
            if let still = stillSince, still.altitude.usesPressure == sample.altitude.usesPressure,
                max(stillHigh, altitude) - min(stillLow, altitude) <= profile.steadyAltitudeBand
            {
                stillLow = min(stillLow, altitude)
                stillHigh = max(stillHigh, altitude)
            } else {
                // A new stillness begins (or the altitude moved: climbing or sinking restarts it).
                let start = stillSince == nil ? base : sample
                stillSince = start
                let a = start.altitude.best ?? altitude
                stillLow = min(a, altitude)
                stillHigh = max(a, altitude)
            }
        } else {
            stillSince = nil
        }

        if phase == .candidate {
            let end = stillSince?.time ?? sample.time
            if highestAboveTakeoff >= profile.minimumHeightGain
                || seconds(end - takeoff.time) >= profile.minimumDuration
            {
                phase = .flying
                events.append(.takeoff(time: takeoff.time, index: takeoff.index))
            }
        }

        if let pending = groundRestart.pending {
            guard let still = stillSince, still.index == pending.first.index else {
                groundRestart.pending = nil  // it moved after the gap: a cut in the air
                return events
            }
            if seconds(sample.time - still.time) >= GroundRestart.restHold {
                land()
                return events + [.landing(time: pending.last.time, index: pending.last.index)]
            }
        }
        if let still = stillSince, seconds(sample.time - still.time) >= profile.landingHold {
            if phase == .flying { events.append(.landing(time: still.time, index: still.index)) }
            land()
        }
        return events
    }

    /// A `V` fix in flight: the landing from the pressure alone, once it has been still long enough.
    private mutating func pressureOnly(_ fix: Fix, index: Int) -> [DetectorEvent] {
        guard phase == .flying, let takeoff,
            let landing = pressureLanding.feed(
                time: fix.time, index: index, pressureAltitude: Altitudes(fix).pressure,
                takeoffAltitude: takeoff.altitude.pressure)
        else { return [] }
        land()
        return [.landing(time: landing.time, index: landing.index)]
    }

    private mutating func rememberGroundAltitude(_ sample: Sample) {
        guard let altitude = sample.altitude.best else { return }
        groundAltitudes.append((sample.time, altitude))
        let keep = UTCMillis((Self.restBeforeTakeoff + profile.takeoffHold + profile.maximumGap) * 1000)
        if let first = groundAltitudes.first, first.time < sample.time - 2 * keep {
            groundAltitudes.removeFirst(groundAltitudes.firstIndex { $0.time >= sample.time - keep } ?? 0)
        }
    }

    /// False when the minute before a takeoff run is known and shows climbing or sinking: the aircraft was
    /// already airborne (a paraglider speeding up in a glide is not a glider taking off).
    private func wasAtRest(before start: Sample) -> Bool {
        let from = start.time - UTCMillis(Self.restBeforeTakeoff * 1000)
        guard let first = groundAltitudes.first, first.time <= from else { return true }
        var low = Meters.infinity, high = -Meters.infinity
        for entry in groundAltitudes where entry.time >= from && entry.time <= start.time {
            low = min(low, entry.altitude)
            high = max(high, entry.altitude)
        }
        return high - low <= profile.steadyAltitudeBand
    }

    /// A gap (the master switch off) in flight after the glider had already come to rest, and the first fix after
    /// it at the same altitude: it was on the ground all along, so the flight ended where that stillness began,
    /// however short it was (pilots switch off seconds after stopping). Still rolling out when the power went: where
    /// it stopped (``GroundRestart/standsWhereItStopped``) it landed at the last fix at once; moved during the cut,
    /// it lands there once it has stood still for ``GroundRestart/restHold`` after the gap. Anything else leaves the
    /// flight going on (a cut in the air).
    private mutating func landedBeforeGap(resumingAt sample: Sample) -> [DetectorEvent] {
        guard phase == .flying, let altitude = sample.altitude.best else { return [] }
        if let still = stillSince, still.altitude.usesPressure == sample.altitude.usesPressure,
            max(stillHigh, altitude) - min(stillLow, altitude) <= profile.steadyAltitudeBand
        {
            land()
            return [.landing(time: still.time, index: still.index)]
        }
        guard let last = recent.last, seconds(sample.time - last.time) >= GroundRestart.minimumGap else { return [] }
        if GroundRestart.standsWhereItStopped(
            last: last, first: sample, base: recent.first ?? last, takeoff: takeoff, profile: profile)
        {
            land()
            return [.landing(time: last.time, index: last.index)]
        }
        if groundRestart.cameDown(last: last, first: sample, takeoff: takeoff, profile: profile) {
            groundRestart.pending = GroundRestart.Pending(last: last, first: sample)
        }
        return []
    }

    /// The fix lost in flight, then a gap (the master switch off) while the `V` fixes' pressure altitude had been
    /// still near the takeoff's level for ``minimumPressureStillnessBeforeGap``, and the first fix after the gap at
    /// that same pressure altitude: as ``landedBeforeGap(resumingAt:)`` with the position unknown, the glider was on
    /// the ground all along and landed where the stillness began (not when the power came back).
    private mutating func pressureLandedBeforeGap(resumingWith fix: Fix) -> [DetectorEvent] {
        guard phase == .flying, let since = pressureLanding.since, let last = lastTime,
            pressureLanding.stillSeconds(at: last) >= Self.minimumPressureStillnessBeforeGap,
            let altitude = Altitudes(fix).pressure, pressureLanding.holds(altitude)
        else { return [] }
        land()
        recent.removeAll()  // the fix after the gap starts afresh (and so returns this landing)
        rejected.removeAll()
        return [.landing(time: since.time, index: since.index)]
    }

    /// The recording stopped for longer than ``maximumFlightGap``: a flight in progress ends at its last valid fix,
    /// or where the glider came to rest before it.
    private mutating func endAtGap() -> [DetectorEvent] {
        var events: [DetectorEvent] = []
        if phase == .flying, let last = stillSince ?? recent.last {
            events.append(.landing(time: last.time, index: last.index))
        }
        if phase != .ground { land() }
        recent.removeAll()
        rejected.removeAll()
        return events
    }

    private mutating func land() {
        phase = .ground
        takeoff = nil
        groundRestart.pending = nil
        restartRuns()
    }

    private mutating func restartRuns() {
        movingSince = nil
        stillSince = nil
        pressureLanding.reset(at: lastTime)
        groundAltitudes.removeAll()
    }

    // MARK: - Jumps and warps

    private func isPlausible(from a: Sample, to b: Sample) -> Bool {
        Geodesy.distance(a.coordinate, b.coordinate) <= profile.maximumSpeed * seconds(b.time - a.time)
    }

    /// More than 1° of latitude or 30° of longitude between two fixes (XCSoar `FlightTimes`); near a pole, where
    /// meridians meet and a few hundred metres can be 30° of longitude, only when also more than 1° (111 km) apart.
    package static func isWarp(_ a: Coordinate, _ b: Coordinate) -> Bool {
        abs(a.latitude - b.latitude) > 1
            || (abs(Geodesy.headingChange(from: a.longitude, to: b.longitude)) > 30 && Geodesy.distance(a, b) > 111_195)
    }

    private mutating func handleJump(_ sample: Sample, lastGood: Sample) -> [DetectorEvent] {
        if let last = rejected.last, !Self.isWarp(last.coordinate, sample.coordinate),
            isPlausible(from: last, to: sample)
        {
            rejected.append(sample)
        } else {
            rejected = [sample]
        }
        guard rejected.count >= 3 else { return [] }
        // Three consistent fixes: the position really moved. Whatever happened in between is unknown.
        var events: [DetectorEvent] = []
        if Self.isWarp(lastGood.coordinate, rejected[0].coordinate) {
            if phase == .flying { events.append(.landing(time: lastGood.time, index: lastGood.index)) }
            if phase != .ground { land() }
        }
        restartRuns()
        recent = [rejected[rejected.count - 1]]
        rejected.removeAll()
        return events
    }

    private func seconds(_ millis: UTCMillis) -> Double { Double(millis) / 1000 }
}

/// The altitudes of one fix: pressure altitude (when a barometer reading exists) and GNSS altitude, metres.
struct Altitudes: Sendable, Hashable {
    var pressure: Meters?
    var gnss: Meters?

    init(pressure: Meters?, gnss: Meters?) {
        self.pressure = pressure
        self.gnss = gnss
    }

    /// IGC writes `00000` without a barometer, so an exact zero counts as "no reading".
    init(_ fix: Fix) {
        pressure = fix.pressureAltitudeDm.flatMap { $0 == 0 ? nil : Double($0) / 10 }
        gnss = fix.isValid ? fix.gnssAltitudeDm.map { Double($0) / 10 } : nil
    }

    var usesPressure: Bool { pressure != nil }

    /// Pressure altitude, else GNSS altitude.
    var best: Meters? { pressure ?? gnss }

    /// Height above `other` from the same source on both sides (pressure preferred).
    func height(above other: Altitudes) -> Meters? {
        if let p = pressure, let q = other.pressure { return p - q }
        if let g = gnss, let h = other.gnss { return g - h }
        return nil
    }
}

extension FlightDetector {
    /// A detector that takes the aircraft to be flying since `fix` (the `index`-th fix fed), so that its landing
    /// rule can tell whether a track that began or was cut in the air is still airborne at its end.
    package init(profile: DetectionProfile = .glider, airborneAt fix: Fix, index: Int) {
        self.init(profile: profile)
        let sample = Sample(index: index, time: fix.time, coordinate: fix.coordinate, altitude: Altitudes(fix))
        phase = .flying
        takeoff = sample
        recent = [sample]
        lastTime = fix.time
        ingested = index + 1
        pressureLanding.reset(at: fix.time)
    }
}
