import FlightLogCore
import FlightLogSimulation
import Testing

/// `flightlog simulate`'s option checks and the plan they give, without a process.
@Suite("simulate options")
struct SimulateOptionsTests {
    static func options(start: String = "2025-06-14T10:00:00Z", minutes: Int = 40) -> SimulateOptions {
        SimulateOptions(
            launch: .winch, minutes: minutes, start: start, seed: 3, intervalMillis: 500,
            field: Coordinate(latitude: 51, longitude: 190), elevation: 120)
    }

    @Test func theStartIsReadAsUTCWithMilliseconds() {
        let day = CivilDate(year: 2025, month: 6, day: 14).utcMidnight
        #expect(SimulateOptions.utc("2025-06-14T10:00:00Z") == day + 36_000_000)
        #expect(SimulateOptions.utc("2025-06-14T10:00:01.250Z") == day + 36_001_250)
        for bad in ["2025-06-14T10:00:00", "2025-06-14 10:00:00Z", "2025-06-14T24:00:00Z", "2025-06-14T10:00Z"] {
            #expect(SimulateOptions.utc(bad) == nil, "\(bad)")
        }
    }

    @Test func eachOptionOutOfRangeIsSaidFirstToLast() {
        #expect(Self.options().problem(fieldUnreadable: false) == nil)
        #expect(Self.options(minutes: 4).problem(fieldUnreadable: true) == "--minutes must be 5…720.")
        #expect(Self.options(start: "today").problem(fieldUnreadable: false)?.hasPrefix("--start") == true)
        #expect(Self.options().problem(fieldUnreadable: true)?.hasPrefix("--at wants") == true)
    }

    @Test func thePlanIsTheDemoWithTheOptionsAndAWrappedLongitude() {
        let plan = Self.options().plan
        #expect(plan.start == SimulateOptions.utc("2025-06-14T10:00:00Z"))
        #expect(plan.launch == .winch && plan.flightMinutes == 40 && plan.seed == 3 && plan.fixIntervalMillis == 500)
        #expect(plan.field.latitude == 51 && abs(plan.field.longitude - -170) < 1e-9)
        #expect(plan.fieldElevation == 120)
        #expect(SimulateOptions.yearsProblem.hasPrefix("--start: an IGC file dates its flight with two-digit years"))
    }
}
