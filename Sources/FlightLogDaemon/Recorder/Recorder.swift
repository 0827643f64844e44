import FlightLogCore
import FlightLogSensors
import FlightLogStore
import Foundation
import Logging

/// What the recorder needs to know besides the sensor data.
package struct RecorderSettings: Sendable {
    /// Recorder metadata for new recordings (extensions are always ``FixFusion/extensions``).
    package var recorder: RecorderInfo
    /// Logbook defaults for new flights (pilot, glider, registration, competition id from the config).
    package var defaults = FlightDetails()
    /// Ground fixes outside flights older than this are pruned.
    package var retentionDays = 30
    /// Where the JSON status for `flightlog status` goes; `nil` = none.
    package var statusPath: String?
    /// Whether a barometer is configured (`--barometer none` = false). Without one every fix is GPS-only.
    package var barometerConfigured = true
    /// Takeoff and landing places: the nearest airfield within this many metres, else an outlanding.
    package var airfieldRadiusMeters: Meters = AirfieldIndex.defaultRadius
    /// The config's `[glider] index` for the landed flight's contest points (nil: the glider type's, else 100).
    package var gliderIndex: Double?
    /// Loads the airfield index for places (nil: flights keep bare coordinates). The daemon loads it at takeoff
    /// and drops it after the landing, so it costs no memory on the ground.
    /// Loads the airfields around the given points (``FlightPlacing/load(radius:near:)``).
    package var loadPlacing: @Sendable (Meters, [Coordinate]) -> FlightPlacing? = {
        try? FlightPlacing.load(radius: $0, near: $1)
    }
    /// A restart continues the last recording (and its in-progress flight) when the first new fix comes less
    /// than this after the last stored one, milliseconds: the gap at which an import of the same fixes would end
    /// the flight too (``FlightDetector/maximumFlightGap``), so a power cut of any length up to it stays one
    /// flight with its POWER fault in the record, as the file of a recorder switched off as long would.
    package var resumeGapMillis: Int64 = Int64(FlightDetector.maximumFlightGap * 1000)
    /// A fix is committed as soon as the fusion releases it, unless the last commit is less than this old
    /// (monotonic nanoseconds): then it waits for the next fix or the next tick (1 s). At 1 Hz every fix is
    /// its own commit; faster receivers are batched to two commits a second (each commit is an fsync).
    package var commitDelayNanos: Int64 = 500_000_000
    /// Rewritten with the flight's id after each landing (`/run/flightlog/landed`): flightlog-sync.path starts a
    /// sync on it. nil: none.
    package var landingStampPath: String?
    /// The live journal beside the database (``LiveJournal``): nil commits every flush to SQLite.
    package var journalPath: String?
    /// The journal's fixes move into SQLite this often, nanoseconds (and at takeoff, landing and shutdown).
    package var settleNanos: Int64 = 60_000_000_000
    /// The in-progress flight row is refreshed this often, nanoseconds.
    package var flightUpdateNanos: Int64 = 30_000_000_000
    /// The status file is rewritten this often, nanoseconds.
    package var statusIntervalNanos: Int64 = 2_000_000_000
    /// Chunks of the open recording are compacted this often, nanoseconds.
    package var compactionNanos: Int64 = 600_000_000_000
    /// Old ground time is pruned this often, nanoseconds.
    package var pruneNanos: Int64 = 3_600_000_000_000
    /// Without any sensor data for this long the recorder reports itself unhealthy (no watchdog pings).
    package var sensorSilenceNanos: Int64 = 60_000_000_000
    /// A pending declared task is looked for this often, nanoseconds, to give it its GPS time (Recorder+Task.swift).
    package var taskCheckNanos: Int64 = 5_000_000_000

    /// The other settings start at their defaults; set them on the value.
    package init(recorder: RecorderInfo) {
        self.recorder = recorder
        self.recorder.extensions = FixFusion.extensions
    }
}

/// Readiness and health for systemd.
package struct RecorderHealth: Sendable, Hashable {
    /// Database open and some sensor data seen: `READY=1` may be sent.
    package var isReady: Bool
    /// Sensor data flowing and the database writable: `WATCHDOG=1` may be sent.
    package var isHealthy: Bool
    /// One line for `STATUS=`.
    package var summary: String
}

/// The one owner of recording state: fuses GNSS and pressure, writes every fix to the store (ground time
/// included), detects takeoff and landing, and keeps the flight rows up to date.
///
/// Durability: fixes reach the disk in small batches (at least every `commitDelayNanos`), through the live
/// journal when there is one (Recorder+Journal.swift), else as SQLite commits; the flight row is
/// inserted *in progress* at takeoff (backdated by the detector), so a power loss in the air loses at most the
/// pending batch. On the next start, if the last recording ended less than `resumeGapMillis` before the first
/// new fix, the recorder continues that recording and re-feeds the detector with its stored tail, so a
/// brown-out in the air does not split the flight.
package actor Recorder {
    let store: FlightStore
    let settings: RecorderSettings
    let logger: Logger
    let zones = SystemTimeZones()

    var fusion = FixFusion()
    var detection = LiveDetection()
    var vario = KalmanVario()

    /// The recording being written; opened at the first fix.
    var recordingId: Int64?
    /// What the store held at start: candidate for resuming.
    var previous: (id: Int64, lastFixTime: UTCMillis)?
    var previousFlight: (id: Int64, recordingId: Int64, flight: Flight)?
    var pending: [Fix] = []
    /// Monotonic arrival time of each pending fix (for the fix-to-disk latency).
    var pendingArrivals: [Int64] = []
    /// Fix-to-disk latencies of the last 4096 committed fixes, nanoseconds (gpsd delivery → committed).
    var latencies = LatencyWindow(capacity: 4096)
    /// When the last commit ended (``clockNow()``).
    var lastCommit: Int64 = .min
    /// Where each flush goes first when set (``RecorderSettings/journalPath``); nil: straight into SQLite.
    var journal: LiveJournal?
    /// When the journal was last settled into SQLite (``clockNow()``).
    var lastSettle: Int64 = 0
    var flight: (id: Int64, flight: Flight)?

    // Timers (monotonic nanoseconds).
    var lastFlightUpdate: Int64 = 0
    var lastStatusWrite: Int64 = .min
    var lastCompaction: Int64
    var lastPrune: Int64 = .min
    var lastTaskCheck: Int64 = .min

    // Status.
    var status = RecorderStatus()
    /// The last fix stored (a barograph `V` fix included).
    var lastFix: Fix?
    /// The last fix that came from the receiver, and the time of the last valid one (for "GPS lost since").
    var lastReceiverFix: Fix?
    var lastValidFixTime: UTCMillis?
    var pressureGlitches = 0
    var lastFixArrival: Int64?
    var lastSensorData: Int64?
    var lastPressureNanos: Int64?
    var storeFailing = false
    var recordedFixes = 0

    /// Where the recorder's own timers (commit, settle) and the fix-to-disk latency read the time.
    let clock: RecorderClock
    /// The newest instant the recorder was given (a reading's arrival, a tick): the time of a `.driven` clock.
    var drivenNow: Int64

    /// The monotonic time now, ns, as ``clock`` says.
    func clockNow() -> Int64 { clock == .system ? Monotonic.nowNanos() : drivenNow }

    /// Moves a `.driven` clock on to `now` (it never goes back).
    func drive(to now: Int64) { if now > drivenNow { drivenNow = now } }

    /// Opens the recorder on a store. Does not write anything until the first fix.
    /// - Throws: ``LogbookError`` when the store cannot be read.
    package init(
        store: FlightStore, settings: RecorderSettings, logger: Logger, now: Int64, clock: RecorderClock = .system
    ) throws {
        self.store = store
        self.settings = settings
        self.logger = logger
        self.clock = clock
        drivenNow = now
        lastCompaction = now
        lastSettle = clock == .system ? Monotonic.nowNanos() : now
        // Before the last recording is looked at: recovery may add its last second.
        if let path = settings.journalPath { journal = Self.openJournal(at: path, store: store, logger: logger) }
        if let last = try store.lastRecording(), let lastFixTime = last.lastFixTime {
            previous = (last.id, lastFixTime)
        }
        previousFlight = try store.inProgressFlight()
        status.pid = Int(getpid())
        status.barometerConfigured = settings.barometerConfigured
        status.gpsOnly = true
        if !settings.barometerConfigured {
            status.barometerProblem =
                "no barometer configured (--barometer none): recording GPS-only, pressure altitude 00000"
        }
    }

    // MARK: - Sensor input

    /// One GNSS reading from gpsd.
    package func ingest(_ reading: GNSSReading) {
        drive(to: reading.receivedAtMonotonicNanos)
        lastSensorData = reading.receivedAtMonotonicNanos
        status.gpsdConnected = true
        status.gpsMode = reading.mode
        status.satellitesUsed = reading.satellitesUsed
        let glitches = fusion.timeGate.glitches
        switch fusion.fuse(reading) {
        case .success(let fused):
            warnOfGlitches(since: glitches)
            lastFixArrival = reading.receivedAtMonotonicNanos
            accept(fused)
        case .failure(.noFix):
            break
        case .failure(let reason):
            logger.debug("GNSS reading dropped", metadata: ["reason": "\(reason)", "time": "\(reading.time)"])
        }
    }

    package func gpsConnected(now: Int64) {
        lastSensorData = now
        if status.gpsdConnected != true { logger.info("gpsd connected") }
        status.gpsdConnected = true
        status.gpsdProblem = nil
    }

    package func gpsDisconnected(reason: String, now: Int64) {
        if status.gpsdConnected != false { logger.warning("gpsd disconnected", metadata: ["reason": "\(reason)"]) }
        status.gpsdConnected = false
        status.gpsdProblem = reason
    }

    /// One barometer sample.
    /// A batch of barometer readings, oldest first (one actor call for all of them).
    package func ingest(_ readings: [PressureReading]) {
        for reading in readings { ingest(reading) }
    }

    package func ingest(_ reading: PressureReading) {
        drive(to: reading.monotonicNanos)
        lastSensorData = reading.monotonicNanos
        guard fusion.addPressure(reading) else { return }
        accept(fusion.release(now: reading.monotonicNanos))
        vario.update(pressure: reading.pascals, at: Double(reading.monotonicNanos) / 1e9)
        lastPressureNanos = reading.monotonicNanos
        status.pressurePascals = (reading.pascals * 10).rounded() / 10
        status.temperatureCelsius = reading.temperatureCelsius
        status.pressureAltitudeMeters = (ISA.altitude(pressure: reading.pascals) * 10).rounded() / 10
    }

    package func barometerFound(device: String) {
        logger.notice("barometer found", metadata: ["device": "\(device)"])
        status.barometerDevice = device
        status.barometerProblem = nil
    }

    package func barometerLost(reason: String) {
        logger.warning(
            "BAROMETER LOST: recording GPS-only, pressure altitude missing until it is back",
            metadata: ["reason": "\(reason)"])
        fusion.pressures.removeAll()
        status.barometerProblem = "barometer lost: \(reason) — recording GPS-only"
    }

    // MARK: - Periodic work

    /// Commits pending fixes, refreshes the flight row and the status file, compacts and prunes when due.
    /// Called every second by the maintenance service.
    package func tick(now: Int64) {
        drive(to: now)
        let glitches = fusion.timeGate.glitches
        accept(fusion.fillOutage(now: now))  // the barograph goes on without a fix
        warnOfGlitches(since: glitches)
        if !pending.isEmpty { flush(now: now) }
        if journal?.unsettled.isEmpty == false, clockNow() - lastSettle >= settings.settleNanos { settle() }
        if flight != nil, now - lastFlightUpdate >= settings.flightUpdateNanos { updateFlightInProgress(now: now) }
        if let id = recordingId, now - lastCompaction >= settings.compactionNanos {
            lastCompaction = now
            perform("compact recording") { try store.compactRecording(id: id) }
        }
        if let lastFix, lastPrune == .min || now - lastPrune >= settings.pruneNanos {
            lastPrune = now
            let cutoff = lastFix.time - Int64(settings.retentionDays) * Time.millisPerDay
            perform("prune old ground time") {
                _ = try store.pruneGroundFixes(olderThan: cutoff, keepMarginMillis: 10 * 60_000)
            }
        }
        checkPendingTask(now: now)
        if lastStatusWrite == .min || now - lastStatusWrite >= settings.statusIntervalNanos {
            lastStatusWrite = now
            writeStatus(now: now)
        }
    }

    private func warnOfGlitches(since count: Int) {
        guard fusion.timeGate.glitches > count else { return }
        logger.warning("GPS time glitch dropped: a fix whose time disagreed with the fixes around it")
    }

    /// Clean shutdown: commits everything and leaves an unfinished flight in progress (the next start
    /// continues it if the glider is still in the air).
    package func finish(now: Int64) {
        drive(to: now)
        fusion.releaseHeldReadings(now: .max)
        accept(fusion.release(now: .max))
        flush(now: now)
        settle()
        // Switched off on the ground after a landing that had not yet lasted the landing hold: that is the landing.
        for event in detection.finish() { handle(event, now: now) }
        if flight != nil { updateFlightInProgress(now: now) }
        if let id = recordingId { perform("compact recording") { try store.compactRecording(id: id) } }
        status.stopped = true
        writeStatus(now: now)
        logger.info("recorder stopped", metadata: ["fixes": "\(recordedFixes)"])
    }

    /// Readiness and health at a monotonic instant.
    package func health(now: Int64) -> RecorderHealth {
        let fresh = lastSensorData.map { now - $0 <= settings.sensorSilenceNanos } ?? false
        return RecorderHealth(
            isReady: lastSensorData != nil, isHealthy: fresh && !storeFailing, summary: summary(now: now))
    }

    /// The status as written to the status file.
    package func currentStatus(now: Int64) -> RecorderStatus {
        refreshStatus(now: now)
        return status
    }

    /// True between takeoff and landing.
    package var isFlying: Bool { flight != nil }

    // MARK: - Recording

    /// Fixes the fusion completed, each dated by its GNSS reading's arrival.
    func accept(_ fused: [FusedFix]) {
        for item in fused {
            if item.isFromReceiver { lastReceiverFix = item.fix }
            if item.fix.isValid { lastValidFixTime = item.fix.time }
            accept(item.fix, now: item.receivedAtMonotonicNanos)
        }
    }

    private func accept(_ fix: Fix, now: Int64) {
        if let lastFix, recordingId != nil, fix.time <= lastFix.time { startNewTimeline(at: fix, now: now) }
        if recordingId == nil { openRecording(firstFix: fix, now: now) }
        guard recordingId != nil else { return }
        pending.append(fix)
        pendingArrivals.append(now)
        lastFix = fix
        recordedFixes += 1
        let events = detection.ingest(fix)
        if !events.isEmpty {  // what follows reads the stored fixes
            flush(now: now)
            settle()
        }
        for event in events { handle(event, now: now) }
        if lastCommit == .min || clockNow() - lastCommit >= settings.commitDelayNanos { flush(now: now) }
    }

    func perform(_ what: String, _ body: () throws -> Void) {
        do { try body() } catch { logger.error("cannot \(what)", metadata: ["error": "\(error)"]) }
    }

    func recorderInfo() -> RecorderInfo {
        var info = settings.recorder
        if !settings.barometerConfigured {
            info.pressureSensor = nil
        } else if let device = status.barometerDevice {
            info.pressureSensor = "IIO \(device)"
        }
        return info
    }
}
