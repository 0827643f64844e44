import FlightLogCore
import FlightLogText
import Foundation
import Testing

/// Where a flight is on WeGlide, as `show`, `show --json` and `list --json` say it.
@Suite("WeGlide in show and the JSON")
struct WeGlideTextTests {
    static let uploadedAt: UTCMillis = 1_749_910_000_000  // 2025-06-14T14:06:40Z

    static func flight(_ state: WeGlideState) -> Flight {
        var flight = FlightTextTests.flight()
        flight.weglide = state
        return flight
    }

    /// The `weglide` member of `list --json`'s one flight.
    static func weglideJSON(_ state: WeGlideState) throws -> Any? {
        let json = FlightJSON.array([flight(state)])
        let list = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return list.first?["weglide"]
    }

    @Test func showGivesTheLinkAndTheTime() {
        let text = FlightDetailsText.render(
            Self.flight(.uploaded(flightId: 345_678, uploadedAt: Self.uploadedAt)), fixes: [], history: [])
        let line = text.split(separator: "\n").first { $0.hasPrefix("WeGlide:") }
        #expect(
            line?.dropFirst("WeGlide:".count).trimmingCharacters(in: .whitespaces)
                == "https://www.weglide.org/flight/345678 (uploaded 2025-06-14T14:06:40Z)", "\(text)")
    }

    @Test func showSaysAnUncertainUploadAndWhatToDo() {
        let text = FlightDetailsText.render(Self.flight(.uncertain(since: Self.uploadedAt)), fixes: [], history: [])
        #expect(text.contains("may be on WeGlide"), "\(text)")
        #expect(text.contains("flightlog upload 7 says what to do"), "\(text)")
    }

    @Test func showOfAFlightNeverSentHasNoWeGlideLine() {
        let text = FlightDetailsText.render(Self.flight(.notUploaded), fixes: [], history: [])
        #expect(!text.contains("WeGlide"), "\(text)")
    }

    @Test func jsonHasTheIdAndTimeOrNull() throws {
        let uploaded = try #require(
            try Self.weglideJSON(.uploaded(flightId: 345_678, uploadedAt: Self.uploadedAt)) as? [String: Any])
        #expect((uploaded["flightId"] as? NSNumber)?.int64Value == 345_678)
        #expect(uploaded["uploadedAt"] as? String == "2025-06-14T14:06:40Z")
        #expect(uploaded["url"] as? String == "https://www.weglide.org/flight/345678")
        #expect(uploaded["uncertainSince"] == nil)
        #expect(try Self.weglideJSON(.notUploaded) is NSNull)
        let uncertain = try #require(try Self.weglideJSON(.uncertain(since: Self.uploadedAt)) as? [String: Any])
        #expect(uncertain["uncertainSince"] as? String == "2025-06-14T14:06:40Z")
        #expect(uncertain["flightId"] == nil)
    }
}
