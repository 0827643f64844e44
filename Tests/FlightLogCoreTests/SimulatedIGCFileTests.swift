import FlightLogCore
import FlightLogSimulation
import Testing

/// The file `flightlog simulate` writes, made by the simulation library.
@Suite struct SimulatedIGCFileTests {
    @Test func theFileReadsBackWithEveryFixAndTheSimulatorsHeaders() throws {
        var plan = SimulatedFlightPlan.demo
        plan.flightMinutes = 10
        plan.seed = 5
        plan.launch = .winch
        let file = try #require(FlightSimulator.igcFile(plan))
        let read = try IGCReader.read(file.bytes)
        #expect(read.track.fixes.count == file.fixes)
        #expect(read.headers.pilot == "Simulated Pilot")
        #expect(String(decoding: file.bytes, as: UTF8.self).contains("SIMULATED FLIGHT SEED 5 LAUNCH WINCH"))
        #expect(FlightSimulator.igcFile(plan)?.bytes == file.bytes, "the same plan, the same file")
    }

    @Test func aRecordingOutsideTheTwoDigitYearsIsRefused() throws {
        var plan = SimulatedFlightPlan.demo
        plan.flightMinutes = 10
        plan.start = try #require(CivilDate(iso: "1965-06-14")).utcMidnight + 36_000_000
        #expect(FlightSimulator.igcFile(plan) == nil)
    }
}
