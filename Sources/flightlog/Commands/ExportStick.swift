import ArgumentParser
import FlightLogTransfer

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

    /// The options as the export's rules take them (``ExportChoice/Stick``).
    var choice: ExportChoice.Stick { ExportChoice.Stick(to: to, new: new, all: all, stick: stick) }
}
