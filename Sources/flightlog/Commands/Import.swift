import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogStore
import FlightLogText
import FlightLogTransfer

extension FlightLogCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import IGC files into the logbook.",
            discussion: """
                A damaged line (a file cut off by a power cut, a bad byte) is skipped with a warning naming it and \
                every valid fix is imported; --strict rejects such a file whole. A file with nothing usable is \
                reported and nothing from it is stored; the other files still import. A file imported before is \
                skipped. The exit status is 1 when any file failed.
                Examples:
                  flightlog import 2025-05-03-XFL-ABC-01.IGC
                  flightlog import /media/usb/*.igc
                  flightlog import --strict suspicious.igc
                """)

        @OptionGroup var store: StoreOptions

        @Flag(help: "Reject a file with any damaged line (default: skip the line, import the rest).")
        var strict = false

        @Argument(help: "IGC files.")
        var files: [String]

        /// Damaged lines named per file; the rest are counted.
        static let warningsShown = 5

        func run() async throws {
            let importer = LogbookImporter(
                config: try store.loadConfig(), strict: strict,
                readFile: { try InputFile.read($0, what: "the file", maxBytes: $1) },
                openStore: { try self.store.open(.readWrite) })
            var tally = ImportTally()
            for (n, path) in files.enumerated() {
                let prefix = (files.count > 1 ? "[\(n + 1)/\(files.count)] " : "") + terminalSafe(path)
                do {
                    let result = try importer.importFile(atPath: path)
                    for notice in result.notices { printError("warning: \(terminalSafe(notice))") }
                    switch result.outcome {
                    case .duplicate(let ids):
                        tally.duplicates += 1
                        let list = ids.map(String.init).joined(separator: ", ")
                        print("\(prefix): already in the logbook as flight \(list); skipped")
                    case .imported(let flights):
                        tally.files += 1
                        tally.flights += flights.count
                        for f in flights { print("\(prefix): flight \(f.id!), " + Self.line(f)) }
                    }
                    if result.skippedLines > 0 {
                        tally.damagedFiles += 1
                        tally.damagedLines += result.skippedLines
                        reportDamage(result, prefix: prefix)
                    }
                } catch let failure as ImportFailure {
                    tally.failures += 1
                    printError("\(prefix): \(terminalSafe(failure.description))")
                } catch {
                    tally.failures += 1
                    printError("\(prefix): \(error)")
                }
            }
            if files.count > 1 || tally.damagedLines > 0 { print(tally.summary(fileCount: files.count)) }
            if tally.failures > 0 {
                throw ExitCode(1)
            }
        }

        /// `2025-05-03 10:12–11:40 (1:28), winch, Aachen → Dahlemer Binz` (the landing place for an outlanding).
        static func line(_ f: Flight) -> String {
            let landing = f.endedInFlight ? Flight.endedInFlightLabel : f.isOutlanding ? f.details.landingPlace : nil
            let places = [f.details.takeoffPlace, landing]
                .compactMap { $0 }.map { terminalSafe($0) }.joined(separator: " → ")
            return
                "\(f.localDate) \(f.localTakeoff.hourMinute)–\(f.localLanding.hourMinute) (\(hoursMinutes(f.duration))), "
                + f.details.launchMethod.rawValue + (places.isEmpty ? "" : ", \(places)")
        }

        /// Names the first damaged lines on standard error; counts the rest.
        func reportDamage(_ result: ImportResult, prefix: String) {
            let count = result.skippedLines
            printError(
                "\(prefix): warning: \(count) damaged line\(count == 1 ? "" : "s") skipped, every valid fix imported:")
            for warning in result.warnings.prefix(Self.warningsShown) { printError("  \(warning)") }
            if count > Self.warningsShown { printError("  … and \(count - Self.warningsShown) more") }
        }
    }
}

/// What a batch import did, for its last line.
struct ImportTally {
    var files = 0
    var flights = 0
    var duplicates = 0
    var failures = 0
    var damagedFiles = 0
    var damagedLines = 0

    func summary(fileCount: Int) -> String {
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
