import Testing

@testable import FlightLogCore

/// A field by what a pilot types: code, whole name, or any part of the name only that field has; case, accents
/// and punctuation ignored; several candidates are reported, never guessed.
@Suite struct AirfieldNameLookupTests {
    static func field(_ code: String?, _ name: String, _ lat: Double, _ lon: Double) -> Airfield {
        Airfield(
            code: code, name: name, coordinate: Coordinate(latitude: lat, longitude: lon), elevation: 100,
            zoneIdentifier: "Europe/Berlin", source: .dataSet)
    }

    static let merzbrueck = field("EDKA", "Aachen-Merzbrück Airport", 50.82305, 6.18639)
    static let kueckhoven = field(nil, "Erkelenz-Kückhoven", 51.06417, 6.36028)
    static let gladbach = field("EDLN", "Mönchengladbach Airport", 51.23028, 6.50444)
    static let wanlo = field(nil, "Wanlo Airfield", 51.101, 6.3936)
    static let bergA = field("EDBA", "Berg am Laim", 48.1, 11.6)
    static let bergB = field(nil, "Bergheim Glider Field", 50.95, 6.6)
    static let oberberg = field("EDKO", "Oberberg", 51.0, 7.5)
    static let index = AirfieldIndex([merzbrueck, kueckhoven, gladbach, wanlo, bergA, bergB, oberberg])

    @Test(arguments: [
        "Merzbrück", "merzbruck", "MERZBRÜCK", "  Merzbr ",
        "Aachen Merzbrück", "aachen-merzbruck airport", "EDKA", "edka", "Aachen",
    ])
    func aUniquePartCodeOrNameFindsTheField(text: String) {
        #expect(Self.index.match(named: text) == .field(Self.merzbrueck), "\(text)")
        #expect(Self.index.field(named: text) == Self.merzbrueck)
    }

    @Test func accentsAndCaseOnEitherSide() {
        #expect(Self.index.match(named: "kuckhoven") == .field(Self.kueckhoven))
        #expect(Self.index.match(named: "ERKELENZ") == .field(Self.kueckhoven))
        #expect(Self.index.match(named: "monchengladbach") == .field(Self.gladbach))
        #expect(Self.index.match(named: "Mönchengladbach Airport") == .field(Self.gladbach))
    }

    @Test func aPartMustStartAWord() {
        // "erg" is inside Berg, Bergheim and Oberberg but starts none of their words.
        #expect(Self.index.match(named: "erg") == .none)
        #expect(Self.index.match(named: "Hintertupfing") == .none)
        #expect(Self.index.match(named: "") == .none)
        #expect(Self.index.match(named: " - ") == .none)
    }

    @Test func anAmbiguousPartListsEveryCandidateSortedByName() {
        // Oberberg has "berg" inside a word only, so it is no candidate.
        #expect(Self.index.match(named: "berg") == .ambiguous([Self.bergA, Self.bergB]))
        #expect(Self.index.match(named: "a") == .ambiguous([Self.merzbrueck, Self.bergA, Self.gladbach, Self.wanlo]))
        #expect(Self.index.field(named: "berg") == nil)
        // A whole name wins over the names it is part of; more of the name decides.
        #expect(Self.index.match(named: "Oberberg") == .field(Self.oberberg))
        #expect(Self.index.match(named: "bergheim") == .field(Self.bergB))
    }

    @Test func aCodeWinsOverNamesAndTwoFieldsWithOneCodeAreAmbiguous() {
        let named = Self.field(nil, "Edka Farm Strip", 10, 10)
        #expect(AirfieldIndex([Self.merzbrueck, named]).match(named: "edka") == .field(Self.merzbrueck))
        let twin = Self.field("EDKA", "Somewhere Else", 20, 20)
        #expect(
            AirfieldIndex([Self.merzbrueck, twin]).match(named: "EDKA") == .ambiguous([Self.merzbrueck, twin]))
    }

    /// ASCII names take a fast path; it must give the key the Unicode path gives.
    @Test func keysOfAsciiAndAccentedNamesAgree() {
        #expect(AirfieldIndex.nameKey(" Aachen-Merzbruck  Airport (2)!") == "aachen merzbruck airport 2")
        #expect(AirfieldIndex.nameKey(" Aachen-Merzbrück  Airport (2)!") == "aachen merzbruck airport 2")
        #expect(AirfieldIndex.nameKey("St. Peter's/Ørland") == "st peter s orland")
        #expect(AirfieldIndex.nameKey("St. Peter's/Orland") == "st peter s orland")
        #expect(AirfieldIndex.nameKey("--") == "")
    }

    @Test func sameNameTwiceIsAmbiguous() {
        let a = Self.field(nil, "Mönchengladbach Airport", 0, 0)
        #expect(
            AirfieldIndex([Self.gladbach, a]).match(named: "monchengladbach airport") == .ambiguous([a, Self.gladbach]))
    }
}
