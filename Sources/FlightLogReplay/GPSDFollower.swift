import FlightLogCore
import FlightLogSimulation
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Follows gpsd (plain JSON over TCP, no libgps) and keeps the fake barometer at the pressure of the UTC
/// instant the replay is at. That instant is the simulated world's clock: epoch `t` happens when gpsd receives
/// the first sentence of `t` (as a receiver sends its first sentence right after the epoch), which gpsd
/// reports in its TOFF message with its own clock reading, free of this process's scheduling delays; a TPV's
/// arrival counts only for an epoch without TOFF. Between epochs the clock runs at the rate of the last two
/// (replays may run faster than real time).
package struct GPSDFollower {
    let host: String
    let port: UInt16
    let timeline: PressureTimeline
    let dateShift: Int64
    let tree: FakeIIOTree
    let rate: Double
    package private(set) var positions = 0
    package private(set) var writes = 0
    private var clock = ReplayClock()

    package init(
        host: String, port: UInt16, timeline: PressureTimeline, dateShift: Int64, tree: FakeIIOTree, rate: Double
    ) {
        self.host = host
        self.port = port
        self.timeline = timeline
        self.dateShift = dateShift
        self.tree = tree
        self.rate = rate
    }

    package mutating func run() throws {
        let socket = try connectRetrying(seconds: 10)
        defer { close(socket) }
        let watch = Array(#"?WATCH={"enable":true,"json":true,"pps":true};"#.utf8)
        guard send(socket, watch, watch.count, Int32(MSG_NOSIGNAL)) == watch.count else {
            throw ReplayError("cannot send WATCH to gpsd at \(host):\(port)")
        }
        ReplayLog.say("Following gpsd at \(host):\(port).")
        let period = Int64(1e9 / rate)
        var nextWrite = Monotonic.nowNanos()
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let now = Monotonic.nowNanos()
            if now >= nextWrite {
                if let utc = clock.utc(atMonotonic: now), let pascals = timeline.pressure(at: utc - dateShift) {
                    try tree.write(pascals: pascals)
                    writes += 1
                }
                nextWrite = max(nextWrite + period, now)
            }
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let waitMillis = Int32((nextWrite - min(nextWrite, Monotonic.nowNanos())) / 1_000_000)
            guard poll(&poller, 1, waitMillis) >= 0 || errno == EINTR else {
                throw ReplayError("polling gpsd failed: \(String(cString: strerror(errno)))")
            }
            guard poller.revents != 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return }  // gpsd closed (end of the gpsfake log)
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let start = pending[..<newline].withUnsafeBufferPointer { Self.epochStart(GPSDLine($0)) }
                pending.removeSubrange(...newline)
                if let (utc, monotonic) = start, clock.add(utc: utc, monotonic: monotonic) { positions += 1 }
            }
        }
    }

    private func connectRetrying(seconds: Double) throws -> Int32 {
        let deadline = Monotonic.nowNanos() + Int64(seconds * 1e9)
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        while true {
            var list: UnsafeMutablePointer<addrinfo>?
            if getaddrinfo(host, String(port), &hints, &list) == 0, let list {
                defer { freeaddrinfo(list) }
                let fd = socket(list.pointee.ai_family, list.pointee.ai_socktype, list.pointee.ai_protocol)
                if fd >= 0, connect(fd, list.pointee.ai_addr, list.pointee.ai_addrlen) == 0 { return fd }
                if fd >= 0 { close(fd) }
            }
            guard Monotonic.nowNanos() < deadline else {
                throw ReplayError("cannot connect to gpsd at \(host):\(port) (is gpsfake running?)")
            }
            usleep(100_000)
        }
    }

    /// The epoch start a gpsd line tells: a TOFF's (``GPSDTimeOffset``: gpsd's own clock reading, the monotonic
    /// instant it received the epoch's first data), else a TPV with a fix (mode ≥ 2) at the moment it is read.
    static func epochStart(_ line: GPSDLine) -> (UTCMillis, Int64)? {
        switch line.string("class") {
        case "TOFF":
            guard let toff = GPSDTimeOffset(line) else { return nil }
            let realtime = Monotonic.realtimeNanos()
            let now = Monotonic.nowNanos()
            return toff.cycleStart(receivedAt: now, realtimeNow: realtime, monotonicNow: now)
        case "TPV":
            guard (line.integer("mode") ?? 0) >= 2,
                let time = line.string("time").flatMap(RecorderStatus.utcMillis(iso:))
            else {
                return nil
            }
            return (time, Monotonic.nowNanos())
        default: return nil
        }
    }
}

/// Maps CLOCK_MONOTONIC to the UTC of the replay from the last two epoch starts (rate and offset), never
/// extrapolating more than one fix interval past the newest.
package struct ReplayClock {
    private var previous: (utc: UTCMillis, monotonic: Int64)?
    private var last: (utc: UTCMillis, monotonic: Int64)?

    /// Adds an epoch start; `false` (ignored) when it is not newer than the last one.
    @discardableResult
    mutating func add(utc: UTCMillis, monotonic: Int64) -> Bool {
        if let last, utc <= last.utc { return false }
        previous = last
        last = (utc, monotonic)
        return true
    }

    func utc(atMonotonic now: Int64) -> UTCMillis? {
        guard let last else { return nil }
        guard let previous, last.monotonic > previous.monotonic, now > last.monotonic else { return last.utc }
        let interval = last.utc - previous.utc
        let millisPerNano = Double(interval) / Double(last.monotonic - previous.monotonic)
        let ahead = Int64(Double(now - last.monotonic) * millisPerNano)
        return last.utc + min(ahead, interval)
    }
}
