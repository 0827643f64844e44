/// What a flight's logbook fields may hold, whoever sets them: `flightlog edit` and `add`, the phone's edit form,
/// and edits pulled from the club logbook. Pulled edits are outside input (another glider's login, a hand-written
/// row): a value beyond these rules (a launch count of 2^63, a release height of 1e308) would overflow the totals
/// and break every page that lays it out, so it is refused where it enters, never stored.
package enum FieldRules {
    package static let launches = 1...99
    package static let releaseHeight: ClosedRange<Double> = 0...5000
    /// Names, glider type, registration, competition id, places.
    package static let maxTextCharacters = 200
    package static let maxRemarksCharacters = 2000
    /// Edit times accepted from elsewhere (1970 to 2100-01-01 UTC): later edits win conflicts, so an edit dated far
    /// ahead would win for ever; outside this range date arithmetic is not safe either.
    package static let editTimes: ClosedRange<UTCMillis> = 0...4_102_444_800_000

    /// The fields an edit may change (``LogbookField``).
    package static let fields: Set<String> = Set(LogbookField.allCases.map(\.historyName))

    /// Why `text` cannot be the value of `field` (nil: it can). The reason says what is allowed and never repeats
    /// more than a short, printable start of the text.
    package static func problem(field: String, text: String?) -> String? {
        guard let known = LogbookField(rawValue: field) else {
            return "\(preview(field)) is not a field of this flightlog"
        }
        return known.problem(text)
    }

    /// Too long or with control characters: C0, DEL and C1 (U+0080–U+009F, which terminals read as escapes too);
    /// remarks may hold line breaks and tabs.
    package static func textProblem(field: String, text: String) -> String? {
        let remarks = field == "remarks"
        let limit = remarks ? maxRemarksCharacters : maxTextCharacters
        if text.count > limit { return "\(field) must be at most \(limit) characters, not \(text.count)" }
        let allowed: Set<UInt32> = remarks ? [9, 10, 13] : []
        let control = { (c: Unicode.Scalar) in
            (c.value < 32 && !allowed.contains(c.value)) || (127..<160).contains(c.value)
        }
        if text.unicodeScalars.contains(where: control) {
            return "\(field) must not contain control characters"
        }
        return nil
    }

    /// At most 24 characters of `text`, control characters shown as `?`, for messages.
    package static func preview(_ text: String) -> String {
        let printable = String(
            String.UnicodeScalarView(
                text.unicodeScalars.prefix(25).map {
                    $0.value < 32 || (127..<160).contains($0.value) ? "?" : $0
                }))
        return printable.count > 24 ? "'\(printable.prefix(24))…'" : "'\(printable)'"
    }
}
