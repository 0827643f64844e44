import Foundation
import Testing

@testable import FlightLogConfigFile
@testable import FlightLogCore

/// toml++ builds the whole tree in memory: a few KB of nesting took GBs. Size and depth are bounded before it
/// sees the text, with a one-line error naming the line; what flightlog's settings use still reads.
@Suite struct ConfigBoundsTests {
    func error(_ text: String) -> String? {
        do {
            _ = try TOMLDocument.parse(Array(text.utf8))
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func deepNestingIsRefusedBeforeParsing() {
        let deep = 10_000
        let keys = (0..<deep).map { "k\($0)" }.joined(separator: ".")
        for text in [
            "a = " + String(repeating: "[", count: deep) + String(repeating: "]", count: deep),
            "a = " + String(repeating: "{b = ", count: deep) + "1" + String(repeating: "}", count: deep),
            "a = [" + String(repeating: "{b = [", count: deep / 2) + String(repeating: "]}", count: deep / 2) + "]",
            keys + " = 1", "[" + keys + "]", "a = {" + keys + " = 1}", "a = [{" + keys + " = 1}]",
            "[x]\n" + (0..<32).map { "k\($0)" }.joined(separator: ".") + " = 1",
        ] {
            let message = error(text + "\n")
            #expect(
                message?.contains("nested more than 32 deep") == true, "\(message ?? "parsed") for \(text.prefix(40))")
        }
    }

    @Test func ordinaryNestingAndFloatsStillRead() {
        let nested = "a = " + String(repeating: "[", count: 30) + "1" + String(repeating: "]", count: 30) + "\n"
        #expect(error(nested) == nil)
        #expect(error("[owner]\nname = \"Anna\"\n[x.y]\nz = {p.q.r = [1.5, 2.5, 3.25, {s.t = 0.5}]}\n") == nil)
        #expect(error((0..<32).map { "k\($0)" }.joined(separator: ".") + " = 1.25\n") == nil)
    }

    @Test func aHugeFileIsRefused() {
        let message = error("# " + String(repeating: "x", count: TOMLDocument.maxBytes) + "\n")
        #expect(message?.contains("more than \(TOMLDocument.maxBytes)") == true, "\(message ?? "parsed")")
    }
}
