import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogSync

/// The `club` fuzz target's invariants (ClubKeptFuzzPipeline) on its seeds, inputs the fuzzer found
/// (Tests/FuzzCorpus/club) and hostile values a server row may hold.
@Suite struct ClubKeptFuzzRegressionTests {
    static let seeds = ["Fuzz/seeds/club", "Tests/FuzzCorpus/club"].map { packageRoot.appendingPathComponent($0) }

    static func seed(_ name: String) throws -> String {
        try String(contentsOf: seeds[0].appendingPathComponent(name), encoding: .utf8)
    }

    @Test func invariantsHoldOnSeedsAndHostileValues() throws {
        var inputs = ["", "{}", "null", "[]", "{\"version\": 1e300}", "{\"points\": []}"].map { Array($0.utf8) }
        for directory in Self.seeds {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
                inputs.append([UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
            }
        }
        #expect(inputs.count >= 10, "the seeds are read")
        for input in inputs {
            #expect(ClubKeptFuzzPipeline.run(input) == nil, "\(String(decoding: input.prefix(60), as: UTF8.self))")
        }
    }

    /// The seeds are tasks the club reads: the fuzzer starts from values that get as far as the scoring.
    @Test func theTaskSeedsAreRead() throws {
        let task = try #require(ClubKept.task(try Self.seed("task.json")))
        #expect(task.points.count == 4 && task.startOpensSeconds == 46_800)
        #expect(ClubKept.task(try Self.seed("landing-finish.json"))?.finishAtLanding == true)
    }

    /// Numbers the scoring multiplies (the start gate's seconds times 1000 in milliseconds) are refused beyond what
    /// any reader writes: a gate of Int.max seconds trapped in the scoring of the club's flight page.
    @Test func numbersBeyondAnyTaskAreNoTask() throws {
        let seed = try Self.seed("task.json")
        for (key, value) in [
            ("\"startOpensSeconds\":46800", "\"startOpensSeconds\":9223372036854775807"),
            ("\"startOpensSeconds\":46800", "\"startOpensSeconds\":-1"),
            ("\"minimumTimeSeconds\":10800", "\"minimumTimeSeconds\":9223372036854775807"),
            ("\"declaredAt\":1750000000000", "\"declaredAt\":-9223372036854775808"),
        ] {
            let hostile = seed.replacingOccurrences(of: key, with: value)
            #expect(hostile != seed)
            #expect(ClubKept.task(hostile) == nil, "\(value)")
            #expect(ClubKeptFuzzPipeline.run(Array(hostile.utf8)) == nil)
        }
    }
}
