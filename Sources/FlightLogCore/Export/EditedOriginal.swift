/// An imported flight whose details were edited after the import. Its IGC file, wherever it is given (`export
/// --igc`, the ZIP, the USB stick, the phone's download), is the recorder's file as imported, byte for byte: the
/// recorder's signature (G record) covers those bytes, so it stays valid only unchanged, and the file therefore
/// holds none of the edits. The edits are in the logbook PDF, the flight report and the JSON/CSV lists; `flightlog
/// export --igc --rebuild ID` writes a file of our own with them. These are the words every place uses to say so.
package struct EditedOriginal: Sendable, Equatable {
    package var flightId: Int64
    /// The flight's local date, `2025-06-14`.
    package var date: String
    /// The IGC file's name where it is given (the import's name, or the one it got in a ZIP or on a stick).
    package var fileName: String
    /// The edited fields in a pilot's words, each once, in the order first edited.
    package var fields: [String]

    /// `nil` unless `flight` was imported and `history` holds an edit.
    package init?(flight: Flight, history: [FieldChange]) {
        guard case .imported(let fileName, _) = flight.source, let id = flight.id else { return nil }
        var fields: [String] = []
        for line in FieldChange.lines(history, currentRole: flight.details.secondPersonRole)
        where !fields.contains(line.label) {
            fields.append(line.label)
        }
        guard !fields.isEmpty else { return nil }
        self.flightId = id
        self.date = flight.localDate.description
        self.fileName = fileName
        self.fields = fields
    }

    /// The name of the note beside the files in a ZIP and on a USB stick.
    package static let readmeName = "README.txt"
    /// The first line of every `README.txt` flightlog writes: how an export knows the file is its own.
    package static let readmeFirstLine = "Flights exported by flightlog."

    /// "flight 7, 2025-06-14, 0E5X7Q51.IGC: pilot, glider type".
    package var line: String { "flight \(flightId), \(date), \(fileName): \(fields.joined(separator: ", "))" }

    /// The note shown beside the IGC download of one edited flight.
    package static let downloadNote =
        "The IGC file is the original as imported, unchanged so that its recorder's signature stays valid: "
        + "it does not hold the edits below. The PDF report and logbook have them."

    /// One line for the command's output: "note: 2 flights were edited after import (7, 9): …".
    package static func summary(_ edited: [EditedOriginal], in place: String) -> String {
        let ids = edited.map { String($0.flightId) }.joined(separator: ", ")
        let many = edited.count == 1 ? "1 flight was" : "\(edited.count) flights were"
        let their = edited.count == 1 ? "its IGC file is" : "their IGC files are"
        return "note: \(many) edited after import (\(ids)): \(their) the original as imported, without the edits "
            + "(those are in logbook.pdf); \(readmeName) in \(place) lists them"
    }

    /// `README.txt` for a ZIP or a stick folder: what the folder holds and which IGC files lack edits.
    package static func readme(_ edited: [EditedOriginal], backup: Bool) -> String {
        var text = """
            \(readmeFirstLine)

            logbook.pdf: the logbook of every flight here, with the details as they are now (edits included).
            *.IGC / *.igc: each flight's track. A flight recorded by flightlog has a file written from the logbook.
            An imported flight has the file it was imported from, byte for byte, so that its recorder's signature
            (G record) stays valid: that file does not show details edited after the import.

            """
        if backup { text += "flightlog-backup.sqlite: the whole logbook in one file (flightlog backup).\n\n" }
        guard !edited.isEmpty else { return text + "No flight here was edited after its import.\n" }
        text += "Edited after import (the IGC file is the original, without these edits; logbook.pdf has them):\n"
        for item in edited { text += "  \(item.line)\n" }
        text += "\nFor an IGC file with the edits: flightlog export --igc --rebuild ID (ID: the flight number above).\n"
        return text
    }
}
