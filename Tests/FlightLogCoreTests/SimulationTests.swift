import FlightLogSimulation
import Testing

@testable import FlightLogCore

@Suite("FlightSimulator")
struct FlightSimulatorTests {
    @Test("same plan, same fixes; another seed, another flight")
    func deterministic() {
        let plan = SimulatedFlightPlan(flightMinutes: 20, seed: 7)
        var other = plan
        other.seed = 8
        #expect(FlightSimulator.simulate(plan) == FlightSimulator.simulate(plan))
        #expect(FlightSimulator.simulate(plan) != FlightSimulator.simulate(other))
    }

    @Test("fix count, interval, extensions, pressure altitude differs from GNSS altitude")
    func shape() throws {
        let plan = SimulatedFlightPlan(launch: .self, flightMinutes: 15, groundMinutesBefore: 2, groundMinutesAfter: 1)
        let fixes = FlightSimulator.simulate(plan)
        #expect(fixes.count == Int((plan.end - plan.start) / 1000) + 1)
        #expect(fixes.first?.time == plan.start && fixes.last?.time == plan.end)
        let layout = FlightSimulator.extensions
        #expect(layout.map(\.code) == ["FXA", "SIU", "ENL"])
        #expect(fixes.allSatisfy { $0.extensions.utf8.count == layout.reduce(0) { $0 + $1.length } })
        let ground = try #require(fixes.first)
        let difference = try #require(ground.gnssAltitude) - (try #require(ground.pressureAltitude))
        // QNH 1018.25 hPa lowers the pressure altitude ≈ 42 m; the geoid adds 47 m to the GNSS altitude.
        #expect(difference > 60 && difference < 110)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var launch: LaunchMethod
        var seed: UInt64
        var interval: Int
        var minutes: Int
        var testDescription: String { "\(launch) seed \(seed) every \(interval) ms" }
    }

    static let cases: [Case] =
        [LaunchMethod.winch, .aerotow, .self].flatMap { launch in
            (1...3).map { Case(launch: launch, seed: $0, interval: 1000, minutes: 45 + 10 * Int($0)) }
        } + [
            Case(launch: .winch, seed: 4, interval: 100, minutes: 20),
            Case(launch: .aerotow, seed: 5, interval: 100, minutes: 25),
        ]

    @Test("the detector finds the planned flight and launch", arguments: cases)
    func detected(_ c: Case) throws {
        let plan = SimulatedFlightPlan(
            launch: c.launch, flightMinutes: c.minutes, fixIntervalMillis: c.interval, seed: c.seed)
        let fixes = FlightSimulator.simulate(plan)
        let flights = FlightSegmenter.flights(in: fixes, extensions: FlightSimulator.extensions)
        try #require(flights.count == 1)
        let flight = flights[0]
        #expect(abs(flight.takeoffTime - plan.takeoffTime) <= 10_000)
        #expect(abs(flight.landingTime - plan.landingTime) <= 10_000)
        #expect(flight.landingDetected)
        #expect(flight.launch == c.launch)
        let release = try #require(flight.releaseHeight)
        let planned: Meters = c.launch == .winch ? 400 : c.launch == .self ? 700 : 600
        #expect(abs(release - planned) < 60, "release \(release) m")
        #expect(flight.maxDistanceFromTakeoff > 1000 && flight.pathLength > flight.maxDistanceFromTakeoff)
    }

    @Test("10-second fixes still give the flight")
    func sparse() throws {
        let plan = SimulatedFlightPlan(flightMinutes: 40, fixIntervalMillis: 10_000, seed: 3)
        let flights = FlightSegmenter.flights(
            in: FlightSimulator.simulate(plan), extensions: FlightSimulator.extensions)
        try #require(flights.count == 1)
        #expect(abs(flights[0].takeoffTime - plan.takeoffTime) <= 20_000)
        #expect(abs(flights[0].landingTime - plan.landingTime) <= 20_000)
    }
}
