import Foundation
import Testing

@testable import FlightLogCore

/// The owner's role, the time columns, the totals and Part-SFCL recency (docs/LOGBOOK.md).
@Suite("Logbook roles, totals and recency")
struct LogbookTests {
    static let day0 = CivilDate(year: 2025, month: 6, day: 1)

    /// A flight on `date` at 10:00 UTC lasting `minutes` (plus 59 s, which no column counts).
    static func flight(
        _ date: CivilDate, minutes: Int64 = 60, pilot: String? = "Müller, Jürgen", second: String? = nil,
        role: SecondPersonRole? = nil, launch: LaunchMethod = .winch, launches: Int = 1, ownerRole: OwnerRole? = nil,
        glider: String = "ASK 21"
    ) -> Flight {
        let takeoff = date.utcMidnight + 10 * 3_600_000
        return Flight(
            takeoffTime: takeoff, landingTime: takeoff + minutes * 60_000 + 59_000,
            takeoffCoordinate: Coordinate(latitude: 50, longitude: 7),
            landingCoordinate: Coordinate(latitude: 50, longitude: 7),
            details: FlightDetails(
                pilot: pilot, secondPerson: second, secondPersonRole: role, gliderType: glider, launchMethod: launch,
                ownerRole: ownerRole, launches: launches))
    }

    let owner = LogbookOwner("müller")!

    @Test("owner names match by words, any case, accents and order; not by a longer word")
    func ownerMatching() throws {
        #expect(owner.matches("Müller, Jürgen"))
        #expect(owner.matches("JÜRGEN MULLER"))
        #expect(!owner.matches("Müllerová, Jana"))
        let full = try #require(LogbookOwner("Jürgen Müller"))
        #expect(full.matches("Müller, Jürgen") && full.matches("J. Müller"))
        #expect(!full.matches("Anna Müller"))
        #expect(LogbookOwner("  , ") == nil)
    }

    @Test("the role follows from the crew: PIC, dual, instructor, passenger, not aboard; a hand-set role wins")
    func roles() {
        func role(_ f: Flight, _ o: LogbookOwner? = nil) -> OwnerRole { OwnerRole.of(f.details, owner: o ?? owner) }
        #expect(role(Self.flight(Self.day0)) == .pic)
        #expect(role(Self.flight(Self.day0, second: "Anna Huber", role: .guest)) == .pic)
        #expect(role(Self.flight(Self.day0, second: "Anna Huber", role: .instructor)) == .dual)
        #expect(role(Self.flight(Self.day0, second: "Anna Huber", role: .student)) == .instructor)
        #expect(
            role(Self.flight(Self.day0, pilot: "Anna Huber", second: "Jürgen Müller", role: .instructor)) == .instructor
        )
        #expect(role(Self.flight(Self.day0, pilot: "Anna Huber", second: "Jürgen Müller", role: .student)) == .dual)
        #expect(role(Self.flight(Self.day0, pilot: "Anna Huber", second: "Jürgen Müller", role: .guest)) == .passenger)
        #expect(role(Self.flight(Self.day0, pilot: "Anna Huber", second: "Eva Roth", role: .guest)) == .notAboard)
        #expect(role(Self.flight(Self.day0, pilot: "Anna Huber")) == .notAboard)
        #expect(role(Self.flight(Self.day0, pilot: nil)) == .pic, "no pilot name: the owner's own flight")
        #expect(role(Self.flight(Self.day0, pilot: nil, second: "Anna Huber", role: .instructor)) == .dual)
        #expect(role(Self.flight(Self.day0, pilot: nil, second: "Jürgen Müller", role: .instructor)) == .instructor)
        #expect(role(Self.flight(Self.day0, pilot: "Anna Huber", ownerRole: .passenger)) == .passenger)
        // No owner: every flight from its pilot's seat.
        #expect(
            OwnerRole.of(
                Self.flight(Self.day0, pilot: "Anna Huber", second: "X", role: .instructor).details, owner: nil)
                == .dual)
        // The instructor is the PIC the logbook names.
        #expect(Self.flight(Self.day0, second: "Anna Huber", role: .instructor).details.pilotInCommand == "Anna Huber")
        #expect(Self.flight(Self.day0, second: "Anna Huber", role: .guest).details.pilotInCommand == "Müller, Jürgen")
    }

    @Test("time columns and totals: PIC, dual, FI(S) in whole minutes; passengers and others count in none")
    func totals() {
        let flights = [
            Self.flight(Self.day0, minutes: 30),  // PIC
            Self.flight(Self.day0, minutes: 45, second: "A", role: .instructor),  // dual
            Self.flight(Self.day0, minutes: 50, second: "S", role: .student, launch: .aerotow),  // FI: PIC + FI
            // passenger
            Self.flight(Self.day0, minutes: 20, pilot: "Anna Huber", second: "Jürgen Müller", role: .guest),
            Self.flight(Self.day0, minutes: 70, pilot: "Eva Roth"),  // not aboard
            Self.flight(Self.day0, minutes: 25, launch: .winch, launches: 3),  // PIC, 3 launches
        ]
        let totals = LogbookTotals(flights.map { LogbookEntry($0, owner: owner) })
        #expect(totals.flights == 6 && totals.flown == 4)
        #expect(totals.minutes == 30 + 45 + 50 + 25)
        #expect(totals.picMinutes == 30 + 50 + 25)
        #expect(totals.dualMinutes == 45)
        #expect(totals.instructorMinutes == 50)
        #expect(totals.launches(.winch) == 1 + 1 + 3 && totals.launches(.aerotow) == 1 && totals.launches == 6)
        let halves =
            LogbookTotals(flights.prefix(3).map { LogbookEntry($0, owner: owner) })
            + LogbookTotals(flights.dropFirst(3).map { LogbookEntry($0, owner: owner) })
        #expect(halves == totals, "brought forward + this page = total")
    }

    @Test("statistics per year, glider type (spelling folded) and launch method add up to the total")
    func statistics() {
        let flights = [
            Self.flight(CivilDate(year: 2024, month: 5, day: 1), glider: "ASK 21"),
            Self.flight(CivilDate(year: 2025, month: 5, day: 1), launch: .aerotow, glider: "ask 21"),
            Self.flight(CivilDate(year: 2025, month: 7, day: 1), minutes: 90, launch: .self, glider: "LS 4"),
        ]
        let s = LogbookStatistics(flights.map { LogbookEntry($0, owner: owner) })
        #expect(s.byYear.map { $0.key } == [2024, 2025])
        #expect(s.byGliderType.map { $0.key } == ["ASK 21", "LS 4"])
        #expect(s.byLaunchMethod.map { $0.key } == [.winch, .aerotow, .self])
        for groups in [
            s.byYear.map { $0.totals }, s.byGliderType.map { $0.totals }, s.byLaunchMethod.map { $0.totals },
        ] {
            #expect(groups.reduce(LogbookTotals(), +) == s.overall)
        }
    }

    @Test("passenger recency lapses 90 days after the 3rd most recent PIC launch: current at 89 days, not at 90 or 91")
    func passengerEdge() {
        let third = Self.day0
        let flights = [
            Self.flight(third.adding(days: -10)),  // older: does not matter
            Self.flight(third), Self.flight(third.adding(days: 5)), Self.flight(third.adding(days: 6)),
            Self.flight(third.adding(days: 20), second: "FI", role: .instructor),  // dual: not as PIC
        ]
        let entries = flights.map { LogbookEntry($0, owner: owner) }
        let at89 = Recency(entries, asOf: third.adding(days: 89)).passengers
        #expect(at89.isCurrent && at89.lapses == third.adding(days: 90))
        let at90 = Recency(entries, asOf: third.adding(days: 90)).passengers
        #expect(!at90.isCurrent && at90.lapses == third.adding(days: 90))
        #expect(!Recency(entries, asOf: third.adding(days: 91)).passengers.isCurrent)
        // Three launches on one hand-entered line count as three.
        let one = [LogbookEntry(Self.flight(third, launches: 3), owner: owner)]
        #expect(Recency(one, asOf: third.adding(days: 89)).passengers.isCurrent)
        // Flights after the as-of day do not count.
        #expect(!Recency(entries, asOf: third.adding(days: -1)).passengers.isCurrent)
    }

    @Test(
        "SPL recency: 5 h and 15 launches as PIC or dual and 2 training flights in 24 months; lapses at the first to run out"
    )
    func splRecency() {
        let start = CivilDate(year: 2024, month: 3, day: 1)
        var flights = (0..<14).map { Self.flight(start.adding(days: $0 * 7), minutes: 20) }  // 14 × 20 min PIC
        flights.append(Self.flight(start.adding(days: 200), minutes: 60, second: "FI", role: .instructor))
        var entries = flights.map { LogbookEntry($0, owner: owner) }
        let asOf = start.adding(days: 300)
        #expect(Recency(entries, asOf: asOf).licence.lapses == nil, "one training flight only: not met")
        flights.append(Self.flight(start.adding(days: 210), minutes: 60, second: "FI", role: .instructor))
        entries = flights.map { LogbookEntry($0, owner: owner) }
        // 16 launches, 6:40 h, 2 training flights. Counting back from the newest: 5 h is reached at the 10th
        // newest flight (2 × 60 + 9 × 20 = 300 min → the flight of week 5), 15 launches at week 1,
        // the 2nd training flight at day 200: the 15th launch runs out first.
        let licence = Recency(entries, asOf: asOf).licence
        #expect(licence.lapses == start.adding(days: 7).adding(months: 24))
        #expect(licence.isCurrent)
        #expect(!Recency(entries, asOf: start.adding(days: 7).adding(months: 24)).licence.isCurrent)
    }

    @Test("months add to the same day, clamped to the month's end")
    func addingMonths() {
        #expect(CivilDate(year: 2024, month: 2, day: 29).adding(months: 24) == CivilDate(year: 2026, month: 2, day: 28))
        #expect(
            CivilDate(year: 2025, month: 1, day: 31).adding(months: -24) == CivilDate(year: 2023, month: 1, day: 31))
        #expect(
            CivilDate(year: 2025, month: 3, day: 15).adding(months: -3) == CivilDate(year: 2024, month: 12, day: 15))
    }

    @Test("edits read as a pilot says them")
    func editWords() {
        let t: UTCMillis = 1_000
        let changes = [
            FieldChange(field: "secondPerson", oldValue: nil, newValue: "Müller, Jürgen", editedAt: t),
            FieldChange(field: "secondPersonRole", oldValue: nil, newValue: "instructor", editedAt: t),
            FieldChange(field: "launchMethod", oldValue: "winch", newValue: "self", editedAt: t),
            FieldChange(field: "ownerRole", oldValue: nil, newValue: "passenger", editedAt: t),
            FieldChange(field: "secondPerson", oldValue: "Müller, Jürgen", newValue: "Eva", editedAt: t + 1),
        ]
        let text = FieldChange.lines(changes, currentRole: .guest).map(\.text)
        #expect(
            text == [
                "instructor: — → Müller, Jürgen", "second person role: — → instructor", "launch: winch → self-launch",
                "your role: from the crew names → passenger", "instructor: Müller, Jürgen → Eva",
            ])
    }

    @Test(
        "a hand-entered flight: local times in the place's zone (summer and winter), else the given offset",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Berlin")))
    func manualFlight() throws {
        let summer = CivilDate(year: 2025, month: 7, day: 1), winter = CivilDate(year: 2025, month: 1, day: 10)
        let tzif = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin"))
        let zone = try TimeZoneRules(identifier: "Europe/Berlin", tzif: [UInt8](tzif))
        let field = Airfield(
            code: "EDKL", name: "Leverkusen Airport", coordinate: Coordinate(latitude: 51.02, longitude: 7.0),
            elevation: 49, zoneIdentifier: "Europe/Berlin", source: .dataSet)
        for (date, offset) in [(summer, 7200), (winter, 3600)] {
            let f = try ManualFlight.make(
                date: date, takeoffMinutes: 10 * 60 + 5, landingMinutes: 11 * 60 + 20,
                takeoff: .init(text: "EDKL", field: field), landing: nil, zone: zone, utcOffsetSeconds: nil,
                details: FlightDetails(launchMethod: .winch, launches: 2))
            #expect(f.utcOffsetSeconds == offset && f.localDate == date)
            #expect(f.takeoffTime == date.utcMidnight + Int64((10 * 60 + 5) * 60 - offset) * 1000)
            #expect(f.duration == 75 * 60_000 && !f.hasTrack && f.details.landingPlace == "EDKL")
            #expect(f.landingLocation?.code == "EDKL")
        }
        let free = try ManualFlight.make(
            date: summer, takeoffMinutes: 600, landingMinutes: 630, takeoff: .init(text: "Hintertupfing", field: nil),
            landing: nil, zone: nil, utcOffsetSeconds: -5 * 3600, details: FlightDetails())
        #expect(free.takeoffTime == summer.utcMidnight + (600 + 300) * 60_000 && free.takeoffLocation == nil)
        #expect(throws: ManualFlight.Problem.needsOffset) {
            try ManualFlight.make(
                date: summer, takeoffMinutes: 600, landingMinutes: 630, takeoff: nil, landing: nil, zone: nil,
                utcOffsetSeconds: nil, details: FlightDetails())
        }
        #expect(throws: ManualFlight.Problem.landingNotAfterTakeoff) {
            try ManualFlight.make(
                date: summer, takeoffMinutes: 600, landingMinutes: 600, takeoff: nil, landing: nil, zone: nil,
                utcOffsetSeconds: 0, details: FlightDetails())
        }
        #expect(try ManualFlight.minutes("9:05") == 545)
        #expect(throws: ManualFlight.Problem.badTime("25:00")) { try ManualFlight.minutes("25:00") }
    }

    /// `flightlog add --utc-offset`: signed hours, with whole, half or three-quarter hour minutes.
    @Test func utcOffsetsAsTyped() throws {
        #expect(try ManualFlight.offsetSeconds("+02:00") == 7200)
        #expect(try ManualFlight.offsetSeconds(" -05:30\t") == -(5 * 3600 + 1800))
        #expect(try ManualFlight.offsetSeconds("+5:45") == 5 * 3600 + 45 * 60)
        #expect(try ManualFlight.offsetSeconds("+2") == 7200)
        #expect(try ManualFlight.offsetSeconds("Z") == 0 && ManualFlight.offsetSeconds("0") == 0)
        for bad in ["2", "+15", "+02:10", "+02:00:00", "UTC+2", ""] {
            #expect(throws: ManualFlight.Problem.badOffset(bad)) { try ManualFlight.offsetSeconds(bad) }
        }
        #expect(ManualFlight.Problem.badOffset("x").description == "'x' is not a UTC offset: write +02:00 or -05:30")
    }
}
