import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogSensors

/// Every stored gpsd fuzz input (`Tests/FuzzCorpus/gpsd/`) and seed (`Fuzz/seeds/gpsd/`) runs through the gpsd
/// fuzz target's pipeline (`GPSDFuzzPipeline`) and returns; the crashes it found stay fixed.
@Suite struct GPSDFuzzRegressionTests {
    static func run(_ folder: String) throws -> [String: GPSDFuzzPipeline.Outcome] {
        let directory = packageRoot.appendingPathComponent(folder)
        var outcomes: [String: GPSDFuzzPipeline.Outcome] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() {
            outcomes[name] = GPSDFuzzPipeline.run([UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
        }
        return outcomes
    }

    @Test func storedInputsReturn() throws {
        let outcomes = try Self.run("Tests/FuzzCorpus/gpsd")
        // A TPV with a finite but absurd altHAE (was an Int32 conversion trap in Fix): a fix, without GNSS altitude.
        #expect(outcomes["tpv-althae-huge.jsonl"].map { $0.readings > 0 && $0.fixes > 0 } == true, "\(outcomes)")
        // Lines libgps 3.22 hangs on are not of gpsd's shape: skipped, never handed to libgps.
        for (name, outcome) in outcomes where name.hasPrefix("libgps-3.22-hang") {
            #expect(outcome.skipped > 0, "\(name)")
        }
    }

    @Test func seedsGiveFixes() throws {
        let outcomes = try Self.run("Fuzz/seeds/gpsd")
        #expect(
            outcomes["gpsfake-3.22-winch-start.jsonl"].map { $0.readings >= 10 && $0.fixes == $0.readings } == true,
            "\(outcomes)")
    }

    /// The TOFF overflow traps (`clock_sec * 1e9`, `real_sec * 1000`): out-of-range fields give no cycle start.
    @Test func toffWithHugeFieldsHasNoCycleStart() {
        let clock = Monotonic.realtimeNanos()  // gpsd's stamp, then the arrival: an age of a few microseconds
        let now = Monotonic.nowNanos()
        func cycleStart(_ text: String) -> (time: Int64, monotonicNanos: Int64)? {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer {
                GPSDSession.cycleStart(toff: GPSDLine(UnsafeBufferPointer($0)), receivedAt: now)
            }
        }
        let seconds = clock / 1_000_000_000, nanos = clock % 1_000_000_000
        let good =
            #"{"class":"TOFF","real_sec":1749895314,"real_nsec":400000000,"clock_sec":\#(seconds),"clock_nsec":\#(nanos)}"#
        #expect(cycleStart(good)?.time == 1_749_895_314_400)
        for bad in [
            #"{"class":"TOFF","real_sec":1749895314,"real_nsec":0,"clock_sec":179557726100000,"clock_nsec":0}"#,
            #"{"class":"TOFF","real_sec":999999999999999999,"real_nsec":0,"clock_sec":\#(seconds),"clock_nsec":\#(nanos)}"#,
            #"{"class":"TOFF","real_sec":1749895314,"real_nsec":0,"clock_sec":-999999999999999999,"clock_nsec":0}"#,
            #"{"class":"TOFF","real_sec":1749895314,"real_nsec":999999999999999999,"clock_sec":\#(seconds),"clock_nsec":0}"#,
        ] {
            #expect(cycleStart(bad) == nil, "\(bad)")
        }
    }
}
