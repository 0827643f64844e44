import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogSecurity
import FlightLogStore
import Foundation

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

        /// Bigger than any real flight (a 10 h flight at 1 s is ~1.5 MB); guards against reading a disk image.
        static let maxFileBytes = 64 << 20
        /// Damaged lines named per file; the rest are counted.
        static let warningsShown = 5

        func run() async throws {
            let config = try store.loadConfig()
            // Opened at the first file worth storing: a rejected file never leaves an empty database behind.
            var db: FlightStore?
            let zones = SystemTimeZones()
            var placing: FlightPlacing??  // loaded at the first file with a flight; .some(nil): not available
            var tally = ImportTally()
            for (n, path) in files.enumerated() {
                let shown = terminalSafe(path)
                let prefix = files.count > 1 ? "[\(n + 1)/\(files.count)] " : ""
                do {
                    var parsed = try parse(path, config: config, zones: zones)
                    if placing == nil { placing = .some(loadPlacing(config)) }
                    if let placing = placing ?? nil {
                        for i in parsed.flights.indices { placing.place(&parsed.flights[i]) }
                    }
                    let store = try db ?? self.store.open(.readWrite)
                    db = store
                    switch try save(parsed, into: store) {
                    case .duplicate(let ids):
                        tally.duplicates += 1
                        let list = ids.map(String.init).joined(separator: ", ")
                        print("\(prefix)\(shown): already in the logbook as flight \(list); skipped")
                    case .imported(let ids):
                        tally.files += 1
                        tally.flights += ids.count
                        for id in ids {
                            let f = try store.flight(id: id)
                            let landing =
                                f.endedInFlight ? Flight.endedInFlightLabel : f.isOutlanding ? f.details.landingPlace : nil
                            let places = [f.details.takeoffPlace, landing]
                                .compactMap { $0 }.map { terminalSafe($0) }.joined(separator: " → ")
                            print("\(prefix)\(shown): flight \(id), \(f.localDate) \(f.localTakeoff.hourMinute)–\(f.localLanding.hourMinute) (\(hoursMinutes(f.duration))), \(f.details.launchMethod.rawValue)" + (places.isEmpty ? "" : ", \(places)"))
                        }
                    }
                    if parsed.file.skippedLines > 0 {
                        tally.damagedFiles += 1
                        tally.damagedLines += parsed.file.skippedLines
                        reportDamage(parsed.file, prefix: prefix + shown)
                    }
                } catch {
                    tally.failures += 1
                    printError("\(prefix)\(shown): \(error)")
                }
            }
            if files.count > 1 || tally.damagedLines > 0 { print(tally.summary(fileCount: files.count)) }
            if tally.failures > 0 {
                throw ExitCode(1)
            }
        }

        /// The airfield index for places; nil (flights keep coordinates, `flightlog airfields assign` places them
        /// later) with a warning when the data set cannot be read.
        func loadPlacing(_ config: FlightLogConfig) -> FlightPlacing? {
            do {
                let (placing, notices) = try FlightPlacing.load(radius: config.airfieldRadiusMeters)
                for notice in notices { printError("warning: \(terminalSafe(notice.description))") }
                return placing
            } catch {
                printError("warning: \(error); flights are imported without airfield names")
                return nil
            }
        }

        /// Names the first damaged lines on standard error; counts the rest.
        func reportDamage(_ file: IGCFile, prefix: String) {
            let count = file.skippedLines
            printError("\(prefix): warning: \(count) damaged line\(count == 1 ? "" : "s") skipped, every valid fix imported:")
            for warning in file.warnings.prefix(Self.warningsShown) { printError("  \(warning)") }
            if count > Self.warningsShown { printError("  … and \(count - Self.warningsShown) more") }
        }

        enum Outcome {
            case imported([Int64])
            case duplicate([Int64])
        }

        /// A file read and cut into flights, not yet stored.
        struct ParsedFile {
            var fileName: String
            var sha256: String
            /// The file as read, kept verbatim in the logbook.
            var bytes: [UInt8]
            var file: IGCFile
            var flights: [Flight]
        }

        /// Reads and checks one file and finds its flights. Throws, touching nothing, if the file is unusable.
        func parse(_ path: String, config: FlightLogConfig, zones: SystemTimeZones) throws -> ParsedFile {
            let attributes: [FileAttributeKey: Any]
            do {
                attributes = try FileManager.default.attributesOfItem(atPath: path)
            } catch {
                throw CLIError("cannot read the file (does it exist?)")
            }
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                throw CLIError("is a directory; name the IGC files in it (e.g. \(terminalSafe(path))/*.igc)")
            }
            if let size = attributes[.size] as? Int, size > Self.maxFileBytes {
                throw CLIError("file is \(size >> 20) MB; an IGC flight is at most a few MB — is this the right file?")
            }
            let bytes: [UInt8]
            do {
                guard let data = try InputFile.read(path, what: "the file", maxBytes: Self.maxFileBytes) else {
                    throw CLIError("cannot read the file (does it exist?)")
                }
                bytes = data
            } catch let error as InputFile.Failure {
                throw CLIError(terminalSafe(error.description))
            }
            let file: IGCFile
            do {
                file = try IGCReader.read(bytes, strict: strict)
            } catch {
                throw CLIError("not a usable IGC file: \(error)" + (strict ? " (--strict: without it the valid lines import)" : ""))
            }
            let detected = FlightSegmenter.flightsForImport(file.track.fixes, extensions: file.track.recorder.extensions)
            guard !detected.isEmpty else {
                let damage = file.warnings.first.map { " (\(file.skippedLines) damaged line\(file.skippedLines == 1 ? "" : "s") skipped, the first at \($0))" }
                throw CLIError("no flight found: the file has fewer than two valid fixes" + (damage ?? ""))
            }
            let h = file.headers
            // The logbook reads the headers as a pilot would (placeholders are nobody); the file keeps them raw.
            let crew = HeaderValues.personName(h.crew)
            let fromFile = FlightDetails(
                pilot: HeaderValues.personName(h.pilot), secondPerson: crew, secondPersonRole: crew == nil ? nil : .crew,
                gliderType: HeaderValues.gliderType(h.gliderType), registration: HeaderValues.registration(h.registration),
                competitionId: HeaderValues.meaningful(h.competitionId))
            let details = fromFile.filling(from: config.defaultDetails)
            let sha = Digest.sha256Hex(bytes)
            let source = FlightSource.imported(fileName: (path as NSString).lastPathComponent, sha256: sha)
            let flights = detected.map { d -> Flight in
                let rules = zones.rules(near: d.takeoffCoordinate)
                var flightDetails = details
                if !d.landingDetected {
                    flightDetails.remarks = "takeoff/landing not detected: times are the recording's first and last fix"
                }
                return Flight(
                    detected: d, details: flightDetails, source: source, hasBarometer: file.hasBarometer,
                    timeZoneIdentifier: rules.identifier, utcOffsetSeconds: rules.offsetSeconds(at: d.takeoffTime))
            }
            return ParsedFile(fileName: (path as NSString).lastPathComponent, sha256: sha, bytes: bytes, file: file, flights: flights)
        }

        /// Stores a parsed file in one transaction, unless the same file was imported before.
        func save(_ parsed: ParsedFile, into db: FlightStore) throws -> Outcome {
            let existing = try db.flightIds(importedWithSHA256: parsed.sha256)
            if !existing.isEmpty { return .duplicate(existing) }
            do {
                return .imported(
                    try db.importFlights(
                        track: parsed.file.track, fileName: parsed.fileName, sha256: parsed.sha256,
                        original: parsed.bytes, flights: parsed.flights))
            } catch {
                // Another import of the same file may have won the race since the check above.
                if case .duplicateImport(let ids) = error.code { return .duplicate(ids) }
                throw error
            }
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
        if damagedLines > 0 { parts.append("\(plural(damagedLines, "damaged line")) skipped in \(plural(damagedFiles, "file"))") }
        return parts.joined(separator: "; ") + "."
    }
}

extension FlightLogConfig {
    /// The defaults the config file gives new flights.
    var defaultDetails: FlightDetails {
        FlightDetails(pilot: pilot, gliderType: gliderType, registration: registration, competitionId: competitionId)
    }
}
