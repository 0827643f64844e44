import ArgumentParser
import FlightLogCore
import FlightLogStore
import Foundation

extension FlightLogCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import IGC files into the logbook.",
            discussion: """
                Each file is checked whole before anything is stored: a malformed file is reported with its line \
                and nothing from it is stored; the other files still import. A file imported before is skipped.
                Examples:
                  flightlog import 2025-05-03-XFL-ABC-01.IGC
                  flightlog import /media/usb/*.igc
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: "IGC files.")
        var files: [String]

        /// Bigger than any real flight (a 10 h flight at 1 s is ~1.5 MB); guards against reading a disk image.
        static let maxFileBytes = 64 << 20

        func run() async throws {
            let config = try store.loadConfig()
            let db = try store.open(.readWrite)
            let zones = SystemTimeZones()
            var failures = 0
            var imported = 0
            for (n, path) in files.enumerated() {
                let prefix = files.count > 1 ? "[\(n + 1)/\(files.count)] " : ""
                do {
                    switch try importFile(path, into: db, config: config, zones: zones) {
                    case .duplicate(let ids):
                        let list = ids.map(String.init).joined(separator: ", ")
                        print("\(prefix)\(path): already in the logbook as flight \(list); skipped")
                    case .imported(let ids):
                        imported += ids.count
                        for id in ids {
                            let f = try db.flight(id: id)
                            print("\(prefix)\(path): flight \(id), \(f.localDate) \(f.localTakeoff.hourMinute)–\(f.localLanding.hourMinute) (\(hoursMinutes(f.duration))), \(f.details.launchMethod.rawValue)")
                        }
                    }
                } catch {
                    failures += 1
                    printError("\(prefix)\(path): \(error)")
                }
            }
            if files.count > 1 {
                print("Imported \(imported) flight\(imported == 1 ? "" : "s") from \(files.count - failures) of \(files.count) files.")
            }
            if failures > 0 {
                throw ExitCode(1)
            }
        }

        enum Outcome {
            case imported([Int64])
            case duplicate([Int64])
        }

        /// Reads, checks and stores one file in one transaction. Throws before writing anything if the file is bad.
        func importFile(_ path: String, into db: FlightStore, config: FlightLogConfig, zones: SystemTimeZones) throws -> Outcome {
            let url = URL(fileURLWithPath: path)
            let attributes: [FileAttributeKey: Any]
            do {
                attributes = try FileManager.default.attributesOfItem(atPath: path)
            } catch {
                throw CLIError("cannot read the file (does it exist?)")
            }
            if let size = attributes[.size] as? Int, size > Self.maxFileBytes {
                throw CLIError("file is \(size >> 20) MB; an IGC flight is at most a few MB — is this the right file?")
            }
            guard let data = try? Data(contentsOf: url) else { throw CLIError("cannot read the file") }
            let bytes = [UInt8](data)
            let sha = SHA256.hexDigest(bytes)
            let existing = try db.flightIds(importedWithSHA256: sha)
            if !existing.isEmpty { return .duplicate(existing) }
            let file = try IGCReader.read(bytes)
            let detected = FlightSegmenter.flightsForImport(file.track.fixes, extensions: file.track.recorder.extensions)
            guard !detected.isEmpty else { throw CLIError("no flight found: the file has fewer than two valid fixes") }
            let h = file.headers
            let fromFile = FlightDetails(
                pilot: h.pilot, secondPerson: h.crew, secondPersonRole: h.crew == nil ? nil : .crew,
                gliderType: h.gliderType, registration: h.registration, competitionId: h.competitionId)
            let details = fromFile.filling(from: config.defaultDetails)
            let source = FlightSource.imported(fileName: url.lastPathComponent, sha256: sha)
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
            do {
                return .imported(try db.importFlights(track: file.track, fileName: url.lastPathComponent, sha256: sha, flights: flights))
            } catch {
                // Another import of the same file may have won the race since the check above.
                if case .duplicateImport(let ids) = error.code { return .duplicate(ids) }
                throw error
            }
        }
    }
}

extension FlightLogConfig {
    /// The defaults the config file gives new flights.
    var defaultDetails: FlightDetails {
        FlightDetails(pilot: pilot, gliderType: gliderType, registration: registration, competitionId: competitionId)
    }
}
