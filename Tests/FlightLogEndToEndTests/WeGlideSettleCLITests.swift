import FlightLogTestSupport
import Foundation
import Testing

/// An upload whose answer never arrived is settled by asking WeGlide's flight list (`GET /v1/flight`), through the
/// real executable against scripts/fake-weglide.py.
@Suite(.serialized) struct WeGlideSettleCLITests {
    typealias Logbook = WeGlideUploadCLITests.Logbook

    /// Flight 1 marked as sent `minutesAgo` minutes ago without an answer (as `flightlog upload` leaves it).
    private func uncertain(_ logbook: Logbook, minutesAgo: Int64) throws {
        let since = Int64(Date().timeIntervalSince1970 * 1000) - minutesAgo * 60_000
        let marked = try runProcess(
            "/usr/bin/sqlite3", [logbook.db.path, "UPDATE flight SET weglidePendingSince = \(since) WHERE id = 1"])
        try #require(marked.status == 0)
    }

    @Test func aLostAnswerIsFoundInWeGlidesList() throws {
        let logbook = try Logbook()
        let losing = try FakeWeGlide(in: logbook.dir, options: ["--lose-answer"])
        try logbook.configure(url: losing.url, extra: "aircraft_id = 14")
        let lost = try logbook.run(["upload", "1"])
        #expect(lost.status == 75)
        #expect(lost.stdout.contains("it may be on WeGlide"), "\(lost.stdout)")
        let settled = try logbook.run(["upload", "1"])
        #expect(settled.status == 0, "\(settled.stdout)")
        #expect(settled.stdout.contains("and WeGlide lists it: WeGlide flight 345678"))
        #expect(losing.uploads.count == 1, "not sent twice")
        let asked = try #require(
            losing.requests().first {
                $0["path"] as? String ?? "" == "/v1/flight" || ($0["path"] as? String ?? "").hasPrefix("/v1/flight?")
            })
        #expect(asked["status"] as? Int == 200)
        #expect((asked["query"] as? [String: String])?["user_id_in"] == "12345")
    }

    @Test func anUploadWeGlideDoesNotListIsSentAgainWithALineSayingSo() throws {
        let logbook = try Logbook()
        let weglide = try FakeWeGlide(in: logbook.dir)
        try logbook.configure(url: weglide.url, extra: "aircraft_id = 14")
        try uncertain(logbook, minutesAgo: 60)
        let again = try logbook.run(["upload", "1"])
        #expect(again.status == 0, "\(again.stdout)")
        #expect(again.stdout.contains("WeGlide lists no flight of user 12345 at that time: sending it again"))
        #expect(again.stdout.contains("flight 1 → WeGlide flight 345678"))
        #expect(weglide.uploads.count == 1)
    }

    @Test func aRecentUploadWeGlideDoesNotListYetStaysUncertain() throws {
        let logbook = try Logbook()
        let weglide = try FakeWeGlide(in: logbook.dir)
        try logbook.configure(url: weglide.url, extra: "aircraft_id = 14")
        try uncertain(logbook, minutesAgo: 2)
        let waiting = try logbook.run(["upload", "1"])
        #expect(waiting.status == 1)
        #expect(waiting.stdout.contains("WeGlide does not list it yet"), "\(waiting.stdout)")
        #expect(weglide.uploads.isEmpty)
        #expect(try logbook.run(["show", "1"]).stdout.contains("may be on WeGlide"))
    }

    @Test func withoutAnAnswerFromTheListTheUncertaintyStays() throws {
        let logbook = try Logbook()
        try logbook.configure(url: "http://127.0.0.1:\(freePort())", extra: "aircraft_id = 14")
        try uncertain(logbook, minutesAgo: 60)
        let unasked = try logbook.run(["upload", "1"])
        #expect(unasked.status == 1)
        #expect(unasked.stdout.contains("WeGlide's flight list could not be asked"), "\(unasked.stdout)")
        #expect(unasked.stdout.contains("flightlog upload --again 1"))
        #expect(try logbook.run(["show", "1"]).stdout.contains("may be on WeGlide"))
    }
}
