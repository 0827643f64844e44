import FlightLogCore

/// Handicap indices of common glider types, for contest points (km × 100 / index) when the config has no
/// `[glider] index` (docs/CONTEST-AND-THERMALS.md, "Glider index"). Each figure names its source; a type not in
/// the table counts as 100, as the contests do for an unknown glider, and `[glider] index` gives the current figure
/// of the pilot's contest list.
package enum GliderIndex {
    /// The contest handicaps XCSoar ships with its glider polars (`src/Polar/PolarStore.cpp`).
    package static let xcsoar = "XCSoar polar list"

    /// One figure of the table: the type as pilots write it (the span in metres where the index depends on it).
    package struct Entry: Sendable, Hashable {
        package var type: String
        package var index: Double
        /// Which list the figure is from.
        package var source: String
    }

    /// What a glider type matches in the table.
    package enum Match: Sendable, Hashable {
        case entry(Entry)
        /// The name fits several entries of different index (no span given): the pilot has to say which.
        case ambiguous([Entry])
        case none
    }

    package static let table: [Entry] = [
        ("ASK 13", 78), ("Ka 8", 78), ("ASK 21", 92), ("ASK 23", 92), ("Junior", 90), ("Astir CS", 96),
        ("Std Cirrus", 98), ("Std Libelle", 98), ("LS 1c", 98), ("ASW 19", 100), ("DG 100", 100), ("LS 4", 106),
        ("DG 300", 106), ("Janus B", 106), ("Discus", 108), ("Discus 2b", 108), ("ASW 24", 108), ("LS 8 (15 m)", 108),
        ("Duo Discus", 110), ("DG 1000", 110), ("ASW 20", 110), ("ASW 27", 114), ("ASW 28 (18 m)", 114),
        ("LS 8 (18 m)", 114), ("ASG 29 (15 m)", 114), ("ASG 29 (18 m)", 120), ("Ventus 2c (18 m)", 120),
        ("Ventus 2cx (18 m)", 120), ("Nimbus 4", 128),
    ].map { Entry(type: $0.0, index: $0.1, source: xcsoar) }

    /// The entry `gliderType` matches (``match(_:)``); nil for none or several.
    package static func forType(_ gliderType: String?) -> Entry? {
        if case .entry(let entry) = match(gliderType) { return entry }
        return nil
    }

    /// ``table``'s types normalised once (each match compares against all of them; the normaliser runs regexes).
    private static let normalizedTable = table.map { normalizedType($0.type) }

    /// The entries whose ``normalizedType(_:)`` is that of `gliderType`: the same model, and the same span where
    /// both name one. A name without a span that fits entries of different spans is ``Match/ambiguous(_:)``.
    package static func match(_ gliderType: String?) -> Match {
        guard let gliderType else { return .none }
        let wanted = normalizedType(gliderType)
        let found = zip(table, normalizedTable).filter { _, entry in
            entry.model == wanted.model
                && (entry.spanMeters == nil || wanted.spanMeters == nil || entry.spanMeters == wanted.spanMeters)
        }.map(\.0)
        if found.isEmpty { return .none }
        if Set(found.map(\.index)).count == 1 { return .entry(found[0]) }
        return .ambiguous(found)
    }

    /// The question for a type that fits several entries: "LS 8 is LS 8 (15 m) 108 or LS 8 (18 m) 114: give the
    /// span in the glider type or [glider] index".
    package static func ambiguity(_ gliderType: String, _ entries: [Entry]) -> String {
        let choices = entries.map { "\($0.type) \(Int($0.index))" }.joined(separator: " or ")
        return "\(gliderType) is \(choices): give the span in the glider type or [glider] index"
    }

    /// A glider type name as the lists compare it, so that "ASG-29E (18m)", "asg 29 e 18 m" and "ASG 29-18" are
    /// one type: case, spaces, `-`, `_`, `.`, `/` and brackets ignored; "Standard" is "Std"; the span, written
    /// "18m", "18 m", "(18m)" or as a "-18" after the model number, taken apart; an engine suffix E, T or M right
    /// after the model number or its variant letters dropped ("Ventus 2cxM" is the Ventus 2cx, "Ventus 3T" the
    /// Ventus 3). A variant letter stays ("LS 4-b" is not "LS 4": a variant may have its own index). For every
    /// list matched by type name (the handicap table, an aircraft catalogue: "LS_4" is "LS 4").
    package static func normalizedType(_ name: String) -> (model: String, spanMeters: Int?) {
        var words = name.lowercased().replacing("standard", with: "std")
        var span: Int?
        // "18m", "18 m", "(18m)", "18.0 m", not followed by a letter ("18ms" is no span).
        if let range = words.firstMatch(of: #/(^|[^0-9.])([1-3][0-9])([.,]0)?\s*m(?![a-z])/#)?.range {
            let digits = words[range].filter(\.isNumber).prefix(2)
            span = Int(digits)
            let keep = words[range].first.map { $0.isNumber ? "" : String($0) } ?? ""
            words.replaceSubrange(range, with: keep)
        } else if let range = words.firstMatch(of: #/[0-9][a-z]{0,3}\s*-\s*[1-3][0-9]\s*$/#)?.range,
            let dash = words[range].lastIndex(of: "-")
        {
            // "LS 8-18", "ASW 28-18": a span after the model number (not "ASW-20", the model number itself).
            span = Int(words[words.index(after: dash)...].filter(\.isNumber))
            words.removeSubrange(dash..<words.endIndex)
        }
        var model = words.filter { !" -_./()[]\t".contains($0) }
        if model.contains(#/[0-9][a-z]{0,2}[etm]$/#) {
            model.removeLast()
        }
        return (model, span)
    }
}
