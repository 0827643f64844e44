import CGPS
import FlightLogCore
import Foundation

@testable import FlightLogSensors

#if canImport(Glibc)
import Glibc
#endif

/// The code path of the gpsd fuzz target (`Fuzz/gpsd.swift`, built by `scripts/fuzz.sh`), shared with
/// `GPSDFuzzRegressionTests`: each line of the input is one message from gpsd, handled as the reader thread
/// and the daemon handle it, without the socket.
///
/// Per line: libgps unpacks it into the session's `gps_data_t` (`gps_unpack`, what `gps_read` does with a line
/// it read), the reader handles it (class from the raw line; TPV → a reading, TOFF → the cycle start, SKY → the
/// satellites used), and each reading goes through the daemon's fusion into fixes and its live detection.
/// Arrival times are the monotonic clock's (the reader's TOFF handling compares them with the clocks).
///
/// Only lines of gpsd's own shape are fed (``isGPSDShaped(_:)``): libgps 3.22's parser loops forever on some
/// others (`{s"class":"VERSION"`, a TOFF with a `devices` array: README, "Fuzzing"), which is a bug
/// of libgps that gpsd itself never triggers; the values in them are free.
enum GPSDFuzzPipeline {
    /// Longest message the reader accepts (`GPSDSession.run`'s buffer).
    static let messageCapacity = 16 * 1024

    /// What came out: readings, no-fix reports and fixes (for the tests; the fuzzer only needs "no trap").
    struct Outcome: Sendable, Equatable {
        var skipped = 0
        var readings = 0
        var noFix = 0
        var fixes = 0
    }

    static func run(_ bytes: [UInt8]) -> Outcome {
        var session = GPSDSession(host: "fuzz", port: "0", noDataTimeout: 10, plausibleYears: 2017...2059)
        var fusion = FixFusion()
        var detection = LiveDetection()
        var outcome = Outcome()
        let data = UnsafeMutablePointer<gps_data_t>.allocate(capacity: 1)
        defer { data.deallocate() }
        UnsafeMutableRawPointer(data).initializeMemory(
            as: UInt8.self, repeating: 0, count: MemoryLayout<gps_data_t>.size)
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard isGPSDShaped(rawLine) else {
                outcome.skipped += 1
                continue
            }
            let now = Monotonic.nowNanos()
            // As gps_read leaves it: the line NUL-terminated, cut at the buffer size.
            var message = Array(rawLine.prefix(messageCapacity - 1)) + [0]
            data.pointee.set = 0
            message.withUnsafeMutableBufferPointer { buffer in
                let text = UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                _ = gps_unpack(text, data)
                let line = GPSDLine(UnsafeBufferPointer(start: buffer.baseAddress!, count: strlen(text)))
                session.handle(line, data, receivedAt: now) { event in
                    switch event {
                    case .fix(let reading):
                        outcome.readings += 1
                        if case .success(let fused) = fusion.fuse(reading) {
                            for item in fused {
                                outcome.fixes += 1
                                _ = detection.ingest(item.fix)
                            }
                        }
                    case .noFix: outcome.noFix += 1
                    case .connected, .disconnected: break
                    }
                }
            }
        }
        for item in fusion.release(now: .max) {
            outcome.fixes += 1
            _ = detection.ingest(item.fix)
        }
        return outcome
    }
}

extension GPSDFuzzPipeline {
    /// One JSON object of class TPV, TOFF, SKY or PPS whose values are numbers, strings or booleans (a SKY may also
    /// have a `satellites` array of such objects), as gpsd writes them: `"class"` first and only once (libgps 3.22
    /// also hangs on a TPV with a second `"class"` key).
    static func isGPSDShaped(_ line: ArraySlice<UInt8>) -> Bool {
        let classKey = Array(#""class":""#.utf8)
        guard line.starts(with: [UInt8(ascii: "{")] + classKey),
            line.indices.count(where: { line[$0...].starts(with: classKey) }) == 1
        else { return false }
        func isFlat(_ object: [String: Any]) -> Bool {
            object.values.allSatisfy { $0 is String || $0 is NSNumber || $0 is Int || $0 is Double || $0 is Bool }
        }
        guard var object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
            let kind = object["class"] as? String, ["TPV", "TOFF", "SKY", "PPS"].contains(kind)
        else { return false }
        if kind == "SKY", let satellites = object.removeValue(forKey: "satellites") {
            guard let list = satellites as? [Any], list.allSatisfy({ ($0 as? [String: Any]).map(isFlat) ?? false })
            else {
                return false
            }
        }
        return isFlat(object)
    }
}
