import FlightLogCore
import FlightLogStore

/// What `flightlog export` is asked before anything is written: which flights, and whether the stick set's options
/// (`--to`, `--new`, `--all`, `--stick`) go with the rest.
package enum ExportChoice {
    /// The flights `ids` names (`flightlog list`'s ids; each once, in the order given: `export --pdf 1 1` is not a
    /// logbook of two flights), else those the list filters and `--owner` choose.
    /// - Throws: ``TransferRefusal`` when the filters choose none (the logbook is empty, or nothing matches).
    package static func flights(
        ids: [Int64], filter: FlightFilter, owner: OwnerChoice, config: FlightLogConfig, store: FlightStore
    ) throws -> [Flight] {
        var seen = Set<Int64>()
        guard ids.isEmpty else { return try ids.filter { seen.insert($0).inserted }.map { try store.flight(id: $0) } }
        let flights = owner.chosen(try store.flights(matching: filter), config)
        guard flights.isEmpty else { return flights }
        throw TransferRefusal(
            owner.choosesAll(filter)
                ? "the logbook is empty: nothing to export"
                : "no flights match: \(owner.summary(filter)); nothing written")
    }

    /// The stick set's options as given: `to` is `--to FOLDER`, `stick` is `--stick ID`.
    package struct Stick: Sendable {
        package var to: String?
        package var new: Bool
        package var all: Bool
        package var stick: String?

        package init(to: String?, new: Bool, all: Bool, stick: String?) {
            (self.to, self.new, self.all, self.stick) = (to, new, all, stick)
        }

        /// Why these options cannot go with `kind` (nil: the stick set), `-o` (`output`) and `--rebuild`, or nil.
        package func problem(kind: ExportCommandKind?, output: String?, rebuild: Bool) -> String? {
            guard let to else {
                if kind == nil {
                    return "choose what to export: --igc, --kml, --gpx, --geojson, --report, --pdf, --zip, or --to "
                        + "FOLDER (e.g. a USB stick)"
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
}
