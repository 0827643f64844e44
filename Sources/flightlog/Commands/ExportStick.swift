import ArgumentParser
import FlightLogCore
import FlightLogReports
import FlightLogSecurity
import FlightLogStore
import FlightLogTransfer
import Foundation

/// `export --to FOLDER`: the USB stick set (``StickExport``).
struct StickOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A folder (a USB stick's FLIGHTLOG, or any): write the IGC files, logbook.pdf and a backup of the flights "
                + "it does not have yet.", valueName: "folder"))
    var to: String?

    @Flag(help: "With --to: only flights not yet written to this stick, and edited ones (the default).")
    var new = false

    @Flag(help: "With --to: write every chosen flight again.")
    var all = false

    @Option(
        help: ArgumentHelp(
            "With --to: the stick's id (its file system UUID): what it got is remembered by it wherever it is "
                + "mounted, and flightlog status reports the export. Without it: by the folder's path.",
            valueName: "id"))
    var stick: String?

    /// Why these options cannot go together, or nil.
    func problem(kind: FlightLogCommand.Export.Kind?, output: String?, ids: [Int64], rebuild: Bool) -> String? {
        guard let to else {
            if kind == nil {
                return
                    "choose what to export: --igc, --kml, --gpx, --geojson, --report, --pdf, --zip, or --to FOLDER (e.g. a USB stick)"
            }
            return new || all || stick != nil ? "--new, --all and --stick go with --to FOLDER" : nil
        }
        if let kind {
            return "--to writes the whole stick set (IGC files, PDF logbook, backup); leave out --\(kind.rawValue)"
        }
        if output != nil { return "--to FOLDER is where the files go; leave out -o" }
        if rebuild { return "--rebuild is for --igc; the stick gets each imported flight's own file" }
        if new && all { return "--new writes what the stick lacks, --all writes everything; choose one" }
        if to.isEmpty || to == "-" { return "--to needs a folder (e.g. a stick's FLIGHTLOG folder)" }
        if let stick, !StickMemory.isValidStickId(stick) {
            return "'\(stick)' is not a stick id: use letters, digits, - and _ (its file system UUID)"
        }
        return nil
    }
}

extension FlightLogCommand.Export {
    func toStick(
        _ flights: [Flight], db: FlightStore, exporter: LogbookExporter, config: FlightLogConfig, summary: String
    )
        async throws
    {
        let folder = absolute(stickOptions.to!)
        let databasePath = try store.databasePath()
        var made = false
        if !FileManager.default.fileExists(atPath: folder) {
            // Only the folder itself: a stick that is not mounted must not be filled in on the SD card.
            guard FileManager.default.fileExists(atPath: (folder as NSString).deletingLastPathComponent) else {
                throw CLIError(
                    "\((folder as NSString).deletingLastPathComponent) does not exist: is the stick mounted?")
            }
            // Another export may make it at the same moment: then it is that one's folder, not ours to remove.
            if mkdir(folder, 0o777) == 0 {
                made = true
            } else if errno != EEXIST {
                throw CLIError("cannot make the folder \(folder): check that the stick is writable")
            }
        }
        // A stick (--stick, as flightlog-usb@.service gives its file system UUID) keeps its memory under that id,
        // wherever it is mounted, and its line for `flightlog status`. Any other folder: what that folder lacks,
        // remembered by its path.
        let stick = stickOptions.stick
        // By the folder's real path: `DIR`, `DIR/`, `./DIR` and a link to it are one folder with one memory.
        let memoryId = stick ?? StickMemory.folderId(realFolder(folder))
        let memory = StickReport.memoryFolder(databasePath: databasePath)
        let owner = ownerOptions.owner(config)?.name ?? ""
        let request = StickExportRequest(
            folder: folder, stick: memoryId, memoryFolder: memory, rewriteAll: stickOptions.all,
            logbook: LogbookOptions(owner: owner, filterSummary: summary),
            logbookFiles: LogbookFiles(databasePath: databasePath, configPath: store.configPath), madeFolder: made)
        let line: String
        var edited: [EditedOriginal] = []
        do {
            let result = try await StickExport.run(flights, store: db, exporter: exporter, request: request)
            line = StickReport.line(result, stick: stick, folder: folder)
            if result.wroteLogbook { edited = result.edited }
        } catch {
            if let stick {
                let failed = "stick \(stick): export FAILED at \(StickReport.clock()): \(error.description)"
                StickReport.save(failed, memoryFolder: memory)
            }
            throw CLIError(error.description)
        }
        if stick != nil { StickReport.save(line, memoryFolder: memory) }
        print(line)
        if !edited.isEmpty { print(EditedOriginal.summary(edited, in: "the folder")) }
    }
}

/// `folder` with every symbolic link, `.` and `..` resolved (as given when it cannot be resolved).
private func realFolder(_ folder: String) -> String {
    guard let real = realpath(folder, nil) else { return folder }
    defer { free(real) }
    return String(cString: real)
}

extension StickReport {
    /// What an export did, to a stick (`stick`) or a folder.
    static func line(_ result: StickExportResult, stick: String?, folder: String) -> String {
        let s = result.flightsWritten == 1 ? "" : "s"
        let target = stick.map { "stick \($0)" } ?? folder
        guard result.wroteLogbook else {
            return
                "nothing new for \(target) at \(clock()): its \(result.flightsOnStick) flight\(result.flightsOnStick == 1 ? "" : "s") are already on it"
        }
        var restored = ""
        if result.restored > 0 {
            restored = "; \(result.restored) of them remembered as written but missing or changed in the folder, "
            restored += "written again"
        }
        return "\(result.flightsWritten) flight\(s) written to \(target) at \(clock()) "
            + "(\(result.igcFilesWritten) IGC file\(result.igcFilesWritten == 1 ? "" : "s"), logbook.pdf and backup of \(result.flightsOnStick) flights, "
            + "\(StickExport.megabytes(result.bytesWritten))\(restored))"
    }

    /// The system clock as `17:42 UTC` (the Pi's clock; it has no RTC of its own).
    static func clock() -> String {
        let t = CivilDateTime(utc: UTCMillis(Date().timeIntervalSince1970 * 1000))
        return String(format: "%02d:%02d UTC", t.hour, t.minute)
    }
}
