import FlightLogAirspace
import FlightLogCore
import FlightLogLogbook
import FlightLogStore
import FlightLogText
import Foundation

/// `flightlog airspace import`: an OpenAir file's bytes checked and read before anything is stored, the
/// warnings to show, and the line that says what was kept.
package enum AirspaceImport {
    /// Warnings shown one by one; the rest are counted.
    package static let shownWarnings = 20

    /// A file that holds airspace: what to store, and what the reader found in it.
    package struct Checked: Sendable {
        package var file: AirspaceFile
        package var contents: OpenAirReader.Result
    }

    /// The bytes of the OpenAir file at `path`, read by `readFile` as every file a user brings (FlightLogConfigFile's
    /// `InputFile`: a regular file within ``FlightStore/maxAirspaceFileBytes``, nil when it cannot be read).
    package static func read(
        _ path: String, readFile: (_ path: String, _ maxBytes: Int) throws -> [UInt8]?
    ) throws(TransferRefusal) -> [UInt8] {
        let bytes: [UInt8]?
        do { bytes = try readFile(path, FlightStore.maxAirspaceFileBytes) } catch {
            throw TransferRefusal(terminalSafe("\(error)") + " — a country's OpenAir file is a few MB")
        }
        guard let bytes else {
            throw TransferRefusal("cannot read \(terminalSafe(path)): check that the file exists and is readable")
        }
        return bytes
    }

    /// Reads the file the user named `path`. Its warnings go to `warn` (the first ``shownWarnings``, then a
    /// count), one line each; a file without airspace is refused, after the warnings that say why.
    package static func check(
        _ bytes: [UInt8], path: String, importedAt: UTCMillis, warn: (String) -> Void
    ) throws(TransferRefusal) -> Checked {
        let name = (path as NSString).lastPathComponent
        guard let (file, contents) = AirspaceFile.reading(name: name, bytes: bytes, importedAt: importedAt) else {
            let encoding = BroughtText.encodingName(bytes)
            let binary = encoding.hasPrefix("binary")
            // A text file's warnings say why nothing could be kept (e.g. an outline of too many points).
            let warnings = binary ? [] : OpenAirReader.read(bytes).warnings
            for warning in warnings.prefix(shownWarnings) {
                warn("\(terminalSafe(name)): warning: \(terminalSafe(warning.description))")
            }
            let why = binary ? " (it is binary, not text)" : warnings.isEmpty ? "" : " it can keep (see the warnings)"
            let readAs = binary ? "" : " (read as \(encoding) text)"
            throw TransferRefusal(
                "\(terminalSafe(path)) has no airspace\(why); nothing imported\(readAs) — is it an OpenAir "
                    + "file (AC, AN, AL, AH, DP lines)?")
        }
        for warning in contents.warnings.prefix(shownWarnings) {
            warn("\(terminalSafe(name)): warning: \(terminalSafe(warning.description))")
        }
        if contents.warnings.count > shownWarnings {
            warn("\(terminalSafe(name)): \(contents.warnings.count - shownWarnings) more warnings not shown")
        }
        return Checked(file: file, contents: contents)
    }

    /// `Imported de_asp.txt: 412 airspaces (…); 2 warnings (see above).`
    package static func summary(_ checked: Checked, replaced: Bool) -> String {
        let count = checked.contents.airspaces.count
        let skipped = checked.contents.warnings.count
        return "\(replaced ? "Replaced" : "Imported") \(terminalSafe(checked.file.name)): "
            + "\(count) airspace\(count == 1 ? "" : "s") (\(AirspaceText.classCounts(checked.contents.airspaces)))"
            + (skipped > 0 ? "; \(skipped) warning\(skipped == 1 ? "" : "s") (see above)." : ".")
    }

    /// Keeps `checked` in `store` (this glider's logbook or the club's) and says what was kept.
    package static func keep(_ checked: Checked, in store: some AirspaceStore) async throws -> String {
        summary(checked, replaced: try await store.storeAirspaceFile(checked.file))
    }

    /// `airspace list`: the files `store` keeps, as a table.
    package static func listing(of store: some AirspaceStore) async throws -> String {
        ListingText.airspaceFiles(
            try await store.airspaceFiles().map {
                ListingText.AirspaceFileRow(name: $0.name, airspaces: $0.contents.airspaces, importedAt: $0.importedAt)
            })
    }

    /// `airspace remove NAME`: the line that says it is gone.
    /// - Throws: ``TransferRefusal`` naming the files kept when there is none of that name.
    package static func remove(named name: String, from store: some AirspaceStore) async throws -> String {
        guard try await store.removeAirspaceFile(named: name) else {
            let names = try await store.airspaceFiles().map(\.name)
            throw TransferRefusal(
                "no airspace file named \(terminalSafe(name)) — "
                    + (names.isEmpty ? "none is kept" : "kept: \(terminalSafe(names.joined(separator: ", ")))"))
        }
        return "Removed \(terminalSafe(name))."
    }
}
