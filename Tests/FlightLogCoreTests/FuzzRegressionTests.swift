import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogCore

/// Every input the fuzzers stored (`Tests/FuzzCorpus/<target>/`: fixed crashes, hangs, hand-made edge cases) and every
/// seed in `Fuzz/seeds/<target>/` runs through the same pipeline the fuzz target runs (`FuzzPipelines`): it must
/// return, without a trap and without breaking an invariant.
@Suite struct FuzzRegressionTests {
    /// The stored inputs of one target, by file name.
    static func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        var found: [(String, [UInt8])] = []
        for folder in ["Tests/FuzzCorpus/", "Fuzz/seeds/"] {
            let directory = packageRoot.appendingPathComponent(folder + target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                found.append(
                    (
                        folder + target + "/" + name,
                        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
                    ))
            }
        }
        return found
    }

    static func expectNoViolation(_ target: String, _ pipeline: ([UInt8]) -> FuzzOutcome) throws -> [String:
        FuzzOutcome]
    {
        var outcomes: [String: FuzzOutcome] = [:]
        for (name, bytes) in try inputs(target) {
            let outcome = pipeline(bytes)
            #expect(outcome.violation == nil, "\(name): \(outcome)")
            outcomes[(name as NSString).lastPathComponent] = outcome
        }
        return outcomes
    }

    @Test func igcInputs() throws {
        let outcomes = try Self.expectNoViolation("igc", FuzzPipelines.igc)
        #expect(!outcomes.isEmpty)
        // A trap found by fuzzing: a 19-digit ENL extension is read, and the flight found and exported.
        #expect(outcomes["enl-19-digits.igc"]?.summary.hasPrefix("imported: 1 flight") == true, "\(outcomes)")
        // Wide LAD/LOD extensions (10 and 14 digits) trapped in the reader and then in IGCWriter's 10^n.
        for name in ["lad-lod-10-digits.igc", "lod-14-digits-found-by-fuzzer.igc"] {
            #expect(
                outcomes[name]?.summary.hasPrefix("imported") == true, "\(name): \(String(describing: outcomes[name]))")
        }
    }

    @Test func timeZoneInputs() throws {
        let outcomes = try Self.expectNoViolation("timezone", FuzzPipelines.timeZone)
        #expect(outcomes["Pacific-Chatham.tzif"]?.summary.hasPrefix("rules") == true, "\(outcomes)")
        #expect(outcomes["zone1970-excerpt.tab"]?.summary == "zones: 5", "\(outcomes)")
        // A footer TZ string with an endless number (was an overflow trap in its scanner): a corrupt file.
        #expect(outcomes["footer-number-overflow.tzif"]?.summary.hasPrefix("rejected") == true, "\(outcomes)")
    }

    @Test func cupInputs() throws {
        let outcomes = try Self.expectNoViolation("cup") { bytes in
            let (summary, violation) = CUPFuzzPipeline.run(bytes)
            return FuzzOutcome(summary, violation: violation)
        }
        #expect(!outcomes.isEmpty)
    }

    @Test func openAirInputs() throws {
        let outcomes = try Self.expectNoViolation("openair") { bytes in
            let (summary, violation) = OpenAirFuzzPipeline.run(bytes)
            return FuzzOutcome(summary, violation: violation)
        }
        #expect(outcomes["example.txt"]?.summary.hasPrefix("4 airspaces, 0 warnings") == true, "\(outcomes)")
    }

    @Test func journalInputs() throws {
        let outcomes = try Self.expectNoViolation("journal", JournalFuzzPipeline.run)
        #expect(outcomes["two-slots.bin"]?.summary == "record 7 of recording 3: 150 fixes", "\(outcomes)")
        // The newest slot torn by a power cut (a zeroed sector): the previous second's record.
        #expect(outcomes["torn-newest.bin"]?.summary == "record 8 of recording 3: 200 fixes", "\(outcomes)")
        #expect(outcomes["settled.bin"]?.summary == "record 11 of recording 3: 0 fixes", "\(outcomes)")
    }

    @Test func trackCodecInputs() throws {
        let outcomes = try Self.expectNoViolation("trackcodec", FuzzPipelines.trackCodec)
        #expect(outcomes["live-10hz.bin"]?.summary.hasPrefix("decoded: 150 fixes") == true)
        #expect(outcomes["simulated-winch-start.bin"]?.summary.hasPrefix("decoded: 200 fixes") == true)
        // Times wrapping around Int64 (a foreign database file): the KML export's fault finder trapped on their
        // differences; such a blob is corrupt.
        #expect(
            outcomes["times-wrapping-int64.bin"]?.summary == "rejected: corrupt track data: fix 112: time out of range")
        // A position in IGC units that wraps to Int64.min: abs() trapped in the decoder itself.
        #expect(
            outcomes["igc-units-position-int64-min.bin"]?.summary.hasSuffix("position out of range") == true,
            "\(outcomes)")
    }
}
