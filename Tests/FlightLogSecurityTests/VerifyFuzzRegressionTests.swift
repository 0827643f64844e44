import FlightLogTestSupport
import Foundation
import Testing

/// The `verify` fuzz target's invariants (VerifyFuzzPipeline) on the project's samples, the shared flights when
/// present, inputs the fuzzer found (Tests/FuzzCorpus/verify) and a few hostile shapes.
@Suite struct VerifyFuzzRegressionTests {
    @Test func invariantsHoldOnRealAndHostileFiles() throws {
        var inputs: [[UInt8]] = ["", "G", "AXFL\r\nG\r\n", "AXFL\r\nLXFLSIGNKEY zz\r\nG00\r\n", "\u{0}\u{FF}\r\n\r\n"]
            .map { Array($0.utf8) }
        let folders = ["samples", "Tests/FuzzCorpus/verify"].map { packageRoot.appendingPathComponent($0) }
        for directory in folders + [SharedFlights.directory] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            where !name.hasSuffix(".md") {
                inputs.append([UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
            }
        }
        #expect(inputs.count >= 7)
        for input in inputs {
            #expect(VerifyFuzzPipeline.run(input) == nil, "\(input.prefix(40))")
        }
    }
}
