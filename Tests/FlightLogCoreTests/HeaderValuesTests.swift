import Testing

@testable import FlightLogCore

/// IGC header values as logbook entries.
@Suite struct HeaderValuesTests {
    @Test(arguments: [
        "undefined", "UNDEFINED", "NIL", "not set", "Not Set", "unknown", "N/A", "-", "---", "???", " ", "", "_",
        "Pilot", "none",
    ])
    func placeholdersAreNobody(_ raw: String) {
        #expect(HeaderValues.personName(raw) == nil)
        #expect(HeaderValues.meaningful(raw) == nil)
        #expect(HeaderValues.registration(raw) == nil)
    }

    @Test func namesInCapitalsReadAsNames() {
        #expect(HeaderValues.personName("TOBIAS_BIENIEK") == "Tobias Bieniek")
        #expect(HeaderValues.personName("LANGE HANS JUERGEN") == "Lange Hans Juergen")
        #expect(HeaderValues.personName("MÜLLER-LÜDENSCHEID, JÜRGEN") == "Müller-Lüdenscheid, Jürgen")
        #expect(HeaderValues.personName("O'NEIL") == "O'Neil")
        // Written with small letters: left as the pilot wrote it (but `_` is a space).
        #expect(HeaderValues.personName("Julius  Luebstorf ") == "Julius Luebstorf")
        #expect(HeaderValues.personName("van der Berg_Anna") == "van der Berg Anna")
        #expect(HeaderValues.personName("McDonald") == "McDonald")
        #expect(HeaderValues.personName(nil) == nil)
    }

    @Test func gliderTypesAndRegistrations() {
        #expect(HeaderValues.gliderType("DG_303") == "DG 303")
        #expect(HeaderValues.gliderType("ASG-29E (18m)") == "ASG-29E (18m)")
        #expect(HeaderValues.gliderType("LS 4") == "LS 4")
        #expect(HeaderValues.registration("D_0221") == "D-0221")
        #expect(HeaderValues.registration("D-KJLH   ") == "D-KJLH")
        #expect(HeaderValues.registration("N123AB") == "N123AB")
    }
}
