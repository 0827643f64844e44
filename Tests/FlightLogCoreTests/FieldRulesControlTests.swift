import Testing

@testable import FlightLogCore

/// The field rules (every edit: `flightlog edit`, the phone, a pulled club edit) refuse C1 control characters as
/// they refuse C0: U+009B is an escape (CSI) to a terminal as ESC [ is.
@Suite struct FieldRulesControlTests {
    @Test(arguments: ["Eve\u{9B}31mRed", "a\u{85}b", "x\u{80}", "\u{9F}"])
    func c1ControlCharactersAreRefused(text: String) {
        #expect(FieldRules.problem(field: "pilot", text: text) == "pilot must not contain control characters")
        #expect(FieldRules.problem(field: "remarks", text: text) == "remarks must not contain control characters")
    }

    @Test func printableTextBeyondLatin1IsKept() {
        #expect(FieldRules.problem(field: "pilot", text: "Ærø ¡ \u{A0}Ñ") == nil)
        #expect(FieldRules.problem(field: "remarks", text: "line\nnext\ttab") == nil)
    }
}
