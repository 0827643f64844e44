/// The competition class of a flight's file as a span, for a glider type that names none
/// (docs/CONTEST-AND-THERMALS.md, "Glider index").
extension GliderIndex {
    /// The one span a competition class allows, as IGC headers write classes: "18-Meter", "18m", "15 Meter",
    /// "20m Multi-seat" are their number; "Racing" (the FAI's name of the 15 m class) and "Standard" are 15 m. A class
    /// of no one span is nil: "Club", "Open", "Two-seater" or "Doublseater" without a number, "World", and a class
    /// naming two spans ("18m 15m").
    package static func span(ofClass name: String) -> Int? {
        let words = name.lowercased()
        // The number before "m", "meter" or "metre" ("13.5 m" is no whole span, "18ms" and "18 m/s" no span at all).
        let metres = #/(?:^|[^0-9.,])([1-3][0-9])(?:[.,]0)?\s*-?\s*m(?:eters?|etres?)?(?![a-z/])/#
        let spans = Set(words.matches(of: metres).compactMap { Int($0.output.1) })
        if spans.count > 1 { return nil }
        if let span = spans.first { return span }
        if words.contains("racing") || words.contains("standard") { return 15 }
        return nil
    }

    /// The index a flight's points use from its glider type (nil when the type fits no entry, or several) and where
    /// it came from, for the pilot: "ASK 21, DMSt 2025"; "Ventus 3 (18 m), DMSt 2025, span from the file's class
    /// "18-Meter"" when the class chose the span; the question of ``ambiguity(_:_:)`` for a type that still fits
    /// several entries; nil for none.
    package static func figure(
        gliderType: String, competitionClass: String?
    ) -> (index: Double?, source: String?) {
        switch match(gliderType, competitionClass: competitionClass) {
        case .entry(let entry):
            var source = "\(entry.type), \(entry.source)"
            if let competitionClass, match(gliderType) != .entry(entry) {
                source += ", span from the file's class \"\(competitionClass)\""
            }
            return (entry.index, source)
        case .ambiguous(let entries): return (nil, ambiguity(gliderType, entries))
        case .none: return (nil, nil)
        }
    }
}
