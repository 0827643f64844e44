import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Testing

/// Climbs without circling (wave or ridge): found inside the cruise, and no longer counted as glides.
struct StraightClimbTests {
    /// The phases of a shared flight's scoring window.
    static func phases(ofShared name: String) throws -> FlightPhases {
        let track = try SharedFlights.load(name)
        let flight = try #require(
            FlightSegmenter.flightsForImport(track.fixes, extensions: track.recorder.extensions).first)
        let window = try #require(
            ScoringWindow.find(
                track.fixes, extensions: track.recorder.extensions, takeoffIndex: flight.takeoffIndex,
                landingIndex: flight.landingIndex))
        let phases = FlightPhases.analyze(track.fixes, window: window.fixes)
        return phases
    }

    /// 10 min gliding at L/D 30, 20 min climbing straight at 2 m/s, 20 min gliding at L/D 30.
    @Test func aWaveClimbIsNoGlide() throws {
        let phases = FlightPhases.analyze(SyntheticTracks.waveClimb())
        #expect(phases.thermals.isEmpty && phases.failedCircling.isEmpty)
        try #require(phases.straightClimbs.count == 1, "\(phases.straightClimbs)")
        let climb = phases.straightClimbs[0]
        // From the lowest fix (second 600, ±1 m of noise) to the highest (second 1800).
        #expect(abs(climb.seconds - 1200) <= 5 && abs(climb.gain - 2400) <= 12)
        #expect(abs(climb.climbRate - 2) < 0.02)
        #expect(phases.glides.count == 2)
        // Without the climb the glides keep their own L/D (the climb in a glide made it "L/D 163" or none).
        let ratio = try #require(phases.totals.cruiseGlideRatio)
        #expect(abs(ratio - 30) < 1, "L/D \(ratio)")
        for glide in phases.glides { #expect(abs(glide.glideRatio! - 30) < 2) }
        #expect(phases.totals.straightClimbSeconds == climb.seconds && phases.totals.straightClimbGain == climb.gain)
        #expect(phases.totals.circlingPercent == 0)
    }

    /// Below the rules (too short, too little height, too weak) a climb stays in its glide.
    @Test(arguments: [(1.5, 2.0), (10, 0.4), (3, 0.8)])
    func aWeakOrShortClimbStaysAGlide(minutes: Double, rate: Double) {
        let phases = FlightPhases.analyze(SyntheticTracks.waveClimb(climbMinutes: minutes, climbRate: rate))
        #expect(phases.straightClimbs.isEmpty)
        #expect(phases.glides.count == 1)
    }

    @Test func theSummarySaysWaveOrRidge() throws {
        let fixes = SyntheticTracks.waveClimb()
        let inputs = FlightAnalysis.Inputs(
            takeoff: fixes[0].time, landing: fixes[fixes.count - 1].time, release: fixes[0].time,
            fixCount: fixes.count, index: nil)
        let a = FlightAnalysis.compute(fixes: fixes, inputs: inputs)
        let flight = Flight(
            takeoffTime: inputs.takeoff, landingTime: inputs.landing, takeoffCoordinate: fixes[0].coordinate,
            landingCoordinate: fixes[fixes.count - 1].coordinate)
        let row = try #require(
            AnalysisSummary(a, flight: flight, times: .hourMinute).flying.first {
                $0.label == "Straight climbs"
            })
        #expect(row.value.hasPrefix("1, average +2.0 m/s, "), "\(row.value)")
        #expect(row.value.hasSuffix(" m climbed without circling (wave or ridge)"))
    }

    /// The wave flight among the shared flights (4,422 m): its straight climbs are found, and its glides' L/D is a
    /// glider's again.
    @Test(.enabled(if: SharedFlights.available)) func theSharedWaveFlight() throws {
        let phases = try Self.phases(ofShared: "2016-11-08-xcs-aaa-02.igc")
        let totals = phases.totals
        print(
            "wave flight: \(phases.straightClimbs.count) straight climbs, \(Int(totals.straightClimbGain)) m in",
            "\(Int(totals.straightClimbSeconds / 60)) min; \(phases.thermals.count) thermals,",
            "\(phases.glides.count) glides, L/D \(totals.cruiseGlideRatio.map { decimal($0, 0) } ?? "-")")
        #expect(totals.straightClimbGain >= 1000)
        let ratio = try #require(totals.cruiseGlideRatio)
        #expect(ratio < 80, "L/D \(ratio)")
    }

    /// The other shared flights are thermal flights: none of their cruise is a climb without circling.
    @Test(
        .enabled(if: SharedFlights.available),
        arguments: [
            "01lz1hq1.igc", "T_77fv4np1.igc", "apf-bug554.igc", "complex_example_lxn.igc", "654G6NG1.IGC",
            "H1_77flne21.IGC",
        ])
    func theSharedThermalFlightsHaveNone(_ name: String) throws {
        let phases = try Self.phases(ofShared: name)
        #expect(phases.straightClimbs.isEmpty, "\(phases.straightClimbs)")
    }
}
