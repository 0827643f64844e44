import FlightLogCore
import FlightLogStore
import FlightLogText

/// `flightlog repair`: gives imported flights back the pilot and glider their files name where an older version
/// filled the config's defaults in (``ImportedDetailsRepair``); a value set by hand is never changed.
package enum ImportedRepairRun {
    /// Whether `defaults` (the config's) give anything an older import could have filled in.
    package static func hasDefaults(_ defaults: FlightDetails) -> Bool {
        ImportedDetailsRepair.fields.contains { $0.text(of: defaults) != nil }
    }

    /// `flightlog repair`: ``run(store:defaults:dryRun:now:say:)`` on the logbook at `location` (read-only for a
    /// dry run) with its config's defaults; when they give nothing to repair, one line and the logbook unopened.
    package static func command(
        dryRun: Bool, location: LogbookLocation, now: () -> UTCMillis, say: (String) -> Void, warn: (String) -> Void
    ) throws {
        let defaults = try location.loadConfig(warn: warn).defaultDetails
        guard hasDefaults(defaults) else {
            return say(
                "Nothing to repair: the config file gives no pilot, glider type, registration or competition id.")
        }
        try run(
            store: location.open(dryRun ? .readOnly : .readWrite, warn: warn), defaults: defaults, dryRun: dryRun,
            now: now, say: say)
    }

    /// Repairs (with `dryRun` only says) each imported flight of `store` from its kept file: one line per flight
    /// to `say`, then the count.
    package static func run(
        store: FlightStore, defaults: FlightDetails, dryRun: Bool, now: () -> UTCMillis, say: (String) -> Void
    ) throws {
        var repaired = 0
        for imported in try store.importedFlightFiles() {
            let id = imported.flightId
            guard let original = try store.originalFile(forFlight: id) else { continue }
            guard let file = try? IGCReader.read(original.bytes) else {
                say(terminalSafe("Flight \(id): \(original.fileName) cannot be read again; left as it is"))
                continue
            }
            let current = try store.flight(id: id).details
            let restored = ImportedDetailsRepair.restored(
                current, file: IGCImport.logbookDetails(file.headers), defaults: defaults,
                editedFields: imported.editedFields)
            let changes =
                dryRun
                ? current.changes(to: restored, editedAt: now())
                : try store.updateDetails(id: id, to: restored, editedAt: now(), base: current)
            guard !changes.isEmpty else { continue }
            repaired += 1
            let words = FieldChange.lines(changes, currentRole: restored.secondPersonRole).map(\.text)
            say(
                terminalSafe(
                    "Flight \(id): \(words.joined(separator: ", ")) (as \(original.fileName) says)"
                        + (dryRun ? " — not written (--dry-run)" : "")))
        }
        let flights = "\(repaired) flight\(repaired == 1 ? "" : "s")"
        say(
            repaired == 0
                ? "Nothing to repair: every imported flight holds what its file says or what you set."
                : dryRun ? "\(flights) would be repaired." : "\(flights) repaired.")
    }
}
