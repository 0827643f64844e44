import Testing

@testable import FlightLogCore

/// The rules of the options `list`, `stats`, `export`, `add` and `edit` share, without a process.
@Suite struct CommandLineChoiceTests {
    @Test func filterFlagsThatExcludeEachOther() {
        #expect(FilterChoice().problem() == nil)
        #expect(FilterChoice(outlanding: true, noOutlanding: true).problem()?.contains("--no-outlanding") == true)
        #expect(FilterChoice(instructor: true, noInstructor: true).problem()?.contains("--no-instructor") == true)
        #expect(
            FilterChoice(noInstructor: true, instructorName: "Meier").problem()?.contains("--instructor-name") == true)
        #expect(FilterChoice(year: 99).problem() == "--year 99 is not a year like 2026.")
        let day = CivilDate(year: 2025, month: 4, day: 1)
        #expect(FilterChoice(since: day, year: 2025).problem() == "--year and --since/--until exclude each other.")
        let before = CivilDate(year: 2025, month: 3, day: 1)
        #expect(FilterChoice(since: day, until: before).problem() == "--until 2025-03-01 is before --since 2025-04-01.")
        #expect(FilterChoice(since: before, until: day).problem() == nil)
    }

    @Test func filterOfAYearIsItsFirstToItsLastDay() {
        let filter = FilterChoice(noInstructor: true, plane: "LS 4", year: 2025, noOutlanding: true).filter
        #expect(filter.since == CivilDate(year: 2025, month: 1, day: 1))
        #expect(filter.until == CivilDate(year: 2025, month: 12, day: 31))
        #expect(filter.withInstructor == false && filter.outlanding == false && filter.plane == "LS 4")
        #expect(FilterChoice().filter.isEmpty)
    }

    @Test func ownerChoosesAndNamesTheFlights() {
        #expect(OwnerChoice("--").problem()?.hasPrefix("--owner needs a name") == true)
        #expect(OwnerChoice(nil).problem() == nil)
        var config = FlightLogConfig()
        config.owner = "Anna Huber"
        let theirs = Flight(
            id: 1, takeoffTime: 0, landingTime: 3_600_000, takeoffCoordinate: Coordinate(latitude: 48, longitude: 9),
            landingCoordinate: Coordinate(latitude: 48, longitude: 9), details: FlightDetails(pilot: "Karl Meier"),
            utcOffsetSeconds: 0)
        // The config's owner names the logbook but keeps every flight; only --owner leaves flights out.
        #expect(OwnerChoice(nil).owner(config)?.name == "Anna Huber")
        #expect(OwnerChoice(nil).chosen([theirs], config).count == 1)
        #expect(OwnerChoice("Huber").chosen([theirs], config).isEmpty)
        #expect(OwnerChoice("Meier").chosen([theirs], config).count == 1)
        let instructor = FlightFilter(withInstructor: true)
        #expect(OwnerChoice("Huber").summary(instructor) == "flights of Huber · with instructor")
        #expect(OwnerChoice("Huber").summary(FlightFilter()) == "flights of Huber")
        #expect(OwnerChoice(nil).summary(instructor) == instructor.summary)
        #expect(OwnerChoice(nil).choosesAll(FlightFilter()) && !OwnerChoice("Huber").choosesAll(FlightFilter()))
    }

    @Test func crewRules() {
        var crew = CrewChoice()
        #expect(crew.isEmpty && crew.problem() == nil)
        crew.instructor = "Meier"
        crew.guest = "Şahin"
        #expect(crew.problem() == "give only one of --instructor, --student, --guest, --crew, --no-second-person.")
        crew = CrewChoice()
        crew.releaseHeight = 5001
        #expect(crew.problem() == "--release-height must be between 0 and 5000 m.")
        crew = CrewChoice()
        crew.launches = 0
        #expect(crew.problem() == "--launches must be between 1 and 99.")
        crew = CrewChoice()
        crew.ownerRole = "pilot"
        #expect(crew.problem() == "--owner-role must be pic, dual, instructor, passenger or auto (not 'pilot').")
        crew.ownerRole = "auto"
        #expect(crew.problem() == nil && !crew.isEmpty)
        crew = CrewChoice()
        crew.student = " \t\u{00A0}"
        #expect(crew.problem() == "--student needs a name (use --no-second-person to clear the second person).")
        crew = CrewChoice()
        crew.plane = String(repeating: "x", count: 201)
        #expect(crew.problem() == "gliderType must be at most 200 characters, not 201.")
    }

    @Test func crewChangesTheDetails() {
        var crew = CrewChoice()
        crew.guest = "  Çağrı Şahin \n"
        crew.registration = " d-1234 "
        crew.remarks = "   "
        crew.takeoffPlace = "EDKA"
        crew.launches = 3
        crew.ownerRole = "auto"
        var details = FlightDetails(pilot: "Anna Huber", remarks: "old")
        crew.apply(to: &details, withPlaces: false)
        #expect(details.secondPerson == "Çağrı Şahin" && details.secondPersonRole == .guest)
        #expect(details.registration == "D-1234" && details.remarks == nil && details.launches == 3)
        #expect(details.takeoffPlace == nil && details.ownerRole == nil)
        crew.apply(to: &details)
        #expect(details.takeoffPlace == "EDKA")
        var clear = CrewChoice()
        clear.noSecondPerson = true
        clear.apply(to: &details)
        #expect(details.secondPerson == nil && details.secondPersonRole == nil && details.pilot == "Anna Huber")
    }
}
