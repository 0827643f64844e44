import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogConfigFile

/// The config reader against toml-test (the TOML project's conformance suite), TOML 1.0 cases: every valid
/// document must parse (and each of its keys get a line), every invalid one must be refused.
///
/// The cases are not in the repository: `scripts/toml-test-cases.sh` puts them in `.build-toml-test/`, or
/// `TOML_TEST_DIR` names a toml-test checkout's `tests/` folder. Without them the test is skipped.
@Suite struct TOMLConformanceTests {
    static let cases: URL? = {
        let environment = ProcessInfo.processInfo.environment["TOML_TEST_DIR"].map { URL(fileURLWithPath: $0) }
        let local = packageRoot.appendingPathComponent(".build-toml-test/tests")
        return [environment, local].compactMap { $0 }.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("files-toml-1.0.0").path)
        }
    }()

    /// Cases toml++ 3.4 (TOMLKit 0.6.0) gets wrong, each with why; a new failure, or one of these passing, fails.
    static let knownFailures: [String: String] = [:]

    @Test(.enabled(if: cases != nil, "toml-test cases absent: scripts/toml-test-cases.sh fetches them"))
    func tomlTestSuite() throws {
        let dir = try #require(Self.cases)
        let list = try String(contentsOf: dir.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { $0.hasSuffix(".toml") }
        var valid = (total: 0, accepted: 0)
        var invalid = (total: 0, rejected: 0)
        var failures: [String: String] = [:]
        for name in list {
            let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent(name)))
            let mustParse = name.hasPrefix("valid/")
            var outcome: String?
            do {
                let document = try TOMLDocument.parse(bytes)
                outcome = mustParse ? Self.keyWithoutLine(document).map { "key \($0) has no line" } : "accepted"
            } catch {
                outcome = mustParse ? "refused: \(error)" : nil
            }
            if mustParse {
                valid.total += 1
                if outcome == nil { valid.accepted += 1 }
            } else {
                invalid.total += 1
                if outcome == nil { invalid.rejected += 1 }
            }
            if let outcome { failures[name] = outcome }
        }
        print(
            "toml-test TOML 1.0: \(valid.accepted)/\(valid.total) valid accepted, \(invalid.rejected)/\(invalid.total) invalid rejected"
        )
        #expect(valid.total > 100 && invalid.total > 300, "too few cases found in \(dir.path)")
        for (name, outcome) in failures.sorted(by: { $0.key < $1.key }) where Self.knownFailures[name] == nil {
            Issue.record("\(name): \(outcome)")
        }
        for name in Self.knownFailures.keys.sorted() where failures[name] == nil && list.contains(name) {
            Issue.record("\(name) passes now: take it out of knownFailures")
        }
    }

    /// The path of the first key (through tables) that KeyLines did not find, if any.
    static func keyWithoutLine(_ table: ConfigTable, path: [String] = []) -> String? {
        for entry in table.entries {
            if entry.line == nil { return (path + [entry.key]).joined(separator: ".") }
            if case .table(let inner) = entry.value, let missing = keyWithoutLine(inner, path: path + [entry.key]) {
                return missing
            }
        }
        return nil
    }

    @Test func keyLinesSkipValuesThatLookLikeKeys() {
        let text = """
            a = \"\"\"
            port = 1 \\\"\"\"
            \"\"\"\"
            b = [ 1, # port = 2
              2 ]
            'c.d' = 'x'  # [server]
            e . "f\\u0067" = { h = 1, i = [2,
             3] }
            [ server ]
            "port" = 3
            [[fruits]]
            name = '''
            [x]'''
            """
        let lines = KeyLines(text)
        #expect(lines.line(of: ["a"]) == 1)
        #expect(lines.line(of: ["port"]) == nil)
        #expect(lines.line(of: ["b"]) == 4)
        #expect(lines.line(of: ["c.d"]) == 6)
        #expect(
            lines.line(of: ["e"]) == 7 && lines.line(of: ["e", "fg"]) == 7 && lines.line(of: ["e", "fg", "i"]) == 7)
        #expect(lines.line(of: ["server"]) == 9 && lines.line(of: ["server", "port"]) == 10)
        #expect(lines.line(of: ["fruits", "name"]) == 12)
        #expect(lines.line(of: ["x"]) == nil)
        #expect(throws: Never.self) { try TOMLDocument.parse(Array(text.utf8)) }
    }
}
