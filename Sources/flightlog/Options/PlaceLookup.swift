import FlightLogCore

/// A place option's text (`--takeoff-place`, `--landing-place`) as the pilot means it: the field it names
/// (code, whole name or an unambiguous part of it), else the text itself.
/// - Throws: ``CLIError`` listing the candidates when the text names several fields, unless `freeTextEscape`
///   says how the caller keeps it as text instead (then it is kept only when `keepAmbiguous` is set).
func lookUpPlace(
    _ text: String, option: String, in index: AirfieldIndex, keepAmbiguous: Bool = false,
    freeTextEscape: String? = nil
) throws -> ManualFlight.Place {
    switch index.match(named: text) {
    case .field(let field): return ManualFlight.Place(text: field.label, field: field)
    case .none: return ManualFlight.Place(text: text, field: nil)
    case .ambiguous(let fields):
        if keepAmbiguous { return ManualFlight.Place(text: text, field: nil) }
        let shown = fields.prefix(8).map { "  \($0.label)" + ($0.code == nil ? " at \($0.coordinate.shortText)" : "") }
        let more = fields.count > shown.count ? ["  … and \(fields.count - shown.count) more"] : []
        let example = fields.first { $0.code != nil }?.code ?? fields[0].name
        var advice = "give its code (e.g. \(option) \(example)) or more of its name"
        if let freeTextEscape { advice += "; to log '\(text)' as text of your own, \(freeTextEscape)" }
        throw CLIError(
            (["\(option) '\(text)' matches \(fields.count) airfields:"] + shown + more).joined(separator: "\n")
                + "\nWhich one? \(advice).")
    }
}
