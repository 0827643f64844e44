import FlightLogCore
import FlightLogText
import Testing

/// `airspace list` and `club users`: their tables, and what to do when there is nothing to list.
@Suite("listing tables")
struct ListingTextTests {
    static let noon = CivilDate(year: 2025, month: 6, day: 14).utcMidnight + 12 * 3_600_000 + 5 * 60_000

    @Test func airspaceFilesSayHowToImportWhenNoneIsKept() {
        #expect(ListingText.airspaceFiles([]) == "No airspace: add an OpenAir file with flightlog airspace import FILE")
    }

    @Test func airspaceFilesOneRowEachWithTheImportTimeAndNoControlCharacters() {
        let text = ListingText.airspaceFiles([
            ListingText.AirspaceFileRow(name: "de_asp.txt", airspaces: [], importedAt: Self.noon),
            ListingText.AirspaceFileRow(name: "evil\u{1B}[2J.txt", airspaces: [], importedAt: Self.noon),
        ])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")  // header, rule, two files
        #expect(lines[0].hasPrefix("File") && lines[0].contains("Imported (UTC)"))
        #expect(lines[2].hasPrefix("de_asp.txt") && lines[2].hasSuffix("2025-06-14 12:05"))
        #expect(!text.contains("\u{1B}"))
    }

    @Test func loginsSayHowToAddOneWhenThereIsNone() {
        #expect(ListingText.logins([]) == "no logins yet: add one with flightlog club add-user LOGIN --pilot NAME\n")
    }

    @Test func loginsNameThePilotTheRoleAndTheDayAdded() {
        let text = ListingText.logins([
            ClubAccountListing(login: "anna", pilotName: "Anna Berg", isAdmin: false, createdAt: Self.noon),
            ClubAccountListing(login: "chief", pilotName: "Karl Meier", isAdmin: true, createdAt: Self.noon),
        ])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(!text.hasSuffix("\n"))  // printed as it was, with no newline after the table
        #expect(lines.first?.hasPrefix("Login") == true)
        #expect(lines.contains { $0.hasPrefix("anna") && $0.contains("Anna Berg") && $0.contains("pilot") })
        #expect(lines.contains { $0.hasPrefix("chief") && $0.contains("admin") && $0.hasSuffix("2025-06-14") })
    }
}
