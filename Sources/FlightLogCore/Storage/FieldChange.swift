/// One edited logbook field, as kept in a flight's edit history.
package struct FieldChange: Sendable, Hashable {
    /// Field name as in ``FlightDetails`` (e.g. `secondPerson`).
    package var field: String
    /// Text of the old and new value; `nil` = not set.
    package var oldValue: String?
    package var newValue: String?
    package var editedAt: UTCMillis

    package init(field: String, oldValue: String?, newValue: String?, editedAt: UTCMillis) {
        self.field = field
        self.oldValue = oldValue
        self.newValue = newValue
        self.editedAt = editedAt
    }
}

extension FlightDetails {
    /// Every field as (name, text value), in ``LogbookField`` order; the text is what the edit history shows.
    package var fieldTexts: [(field: String, value: String?)] {
        LogbookField.allCases.map { ($0.historyName, $0.text(of: self)) }
    }

    /// The fields that differ between `self` and `new`, each stamped `editedAt`.
    package func changes(to new: FlightDetails, editedAt: UTCMillis) -> [FieldChange] {
        zip(fieldTexts, new.fieldTexts).compactMap { old, new in
            old.value == new.value
                ? nil : FieldChange(field: old.field, oldValue: old.value, newValue: new.value, editedAt: editedAt)
        }
    }
}
