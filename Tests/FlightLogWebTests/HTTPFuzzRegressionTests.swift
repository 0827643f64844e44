import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogWeb

/// Every stored http fuzz input (`Tests/FuzzCorpus/http/`) and seed (`Fuzz/seeds/http/`) runs through the http
/// fuzz target's pipeline (`HTTPFuzzPipeline`): it returns and breaks no invariant.
@Suite struct HTTPFuzzRegressionTests {
    @Test func storedInputsAndSeeds() throws {
        var summaries: [String: String] = [:]
        for folder in ["Tests/FuzzCorpus/http", "Fuzz/seeds/http"] {
            let directory = packageRoot.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let outcome = HTTPFuzzPipeline.run(
                    [UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
                #expect(outcome.violation == nil, "\(folder)/\(name): \(outcome)")
                summaries[name] = outcome.summary
            }
        }
        #expect(summaries["list-filters.http"] == "list, edit ok unknown", "\(summaries)")
        #expect(summaries["bad-filters.http"]?.hasPrefix("list refused") == true, "\(summaries)")
        #expect(summaries["bad-query.http"] == "400 query", "\(summaries)")
        #expect(summaries["edit.http"] == "list, edit ok aerotow", "\(summaries)")
        #expect(summaries["edit-refused.http"] == "list, edit refused", "\(summaries)")
    }
}
