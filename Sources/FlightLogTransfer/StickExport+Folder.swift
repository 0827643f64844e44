import FlightLogCore
import FlightLogReports
import FlightLogStore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `flightlog export --to FOLDER [--stick ID]`: the folder made when its parent is there, the memory chosen, the
/// export run and its outcome remembered for `flightlog status`.
extension StickExport {
    /// Where and how one `--to` export goes.
    package struct Destination: Sendable {
        /// The folder as given (`~` and relative paths are resolved here).
        package var folder: String
        /// `--stick`: the stick's id (its file system UUID); nil for any other folder, remembered by its path.
        package var stick: String?
        package var databasePath: String
        package var configPath: String?
        package var rewriteAll = false

        package init(
            folder: String, stick: String?, databasePath: String, configPath: String?, rewriteAll: Bool = false
        ) {
            self.folder = folder
            self.stick = stick
            self.databasePath = databasePath
            self.configPath = configPath
            self.rewriteAll = rewriteAll
        }

        /// The folder and stick the stick set's options name (`--to`, `--stick`, `--all`).
        package init(_ choice: ExportChoice.Stick, databasePath: String, configPath: String?) {
            self.init(
                folder: choice.to ?? ".", stick: choice.stick, databasePath: databasePath, configPath: configPath,
                rewriteAll: choice.all)
        }
    }

    /// Exports `flights` to `destination` and returns the lines to print: what was written, and a note on edited
    /// imported flights. A stick's outcome, failed too, is saved for `flightlog status`.
    package static func toFolder(
        _ flights: [Flight], store: FlightStore, exporter: LogbookExporter, destination: Destination,
        logbook: LogbookOptions
    ) async throws(StickExportError) -> [String] {
        let folder = absolutePath(destination.folder)
        let made = try makeFolder(folder)
        // A stick (--stick, as flightlog-usb@.service gives its file system UUID) keeps its memory under that id,
        // wherever it is mounted, and its line for `flightlog status`. Any other folder: what that folder lacks,
        // remembered by its path.
        let stick = destination.stick
        // By the folder's real path: `DIR`, `DIR/`, `./DIR` and a link to it are one folder with one memory.
        let memoryId = stick ?? StickMemory.folderId(realFolder(folder))
        let memory = StickReport.memoryFolder(databasePath: destination.databasePath)
        let request = StickExportRequest(
            folder: folder, stick: memoryId, memoryFolder: memory, rewriteAll: destination.rewriteAll,
            logbook: logbook,
            logbookFiles: LogbookFiles(databasePath: destination.databasePath, configPath: destination.configPath),
            madeFolder: made)
        let result: StickExportResult
        do {
            result = try await run(flights, store: store, exporter: exporter, request: request)
        } catch {
            if let stick {
                let failed = "stick \(stick): export FAILED at \(StickReport.clock()): \(error.description)"
                StickReport.save(failed, memoryFolder: memory)
            }
            throw error
        }
        let line = StickReport.line(result, stick: stick, folder: folder)
        if stick != nil { StickReport.save(line, memoryFolder: memory) }
        guard result.wroteLogbook, !result.edited.isEmpty else { return [line] }
        return [line, EditedOriginal.summary(result.edited, in: "the folder")]
    }

    /// Makes `folder` when only it is missing; true when this export made it (and may remove it again).
    static func makeFolder(_ folder: String) throws(StickExportError) -> Bool {
        guard !FileManager.default.fileExists(atPath: folder) else { return false }
        let parent = (folder as NSString).deletingLastPathComponent
        // Only the folder itself: a stick that is not mounted must not be filled in on the SD card.
        guard FileManager.default.fileExists(atPath: parent) else {
            throw StickExportError("\(parent) does not exist: is the stick mounted?")
        }
        // Another export may make it at the same moment: then it is that one's folder, not ours to remove.
        if mkdir(folder, 0o777) == 0 { return true }
        guard errno == EEXIST else {
            throw StickExportError("cannot make the folder \(folder): check that the stick is writable")
        }
        return false
    }

    /// `folder` with every symbolic link, `.` and `..` resolved (as given when it cannot be resolved).
    static func realFolder(_ folder: String) -> String {
        guard let real = realpath(folder, nil) else { return folder }
        defer { free(real) }
        return String(cString: real)
    }
}

extension StickReport {
    /// What an export did, to a stick (`stick`) or a folder.
    package static func line(
        _ result: StickExportResult, stick: String?, folder: String, at time: String = StickReport.clock()
    )
        -> String
    {
        let s = result.flightsWritten == 1 ? "" : "s"
        let target = stick.map { "stick \($0)" } ?? folder
        let onStick = "\(result.flightsOnStick) flight\(result.flightsOnStick == 1 ? "" : "s")"
        guard result.wroteLogbook else {
            return "nothing new for \(target) at \(time): its \(onStick) "
                + (result.flightsOnStick == 1 ? "is" : "are") + " already on it"
        }
        var restored = ""
        if result.restored > 0 {
            restored = "; \(result.restored) of them remembered as written but missing or changed in the folder, "
            restored += "written again"
        }
        let igcFiles = "\(result.igcFilesWritten) IGC file\(result.igcFilesWritten == 1 ? "" : "s")"
        return "\(result.flightsWritten) flight\(s) written to \(target) at \(time) "
            + "(\(igcFiles), logbook.pdf and backup of \(onStick), "
            + "\(StickExport.megabytes(result.bytesWritten))\(restored))"
    }

    /// The system clock as `17:42 UTC` (the Pi's clock; it has no RTC of its own).
    package static func clock() -> String {
        let t = CivilDateTime(utc: UTCMillis(Date().timeIntervalSince1970 * 1000))
        return String(format: "%02d:%02d UTC", t.hour, t.minute)
    }
}
