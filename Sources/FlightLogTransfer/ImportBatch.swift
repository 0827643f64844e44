import FlightLogCore
import FlightLogText

/// `flightlog import FILE…`: each file through the ``LogbookImporter``, one line per flight or failure, and the
/// batch's tally. A file that fails is said and the others still import.
extension LogbookImporter {
    /// Damaged lines named per file; the rest are counted.
    package static let warningsShown = 5

    /// Imports `paths` in order. `say` gets what was imported (standard output), `warn` the warnings and failures
    /// (standard error), as they happen.
    package func importFiles(_ paths: [String], say: (String) -> Void, warn: (String) -> Void) -> ImportTally {
        var tally = ImportTally()
        for (n, path) in paths.enumerated() {
            let prefix = (paths.count > 1 ? "[\(n + 1)/\(paths.count)] " : "") + terminalSafe(path)
            do {
                let result = try importFile(atPath: path)
                for notice in result.notices { warn("warning: \(terminalSafe(notice))") }
                switch result.outcome {
                case .duplicate(let ids):
                    tally.duplicates += 1
                    say("\(prefix): already in the logbook\(Self.asFlights(ids)); skipped")
                case .sameFixes(let ids):
                    tally.duplicates += 1
                    let list = ids.map(String.init).joined(separator: ", ")
                    say(
                        "\(prefix): flight\(ids.count == 1 ? "" : "s") \(list) already hold\(ids.count == 1 ? "s" : "") "
                            + "these fixes (a file rebuilt from the logbook, or the same flight with other headers); "
                            + "skipped")
                case .imported(let flights):
                    tally.files += 1
                    tally.flights += flights.count
                    for f in flights { say("\(prefix): flight \(f.id!), " + Self.line(f)) }
                }
                if result.skippedLines > 0 {
                    tally.damagedFiles += 1
                    tally.damagedLines += result.skippedLines
                    for line in Self.damage(result, prefix: prefix) { warn(line) }
                }
            } catch let failure as ImportFailure {
                tally.failures += 1
                warn("\(prefix): \(terminalSafe(failure.description))")
            } catch {
                tally.failures += 1
                warn("\(prefix): \(error)")
            }
        }
        return tally
    }

    /// ` as flight 3` or ` as flights 3, 4`; nothing when no flight is named.
    static func asFlights(_ ids: [Int64]) -> String {
        ids.isEmpty ? "" : " as flight\(ids.count == 1 ? "" : "s") " + ids.map(String.init).joined(separator: ", ")
    }

    /// `2025-05-03 10:12–11:40 (1:28), winch, Aachen → Dahlemer Binz` (the landing place for an outlanding).
    package static func line(_ f: Flight) -> String {
        let landing = f.endedInFlight ? Flight.endedInFlightLabel : f.isOutlanding ? f.details.landingPlace : nil
        let places = [f.details.takeoffPlace, landing]
            .compactMap { $0 }.map { terminalSafe($0) }.joined(separator: " → ")
        return
            "\(f.localDate) \(f.localTakeoff.hourMinute)–\(f.localLanding.hourMinute) (\(hoursMinutes(f.duration))), "
            + f.details.launchMethod.rawValue + (places.isEmpty ? "" : ", \(places)")
    }

    /// The first damaged lines named, the rest counted.
    static func damage(_ result: ImportResult, prefix: String) -> [String] {
        let count = result.skippedLines
        var lines = [
            "\(prefix): warning: \(count) damaged line\(count == 1 ? "" : "s") skipped, every valid fix imported:"
        ]
        lines += result.warnings.prefix(warningsShown).map { "  \($0)" }
        if count > warningsShown { lines.append("  … and \(count - warningsShown) more") }
        return lines
    }
}

/// What a batch import did, for its last line.
package struct ImportTally: Sendable, Equatable {
    package var files = 0
    package var flights = 0
    package var duplicates = 0
    package var failures = 0
    package var damagedFiles = 0
    package var damagedLines = 0

    package init() {}

    package func summary(fileCount: Int) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var parts = ["Imported \(plural(flights, "flight")) from \(files) of \(plural(fileCount, "file"))"]
        if duplicates > 0 { parts.append("\(duplicates) already in the logbook") }
        if failures > 0 { parts.append("\(failures) failed (see the messages above)") }
        if damagedLines > 0 {
            parts.append("\(plural(damagedLines, "damaged line")) skipped in \(plural(damagedFiles, "file"))")
        }
        return parts.joined(separator: "; ") + "."
    }
}
