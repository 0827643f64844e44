import Foundation
import Testing

@testable import FlightLogWeGlide

@Suite struct AircraftCatalogueTests {
    let catalogue = AircraftCatalogue(
        aircraft: [
            .init(id: 160, name: "LS 4"), .init(id: 161, name: "LS 4 b"), .init(id: 52, name: "ASW 19"),
            .init(id: 53, name: "ASW 19 B"), .init(id: 7, name: "Duo Discus"),
        ], fetchedAt: Date(timeIntervalSince1970: 0))

    @Test(arguments: [("LS_4", 160), ("Ls 4", 160), ("ASW-19", 52), ("asw19b", 53), ("duo-discus", 7)])
    func typeNamesMatchIgnoringCaseSpacesDashesUnderscores(type: String, id: Int) {
        #expect(catalogue.match(gliderType: type)?.id == id)
    }

    @Test func unknownOrEmptyTypeMatchesNothing() {
        #expect(catalogue.match(gliderType: "LS 8") == nil)
        #expect(catalogue.match(gliderType: " - ") == nil)
    }

    /// The glider index's normaliser decides: "Standard" is "Std", a span is a span however written.
    @Test func spansAndStandardAreReadAsTheGliderIndexReadsThem() {
        let spans = AircraftCatalogue(
            aircraft: [
                .init(id: 1, name: "LS 8 (15m)"), .init(id: 2, name: "LS 8 (18m)"), .init(id: 3, name: "Std Cirrus"),
                .init(id: 4, name: "Ventus 2c"),
            ], fetchedAt: Date())
        #expect(spans.match(gliderType: "LS8-18")?.id == 2)
        #expect(spans.match(gliderType: "ls 8 15 m")?.id == 1)
        #expect(spans.match(gliderType: "LS 8") == nil)
        #expect(spans.match(gliderType: "Standard Cirrus")?.id == 3)
        #expect(spans.match(gliderType: "Ventus 2c 18 m")?.id == 4)
    }

    @Test func twoAircraftOfOneNameAreNoMatch() {
        let twice = AircraftCatalogue(
            aircraft: [.init(id: 1, name: "LS 4"), .init(id: 2, name: "LS-4")], fetchedAt: Date())
        #expect(twice.match(gliderType: "LS 4") == nil)
    }

    @Test func weglideListIsReadAndKeptWithItsDate() throws {
        let json =
            #"[{"id": 160, "name": "LS 4", "kind": "GL", "sc_class": "club", "valid_dmst_index": 104}, {"x": 1}]"#
        let read = try AircraftCatalogue(weglideJSON: Array(json.utf8), fetchedAt: Date(timeIntervalSince1970: 1000))
        #expect(read.aircraft == [.init(id: 160, name: "LS 4")])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = AircraftCatalogue.path(besideDatabase: folder.appendingPathComponent("flightlog.sqlite").path)
        try read.write(path: path)
        let again = try #require(AircraftCatalogue.read(path: path))
        #expect(again.aircraft == read.aircraft)
        #expect(again.fetchedAt == read.fetchedAt)
    }

    @Test func notAListIsAnError() {
        #expect(throws: CatalogueError.self) { try AircraftCatalogue(weglideJSON: Array("{}".utf8), fetchedAt: Date()) }
    }
}

@Suite struct WeGlideAnswerTests {
    @Test func createdFlightsGiveTheirIds() {
        #expect(WeGlideAnswers.createdFlightIds(Array(#"[{"id": 345678, "user": {"id": 1}}]"#.utf8)) == [345678])
        #expect(WeGlideAnswers.createdFlightIds(Array(#"[{"name": "x"}]"#.utf8)) == nil)
        #expect(WeGlideAnswers.createdFlightIds(Array("not json".utf8)) == nil)
    }

    @Test func detailIsASentenceOrTheValidationMessages() {
        #expect(WeGlideAnswers.detail(Array(#"{"detail": "Aircraft not found"}"#.utf8)) == "Aircraft not found")
        let validation = #"{"detail": [{"loc": ["body", "user_id"], "msg": "field required", "type": "missing"}]}"#
        #expect(WeGlideAnswers.detail(Array(validation.utf8)) == "body.user_id: field required")
        #expect(WeGlideAnswers.detail(Array("<html>".utf8)) == nil)
    }

    @Test func multipartBodyHasEachFieldAndTheFileUnchanged() {
        let igc: [UInt8] = Array("AXXX\r\nB1\r\n".utf8) + [0xFF]
        let form = MultipartForm(
            fields: [("user_id", "12345"), ("date_of_birth", "1985-04-12")],
            file: (name: "file", fileName: "a.igc", bytes: igc), boundary: "B")
        let expected =
            "--B\r\nContent-Disposition: form-data; name=\"user_id\"\r\n\r\n12345\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"date_of_birth\"\r\n\r\n1985-04-12\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.igc\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n"
        #expect(form.body == Array(expected.utf8) + igc + Array("\r\n--B--\r\n".utf8))
        #expect(form.contentType == "multipart/form-data; boundary=B")
    }
}
