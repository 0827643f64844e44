/// A GNSS position as the daemon receives it from gpsd, before fusion. Only readings with a fix
/// (mode 2 or 3) and a GNSS time are fused.
package struct GNSSReading: Sendable, Hashable {
    /// GNSS UTC time of the fix.
    package var time: UTCMillis
    /// gpsd mode: 2 = 2D, 3 = 3D.
    package var mode: Int
    package var latitude: Degrees
    package var longitude: Degrees
    /// Altitude above the WGS84 ellipsoid (gpsd `altHAE`), metres; `nil` when unknown.
    package var altitudeHAE: Meters?
    /// Ground speed, m/s.
    package var speed: Double?
    /// Estimated horizontal position error (gpsd `eph`), metres.
    package var eph: Meters?
    package var satellitesUsed: Int?
    /// `CLOCK_MONOTONIC` when the reading arrived, nanoseconds.
    package var receivedAtMonotonicNanos: Int64
    /// `CLOCK_MONOTONIC` when the first data of this fix's reporting cycle reached gpsd (its TOFF), nanoseconds:
    /// much closer to the epoch than the reading's arrival, which waits for the end of the cycle. `nil` if unknown.
    package var epochMonotonicNanos: Int64?

    package init(
        time: UTCMillis, mode: Int, latitude: Degrees, longitude: Degrees, altitudeHAE: Meters?,
        speed: Double? = nil, eph: Meters? = nil, satellitesUsed: Int? = nil, receivedAtMonotonicNanos: Int64,
        epochMonotonicNanos: Int64? = nil
    ) {
        self.time = time
        self.mode = mode
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeHAE = altitudeHAE
        self.speed = speed
        self.eph = eph
        self.satellitesUsed = satellitesUsed
        self.receivedAtMonotonicNanos = receivedAtMonotonicNanos
        self.epochMonotonicNanos = epochMonotonicNanos
    }
}

/// A fused fix and when its GNSS reading arrived (`CLOCK_MONOTONIC` ns), for fix-to-disk latency.
package struct FusedFix: Sendable, Hashable {
    package var fix: Fix
    package var receivedAtMonotonicNanos: Int64
    /// False for a `V` fix the barograph wrote without a reading from the receiver (``FixFusion/noFix(time:receivedAt:)``).
    package var isFromReceiver = true
}

/// Turns GNSS readings plus barometer readings into recorded fixes.
///
/// Rules: pressure altitude is the ICAO ISA altitude of the pressure *at the fix's own instant* (mapped
/// to the monotonic clock by ``ClockMapper``), rounded to decimetres, and `nil` when there is no fresh
/// barometer reading — never the GNSS altitude. GNSS altitude is `altHAE`, only for 3D fixes. Validity
/// is `A` only for 3D fixes that pass ``FixPlausibility``. A reading's time counts only once ``FixTimeGate`` has
/// accepted it (a glitch is dropped, a real jump released late). Fix times are strictly increasing: duplicates
/// are dropped; a confirmed jump back restarts the timeline. Without a fix the barograph goes on (FixFusion+Barograph.swift).
///
/// A fix reaches the host a few milliseconds after its instant, usually before the barometer reading that
/// follows that instant. So a fix waits (at most `maximumWaitNanos`) until a reading at or after its instant
/// is in: its pressure is then interpolated between the readings around it, never a held older value
/// (which in a 20 m/s winch climb is 1 m per 50 ms).
package struct FixFusion: Sendable {
    /// The IGC extensions every fused fix carries: `I023638FXA3940SIU`.
    package static let extensions = [FixExtension(code: "FXA", length: 3), FixExtension(code: "SIU", length: 2)]

    /// Why a reading produced no fix.
    package enum Rejection: Error, Sendable, Hashable {
        /// mode < 2, or coordinates not finite / out of range.
        case noFix
        /// Same time as the last fix.
        case duplicateTime
        /// Earlier than the last fix.
        case backwardTime
    }

    package var clock = ClockMapper()
    package var pressures = PressureBuffer()
    /// Longest a fix waits for the barometer reading after its instant, nanoseconds (from its arrival): the
    /// barometer hands its samples over every 200 ms, so a fix may wait that long plus the hand-over.
    package var maximumWaitNanos: Int64 = 500_000_000
    /// Time of the last fix accepted.
    package internal(set) var lastFixTime: UTCMillis?
    /// The jump gate; its anchor is the last valid fix.
    package internal(set) var plausibility = FixPlausibility()
    /// The gate for the receiver's time (``FixTimeGate``).
    package internal(set) var timeGate = FixTimeGate()
    /// Accepted readings waiting for the barometer, oldest first, with their monotonic instants; `made` = a
    /// barograph `V` fix (no receiver reading behind it).
    var waiting: [(reading: GNSSReading, instant: Int64?, made: Bool)] = []
    /// The receiver said "no fix" since the last fix: the barograph writes `V` fixes at once, not only after
    /// `silenceBeforeOutageMillis`.
    var noFixReported = false
    /// Position and time of the last reading with a fix (2D included): the position for `V` fixes before any
    /// valid one, the time from which a silent receiver's outage is measured.
    var lastPosition: Coordinate?
    var lastReceivedTime: UTCMillis?
    /// Monotonic instant of `lastFixTime` (nanoseconds): an outage is back-filled only as far as the monotonic
    /// clock confirms, so a receiver clock that jumps ahead (a week, years) queues no `V` fixes for time that
    /// never passed. `nil` after a restart (that gap is a power fault, not a GPS outage).
    var lastFixMonotonic: Int64?
    /// The barograph's settings (FixFusion+Barograph.swift).
    package var barograph = BarographSettings()

    package init(lastFixTime: UTCMillis? = nil) {
        self.lastFixTime = lastFixTime
    }

    /// Number of fixes waiting for a barometer reading.
    package var waitingCount: Int { waiting.count }

    /// Adds a barometer reading; returns `false` if it failed the plausibility gate. Then ``release(now:)``
    /// gives the fixes that were waiting for it.
    @discardableResult
    package mutating func addPressure(_ reading: PressureReading) -> Bool {
        pressures.append(reading)
    }

    /// Fuses one GNSS reading: the fixes now complete (this one, unless it waits for the barometer, and any
    /// that waited), or why this reading gives no fix.
    package mutating func fuse(_ reading: GNSSReading) -> Result<[FusedFix], Rejection> {
        guard reading.mode >= 2, reading.latitude.isFinite, reading.longitude.isFinite,
            abs(reading.latitude) <= 90, abs(reading.longitude) <= 180
        else { return .failure(.noFix) }
        if let lastFixTime, reading.time == lastFixTime { return .failure(.duplicateTime) }
        // A time that jumps against the monotonic clock waits for the next readings to tell glitch from jump.
        for admitted in timeGate.admit(reading) {
            if let lastFixTime, admitted.time <= lastFixTime { restartTimeline() }  // a confirmed jump back
            add(admitted)
        }
        return .success(release(now: reading.receivedAtMonotonicNanos))
    }

    /// Decides the readings the time gate still holds when no later reading came to judge them by (see
    /// ``FixTimeGate/releaseHeld(now:)``); `now: .max` at the end of the stream. Called before the outage fill.
    package mutating func releaseHeldReadings(now: Int64) {
        for admitted in timeGate.releaseHeld(now: now) {
            if let lastFixTime, admitted.time <= lastFixTime { continue }  // `V` fixes already cover that time
            add(admitted)
        }
    }

    /// Takes a reading the time gate accepted.
    private mutating func add(_ reading: GNSSReading) {
        // The cycle start, when known, bounds the epoch far more tightly than the end-of-cycle arrival.
        let seen = min(reading.epochMonotonicNanos ?? .max, reading.receivedAtMonotonicNanos)
        clock.observe(fixTime: reading.time, arrivalNanos: seen)
        let instant = clock.monotonicNanos(of: reading.time, notAfter: reading.receivedAtMonotonicNanos)
        if noFixReported || lastReceivedTime.map({ reading.time - $0 >= barograph.silenceMillis }) == true {
            writeOutage(before: reading.time, now: reading.receivedAtMonotonicNanos)  // the outage's last seconds
        }
        lastFixTime = reading.time
        lastFixMonotonic = instant ?? seen
        noFixReported = false
        lastPosition = Coordinate(latitude: reading.latitude, longitude: reading.longitude)
        lastReceivedTime = reading.time
        waiting.append((reading, instant, false))
    }

    /// The receiver's time went back for good (confirmed by the time gate): what was learnt from the old time
    /// no longer applies. Fixes already waiting are still released, before the new ones.
    private mutating func restartTimeline() {
        clock = ClockMapper(
            windowNanos: clock.windowNanos, jumpThresholdNanos: clock.jumpThresholdNanos,
            confirmations: clock.confirmations)
        lastFixTime = nil
        lastFixMonotonic = nil
        lastReceivedTime = nil
        noFixReported = false
        plausibility = FixPlausibility()
    }

    /// The waiting fixes that are complete at `now`: a barometer reading at or after their instant is in,
    /// the barometer has nothing fresh to wait for, or they waited `maximumWaitNanos`. `now: .max` releases all.
    package mutating func release(now: Int64) -> [FusedFix] {
        var done: [FusedFix] = []
        var taken = 0
        defer { waiting.removeFirst(taken) }
        while taken < waiting.count {
            let (reading, instant, made) = waiting[taken]
            let covered =
                instant.map { instant in pressures.newest.map { $0.monotonicNanos >= instant } ?? false } ?? true
            let waited = now == .max || now - reading.receivedAtMonotonicNanos >= maximumWaitNanos
            guard covered || waited || pressures.isStale(now: now) else { break }
            taken += 1
            done.append(
                FusedFix(
                    fix: makeFix(reading, instant: instant), receivedAtMonotonicNanos: reading.receivedAtMonotonicNanos,
                    isFromReceiver: !made))
        }
        return done
    }

    /// The fix of a reading; a 3D fix that fails the jump gate is kept as `V`.
    private mutating func makeFix(_ reading: GNSSReading, instant: Int64?) -> Fix {
        let pascals = instant.flatMap { pressures.pressure(at: $0) }
        let is3D = reading.mode >= 3
        let gnssAltitude = is3D ? reading.altitudeHAE.flatMap { Self.plausibleAltitudes.contains($0) ? $0 : nil } : nil
        var fix = Fix(
            time: reading.time, isValid: is3D, latitude: reading.latitude, longitude: reading.longitude,
            pressureAltitude: pascals.map { ISA.altitude(pressure: $0) }, gnssAltitude: gnssAltitude,
            extensions: Self.extensionText(eph: reading.eph, satellitesUsed: reading.satellitesUsed))
        if !plausibility.accepts(fix) { fix.isValid = false }
        return fix
    }

    /// GNSS altitudes outside this range (metres) are not readings but garbage (and would not fit a fix): unknown.
    static let plausibleAltitudes: ClosedRange<Meters> = -1_000...100_000

    /// `FXA` (EPE in metres, 3 digits, clamped to 0…999, 999 when unknown) + `SIU` (2 digits, 0…99).
    package static func extensionText(eph: Meters?, satellitesUsed: Int?) -> String {
        let epe = eph.flatMap { $0.isFinite ? Int(min(999, max(0, $0.rounded()))) : nil } ?? 999
        let satellites = min(99, max(0, satellitesUsed ?? 0))
        return pad(epe, 3) + pad(satellites, 2)
    }
}
