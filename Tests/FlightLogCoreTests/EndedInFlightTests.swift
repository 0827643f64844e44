import FlightLogCore
import FlightLogSimulation
import Testing

/// A recording that stops in the air is no landing: the segmenter marks it (the detector's own landing rule decides
/// whether the last fix is still airborne), and the flight is then neither an outlanding nor placed at a field.
@Suite("recording ended in flight")
struct EndedInFlightTests {
    static let plan = SimulatedFlightPlan(flightMinutes: 30, seed: 5)
    static let whole = FlightSimulator.simulate(plan)

    @Test func aTrackCutInTheAirEndedInFlightAndAWholeOneLanded() throws {
        let cut = Array(Self.whole.prefix(1200))
        let flights = FlightSegmenter.flightsForImport(cut, extensions: FlightSimulator.extensions)
        try #require(flights.count == 1)
        #expect(flights[0].endedInFlight && flights[0].landingIndex == cut.count - 1)
        let landed = FlightSegmenter.flightsForImport(Self.whole, extensions: FlightSimulator.extensions)
        try #require(landed.count == 1)
        #expect(!landed[0].endedInFlight && landed[0].landingDetected)
    }

    @Test func aFlightEndingAtARecordingGapInTheAirEndedInFlight() throws {
        // The power died in the air; hours later the recorder runs again on the ground.
        let cut = Array(Self.whole.prefix(1200))
        let later = cut.last!.time + 3 * 3_600_000
        let ground = (0..<300).map { s in
            Fix(time: later + UTCMillis(s) * 1000, latitude: 51, longitude: 7, pressureAltitude: 180, gnssAltitude: 230)
        }
        let flights = FlightSegmenter.flights(in: cut + ground, extensions: FlightSimulator.extensions)
        try #require(flights.count == 1)
        #expect(flights[0].landingIndex == cut.count - 1)
        #expect(flights[0].endedInFlight)
    }

    @Test func theWholeTrackFallbackAsksTheDetectorsLandingRule() throws {
        // Gliding down at 1 m/s, too slow over the ground for a takeoff: no flight detected, and it ends airborne.
        let gliding: [Fix] = (0..<300).map { s in
            Fix(
                time: 1_700_000_000_000 + UTCMillis(s) * 1000, latitude: 48 + Double(s) * 1e-6, longitude: 8,
                pressureAltitude: 900 - Double(s), gnssAltitude: 960 - Double(s))
        }
        let descent = try #require(FlightSegmenter.flightsForImport(gliding, extensions: []).first)
        #expect(descent.detectedBy == nil && descent.endedInFlight)
        // The same, then two minutes standing still: the detector's landing rule finds the landing.
        let still = (1...120).map { s in
            Fix(
                time: gliding.last!.time + UTCMillis(s) * 1000, latitude: gliding.last!.latitude, longitude: 8,
                pressureAltitude: 601, gnssAltitude: 661)
        }
        let landed = try #require(FlightSegmenter.flightsForImport(gliding + still, extensions: []).first)
        #expect(landed.detectedBy == nil && !landed.endedInFlight)
        #expect(!FlightSegmenter.endsAirborne(gliding + still, from: 0, to: gliding.count + still.count - 1))
        #expect(FlightSegmenter.endsAirborne(gliding, from: 0, to: gliding.count - 1))
    }

    @Test func theFlightSaysSoInsteadOfALandingPlace() throws {
        let cut = Array(Self.whole.prefix(1200))
        let detected = try #require(FlightSegmenter.flightsForImport(cut, extensions: FlightSimulator.extensions).first)
        var flight = Flight(
            detected: detected, details: FlightDetails(), source: .recorded, hasBarometer: true,
            timeZoneIdentifier: nil, utcOffsetSeconds: 0)
        #expect(flight.endedInFlight)
        flight.landingLocation = FlightPlace(
            code: nil, name: "Wershofen", distance: 12_000, bearing: 45, isOutlanding: true, zoneIdentifier: nil)
        #expect(!flight.isOutlanding, "the last fix in the air is no outlanding")
        #expect(flight.landingPlaceLabel == "recording ended in flight")
        flight.details.landingPlace = "Bauer Meier's field"
        #expect(flight.landingPlaceLabel == "Bauer Meier's field", "a place the pilot typed")
        #expect(!FlightFilter(outlanding: true).matches(flight))
    }
}
