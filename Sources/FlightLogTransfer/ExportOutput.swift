import FlightLogCore
import Foundation

/// A refused import or export, said in one line: what is wrong and what to do; nothing was written.
package struct TransferRefusal: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Where `flightlog export -o` sends its files, checked before anything is made: a file named by the user
/// (replaced, as asked), a folder (every file a name of its own) or standard output (`-`).
package enum ExportOutput {
    /// `-o FILE` or `-o -` for one whole file (the logbook PDF, the ZIP).
    package static func wholeFile(_ output: String, _ logbookFiles: LogbookFiles) throws(TransferRefusal)
        -> ExportTarget
    {
        if output == "-" { return .standardOutput }
        return try checkedFile(absolutePath(output), logbookFiles)
    }

    /// `-o` as a file (one flight, not a directory), a folder (several flights, `-o DIR/`, `-o` naming a
    /// directory, or no `-o`: the current one) or standard output.
    package static func target(_ output: String?, many: Bool, _ logbookFiles: LogbookFiles) throws(TransferRefusal)
        -> ExportTarget
    {
        guard let output else { return .folder(FileManager.default.currentDirectoryPath) }
        if output == "-" { return .standardOutput }
        var isDirectory: ObjCBool = false
        if output.hasSuffix("/") || many
            || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue)
        {
            let folder = absolutePath(output)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw TransferRefusal(
                    "cannot write into \(folder): it is not a folder; create the folder first (nothing was written)")
            }
            return .folder(folder)
        }
        return try checkedFile(absolutePath(output), logbookFiles)
    }

    /// `path` as a target, unless it is one of the logbook's files or not a regular file.
    private static func checkedFile(_ path: String, _ logbookFiles: LogbookFiles) throws(TransferRefusal)
        -> ExportTarget
    {
        do { try ExportWriter.checkFile(path, logbookFiles) } catch { throw TransferRefusal("\(error)") }
        return .file(path)
    }

    /// The flights that have a track, for a `what` (`IGC`, `a report` …) that needs one. A flight chosen by id
    /// without one is refused (before anything is written); flights the filters chose without one are left out,
    /// and `note` says so.
    package static func withTracks(
        _ flights: [Flight], chosenById: Bool, what: String, note: (String) -> Void
    ) throws(TransferRefusal) -> [Flight] {
        let manual = flights.filter { !$0.hasTrack }
        guard !manual.isEmpty else { return flights }
        if chosenById || manual.count == flights.count {
            throw TransferRefusal(LogbookError.noTrack(manual[0].id ?? 0, export: what).description)
        }
        let them = manual.count == 1 ? "it" : "them"
        note(
            "note: left out \(manual.count) flight\(manual.count == 1 ? "" : "s") without a track (entered by hand): "
                + "no \(what) for \(them)")
        return flights.filter(\.hasTrack)
    }

    /// For an imported flight edited since: its file is the recorder's, unchanged (so its signature stays valid)
    /// and without the edits; `--rebuild` writes our own file with them. `nil` for an unedited flight.
    package static func editedOriginalNote(_ id: Int64, history: [FieldChange]) -> String? {
        var fields: [String] = []
        for line in FieldChange.lines(history, currentRole: nil) where !fields.contains(line.label) {
            fields.append(line.label)
        }
        guard !fields.isEmpty else { return nil }
        return "note: flight \(id) was edited (\(fields.joined(separator: ", "))), but this is the original file "
            + "as imported, unchanged so that its recorder's signature (G record) stays valid; for a file with "
            + "the edits: flightlog export --igc --rebuild \(id)"
    }
}

/// `path` with `~` expanded, relative to the current directory unless it starts with `/`.
package func absolutePath(_ path: String) -> String {
    let expanded = (path as NSString).expandingTildeInPath
    return expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
}
