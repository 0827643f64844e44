import FlightLogCore

@testable import FlightLogConfigFile

/// The code path of the config fuzz target (`Fuzz/config.swift`, built by `scripts/fuzz.sh`), shared with
/// `ConfigFuzzRegressionTests`: the file as `flightlog` and `flightlogd` load it (toml++, then the settings).
/// Returns the violated invariant, if any (the fuzzer traps on it).
enum ConfigFuzzPipeline {
    static func run(_ bytes: [UInt8]) -> (summary: String, violation: String?) {
        let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
        let document: ConfigTable
        do {
            document = try TOMLDocument.parse(bytes)
        } catch {
            if let line = error.line, !(1...lines).contains(line) {
                return ("rejected", "error names line \(line) of \(lines): \(error)")
            }
            return ("rejected: \(error)", nil)
        }
        // Every key of every table has a line, and one that exists.
        var tables = [document]
        while let table = tables.popLast() {
            for entry in table.entries {
                guard let line = entry.line, (1...lines).contains(line) else {
                    return ("parsed", "key \(entry.key) has line \(String(describing: entry.line)) of \(lines)")
                }
                if case .table(let inner) = entry.value { tables.append(inner) }
            }
        }
        do {
            let config = try FlightLogConfig(document)
            // The same file with CR LF line ends (edited on Windows, e.g. on the SD card) gives the same config.
            if !bytes.contains(UInt8(ascii: "\r")) {
                let crlf = bytes.flatMap { $0 == UInt8(ascii: "\n") ? [UInt8(ascii: "\r"), $0] : [$0] }
                if (try? FlightLogConfig.parse(utf8: crlf)) != config {
                    return ("ok", "the same file with CR LF line ends gives another config")
                }
            }
            return ("ok: pilot \(config.pilot ?? "-"), port \(config.server.port)", nil)
        } catch {
            if let line = error.line, !(1...lines).contains(line) {
                return ("refused", "error names line \(line) of \(lines): \(error)")
            }
            return ("refused: \(error)", nil)
        }
    }
}
