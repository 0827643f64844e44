import FlightLogCore
import FlightLogStore
import Foundation

extension Recorder {
    // MARK: - Status

    /// Whether the barometer is fresh: all that ``summary(now:)`` needs, cheap enough for the systemd service's poll (100 ms until ready, then 1 s).
    @discardableResult
    func refreshBarometerState(now: Int64) -> Bool {
        let baroFresh = lastPressureNanos.map { now - $0 <= fusion.pressures.stalenessNanos } ?? false
        status.gpsOnly = !baroFresh
        if settings.barometerConfigured, !baroFresh, status.barometerProblem == nil {
            status.barometerProblem = lastPressureNanos == nil ? "no barometer data yet" : "barometer silent"
        }
        if baroFresh,
            status.barometerProblem?.hasPrefix("barometer silent") == true
                || status.barometerProblem == "no barometer data yet"
        {
            status.barometerProblem = nil
        }
        return baroFresh
    }

    /// Every field of the status file (latency percentiles, database size): for the status file and `currentStatus`.
    func refreshStatus(now: Int64) {
        let baroFresh = refreshBarometerState(now: now)
        status.lastFixTime = lastReceiverFix.map { iso8601UTC($0.time) }
        status.lastFixAgeSeconds = lastFixArrival.map { Double((now - $0) / 1_000_000) / 1000 }
        status.latitude = lastReceiverFix?.latitude
        status.longitude = lastReceiverFix?.longitude
        status.gnssAltitudeMeters = lastReceiverFix?.gnssAltitude
        status.gpsLostSince = gpsLostSince.map(iso8601UTC)
        status.positionGlitches = fusion.plausibility.glitches
        status.pressureGlitches = pressureGlitches
        status.varioMetersPerSecond = vario.hasEstimate && baroFresh ? (vario.vario * 10).rounded() / 10 : nil
        status.flying = flight != nil
        status.flyingSince = flight.map { iso8601UTC($0.flight.takeoffTime) }
        status.flightId = flight?.id
        status.recordingId = recordingId
        status.recordedFixes = recordedFixes
        let percentiles = latencies.percentiles([0.5, 0.99])
        status.fixToDiskMillisP50 = percentiles[0].map { Double($0 / 100_000) / 10 }
        status.fixToDiskMillisP99 = percentiles[1].map { Double($0 / 100_000) / 10 }
        status.fixToDiskMillisMax = latencies.maximum.map { Double($0 / 100_000) / 10 }
        status.databaseWritable = !storeFailing
        status.fixesDurableIn =
            switch journal?.mode {
            case .direct: "journal (direct 512-byte sectors), into the database every minute"
            case .buffered: "journal (buffered), into the database every minute"
            case nil: "database (each fix its own commit)"
            }
        status.databaseSizeBytes = try? store.databaseSizeBytes()
        status.updatedAt = fusion.clock.utc(atMonotonic: now).map(iso8601UTC)
    }

    func writeStatus(now: Int64) {
        refreshStatus(now: now)
        guard let path = settings.statusPath else { return }
        do {
            try status.write(to: path)
        } catch {
            logger.warning("cannot write the status file", metadata: ["path": "\(path)", "error": "\(error)"])
        }
    }

    func summary(now: Int64) -> String {
        refreshBarometerState(now: now)
        var parts: [String] = []
        parts.append(flight != nil ? "flying" : "on ground")
        if status.gpsdConnected != true {
            parts.append("gpsd not connected")
        } else if let mode = status.gpsMode, mode >= 2 {
            parts.append("\(mode)D fix" + (status.satellitesUsed.map { ", \($0) sats" } ?? ""))
        } else {
            parts.append("no fix")
        }
        parts.append(status.gpsOnly ? "NO BAROMETER (GPS-only)" : "barometer \(status.barometerDevice ?? "ok")")
        return "Recording: " + parts.joined(separator: ", ")
    }
}

/// Where the recorder reads the time for its own timers: how often it commits and settles the journal, and the
/// fix-to-disk latency. Every other instant comes with the data (a reading's arrival, a tick's `now`).
package enum RecorderClock: Sendable, Hashable {
    /// CLOCK_MONOTONIC: the daemon.
    case system
    /// The newest instant the recorder was given: tests drive time by what they feed, never by wall-clock luck.
    case driven
}

/// The last `capacity` latency values, for percentiles in the status.
struct LatencyWindow {
    private var values: [Int64] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    mutating func add(_ value: Int64) {
        if values.count < capacity {
            values.append(value)
        } else {
            values[next] = value
            next = (next + 1) % capacity
        }
    }

    /// Several percentiles from one sort (nearest rank).
    func percentiles(_ ps: [Double]) -> [Int64?] {
        guard !values.isEmpty else { return ps.map { _ in nil } }
        let sorted = values.sorted()
        return ps.map { sorted[max(0, min(sorted.count - 1, Int((Double(sorted.count) * $0).rounded(.up)) - 1))] }
    }

    var maximum: Int64? { values.max() }
}
