import FlightLogAirspace
import FlightLogCore
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
}
