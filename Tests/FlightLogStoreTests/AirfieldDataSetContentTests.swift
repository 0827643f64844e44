import FlightLogCore
import Foundation
import Testing

@testable import FlightLogStore

/// What the generator's merge of airportsdata and OurAirports must give, checked on the shipped file through
/// the real loader: gliding sites only OurAirports has, names with their accents, no field twice, unique codes,
/// zones the system knows.
@Suite struct AirfieldDataSetContentTests {
    static let dataSet: [Airfield] = (try? AirfieldCatalog.dataSet()) ?? []
    static let index = AirfieldIndex(dataSet)

    @Test func glidingSitesAndAccentedNamesArePresent() throws {
        let kueckhoven = try #require(Self.dataSet.first { $0.name == "Erkelenz-Kückhoven" })
        #expect(Geodesy.distance(kueckhoven.coordinate, Coordinate(latitude: 51.0642, longitude: 6.3603)) < 200)
        #expect(kueckhoven.zoneIdentifier == "Europe/Berlin")
        let gladbach = try #require(Self.dataSet.first { $0.code == "EDLN" })
        #expect(gladbach.name == "Mönchengladbach Airport")
        #expect(Self.dataSet.first { $0.code == "EDKA" }?.name == "Aachen-Merzbrück Airport")
        #expect(Self.dataSet.first { $0.code == "EPJG" }?.name.contains("Jelenia Góra") == true)
        #expect(!Self.dataSet.contains { $0.name.contains("Monchengladbach") || $0.name.contains("Merzbruck") })
        #expect(Self.dataSet.count > 40_000)
    }

    /// The same field from both sources is one entry: no two fields within 1 km have the same name (case and
    /// accents ignored), and no code is given to two fields.
    @Test func noFieldTwice() {
        var keys: [String: String] = [:]
        for field in Self.dataSet where keys[field.name] == nil { keys[field.name] = searchKey(field.name) }
        var twice: [String] = []
        for field in Self.index.fields {
            let key = keys[field.name]
            let same = Self.index.fields(within: 1000, of: field.coordinate).filter { keys[$0.airfield.name] == key }
            if same.count > 1 { twice.append(field.label) }
        }
        #expect(twice.isEmpty, "\(twice.prefix(10))")
        let codes = Self.dataSet.compactMap(\.code)
        #expect(Set(codes).count == codes.count)
    }

    @Test func everyZoneIsOneTheSystemKnows() {
        let zones = SystemTimeZones()
        let unknown = Set(Self.dataSet.compactMap(\.zoneIdentifier)).filter { zones.rules(identifier: $0) == nil }
        #expect(unknown.isEmpty, "\(unknown.sorted())")
        #expect(Self.dataSet.allSatisfy { $0.zoneIdentifier != nil })
    }
}
