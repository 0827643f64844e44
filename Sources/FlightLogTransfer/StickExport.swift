import FlightLogCore
import FlightLogReports
import FlightLogStore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A failed stick export: one line saying what went wrong and what to do.
package struct StickExportError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// What a stick export is asked to do.
package struct StickExportRequest: Sendable {
    /// The folder on the stick (`FLIGHTLOG/`); nothing is ever written outside it.
    package var folder: String
    /// The stick's id (its file system UUID) naming its memory.
    package var stick: String
    /// Where the sticks' memories are kept (`sticks/` beside the logbook).
    package var memoryFolder: String
    /// Write every chosen flight again, not only new and edited ones.
    package var rewriteAll = false
    package var logbook: LogbookOptions
    /// The logbook's own files: never written over, even with the stick's folder beside the database.
    package var logbookFiles: LogbookFiles
    /// The caller made `folder` for this export: a failed export removes it again when it is still empty, while it
    /// holds the folder's lock (never another export's folder that it lost the lock to).
    package var madeFolder = false
}

/// What a stick export did.
package struct StickExportResult: Sendable, Equatable {
    /// Flights written because they were new on this stick or edited since (all of them with `rewriteAll`).
    package var flightsWritten: Int
    /// IGC files written (an imported file holding several flights is one file; files already there with the
    /// same bytes are not written again).
    package var igcFilesWritten: Int
    /// `logbook.pdf` and the backup were written (whenever any flight was).
    package var wroteLogbook: Bool
    /// Chosen flights (all of them are in the PDF and the backup).
    package var flightsOnStick: Int
    package var bytesWritten: Int64
    /// The imported flights on the stick edited since: their IGC files are the originals (`README.txt` says so).
    package var edited: [EditedOriginal] = []
    /// Flights written again although remembered as written: their file was gone from the folder or had another
    /// size (deleted by the pilot, or a new folder in the old one's place).
    package var restored = 0
}

/// Writes the log to a USB stick: every flight not yet on this stick as its IGC file (imported ones
/// verbatim, ours signed), the logbook PDF of all flights and a single-file backup of the database, into one
/// folder, with a `README.txt` saying what they are and which imported flights were edited since (their IGC files
/// are the originals, without the edits: ``EditedOriginal``). The files are the library's (``LogbookExporter``:
/// the same IGC files and PDF as `flightlog export` and the web) and written by its ``ExportWriter``; each is
/// complete or absent (temporary name, fsync, rename); the space needed is checked before anything is written; the
/// stick's memory is saved only after everything is on it.
package enum StickExport {
    package static let logbookName = "logbook.pdf"
    package static let backupName = "flightlog-backup.sqlite"

    package static func run(
        _ flights: [Flight], store: FlightStore, exporter: LogbookExporter, request: StickExportRequest
    ) async throws(StickExportError) -> StickExportResult {
        guard StickMemory.isValidStickId(request.stick) else {
            throw StickExportError(
                "'\(request.stick)' is not a stick id: use letters, digits, - and _ (its file system UUID)")
        }
        try checkWritableFolder(request.folder)
        let lock = try lockFolder(request.folder)
        defer { close(lock) }
        do {
            return try await locked(flights, store: store, exporter: exporter, request: request)
        } catch {
            if request.madeFolder { rmdir(request.folder) }  // still locked; rmdir never removes a file
            throw error
        }
    }

    /// ``run(_:store:exporter:request:)`` with the folder's lock held.
    private static func locked(
        _ flights: [Flight], store: FlightStore, exporter: LogbookExporter, request: StickExportRequest
    ) async throws(StickExportError) -> StickExportResult {
        let memoryPath = (request.memoryFolder as NSString).appendingPathComponent("\(request.stick).tsv")
        try prepareMemoryFolder(request.memoryFolder)
        let uuids: [Int64: String]
        do { uuids = try store.flightUUIDs() } catch {
            throw StickExportError("\(error.description); nothing was written")
        }
        let old =
            (FileManager.default.contents(atPath: memoryPath).map {
                StickMemory.parse(String(decoding: $0, as: UTF8.self))
            }
            ?? StickMemory()).resolvingLegacy(uuids)

        var memory = old  // flights not chosen this time keep what the stick has of them
        var changed: [Flight] = []
        var restored = 0
        for flight in flights {
            let fingerprint = StickMemory.fingerprint(flight), key = uuids[flight.id!] ?? "id-\(flight.id!)"
            if request.rewriteAll || old.entries[key]?.fingerprint != fingerprint {
                changed.append(flight)
            } else if let entry = old.entries[key], !isInFolder(entry, request.folder) {
                changed.append(flight)  // the memory says written, the folder says otherwise: the folder wins
                restored += 1
            }
            memory.entries[key, default: StickMemory.Entry(fingerprint: fingerprint)].fingerprint = fingerprint
        }
        let logbookPath = path(request.folder, logbookName), backupPath = path(request.folder, backupName)
        for target in [logbookPath, backupPath, path(request.folder, EditedOriginal.readmeName)] {
            do { try request.logbookFiles.check(target) } catch {
                throw StickExportError("\(error.description); nothing was written")
            }
            try checkSetFile(target, remembered: exists(memoryPath))
        }
        if changed.isEmpty && exists(logbookPath) && exists(backupPath) {
            return StickExportResult(
                flightsWritten: 0, igcFilesWritten: 0, wroteLogbook: false, flightsOnStick: flights.count,
                bytesWritten: 0)
        }

        let files = try await igcFiles(
            for: changed, uuids: uuids, old: old, memory: &memory, request: request, exporter: exporter)
        let edited = try await editedOriginals(flights, uuids: uuids, memory: memory, exporter: exporter)
        let readme = Array(EditedOriginal.readme(edited, backup: true).utf8)
        let pdf: [UInt8]
        do {
            pdf = try await exporter.logbookPDF(flights, request.logbook)
        } catch {
            throw StickExportError("cannot make the logbook PDF: \(error); nothing was written")
        }
        let backupEstimate = store.fileSizes().total
        try checkSpace(
            request.folder,
            needed: files.reduce(0) { $0 + Int64($1.bytes.count) } + Int64(pdf.count + readme.count) + backupEstimate,
            files: files.count + 3)

        var written: Int64 = 0
        do {
            for file in files + [(logbookName, pdf), (EditedOriginal.readmeName, readme)] {
                var writer = ExportWriter(.file(path(request.folder, file.name)), logbookFiles: request.logbookFiles)
                _ = try writer.write(ExportedFile(name: file.name, bytes: file.bytes))
                written += Int64(file.bytes.count)
            }
        } catch {
            throw StickExportError(
                "\(error.description); files written before it are complete, the stick's memory is unchanged")
        }
        do {
            written += try store.backup(to: backupPath, replacing: true).bytes
        } catch {
            throw StickExportError("\(error.description); the stick's memory is unchanged")
        }
        do {
            try AtomicFile.write(Array(memory.text(stick: request.stick).utf8), to: memoryPath)
        } catch {
            throw StickExportError(
                "the files are on the stick, but what was written could not be remembered (\(error.description)); the next export writes them again"
            )
        }
        return StickExportResult(
            flightsWritten: changed.count, igcFilesWritten: files.count, wroteLogbook: true,
            flightsOnStick: flights.count,
            bytesWritten: written, edited: edited, restored: restored)
    }

    /// Whether the folder still holds the remembered IGC file of `entry` (a regular file of the remembered size).
    static func isInFolder(_ entry: StickMemory.Entry, _ folder: String) -> Bool {
        guard let name = entry.fileName else { return true }  // no IGC file (a flight entered by hand)
        var info = stat()
        guard lstat(path(folder, name), &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return entry.size.map { Int64(info.st_size) == $0 } ?? true
    }

    /// The imported flights among `flights` edited since, each with its IGC file's name on the stick.
    private static func editedOriginals(
        _ flights: [Flight], uuids: [Int64: String], memory: StickMemory, exporter: LogbookExporter
    ) async throws(StickExportError) -> [EditedOriginal] {
        var edited: [EditedOriginal] = []
        for flight in flights where flight.hasTrack {
            guard case .imported = flight.source, let id = flight.id else { continue }
            let history: [FieldChange]
            do { history = try await exporter.source.history(id: id) } catch {
                throw StickExportError("flight \(id): \(error); nothing was written")
            }
            guard var item = EditedOriginal(flight: flight, history: history) else { continue }
            if let name = memory.entries[uuids[id] ?? "id-\(id)"]?.fileName { item.fileName = name }
            edited.append(item)
        }
        return edited
    }

    /// The IGC files of `changed` flights that are not already on the stick byte for byte, each under its name
    /// from an earlier export, else its own (``ExportNames``: within NAME_MAX), else its own with `-2`, `-3` …:
    /// never over another flight's file (a deleted one's too), `logbook.pdf`, the backup, or a file of other bytes.
    private static func igcFiles(
        for changed: [Flight], uuids: [Int64: String], old: StickMemory, memory: inout StickMemory,
        request: StickExportRequest, exporter: LogbookExporter
    ) async throws(StickExportError) -> [(name: String, bytes: [UInt8])] {
        let folder = request.folder
        var files: [(name: String, bytes: [UInt8])] = []
        // An imported file's SHA-256 → its name on the stick and its size.
        var originals: [String: (name: String, size: Int64)] = [:]
        let changedKeys = Set(changed.map { uuids[$0.id!] ?? "id-\($0.id!)" })
        var names = ExportNames(reserved: [logbookName, backupName, EditedOriginal.readmeName])
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for (key, entry) in old.entries where !changedKeys.contains(key) { entry.fileName.map { names.insert($0) } }
        for flight in changed where flight.hasTrack {
            let id = flight.id!, key = uuids[id] ?? "id-\(id)"
            if case .imported(_, let sha256) = flight.source, let original = originals[sha256] {
                memory.entries[key]?.fileName = original.name
                memory.entries[key]?.size = original.size
                continue
            }
            let file: ExportedFile
            do {
                file = try await exporter.file(.igc, ofFlight: flight)
            } catch {
                throw StickExportError("flight \(id): \(error); nothing was written")
            }
            let remembered = old.entries[key]?.fileName
            func isOurs(_ name: String) -> Bool {
                request.logbookFiles.role(of: path(folder, name)) == nil
                    && (name == remembered || AtomicFile.isFree(name, in: folder, entries: entries, for: file.bytes))
            }
            let name: String
            if let remembered, !names.isTaken(remembered), isOurs(remembered) {
                names.insert(remembered)  // this flight's file from an earlier export: replaced when edited
                name = remembered
            } else {
                name = names.claim(file.name, isFree: isOurs)
            }
            memory.entries[key]?.fileName = name
            memory.entries[key]?.size = Int64(file.bytes.count)
            if file.isOriginal, case .imported(_, let sha256) = flight.source {
                originals[sha256] = (name, Int64(file.bytes.count))
            }
            if !holds(path(folder, name), file.bytes) { files.append((name, file.bytes)) }
        }
        return files
    }

    private static func holds(_ path: String, _ bytes: [UInt8]) -> Bool { AtomicFile.holds(path, bytes) }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    static func path(_ folder: String, _ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
}
