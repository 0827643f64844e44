internal import CGPS
import FlightLogCore
import Foundation

/// What the gpsd reader reports, in order.
package enum GPSEvent: Sendable, Hashable {
    /// A new fix (never the same time twice in a row), stamped with ``Monotonic/nowNanos()`` when the TPV was read.
    case fix(GNSSReading)
    /// gpsd reported a TPV without a usable fix (mode < 2, no time or position, or an implausible year), with its
    /// GNSS time when it had one in a plausible year (the barograph's `V` fixes keep GPS time while they can).
    case noFix(time: UTCMillis?, receivedAtMonotonicNanos: Int64)
    /// Connected to gpsd and WATCH sent.
    case connected
    /// The connection ended or could not be made; the reader retries with backoff (0.5 s doubling to 8 s).
    case disconnected(reason: String)
}

/// Reads gpsd through libgps on its own thread and reports fixes as an `AsyncStream`.
///
/// Robust against gpsd being absent at start, restarting, or going silent: it reconnects with a capped
/// exponential backoff and re-WATCHes after `noDataTimeout` without any message. Each call to
/// ``events()`` opens its own connection.
package final class GPSDClient: Sendable {
    package let host: String
    package let port: String
    /// Reconnect when gpsd sent nothing at all for this long (a receiver sends every second, even without fix).
    package let noDataTimeout: Double
    /// Fix times outside these years are bogus chip times (1980, 2080 …) and are reported as `noFix`.
    package let plausibleYears: ClosedRange<Int>

    /// Backoff between connection attempts, seconds.
    static let firstBackoff = 0.5
    static let maximumBackoff = 8.0

    /// - Parameters:
    ///   - host: gpsd host, e.g. `127.0.0.1`.
    ///   - port: gpsd port, e.g. `2947`.
    ///   - noDataTimeout: seconds without any gpsd message before reconnecting.
    ///   - plausibleYears: UTC years accepted as fix times.
    package init(
        host: String = "127.0.0.1", port: String = "2947", noDataTimeout: Double = 10,
        plausibleYears: ClosedRange<Int> = 2017...2059
    ) {
        self.host = host
        self.port = port
        self.noDataTimeout = noDataTimeout
        self.plausibleYears = plausibleYears
    }

    /// Connects (and keeps reconnecting) until the consumer stops iterating; the reader thread then closes
    /// the connection within ~0.25 s. The stream never finishes on its own.
    package func events() -> AsyncStream<GPSEvent> {
        let host = host, port = port, timeout = noDataTimeout, years = plausibleYears
        return readerStream(name: "gpsd-reader") { yield, stop in
            var session = GPSDSession(host: host, port: port, noDataTimeout: timeout, plausibleYears: years)
            session.run(yield: yield, stop: stop)
        }
    }
}

/// The state of one reader thread: the libgps struct at a stable heap address plus de-duplication.
/// (Internal, not private: the gpsd fuzz target and its regression tests drive ``handle(_:_:receivedAt:yield:)``.)
struct GPSDSession {
    let host: String
    let port: String
    let noDataTimeout: Double
    let plausibleYears: ClosedRange<Int>
    var lastFixTime: UTCMillis?
    var satellitesUsed: Int?
    /// The newest TOFF: GNSS time of the cycle and the monotonic instant its first data reached gpsd.
    var cycleStart: (time: UTCMillis, monotonicNanos: Int64)?

    init(host: String, port: String, noDataTimeout: Double, plausibleYears: ClosedRange<Int>) {
        self.host = host
        self.port = port
        self.noDataTimeout = noDataTimeout
        self.plausibleYears = plausibleYears
    }

    mutating func run(yield: (GPSEvent) -> Void, stop: StopFlag) {
        let data = UnsafeMutablePointer<gps_data_t>.allocate(capacity: 1)
        let messageCapacity = 16 * 1024
        let message = UnsafeMutablePointer<CChar>.allocate(capacity: messageCapacity)
        defer {
            data.deallocate()
            message.deallocate()
        }
        var backoff = GPSDClient.firstBackoff
        var lastFailure: String?
        while !stop.isSet {
            UnsafeMutableRawPointer(data).initializeMemory(
                as: UInt8.self, repeating: 0, count: MemoryLayout<gps_data_t>.size)
            guard gps_open(host, port, data) == 0 else {
                let reason = "cannot connect to gpsd at \(host):\(port): \(String(cString: gps_errstr(errno)))"
                if reason != lastFailure { yield(.disconnected(reason: reason)) }  // once per outage
                lastFailure = reason
                guard Monotonic.sleep(seconds: backoff, unless: stop) else { return }
                backoff = min(backoff * 2, GPSDClient.maximumBackoff)
                continue
            }
            lastFailure = nil
            backoff = GPSDClient.firstBackoff
            _ = flgps_stream_json(data)
            yield(.connected)
            let reason = readUntilFailure(data, message, messageCapacity, yield: yield, stop: stop)
            gps_close(data)
            if let reason {
                yield(.disconnected(reason: reason))
                lastFailure = reason
                guard Monotonic.sleep(seconds: backoff, unless: stop) else { return }
            }
        }
    }

    /// Reads messages until gpsd closes, goes silent, or `stop`; returns why it ended (`nil` = stopped).
    private mutating func readUntilFailure(
        _ data: UnsafeMutablePointer<gps_data_t>, _ message: UnsafeMutablePointer<CChar>, _ capacity: Int,
        yield: (GPSEvent) -> Void, stop: StopFlag
    ) -> String? {
        var lastDataNanos = Monotonic.nowNanos()
        while !stop.isSet {
            guard gps_waiting(data, 250_000) else {  // microseconds
                let silent = Double(Monotonic.nowNanos() - lastDataNanos) / 1e9
                if silent > noDataTimeout { return "no data from gpsd for \(Int(silent)) s" }
                continue
            }
            // A TPV resets `set`, but SKY/DEVICE/… only OR their bit in: clear it so an old fix never repeats.
            data.pointee.set = 0
            message[0] = 0
            let count = gps_read(data, message, Int32(capacity))
            if count < 0 { return "gpsd closed the connection" }
            if count == 0 { continue }  // partial line
            let now = Monotonic.nowNanos()
            lastDataNanos = now
            let line = GPSDLine(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(message).assumingMemoryBound(to: UInt8.self), count: strlen(message)))
            handle(line, data, receivedAt: now, yield: yield)
        }
        return nil
    }

    /// One message: its raw line and what libgps unpacked from it.
    mutating func handle(
        _ line: GPSDLine, _ data: UnsafeMutablePointer<gps_data_t>, receivedAt now: Int64, yield: (GPSEvent) -> Void
    ) {
        switch line.string("class") {
        case "TPV": handleTPV(data.pointee, receivedAt: now, yield: yield)
        case "TOFF": cycleStart = Self.cycleStart(toff: line, receivedAt: now)
        case "SKY":
            let used = Int(data.pointee.satellites_used)
            if used > 0 { satellitesUsed = used }
        default: break
        }
    }

    private mutating func handleTPV(_ gps: gps_data_t, receivedAt now: Int64, yield: (GPSEvent) -> Void) {
        let fix = gps.fix
        var time: UTCMillis?
        if gps.set & TIME_SET != 0, (0..<(1 << 33)).contains(Int64(fix.time.tv_sec)) {
            let millis = Int64(fix.time.tv_sec) * 1000 + (Int64(fix.time.tv_nsec) + 500_000) / 1_000_000
            if plausibleYears.contains(CivilDateTime(utc: millis).date.year) { time = millis }
        }
        let required = MODE_SET | LATLON_SET
        guard let time, gps.set & required == required, fix.mode >= MODE_2D,
            fix.latitude.isFinite, fix.longitude.isFinite
        else { return yield(.noFix(time: time, receivedAtMonotonicNanos: now)) }
        if time == lastFixTime { return }  // gpsd re-reports an epoch (e.g. RMC then GGA)
        lastFixTime = time
        let epoch = cycleStart.flatMap { $0.time == time ? $0.monotonicNanos : nil }
        yield(
            .fix(
                GNSSReading(
                    time: time, mode: Int(fix.mode), latitude: fix.latitude, longitude: fix.longitude,
                    altitudeHAE: fix.mode >= MODE_3D ? finite(fix.altHAE) : nil, speed: finite(fix.speed),
                    eph: finite(fix.eph), satellitesUsed: satellitesUsed, receivedAtMonotonicNanos: now,
                    epochMonotonicNanos: epoch)))
    }

    /// A TOFF line as its cycle start (``GPSDTimeOffset``), received at `now`. Parsed from the raw JSON: libgps 3.22
    /// flags TOFF_SET but leaves `toff` zero (measured).
    static func cycleStart(toff line: GPSDLine, receivedAt now: Int64) -> (time: UTCMillis, monotonicNanos: Int64)? {
        guard let toff = GPSDTimeOffset(line) else { return nil }
        let realtime = Monotonic.realtimeNanos()  // then the monotonic clock, as `cycleStart` expects
        return toff.cycleStart(receivedAt: now, realtimeNow: realtime, monotonicNow: Monotonic.nowNanos())
    }
}

private func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
