import Testing

@testable import FlightLogCore

@Suite struct FlightFilterTests {
    func flight(
        id: Int64 = 1, pilot: String? = "Anna Huber", second: String? = nil, role: SecondPersonRole? = nil,
        glider: String? = "ASK 21", registration: String? = "D-1234", launch: LaunchMethod = .winch,
        takeoff: UTCMillis = 1_735_689_600_000 + 12 * 3_600_000, offset: Int = 3600
    ) -> Flight {
        Flight(
            id: id, takeoffTime: takeoff, landingTime: takeoff + 3_600_000,
            takeoffCoordinate: Coordinate(latitude: 48, longitude: 9),
            landingCoordinate: Coordinate(latitude: 48, longitude: 9),
            details: FlightDetails(
                pilot: pilot, secondPerson: second, secondPersonRole: role, gliderType: glider,
                registration: registration,
                launchMethod: launch),
            utcOffsetSeconds: offset)
    }

    @Test func emptyFilterMatchesEverything() {
        #expect(FlightFilter().isEmpty)
        #expect(FlightFilter().matches(flight(pilot: nil, glider: nil, registration: nil)))
        #expect(FlightFilter().summary == "all flights")
        #expect(!FlightFilter(plane: "").isEmpty)
    }

    @Test func instructorAndGuest() {
        let dual = flight(second: "Peter Meier", role: .instructor)
        let guest = flight(second: "Çağrı Şahin", role: .guest)
        let solo = flight()
        #expect(FlightFilter(withInstructor: true).matches(dual))
        #expect(!FlightFilter(withInstructor: true).matches(guest))
        #expect(FlightFilter(withInstructor: false).matches(solo))
        #expect(!FlightFilter(withInstructor: false).matches(dual))
        #expect(FlightFilter(guest: "çağrı şahin").matches(guest))
        #expect(FlightFilter(guest: "CAGRI").matches(guest))
        #expect(!FlightFilter(guest: "peter").matches(dual))  // an instructor is not a guest
        #expect(!FlightFilter(guest: "").matches(solo))
    }

    @Test func textCriteriaAreFoldedSubstrings() {
        let f = flight(pilot: "Müller, Jürgen", glider: "Ka 8b", registration: "D-5678")
        #expect(FlightFilter(pilot: "muller").matches(f))
        #expect(FlightFilter(pilot: "JÜRGEN").matches(f))
        #expect(!FlightFilter(pilot: "jurgens").matches(f))
        #expect(FlightFilter(plane: "ka 8").matches(f))
        #expect(!FlightFilter(plane: "ask").matches(f))
        #expect(FlightFilter(registration: "d5678").matches(f))
        #expect(FlightFilter(registration: "56 78").matches(f))
        #expect(!FlightFilter(registration: "d-1234").matches(f))
        #expect(!FlightFilter(plane: "ka").matches(flight(glider: nil)))
    }

    /// Glider types and registrations as people type them; the instructor by name.
    @Test func typesAndRegistrationsIgnoreSeparatorsAndInstructorsHaveNames() {
        let ls4 = flight(glider: "LS_4", registration: "D_0221")
        for typed in ["LS 4", "ls4", "LS-4", "ls_4", " LS  4 "] {
            #expect(FlightFilter(plane: typed).matches(ls4), "\(typed)")
        }
        #expect(!FlightFilter(plane: "LS 8").matches(ls4))
        #expect(FlightFilter(plane: "ask 21").matches(flight(glider: "ASK-21 Mi")))
        for typed in ["D-0221", "d0221", "D 0221", "d_0221"] {
            #expect(FlightFilter(registration: typed).matches(ls4), "\(typed)")
        }
        let dual = flight(second: "Müller, Jürgen", role: .instructor)
        let guest = flight(second: "Jürgen Müller", role: .guest)
        #expect(FlightFilter(instructorName: "muller").matches(dual))
        #expect(!FlightFilter(instructorName: "muller").matches(guest), "a guest is not an instructor")
        #expect(!FlightFilter(instructorName: "meier").matches(dual))
        #expect(FlightFilter(instructorName: "Müller").summary == "instructor Müller")
    }

    @Test func datesAreLocalAtTakeoffAndInclusive() {
        // 2025-01-01 23:30 UTC is 2025-01-02 at UTC+1.
        let late = flight(takeoff: CivilDate(year: 2025, month: 1, day: 1).utcMidnight + 23 * 3_600_000 + 1_800_000)
        let day2 = CivilDate(year: 2025, month: 1, day: 2)
        #expect(FlightFilter(since: day2, until: day2).matches(late))
        #expect(!FlightFilter(until: CivilDate(year: 2025, month: 1, day: 1)).matches(late))
        #expect(!FlightFilter(since: day2.adding(days: 1)).matches(late))
    }

    @Test func launchAndIds() {
        #expect(FlightFilter(launch: .winch).matches(flight()))
        #expect(!FlightFilter(launch: .aerotow).matches(flight()))
        #expect(FlightFilter(ids: [3, 1]).matches(flight(id: 1)))
        #expect(!FlightFilter(ids: []).matches(flight(id: 1)))
        #expect(!FlightFilter(ids: [2]).matches(flight(id: 1)))
    }

    @Test func summaryReadsLikeTheFilter() {
        let f = FlightFilter(
            withInstructor: true, plane: "ASK 21", since: CivilDate(year: 2025, month: 1, day: 1),
            until: CivilDate(year: 2025, month: 12, day: 31))
        #expect(f.summary == "with instructor · glider ASK 21 · 2025-01-01 to 2025-12-31")
        #expect(
            FlightFilter(since: CivilDate(year: 2024, month: 5, day: 1), launch: .aerotow).summary
                == "since 2024-05-01 · aerotow")
    }
}
