import FlightLogTestSupport
import Foundation
import Testing

/// The `weglide` fuzz target's invariants (WeGlideFuzzPipeline) on its seeds, inputs the fuzzer found
/// (Tests/FuzzCorpus/weglide) and hostile shapes of WeGlide's answers.
@Suite struct WeGlideFuzzRegressionTests {
    @Test func invariantsHoldOnSeedsAndHostileAnswers() throws {
        var inputs = [
            "", "[]", "{}", "null", "[{\"id\": 1e300}]", "[{\"id\": -1.5}]", "[{\"id\": \"7\"}]", "[{\"id\": true}]",
            "{\"detail\": []}", "{\"detail\": \"\"}", "{\"detail\": \" \\n\"}", "{\"detail\": [{\"msg\": \"\"}]}",
            "{\"detail\": [{\"loc\": [{}], \"msg\": 3}]}", "[{\"id\": 9223372036854775807}]",
            "[{\"id\": 1, \"name\": \"\"}, {\"id\": 2, \"name\": \" - _ \"}, {\"id\": 3, \"name\": \"(18m)\"}]",
            "[{\"id\": 1, \"name\": \"LS 8 (18 m)\"}, {\"id\": 2, \"name\": \"LS8-18\"}]",
        ].map { Array($0.utf8) }
        let folders = ["Fuzz/seeds/weglide", "Tests/FuzzCorpus/weglide"].map { packageRoot.appendingPathComponent($0) }
        for directory in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
                inputs.append([UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
            }
        }
        #expect(inputs.count >= 16, "the seeds are read")
        for input in inputs {
            #expect(WeGlideFuzzPipeline.run(input) == nil, "\(String(decoding: input.prefix(60), as: UTF8.self))")
        }
    }
}
