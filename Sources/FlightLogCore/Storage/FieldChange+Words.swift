/// Edits in a pilot's words (`flightlog edit`, the history in `show` and on the phone): "launch: winch → aerotow",
/// "instructor: — → Müller, Jürgen", "second person role: guest → instructor", instead of the stored field names.
extension FieldChange {
    /// The field as a pilot says it; `secondPerson` is named by the second person's role when it is known.
    package static func label(_ field: String, secondPersonRole: SecondPersonRole? = nil) -> String {
        LogbookField(rawValue: field)?.label(secondPersonRole: secondPersonRole) ?? field
    }

    /// A stored value as a pilot reads it ("self" → "self-launch", "410" m → "410 m"; "—" for none).
    package static func valueText(_ field: String, _ value: String?) -> String {
        LogbookField(rawValue: field)?.valueWords(value) ?? value ?? "—"
    }

    /// One line per change, e.g. `launch: winch → aerotow`. `changes` are oldest first (one edit, or a whole
    /// history); `currentRole` is the flight's second-person role now, used before any edit of the role is seen.
    package static func lines(_ changes: [FieldChange], currentRole: SecondPersonRole?) -> [Line] {
        // The role each edit was made under: the old value of the first role change, then as the edits set it.
        var role =
            changes.first { $0.field == "secondPersonRole" }
            .map { $0.oldValue.flatMap(SecondPersonRole.init(rawValue:)) } ?? currentRole
        var lines: [Line] = []
        for (time, group) in groupedByTime(changes) {
            _ = time
            if let change = group.first(where: { $0.field == "secondPersonRole" }) {
                role = change.newValue.flatMap(SecondPersonRole.init(rawValue:)) ?? role
            }
            for change in group {
                lines.append(
                    Line(
                        change: change, label: label(change.field, secondPersonRole: role),
                        oldText: valueText(change.field, change.oldValue),
                        newText: valueText(change.field, change.newValue)))
            }
        }
        return lines
    }

    /// One change in words.
    package struct Line: Sendable, Hashable {
        package var change: FieldChange
        package var label: String
        package var oldText: String
        package var newText: String
        /// `launch: winch → aerotow`
        package var text: String { "\(label): \(oldText) → \(newText)" }
    }

    private static func groupedByTime(_ changes: [FieldChange]) -> [(UTCMillis, [FieldChange])] {
        var groups: [(UTCMillis, [FieldChange])] = []
        for change in changes {
            if let last = groups.last, last.0 == change.editedAt {
                groups[groups.count - 1].1.append(change)
            } else {
                groups.append((change.editedAt, [change]))
            }
        }
        return groups
    }
}

extension SecondPersonRole {
    /// The role as a pilot says it: instructor, student, guest, crew.
    package var words: String { rawValue }
}
