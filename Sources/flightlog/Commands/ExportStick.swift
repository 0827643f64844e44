import ArgumentParser
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
