import Testing

@testable import FlightLogCore

/// German typed without umlaut keys spells ä, ö, ü as ae, oe, ue: such a name finds the field as the accents-off
/// spelling does, and a name that really has "ue" (Bueckeburg-style) is found first as typed.
@Suite struct UmlautSpellingLookupTests {
    typealias T = AirfieldNameLookupTests
    static let quellen = T.field("EDXQ", "Queller Moor", 53.0, 9.0)
    static let index = AirfieldIndex([T.merzbrueck, T.kueckhoven, T.gladbach, T.wanlo, T.oberberg, quellen])

    @Test(
        arguments: [
            ("Merzbrueck", "EDKA"), ("AACHEN-MERZBRUECK", "EDKA"), ("Kueckhoven", nil), ("Moenchengladbach", "EDLN"),
            ("Queller", "EDXQ"), ("moor", "EDXQ"),
        ] as [(String, String?)])
    func theUmlautSpellingFindsTheField(text: String, code: String?) throws {
        guard case .field(let field) = Self.index.match(named: text) else {
            Issue.record("\(text): \(Self.index.match(named: text))")
            return
        }
        #expect(field.code == code, "\(text) → \(field.name)")
    }

    @Test func stillNothingIsNothing() {
        #expect(Self.index.match(named: "Hinterhuebenfeld") == .none)
    }
}
