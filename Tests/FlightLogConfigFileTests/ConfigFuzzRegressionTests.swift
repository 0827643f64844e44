import FlightLogTestSupport
import Foundation
import Testing

/// Every stored config input (`Tests/FuzzCorpus/config/`, `Fuzz/seeds/config/`) and the example file run through the
/// config fuzz target's pipeline: no trap, no broken invariant.
@Suite struct ConfigFuzzRegressionTests {
    @Test func configInputs() throws {
        var outcomes: [String: String] = [:]
        for folder in ["Tests/FuzzCorpus/config", "Fuzz/seeds/config"] {
            let directory = packageRoot.appendingPathComponent(folder)
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted() {
                let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
                let (summary, violation) = ConfigFuzzPipeline.run(bytes)
                #expect(violation == nil, "\(folder)/\(name): \(violation ?? "") (\(summary))")
                outcomes[name] = summary
            }
        }
        let example = [UInt8](
            try Data(contentsOf: packageRoot.appendingPathComponent("systemd/flightlog.toml.example")))
        #expect(ConfigFuzzPipeline.run(example).summary == "ok: pilot Jürgen Müller, port 8080")
        // CR LF line ends (a file edited on Windows) were one long line for the old hand-written parser.
        #expect(outcomes["crlf-config.toml"] == "ok: pilot Müller, Jürgen, port 8080", "\(outcomes)")
        // Invalid TOML that aborted in toml++ 3.4's assertions (found by the fuzzer): refused with a line.
        #expect(
            outcomes["toml++-asserts-array-closed-by-brace.toml"]?.hasPrefix("rejected: line 1, column 6: ") == true)
        #expect(outcomes["toml++-asserts-header-without-name.toml"]?.hasPrefix("rejected: line 1, column 3: ") == true)
        #expect(
            outcomes["toml++-asserts-date-time-without-time.toml"]?.hasPrefix("rejected: line 2, column 18: ") == true)
        for name in [
            "toml++-asserts-date-space-digit.toml", "toml++-asserts-date-space-digit-2.toml",
            "toml++-asserts-date-space-digit-bom.toml",
        ] {
            #expect(outcomes[name]?.hasPrefix("rejected: line 1, column 17: ") == true, "\(outcomes)")
        }
    }
}
