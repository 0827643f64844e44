import FlightLogCore
import FlightLogSecurity
import FlightLogServer
import FlightLogStore
import FlightLogTestSupport
import FlightLogWeb
import Foundation
import Testing

/// The phone pages against the real server and SQLite file: a flight on WeGlide links to it from its page and has a
/// badge in the list; an upload whose answer never arrived says so on both, with what to do.
@Suite("phone: where a flight is on WeGlide", .serialized, .timeLimit(.minutes(3)))
struct WeGlidePagesTests {
    @Test func theFlightPageLinksToWeGlideAndTheListMarksIt() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        try store.markWeGlideUploaded(flightId: ids[0], weglideId: 345_678)
        try store.markWeGlidePending(flightId: ids[1])
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/flights/\(ids[0])")
            #expect(page.text.contains("<a href=\"https://www.weglide.org/flight/345678\">WeGlide flight 345678</a>"))
            let uncertain = try await client.get("/flights/\(ids[1])")
            #expect(uncertain.text.contains("may be on WeGlide"), "\(uncertain.text)")
            #expect(uncertain.text.contains("flightlog upload --again \(ids[1])"))
            let never = try await client.get("/flights/\(ids[2])")
            #expect(!never.text.contains("id=\"weglide\""))
            let list = try await client.get("/")
            #expect(list.text.components(separatedBy: ">WeGlide</b>").count - 1 >= 1, "\(list.text)")
            #expect(list.text.contains(">WeGlide?</b>"))
        }
    }
}

/// The phone's "Upload to WeGlide" button against the real server, SQLite file and a local WeGlide stand-in
/// (scripts/fake-weglide.py): the upload `flightlog upload` makes, the answer on the flight page, the date of
/// birth never on a page.
@Suite("phone: Upload to WeGlide", .serialized, .timeLimit(.minutes(3)))
struct WeGlideUploadPageTests {
    static let dateOfBirth = "1985-04-12"

    static func config(_ weglide: FakeWeGlide, aircraftId: Int? = nil) -> FlightLogConfig {
        var config = FlightLogConfig()
        config.weglide.userId = 12345
        config.weglide.dateOfBirth = dateOfBirth
        config.weglide.url = weglide.url
        config.weglide.aircraftId = aircraftId
        return config
    }

    @Test func theButtonUploadsAndThePageLinksToTheFlight() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try logbook.fillWithThreeFlights()[0]
        let weglide = try FakeWeGlide(in: URL(fileURLWithPath: logbook.folder))
        let hash = try PasswordHash.make(password: EditRoundTripTests.password, iterations: 1000)
        try await withRealServer(
            databasePath: logbook.databasePath, passwordHash: hash, config: Self.config(weglide)
        ) { client, _ in
            let anonymous = try await client.get("/flights/\(id)")
            #expect(!anonymous.text.contains("Upload to WeGlide"), "not logged in")
            let cookie = try await EditRoundTripTests.logIn(client)
            let page = try await client.get("/flights/\(id)", cookie: cookie)
            #expect(page.text.contains("action=\"/flights/\(id)/weglide\"") && page.text.contains("Upload to WeGlide"))
            let forged = try await client.post("/flights/\(id)/weglide", form: [("csrf", "x")], cookie: cookie)
            #expect(forged.status == 403 && weglide.uploads.isEmpty, "no upload without the form's token")
            let token = try #require(SecurityTests.hidden("csrf", in: page.text))
            let sent = try await client.post("/flights/\(id)/weglide", form: [("csrf", token)], cookie: cookie)
            #expect(sent.status == 200)
            let upload = try #require(weglide.uploads.first)
            let weglideId = try #require((upload["flightId"] as? NSNumber)?.int64Value)
            #expect(sent.text.contains("href=\"https://www.weglide.org/flight/\(weglideId)\""), "\(sent.text)")
            #expect(!sent.text.contains("Upload to WeGlide"), "sent once")
            let store = try FlightStore(path: logbook.databasePath, mode: .readOnly)
            #expect(try store.flight(id: id).weglide.flightId == weglideId)
            #expect(!sent.text.contains(Self.dateOfBirth) && !page.text.contains(Self.dateOfBirth))
        }
    }

    @Test func aRefusalIsSaidInWordsAndNothingIsMarked() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try logbook.fillWithThreeFlights()[0]
        let weglide = try FakeWeGlide(in: URL(fileURLWithPath: logbook.folder))
        let hash = try PasswordHash.make(password: EditRoundTripTests.password, iterations: 1000)
        var config = Self.config(weglide, aircraftId: 999)
        config.gliderType = "ASK 21"  // the configured aircraft is this glider's: the flight's type
        try await withServer(
            databasePath: logbook.databasePath, passwordHash: hash, config: config
        ) { client, _ in
            let cookie = try await EditRoundTripTests.logIn(client)
            let page = try await client.get("/flights/\(id)", cookie: cookie)
            let token = try #require(SecurityTests.hidden("csrf", in: page.text))
            let refused = try await client.post("/flights/\(id)/weglide", form: [("csrf", token)], cookie: cookie)
            #expect(refused.text.contains("WeGlide refused flight \(id): Aircraft not found"), "\(refused.text)")
            #expect(!refused.text.contains(Self.dateOfBirth))
            let store = try FlightStore(path: logbook.databasePath, mode: .readOnly)
            #expect(try store.flight(id: id).weglide == .notUploaded)
        }
    }
}
