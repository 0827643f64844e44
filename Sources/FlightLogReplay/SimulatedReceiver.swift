import FlightLogCore
import FlightLogSimulation
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A GNSS receiver and a barometer on one clock, for `flightlog replay --serve-nmea`.
///
/// The simulated world's UTC runs on this process's `CLOCK_MONOTONIC` from the moment the first client (gpsd,
/// `gpsd tcp://HOST:PORT`) connects. Each fix's NMEA epoch is sent at its own instant of that clock (absolute
/// deadlines: a late send never delays the ones after it, just as a receiver's epochs stay on GPS time however
/// late its serial output is), and the fake barometer is kept at the pressure of the same clock. A consumer
/// that maps fix times to its own clock correctly therefore sees every fix's own pressure, whatever the
/// delivery delays — which is what the daemon's fusion claims and what gpsfake (which sleeps between lines,
/// so its epochs drift with load) cannot show.
package struct SimulatedReceiver {
    /// How long a `--pressure-glitch` value stays in the attribute (wall time): two or three of flightlogd's
    /// 25 Hz reads see it, whatever the write rate.
    static let glitchHoldNanos: Int64 = 100_000_000

    let host: String
    let port: UInt16
    let fixes: [Fix]
    let dateShift: Int64
    let timeline: PressureTimeline
    let tree: FakeIIOTree?
    /// Pressure writes per second.
    let rate: Double
    /// Simulated UTC against wall time (--speed, --real-time windows).
    let schedule: ReplaySchedule
    /// How long after its epoch a fix's sentences go out, as a receiver's serial output lags, nanoseconds.
    let latencyNanos: Int64
    /// Epochs without a fix, displaced fixes and a missing pressure attribute.
    let faults: ReplayFaults
    /// The flight starts once this file exists (every client of gpsd connected first).
    let holdUntil: String?
    package private(set) var epochsSent = 0
    package private(set) var writes = 0

    package init(
        host: String, port: UInt16, fixes: [Fix], dateShift: Int64, tree: FakeIIOTree?, rate: Double,
        schedule: ReplaySchedule, latencySeconds: Double, faults: ReplayFaults = ReplayFaults(),
        holdUntil: String? = nil
    ) {
        self.host = host
        self.port = port
        self.fixes = faults.apply(to: fixes)
        self.dateShift = dateShift
        self.timeline = PressureTimeline(fixes: fixes)  // the world's pressure, whatever the receiver says
        self.tree = tree
        self.rate = rate
        self.schedule = schedule
        self.latencyNanos = Int64(max(0, latencySeconds) * 1e9)
        self.faults = faults
        self.holdUntil = holdUntil
    }

    /// Serves until the last epoch is 3 s old. `listener`: from ``listen(host:port:)`` (made before the fake
    /// barometer, so a tree that exists means a port that accepts).
    package mutating func run(listener: Int32) throws {
        defer { close(listener) }
        var clients: [Int32] = []
        defer { clients.forEach { close($0) } }
        // The world starts when the first client is there (epochs sent to nobody would be lost).
        clients.append(try Self.accept(listener, timeoutMillis: 30_000))
        if let holdUntil {
            while access(holdUntil, F_OK) != 0 {
                if let client = try? Self.accept(listener, timeoutMillis: 10) { clients.append(client) }
            }
        }
        let worldStart = Monotonic.nowNanos() + 200_000_000
        func instant(of time: UTCMillis) -> Int64 { worldStart + schedule.wallNanos(at: time) }
        var barometerRemoved = false
        var glitches = faults.pressureGlitches[...]
        var glitchUntil: Int64 = 0
        var glitch: ReplayFaults.PressureGlitch?
        let period = Int64(1e9 / rate)
        let end = instant(of: fixes[fixes.count - 1].time) + 3_000_000_000
        var nextWrite = Monotonic.nowNanos()
        var nextEpoch = 0
        var previous: Fix?
        let timeOffsets = faults.timeOffsets(of: fixes)
        while true {
            let now = Monotonic.nowNanos()
            if now >= end { return }
            if let tree, now >= nextWrite {
                let utc = schedule.utc(atWallNanos: max(0, now - worldStart))
                if !faults.barometerPresent(at: utc) {
                    if !barometerRemoved { tree.removePressure() }
                    barometerRemoved = true
                } else if let pascals = timeline.pressure(at: utc) {
                    barometerRemoved = false
                    if let next = glitches.first, utc >= next.time {  // a wrong value, held for a few reads
                        glitch = glitches.removeFirst()
                        glitchUntil = now + Self.glitchHoldNanos
                    }
                    if glitch != nil, now >= glitchUntil { glitch = nil }
                    try tree.write(pascals: glitch.map { $0.value(truth: pascals) } ?? pascals)
                    writes += 1
                }
                nextWrite += period
                if nextWrite < now { nextWrite = now + period }  // stalled: skip, do not burst
            }
            while nextEpoch < fixes.count, now >= instant(of: fixes[nextEpoch].time) + latencyNanos {
                let fix = fixes[nextEpoch]
                let bytes = Array(
                    NMEAWriter.epoch(fix, previous: previous, dateShift: dateShift + (timeOffsets[nextEpoch] ?? 0))
                        .joined().utf8)
                clients.removeAll { client in
                    guard let problem = Self.sendAll(bytes, to: client) else { return false }
                    FileHandle.standardError.write(Data("simulated receiver: a client went away (\(problem))\n".utf8))
                    close(client)
                    return true
                }
                previous = fix
                nextEpoch += 1
                epochsSent += 1
            }
            let nextEvent = min(
                tree == nil ? end : nextWrite,
                nextEpoch < fixes.count ? instant(of: fixes[nextEpoch].time) + latencyNanos : end)
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Self.pollMillis(until: nextEvent, now: Monotonic.nowNanos()))
            if ready > 0, let client = try? Self.accept(listener, timeoutMillis: 0) { clients.append(client) }
        }
    }

    /// poll()'s timeout for a deadline: whole milliseconds rounded up (a deadline is never missed by a busy loop),
    /// 0 when it has passed (the clock is read once, so a deadline passed between two reads is 0, not a trap).
    static func pollMillis(until deadline: Int64, now: Int64) -> Int32 {
        guard deadline > now else { return 0 }
        let (nanos, overflow) = deadline.subtractingReportingOverflow(now)
        if overflow { return .max }
        let (millis, rest) = nanos.quotientAndRemainder(dividingBy: 1_000_000)
        return Int32(clamping: rest > 0 ? millis + 1 : millis)
    }

    /// Sends all of `bytes` (a send cut short by a signal or a full buffer goes on with the rest, as a serial line
    /// never drops a slow reader); the error that ends the connection, or nil.
    static func sendAll(_ bytes: [UInt8], to client: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                return sent == 0 ? "no progress" : String(cString: strerror(errno))
            }
        }
        return nil
    }

    /// A listening TCP socket on `host:port` (numeric address).
    package static func listen(host: String, port: UInt16) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let list else {
            throw ReplayError("--serve-nmea: \(host) is not a numeric address (say 127.0.0.1)")
        }
        defer { freeaddrinfo(list) }
        let fd = socket(list.pointee.ai_family, list.pointee.ai_socktype, list.pointee.ai_protocol)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard fd >= 0, bind(fd, list.pointee.ai_addr, list.pointee.ai_addrlen) == 0, Glibc.listen(fd, 4) == 0 else {
            let reason = String(cString: strerror(errno))
            if fd >= 0 { close(fd) }
            throw ReplayError("cannot listen on \(host):\(port): \(reason)")
        }
        return fd
    }

    /// The next client, waiting at most `timeoutMillis`; TCP_NODELAY so an epoch leaves at once.
    static func accept(_ listener: Int32, timeoutMillis: Int32) throws -> Int32 {
        var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeoutMillis) > 0 else {
            throw ReplayError("nobody connected to the simulated receiver (start gpsd with tcp://HOST:PORT)")
        }
        let client = Glibc.accept(listener, nil, nil)
        guard client >= 0 else { throw ReplayError("accept failed: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        return client
    }
}
