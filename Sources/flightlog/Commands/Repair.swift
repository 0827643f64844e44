import ArgumentParser
import FlightLogCore
import FlightLogStore
import FlightLogText
import Foundation

extension FlightLogCommand {
    struct Repair: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repair",
            abstract: "Give imported flights back the pilot and glider their file names, where an older version "
                + "filled the config's defaults in.",
            discussion: """
                flightlog before 2026-12 filled an imported file's blank pilot, glider type, registration and \
                competition id from the config file's defaults, so a stranger's flight counted as yours. This \
                reads each imported flight's kept file again and, where the flight holds the config's default and \
                the file says otherwise (a blank too), restores the file's value: one line per flight. A value you \
                set by hand (flightlog edit, the phone, the club logbook) is never changed; each repair is kept in \
                the edit history like an edit.
                Examples:
                  flightlog repair --dry-run      # only say what would change
                  flightlog repair
                """)

        @OptionGroup var store: StoreOptions

        @Flag(help: "Only print what would change; write nothing.")
        var dryRun = false

        func run() async throws {
            let defaults = try store.loadConfig().defaultDetails
            guard ImportedDetailsRepair.fields.contains(where: { $0.text(of: defaults) != nil }) else {
                print("Nothing to repair: the config file gives no pilot, glider type, registration or competition id.")
                return
            }
            let db = try store.open(dryRun ? .readOnly : .readWrite)
            var repaired = 0
            for imported in try db.importedFlightFiles() {
                let id = imported.flightId
                guard let original = try db.originalFile(forFlight: id) else { continue }
                guard let file = try? IGCReader.read(original.bytes) else {
                    print(terminalSafe("Flight \(id): \(original.fileName) cannot be read again; left as it is"))
                    continue
                }
                let current = try db.flight(id: id).details
                let restored = ImportedDetailsRepair.restored(
                    current, file: IGCImport.logbookDetails(file.headers), defaults: defaults,
                    editedFields: imported.editedFields)
                let now = UTCMillis(Date().timeIntervalSince1970 * 1000)
                let changes =
                    dryRun
                    ? current.changes(to: restored, editedAt: now)
                    : try db.updateDetails(id: id, to: restored, editedAt: now, base: current)
                guard !changes.isEmpty else { continue }
                repaired += 1
                let words = FieldChange.lines(changes, currentRole: restored.secondPersonRole).map(\.text)
                print(
                    terminalSafe(
                        "Flight \(id): \(words.joined(separator: ", ")) (as \(original.fileName) says)"
                            + (dryRun ? " — not written (--dry-run)" : "")))
            }
            let flights = "\(repaired) flight\(repaired == 1 ? "" : "s")"
            print(
                repaired == 0
                    ? "Nothing to repair: every imported flight holds what its file says or what you set."
                    : dryRun ? "\(flights) would be repaired." : "\(flights) repaired.")
        }
    }
}
