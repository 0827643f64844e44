import FlightLogCore
import FlightLogSimulation
import Testing

@Suite struct NMEAWriterTests {
    private let fix = Fix(
        time: CivilDate(year: 2025, month: 6, day: 15).utcMidnight + (9 * 3600 + 30 * 60 + 1) * 1000,
        isValid: true, latitude: 47.391_666_7, longitude: -8.537_5, pressureAltitude: 410, gnssAltitude: 468)

    @Test(arguments: [
        "GPRMC,093000.00,V,,,,,,,150625,,,N",
        "GPGGA,093001.00,4723.5000,N,00832.2500,E,1,09,1.0,420.0,M,48.0,M,,",
        "GPGSA,A,3,02,05,07,09,13,15,18,20,27,,,,1.8,1.0,1.5",
    ])
    func checksumMatchesTheXorOfTheBody(body: String) {
        // Reference checksums of sentences that gpsd 3.22 accepted (docs/SENSOR-INTERFACES.md).
        let expected = [
            "GPRMC,093000.00,V,,,,,,,150625,,,N": "72",
            "GPGGA,093001.00,4723.5000,N,00832.2500,E,1,09,1.0,420.0,M,48.0,M,,": "6C",
            "GPGSA,A,3,02,05,07,09,13,15,18,20,27,,,,1.8,1.0,1.5": "3F",
        ]
        #expect(NMEAWriter.checksum(body) == expected[body])
        #expect(NMEAWriter.sentence(body) == "$\(body)*\(expected[body]!)\r\n")
    }

    @Test func validFixGivesRMCAndGGAWithMSLAndSeparation() throws {
        let lines = NMEAWriter.epoch(fix, previous: nil, geoidSeparation: 48)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("$GP") && $0.hasSuffix("\r\n") })
        for line in lines {
            let body = line.dropFirst().prefix { $0 != "*" }
            #expect(line.hasSuffix("*\(NMEAWriter.checksum(String(body)))\r\n"))
        }
        let rmc = lines[0].split(separator: ",", omittingEmptySubsequences: false)
        #expect(rmc[1] == "093001.000")
        #expect(rmc[2] == "A")
        #expect(rmc[3] == "4723.500002" && rmc[4] == "N")  // 0.3916667° = 23.500002'
        #expect(rmc[5] == "00832.250000" && rmc[6] == "W")
        #expect(rmc[9] == "150625")
        let gga = lines[1].split(separator: ",", omittingEmptySubsequences: false)
        #expect(gga[6] == "1")
        #expect(gga[9] == "420.0" && gga[11] == "48.0")  // MSL = 468 − 48
        #expect(lines[2].hasPrefix("$GPGSA,A,3,"))
    }

    @Test func invalidFixHasNoPosition() {
        var invalid = fix
        invalid.isValid = false
        let lines = NMEAWriter.epoch(invalid, previous: nil)
        #expect(lines[0].hasPrefix("$GPRMC,093001.000,V,,,,,,,150625,"))
        #expect(lines[1].split(separator: ",", omittingEmptySubsequences: false)[6] == "0")
        #expect(lines[2].hasPrefix("$GPGSA,A,1,"))
    }

    @Test func speedAndCourseFromThePreviousFix() {
        var next = fix
        next.time += 1000
        next.latitudeE7 += 900  // ≈ 10 m north in one second
        let rmc = NMEAWriter.epoch(next, previous: fix)[0].split(separator: ",")
        let knots = try? #require(Double(rmc[7]))
        #expect(knots.map { abs($0 - 10.0 / 0.514444) < 0.1 } == true)
        #expect(rmc[8] == "0.0")
    }

    @Test(arguments: [
        CivilDate(year: 2010, month: 7, day: 18), CivilDate(year: 2016, month: 2, day: 29),
        CivilDate(year: 1995, month: 12, day: 31), CivilDate(year: 2017, month: 1, day: 1),
    ])
    func datesBefore2017MoveByWhole28YearCycles(date: CivilDate) {
        let fixes = [
            Fix(time: date.utcMidnight + 3_600_000, latitude: 50, longitude: 6, pressureAltitude: 0, gnssAltitude: 0)
        ]
        let shift = NMEAWriter.dateShift(for: fixes)
        let shifted = CivilDateTime(utc: fixes[0].time + shift)
        #expect(shifted.date.year >= NMEAWriter.earliestYear)
        #expect(shifted.date.year - date.year == Int(shift / NMEAWriter.shiftCycle) * 28)
        #expect(shifted.date.month == date.month && shifted.date.day == date.day)  // same calendar day
        #expect((shifted.date.daysSinceEpoch - date.daysSinceEpoch) % 7 == 0)  // same weekday
        #expect(shift % NMEAWriter.shiftCycle == 0)
        if date.year >= 2017 { #expect(shift == 0) }
    }
}

@Suite struct PressureTimelineTests {
    private let start: UTCMillis = 1_749_979_800_000
    private func fix(_ second: Int64, pressureAltitude: Meters?, gnss: Meters? = 500) -> Fix {
        Fix(
            time: start + second * 1000, latitude: 47, longitude: 8, pressureAltitude: pressureAltitude,
            gnssAltitude: gnss)
    }

    @Test func interpolatesAltitudeAndHoldsTheEnds() throws {
        let timeline = PressureTimeline(fixes: [fix(0, pressureAltitude: 400), fix(10, pressureAltitude: 500)])
        #expect(timeline.altitude(at: start + 5000) == 450)
        #expect(timeline.altitude(at: start + 2500) == 425)
        #expect(timeline.altitude(at: start - 60_000) == 400)
        #expect(timeline.altitude(at: start + 60_000) == 500)
        let pressure = try #require(timeline.pressure(at: start + 5000))
        #expect(abs(pressure - ISA.pressure(altitude: 450)) < 1e-9)
        #expect(abs(ISA.altitude(pressure: pressure) - 450) < 1e-6)
    }

    @Test func fallsBackToGNSSAltitudeWithoutBarometer() {
        let timeline = PressureTimeline(fixes: [
            fix(0, pressureAltitude: nil, gnss: 300), fix(2, pressureAltitude: nil, gnss: 320),
        ])
        #expect(timeline.altitude(at: start + 1000) == 310)
        #expect(PressureTimeline(fixes: []).pressure(at: start) == nil)
    }
}
