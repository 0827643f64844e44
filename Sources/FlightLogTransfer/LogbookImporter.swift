import FlightLogCore
import FlightLogSecurity
import FlightLogStore
import Foundation

/// What importing one file did (``LogbookImporter``).
package struct ImportResult: Sendable {
    package enum Outcome: Sendable {
        /// The file's flights, as stored (with their ids and places).
        case imported([Flight])
        /// The same file (by SHA-256) was imported before as these flights; nothing was stored.
        case duplicate([Int64])
        /// Another file with the same fixes (one rebuilt from these flights, `export --igc --rebuild`) was
        /// imported before, or they were recorded here; nothing was stored.
        case sameFixes([Int64])
    }

    package var fileName: String
    package var outcome: Outcome
    /// Damaged lines skipped (every valid fix was imported); ``warnings`` names the first of them.
    package var skippedLines: Int
    package var warnings: [IGCError]
    /// Notices of the airfield data set (a CUP line skipped, the data set unreadable), once per importer.
    package var notices: [String]
}

/// Imports IGC files into the SQLite logbook, for `flightlog import` and every other importer: reads the file
/// (only a regular file, at most ``IGCReader/maxFileSize``), finds its flights (``IGCImport``), places them on
/// the airfield map and stores them with the file verbatim, in one transaction, unless the same file was
/// imported before. A file that fails changes nothing; the database is opened at the first file worth storing,
/// so a rejected file never leaves an empty database behind.
package final class LogbookImporter {
    package var strict: Bool
    let config: FlightLogConfig
    let openStore: () throws -> FlightStore
    let readFile: FileReader
    let zones: SystemTimeZones
    private var store: FlightStore?
    /// Loaded at the first file with a flight; `.some(nil)`: not available (flights keep their coordinates).
    private var placing: FlightPlacing??

    /// Reads a regular file of at most `maxBytes` (FlightLogConfigFile's `InputFile`: never blocks on a FIFO or a
    /// device); nil when there is none; throws, in words for the pilot, when it cannot be read.
    package typealias FileReader = (_ path: String, _ maxBytes: Int) throws -> [UInt8]?

    /// - Parameter openStore: opens the logbook for writing; called once, at the first file worth storing.
    package init(
        config: FlightLogConfig, strict: Bool = false, readFile: @escaping FileReader,
        openStore: @escaping () throws -> FlightStore
    ) {
        self.config = config
        self.strict = strict
        self.readFile = readFile
        self.openStore = openStore
        self.zones = SystemTimeZones()
    }

    /// Imports the IGC file at `path`.
    /// - Throws: ``ImportFailure`` saying what is wrong with the file; a store's error when it cannot be written.
    package func importFile(atPath path: String) throws -> ImportResult {
        try importFile(try read(path), fileName: (path as NSString).lastPathComponent)
    }

    /// Imports an IGC file's bytes (brought by other means than a path), stored as `fileName`.
    package func importFile(_ bytes: [UInt8], fileName: String) throws -> ImportResult {
        var parsed = try IGCImport.flights(
            in: bytes, fileName: fileName, sha256: Digest.sha256Hex(bytes), strict: strict,
            zoneNear: zones.rules(near:))
        var notices: [String] = []
        if placing == nil { placing = .some(loadPlacing(&notices)) }
        if let placing = placing ?? nil {
            for i in parsed.flights.indices { placing.place(&parsed.flights[i]) }
        }
        let db = try store ?? openStore()
        store = db
        let outcome = try save(parsed, into: db)
        return ImportResult(
            fileName: fileName, outcome: outcome, skippedLines: parsed.file.skippedLines,
            warnings: parsed.file.warnings, notices: notices)
    }

    /// The airfield index for places; nil (flights keep coordinates, `flightlog airfields assign` places them
    /// later) with a notice when the data set cannot be read.
    private func loadPlacing(_ notices: inout [String]) -> FlightPlacing? {
        do {
            let (placing, loaded) = try FlightPlacing.load(radius: config.airfieldRadiusMeters)
            notices += loaded.map(\.description)
            return placing
        } catch {
            notices.append("\(error); flights are imported without airfield names")
            return nil
        }
    }

    /// Stores a parsed file in one transaction, unless the same file, or its fixes, are in the logbook already.
    private func save(_ parsed: ImportedFile, into db: FlightStore) throws -> ImportResult.Outcome {
        let existing = try db.flightIds(importedWithSHA256: parsed.sha256)
        if !existing.isEmpty { return .duplicate(existing) }
        if !parsed.flights.isEmpty {
            let holding = try db.flightIds(holdingFixes: parsed.file.track.fixes)
            if !holding.isEmpty { return .sameFixes(holding) }
        }
        let ids: [Int64]
        do {
            ids = try db.importFlights(
                track: parsed.file.track, fileName: parsed.fileName, sha256: parsed.sha256, original: parsed.bytes,
                flights: parsed.flights)
        } catch {
            // Another import of the same file may have won the race since the check above.
            if case .duplicateImport(let ids) = error.code { return .duplicate(ids) }
            throw error
        }
        // Each flight analysed now, once (contest routes, scoring window): a failure here loses nothing, the
        // flight is stored and is analysed on first use.
        for id in ids { _ = try? db.analysis(forFlight: id, glider: config.ownGlider) }
        return .imported(try ids.map { try db.flight(id: $0) })
    }

    /// The file's bytes; throws, touching nothing, if it is not a readable regular file of a sensible size.
    func read(_ path: String) throws(ImportFailure) -> [UInt8] {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw ImportFailure("cannot read the file (does it exist?)")
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw ImportFailure("is a directory; name the IGC files in it (e.g. \(path)/*.igc)")
        }
        if let size = attributes[.size] as? Int, size > IGCReader.maxFileSize {
            throw ImportFailure("file is \(size >> 20) MB; an IGC flight is at most a few MB — is this the right file?")
        }
        let bytes: [UInt8]?
        do {
            bytes = try readFile(path, IGCReader.maxFileSize)
        } catch {
            throw ImportFailure("\(error)")
        }
        guard let bytes else { throw ImportFailure("cannot read the file (does it exist?)") }
        return bytes
    }
}
