/// One edit of one logbook field, as the club logbook and each glider compare them (`flightlog sync`).
package struct FieldEdit: Sendable, Hashable {
    /// The edit's stable id (a lower-case UUID), the same on every device and on the server.
    package var uuid: String
    /// Field name as in ``FlightDetails/fieldTexts`` (e.g. `pilot`).
    package var field: String
    /// Text of the new value; `nil` = not set.
    package var newValue: String?
    package var editedAt: UTCMillis

    package init(uuid: String, field: String, newValue: String?, editedAt: UTCMillis) {
        self.uuid = uuid
        self.field = field
        self.newValue = newValue
        self.editedAt = editedAt
    }
}

/// Conflicting edits of the same field of the same flight: the later edit wins, and at the very same millisecond
/// the greater uuid, so that every glider and the server pick the same one whatever order they saw them in.
/// Every edit stays in the history; only the flight's current value follows the winner.
package enum EditResolution {
    /// The winning edit, or nil for none.
    package static func winner(_ edits: some Sequence<FieldEdit>) -> FieldEdit? {
        edits.max { isEarlier($0, than: $1) }
    }

    /// The winning edit of each field. An edit whose value breaks ``FieldRules`` never wins (it may have reached
    /// the club's server by hand or from an older version): the latest valid edit does, the same on every device.
    package static func winners(_ edits: some Sequence<FieldEdit>) -> [String: FieldEdit] {
        var best: [String: FieldEdit] = [:]
        for edit in edits
        where FieldRules.problem(field: edit.field, text: edit.newValue) == nil
            && best[edit.field].map({ isEarlier($0, than: edit) }) ?? true
        {
            best[edit.field] = edit
        }
        return best
    }

    /// `a` loses against `b`: edited earlier, or at the same instant with the smaller uuid.
    package static func isEarlier(_ a: FieldEdit, than b: FieldEdit) -> Bool {
        (a.editedAt, a.uuid) < (b.editedAt, b.uuid)
    }

    /// `details` with each winning edit's value set (``FlightDetails/setField(_:text:)``); fields this version does
    /// not know, and values it cannot read, are left as they are.
    package static func apply(_ winners: [String: FieldEdit], to details: FlightDetails) -> FlightDetails {
        var result = details
        for (field, edit) in winners { _ = result.setField(field, text: edit.newValue) }
        return result
    }
}

extension FlightDetails {
    /// Sets one field from its history text (the inverse of ``fieldTexts``).
    /// - Returns: false, and nothing changed, for an unknown field or a text that is not a value of that field
    ///   (``FieldRules``).
    package mutating func setField(_ field: String, text: String?) -> Bool {
        guard let known = LogbookField(rawValue: field), known.problem(text) == nil else { return false }
        return known.write(text, to: &self)
    }
}
