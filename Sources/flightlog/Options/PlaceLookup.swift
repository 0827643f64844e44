import FlightLogCore

/// A place option's text (`--takeoff-place`, `--landing-place`) as the pilot means it (``PlaceEntry``): the field
/// it names (code, whole name or an unambiguous part of it), else the text itself; `=` first keeps the rest as
/// the pilot's own text (`--landing-place "=Bauer Meier's field"`).
/// - Throws: ``CLIError`` listing the candidates when the text names several fields, unless `keepAmbiguous` (then
///   the text is kept); `extraAdvice` is added to the error (what else the caller needs for its own text).
func lookUpPlace(
    _ text: String, option: String, in index: AirfieldIndex, keepAmbiguous: Bool = false,
    extraAdvice: String? = nil
) throws -> ManualFlight.Place {
    let entry = PlaceEntry(text, in: index)
    switch entry {
    case .field(let field): return ManualFlight.Place(text: field.label, field: field)
    case .ownText(let own): return ManualFlight.Place(text: own, field: nil)
    case .ambiguous:
        if keepAmbiguous { return ManualFlight.Place(text: text, field: nil) }
        throw CLIError(entry.ambiguityMessage(option)! + (extraAdvice.map { " \($0)" } ?? ""))
    }
}
