import Testing

@testable import FlightLogCore

/// Figures a pilot reads must agree and cells from files must stay text: the pure
/// rules behind list, stats, the PDF, the phone and `flightlog status`.
@Suite struct FiguresAgreeTests {
    typealias Make = LogbookTests
    let owner = LogbookOwner("müller")!

    @Test func aTotalIsTheSumOfTheLinesShown() {
        // 3 flights of 59:59, 1:00:59 and 0:30:30: lines 0:59 + 1:00 + 0:30 = 2:29 (seconds summed would be 2:31).
        let day = Make.day0
        let flights = [
            Make.flight(day, minutes: 59), Make.flight(day.adding(days: 1), minutes: 60),
            Make.flight(day.adding(days: 2), minutes: 30),
        ].enumerated().map { n, f in
            var f = f
            f.landingTime = f.takeoffTime + [3599, 3659, 1830][n] * 1000
            return f
        }
        #expect(flights.map { hoursMinutes($0.duration) } == ["0:59", "1:00", "0:30"])
        #expect(totalMinutes(flights) == 149)
        #expect(hoursMinutes(totalMinutes(flights) * 60_000) == "2:29")
        let totals = LogbookTotals(flights.map { LogbookEntry($0, owner: owner) })
        #expect(totals.minutes == totalMinutes(flights), "stats and the PDF count as the list does")
        var negative = flights[0]
        negative.landingTime = negative.takeoffTime - 1
        #expect(totalMinutes([negative]) == 0 && negative.flightMinutes == 0)
    }

    @Test func aCurrencyNeverHeldIsNotMetNotLapsed() {
        let day = Make.day0
        // Passengers: one launch years ago and two recent ones never made 3 in 90 days.
        let sparse = [Make.flight(day), Make.flight(day.adding(days: 1000)), Make.flight(day.adding(days: 1010))]
            .map { LogbookEntry($0, owner: owner) }
        let recency = Recency(sparse, asOf: day.adding(days: 1020))
        #expect(!recency.passengers.isCurrent && recency.passengers.lapses == nil, "\(recency.passengers)")
        // SPL: 2 training flights long ago, 15 launches and 5 h recently: never all within 24 months.
        let training = (0..<2).map {
            Make.flight(day.adding(days: $0), second: "Anna Huber", role: .instructor)
        }
        let recent = (0..<15).map { Make.flight(day.adding(days: 2000 + $0), minutes: 30) }
        let licence = Recency((training + recent).map { LogbookEntry($0, owner: owner) }, asOf: day.adding(days: 2100))
        #expect(!licence.licence.isCurrent && licence.licence.lapses == nil, "\(licence.licence)")
        #expect(licence.launchMethods.first { $0.method == .winch }?.rule.isCurrent == true)
        // A rule that did hold still says when it lapsed.
        let held = (0..<3).map { Make.flight(day.adding(days: $0)) }.map { LogbookEntry($0, owner: owner) }
        let lapsed = Recency(held, asOf: day.adding(days: 200)).passengers
        #expect(!lapsed.isCurrent && lapsed.lapses == day.adding(days: 90))
    }

    @Test func anImportedFileWithoutAPilotIsNobodysTime() {
        var imported = Make.flight(Make.day0, pilot: nil)
        imported.source = .imported(fileName: "x.igc", sha256: "00")
        #expect(OwnerRole.of(imported, owner: owner) == .unknown)
        #expect(LogbookEntry(imported, owner: owner).picMinutes == 0)
        var blank = imported
        blank.details.pilot = "  "
        #expect(OwnerRole.of(blank, owner: owner) == .unknown)
        imported.details.ownerRole = .pic
        #expect(OwnerRole.of(imported, owner: owner) == .pic, "the pilot can say it was theirs")
        let recorded = Make.flight(Make.day0, pilot: nil)
        #expect(OwnerRole.of(recorded, owner: owner) == .pic, "recorded on this device: the owner's")
    }

    @Test func gliderTypesGroupAsTheFilterMatchesThem() {
        let flights = ["Ls 4", "LS4", "ls-4", "LS_4", "ASK 21", "  "].map { Make.flight(Make.day0, glider: $0) }
        let stats = LogbookStatistics(flights.map { LogbookEntry($0, owner: owner) })
        #expect(stats.byGliderType.map(\.key) == ["ASK 21", "Ls 4", "unknown"])
        #expect(stats.byGliderType.map(\.totals.flights) == [1, 4, 1])
        #expect(flights.filter { FlightFilter(plane: "LS 4").matches($0) }.count == 4, "the filter: the same four")
    }

    @Test func theOutlandingFollowsThePlace() {
        let recorded = FlightPlace(
            code: "EDKL", name: "Leverkusen Airport", distance: 3400, bearing: 90, isOutlanding: true,
            zoneIdentifier: "Europe/Berlin")
        for text in ["EDKL", "edkl", "Leverkusen Airport", "Leverkusen", "Leverkusen Airport (EDKL)"] {
            #expect(!recorded.named(text).isOutlanding, "\(text)")
        }
        #expect(recorded.named("Wiese bei Opladen").isOutlanding, "other text: as recorded")
        #expect(recorded.named(nil).isOutlanding && recorded.named(" ").isOutlanding)
        var atField = recorded
        atField.isOutlanding = false
        #expect(atField.named("outlanding near the field").isOutlanding)
        #expect(!atField.named("EDKL").isOutlanding)
    }

    @Test func spreadsheetCellsNeverRunAsFormulas() {
        for hostile in [
            "=HYPERLINK(\"http://x\",\"y\")", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1", "\r=1",
            "=1", "-", "+", "-1e5", "--1",
        ] {
            #expect(spreadsheetSafe(hostile) == "'" + hostile, "\(hostile.debugDescription)")
        }
        for plain in ["Müller", "", "-12", "+02:00", "-0.5", "12", "a=b", " =1"] {
            #expect(spreadsheetSafe(plain) == plain, "\(plain.debugDescription)")
        }
    }

    @Test func aStaleStatusTellsHistoryNotThePresent() {
        var status = RecorderStatus()
        status.lastFixAgeSeconds = 2.9
        #expect(!RecorderStatus.isStale(fileAgeSeconds: 2) && RecorderStatus.isStale(fileAgeSeconds: 365 * 86_400))
        #expect(RecorderStatus.isStale(fileAgeSeconds: -3600) && RecorderStatus.isStale(fileAgeSeconds: .infinity))
        #expect(status.lastFixAge(fileAgeSeconds: 365 * 86_400) == 365 * 86_400 + 2.9)
    }
}
