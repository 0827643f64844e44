import Foundation
import Testing

@testable import FlightLogWeGlide

/// `GET /v1/flight`'s answer as WeGlide's OpenAPI document describes its items (`FlightRankList`).
@Suite struct WeGlideListTests {
    @Test func flightsWithIdUserAndTimesAreRead() {
        let body = """
            [{"id": 345678, "user": {"id": 12345, "name": "A"}, "takeoff_time": "2025-06-14T10:12:00Z",
              "landing_time": "2025-06-14T13:02:30.250000+02:00", "scoring_date": "2025-06-14"},
             {"id": 2, "user": {"id": 12345}, "takeoff_time": "yesterday", "landing_time": "2025-06-14T13:00:00"},
             {"id": 3.5, "user": {"id": 1}, "takeoff_time": "2025-06-14T10:00:00", "landing_time": "2025-06-14T11:00:00"}]
            """
        let listed = WeGlideAnswers.listedFlights(Array(body.utf8))
        #expect(
            listed == [
                .init(id: 345678, userId: 12345, takeoff: 1_749_895_920_000, landing: 1_749_898_950_000)
            ])
    }

    @Test func oneObjectIsAListOfOneAndAnythingElseIsNoList() {
        let one =
            #"{"id": 1, "user": {"id": 2}, "takeoff_time": "1970-01-01T00:00:00", "landing_time": "1970-01-01T00:01:00"}"#
        #expect(WeGlideAnswers.listedFlights(Array(one.utf8))?.map(\.landing) == [60_000])
        #expect(WeGlideAnswers.listedFlights(Array("[1, 2]".utf8)) == nil)
        #expect(WeGlideAnswers.listedFlights(Array("no json".utf8)) == nil)
        #expect(WeGlideAnswers.listedFlights(Array("[]".utf8)) == [])
    }

    @Test(arguments: [
        ("2024-02-29T23:59:59Z", Int64(1_709_251_199_000)), ("2024-03-01T01:00:00+01:00", 1_709_251_200_000),
        ("2024-02-29 23:59:59", 1_709_251_199_000), ("1969-12-31T23:00:00-01:00", 0),
    ])
    func timesAreUTC(text: String, millis: Int64) {
        #expect(WeGlideAnswers.utcMillis(text) == millis)
    }

    @Test(arguments: ["2025-02-30T10:00:00Z", "2025-06-14T24:00:00Z", "2025-06-14T10:00:00+0200", "2025-06-14", ""])
    func impossibleTimesAreNone(text: String) {
        #expect(WeGlideAnswers.utcMillis(text) == nil)
    }
}
