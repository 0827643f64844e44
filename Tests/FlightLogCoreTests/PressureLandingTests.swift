import FlightLogSimulation
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogCore

/// The fix lost for good before the landing: the landing found from the pressure alone.
@Suite("PressureLanding")
struct PressureLandingTests {
    /// The fixes from `cut` on as the barograph writes them without a fix: `V`, the last valid position, no GNSS
    /// altitude, the pressure altitude kept.
    static func losingTheFix(_ fixes: [Fix], from cut: UTCMillis) -> [Fix] {
        guard let last = fixes.last(where: { $0.isValid && $0.time < cut }) else { return fixes }
        return fixes.map { fix in
            guard fix.time >= cut else { return fix }
            return Fix(
                time: fix.time, isValid: false, latitudeE7: last.latitudeE7, longitudeE7: last.longitudeE7,
                pressureAltitudeDm: fix.pressureAltitudeDm, gnssAltitudeDm: nil, extensions: fix.extensions)
        }
    }

    /// Real flights with a barometer: valid fixes cut 4 minutes before the import's landing, the rest `V` with
    /// the pressure kept. Each must still be one flight, with the import's takeoff and a landing within 60 s.
    @Test(
        .enabled(if: SharedFlights.available),
        arguments: [
            "01lz1hq1.igc", "2016-11-08-xcs-aaa-02.igc", "654G6NG1.IGC", "H1_77flne21.IGC", "T_77fv4np1.igc",
            "complex_example_lxn.igc",
        ])
    func fixLostFourMinutesBeforeTheLanding(name: String) throws {
        let track = try SharedFlights.load(name)
        let complete = FlightSegmenter.flightsForImport(track.fixes, extensions: track.recorder.extensions)
        let flights = complete.filter { $0.landingDetected && $0.usesPressureAltitude }
        try #require(!flights.isEmpty, "\(name): no landed flight with pressure altitude")
        for flight in flights {
            let lost = Self.losingTheFix(track.fixes, from: flight.landingTime - 240_000)
            let found = FlightSegmenter.flightsForImport(lost, extensions: track.recorder.extensions)
            let same = try #require(
                found.first { abs($0.takeoffTime - flight.takeoffTime) <= 1000 }, "\(name): takeoff lost")
            let delta = (same.landingTime - flight.landingTime) / 1000
            print(
                "PressureLanding \(name): landing \(delta) s from the complete file's (\(iso8601UTC(flight.landingTime)))"
            )
            #expect(same.landingDetected)
            #expect(abs(same.landingTime - flight.landingTime) <= 60_000, "\(name): landing off by \(delta) s")
            #expect(found.count == complete.count, "\(name): \(found.count) flights instead of \(complete.count)")
        }
    }

    /// A glide in zero lift (sinking 0.7 m/s) or circling at constant height ± a few metres, without a fix, never
    /// lands; the same pressure altitude held still for 3 minutes does, dated to its start.
    @Test func stillnessNotGlidingLands() {
        var landing = PressureLanding()
        landing.reset(at: 0)
        var found: [(time: UTCMillis, index: Int)] = []
        for s in 1...600 {
            // 0–300 s: circling, ±4 m sine over a 25 s turn; 300–400 s: gliding down 0.7 m/s; then still.
            let t = Double(s)
            let altitude: Meters
            if s < 300 {
                altitude = 600 + 4 * sin(t * 2 * Double.pi / 25)
            } else if s < 400 {
                altitude = 600 - 0.7 * (t - 300)
            } else {
                altitude = 530 + 0.4 * sin(t)
            }
            if let hit = landing.feed(
                time: UTCMillis(s) * 1000, index: s, pressureAltitude: altitude, takeoffAltitude: 500)
            {
                found.append(hit)
            }
        }
        // Dated to the stillness: the glide's last 3 m (4 s at 0.7 m/s) are within its band.
        #expect(found.count == 1 && (396_000...400_000).contains(found.first?.time ?? 0))
        #expect(found.first.map { UTCMillis($0.index) * 1000 == $0.time } == true)
    }

    /// The winch flight with the antenna lost at the top: held level 180 m above the takeoff for 4 minutes (longer
    /// than the hold), then down to the field. Only the stillness on the ground (near the takeoff's level) lands it.
    @Test func levelFlightHighAboveTheTakeoffIsNoLanding() {
        var landing = PressureLanding()
        landing.reset(at: 0)
        var found: [UTCMillis] = []
        for s in 1...800 {
            let t = Double(s)
            // 0–240 s level at 530 m (takeoff 350 m, ±1 m), 240–420 s down at 1 m/s, then on the ground.
            let altitude = s < 240 ? 530 + sin(t / 7) : s < 420 ? 530 - (t - 240) : 350 + 0.3 * sin(t)
            if let hit = landing.feed(
                time: UTCMillis(s) * 1000, index: s, pressureAltitude: altitude, takeoffAltitude: 350)
            {
                found.append(hit.time)
            }
        }
        // The first is the landing (the detector stops feeding it then).
        #expect((416_000...420_000).contains(found.first ?? 0), "landings at \(found)")
    }

    @Test func farFromTakeoffOrAfterAGapNothingLands() {
        var high = PressureLanding()
        high.reset(at: 0)
        var gap = PressureLanding()
        gap.reset(at: 0)
        var landings: [UTCMillis] = []
        for s in 1...400 {
            let time = UTCMillis(s) * 1000
            // Level in smooth wave 2000 m above the takeoff.
            if let hit = high.feed(time: time, index: s, pressureAltitude: 2500, takeoffAltitude: 500) {
                landings.append(hit.time)
            }
            // Still, with a 40 s hole (a power cut) at 100 s: the stillness starts over after it.
            if s > 100 && s < 140 { continue }
            if let hit = gap.feed(time: time, index: s, pressureAltitude: 500, takeoffAltitude: 500) {
                landings.append(hit.time)
            }
        }
        // Only the still case, dated to the first fix after the hole (the stillness before it is forgotten).
        #expect(landings == [140_000])
    }

    /// In flight (takeoff committed), `V` fixes with a frozen position and a still pressure altitude land the
    /// flight through the detector; a valid fix in between starts the stillness over.
    @Test func detectorLandsFromPressureAlone() throws {
        let plan = SimulatedFlightPlan(launch: .aerotow, flightMinutes: 30, seed: 11)
        let fixes = FlightSimulator.simulate(plan)
        let lost = Self.losingTheFix(fixes, from: plan.landingTime - 240_000)
        var detector = FlightDetector()
        let events = lost.flatMap { detector.ingest($0) }
        try #require(events.count == 2)
        guard case .landing(let time, let index) = events[1] else {
            Issue.record("no landing: \(events)")
            return
        }
        #expect(!lost[index].isValid)
        #expect(abs(time - plan.landingTime) <= 60_000)
        #expect(!detector.isFlying)
    }
}
