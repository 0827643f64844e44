import FlightLogTestSupport
import Testing

@testable import FlightLogCore

/// Builds an IGC file from lines (CR LF unless told otherwise).
private func igc(_ lines: [String], ending: String = "\r\n") -> [UInt8] {
    Array(lines.map { $0 + ending }.joined().utf8)
}

private let header = ["AXFLABC", "HFDTEDATE:150724,01", "I023638FXA3940SIU"]
/// 54°07.121'N 002°49.342'W, valid, pressure 280 m, GNSS 421 m, FXA 205, SIU 09.
private func b(_ time: String, validity: String = "A", pressure: String = "00280", gnss: String = "00421") -> String {
    "B\(time)5407121N00249342W\(validity)\(pressure)\(gnss)20509"
}
private let july15 = CivilDate(year: 2024, month: 7, day: 15).utcMidnight

private func readError(_ bytes: [UInt8]) -> IGCError? {
    do {
        _ = try IGCReader.read(bytes, strict: true)
        return nil
    } catch {
        return error
    }
}

@Suite struct IGCReaderTests {
    /// `00000` among readings far from 0 m is a barometer that gave nothing (warming up, a dropout): unknown, not
    /// sea level; among readings near 0 m (a field at sea level) it is 0 m.
    @Test func pressureDropoutsAreUnknownNotSeaLevel() throws {
        func pressures(_ columns: [String]) throws -> [Int32?] {
            let lines = columns.enumerated().map { b(String(format: "1000%02d", $0.offset), pressure: $0.element) }
            return try IGCReader.read(igc(header + lines)).track.fixes.map(\.pressureAltitudeDm)
        }
        #expect(try pressures(["00800", "00000", "00000", "00810"]) == [8000, nil, nil, 8100])
        #expect(try pressures(["00000", "00000", "00150", "00160"]) == [nil, nil, 1500, 1600])
        #expect(try pressures(["00900", "00000"]) == [9000, nil])
        #expect(try pressures(["00003", "00000", "-0002", "00000"]) == [30, 0, -20, 0])
        #expect(try pressures(["00000", "00000"]) == [nil, nil])
    }

    @Test func readsAB_RecordWithAllFields() throws {
        let file = try IGCReader.read(igc(header + [b("160240")]))
        let fix = try #require(file.track.fixes.first)
        #expect(fix.time == july15 + (16 * 3600 + 2 * 60 + 40) * 1000)
        #expect(fix.latitudeE7 == Int32(((54 + 7.121 / 60) * 1e7).rounded()))
        #expect(fix.longitudeE7 == -Int32(((2 + 49.342 / 60) * 1e7).rounded()))
        #expect(fix.isValid)
        #expect(fix.pressureAltitudeDm == 2800)
        #expect(fix.gnssAltitudeDm == 4210)
        #expect(fix.extensions == "20509")
        #expect(
            file.track.recorder.extensions == [
                FixExtension(code: "FXA", length: 3), FixExtension(code: "SIU", length: 2),
            ])
        #expect(file.track.recorder.manufacturer == "XFL")
        #expect(file.track.recorder.serial == "ABC")
        #expect(file.headers.date == CivilDate(year: 2024, month: 7, day: 15))
        #expect(file.headers.flightNumberOfDay == 1)
        #expect(file.hasBarometer)
    }

    @Test(arguments: ["\r\n", "\n", "\r\r\n", "\r"])
    func lineEnds(ending: String) throws {
        let file = try IGCReader.read(igc(header + [b("100000"), b("100001")], ending: ending))
        #expect(file.track.fixes.count == 2)
        let error = readError(igc(header + [b("100000"), "B10"], ending: ending))
        #expect(error?.line == 5)
    }

    @Test(
        arguments: [
            ("HFDTE150724", 15, nil), ("HFDTEDATE:150724,01", 15, 1), ("HFDTEDATE:150724", 15, nil),
            ("HFDTE:150724", 15, nil), ("HFDTEDATE: 150724,02", 15, 2), ("HFDTEDATE150724", 15, nil),
            ("HFDTE 150724", 15, nil), ("HODTEDATE:160724,3", 16, 3),
        ] as [(String, Int, Int?)])
    func dateForms(line: String, day: Int, number: Int?) throws {
        let file = try IGCReader.read(igc(["AXFLABC", "HFPLTPILOT:X", line, b("100000")]))
        #expect(file.headers.date == CivilDate(year: 2024, month: 7, day: day))
        #expect(file.headers.flightNumberOfDay == number)
    }

    @Test func twoDigitYearsMapTo1990Through2089() throws {
        let old = try IGCReader.read(igc(["HFDTE010195", b("100000")]))
        #expect(old.headers.date?.year == 1995)
        let new = try IGCReader.read(igc(["HFDTE010189", b("100000")]))
        #expect(new.headers.date?.year == 2089)
    }

    @Test func paddedHeadersAnySourceLetterLatin1AndUTF8() throws {
        var bytes = igc(["AZAN1HQ ZANDER/SDI GP941 V2.11", "HFDTE150724", "HFPLT Pilot             :LANGE HANS   "])
        bytes += Array("HPCM2Crew2:M".utf8) + [0xFC] + Array("ller\r\n".utf8)  // Latin-1 ü
        bytes += igc([
            "HFGTYGliderType:Ventus 2cxM", "HSGIDGLIDERID: D-KJLH", "HFCIDCOMPETITIONID:ILH",
            "HSCCLCOMPETITIONCLASS:18m", "HFTZNTIMEZONE:+10.5", "HOSITSite:Teufelsmühle",
            "HFFTYFRTYPE:ZANDER,GP941", "HFGPS:Generic", "HFPRSPRESSALTSENSOR:X,Y,max9000m", b("100000"),
        ])
        let file = try IGCReader.read(bytes)
        #expect(file.headers.pilot == "LANGE HANS")
        #expect(file.headers.crew == "Müller")
        #expect(file.headers.gliderType == "Ventus 2cxM")
        #expect(file.headers.registration == "D-KJLH")
        #expect(file.headers.competitionId == "ILH")
        #expect(file.headers.competitionClass == "18m")
        #expect(file.headers.timeZoneOffsetHours == 10.5)
        #expect(file.track.recorder.manufacturer == "ZAN")
        #expect(file.track.recorder.serial == "1HQ")
        #expect(file.track.recorder.recorderType == "ZANDER,GP941")
        #expect(file.track.recorder.gpsReceiver == "Generic")
        #expect(file.track.recorder.pressureSensor == "X,Y,max9000m")
        #expect(file.track.recorder.extensions.isEmpty)
    }

    @Test(arguments: ["", "NIL", "nil", "  "])
    func emptyCrewIsNil(value: String) throws {
        let file = try IGCReader.read(igc(["HFDTE150724", "HFCM2CREW2:" + value, b("100000")]))
        #expect(file.headers.crew == nil)
    }

    @Test func serialWithFlightSuffix() throws {
        let lx = try IGCReader.read(igc(["ALXV6MSFLIGHT:1", "HFDTE150724", b("100000")]))
        #expect(lx.track.recorder.serial == "6MS")
        let numeric = try IGCReader.read(igc(["AFIL10559FLIGHT:1", "HFDTE150724", b("100000")]))
        #expect(numeric.track.recorder.serial == "10559")
    }

    @Test func missingIRecordReadsTheCoreAndIgnoresTrailingBytes() throws {
        let file = try IGCReader.read(igc(["HFDTE150724", "B1009575100651N00700612EA-004400103999"]))
        let fix = try #require(file.track.fixes.first)
        #expect(fix.pressureAltitudeDm == -440)
        #expect(fix.gnssAltitudeDm == 1030)
        #expect(fix.extensions == "")
        #expect(file.track.recorder.manufacturer == "")
    }

    @Test func ladAndLodAddADigitToTheMinutes() throws {
        let file = try IGCReader.read(
            igc(["HFDTE040920", "I023636LAD3737LOD", "B1627534845678N00824567EA0080600893" + "79"]))
        let fix = try #require(file.track.fixes.first)
        #expect(fix.latitudeE7 == Int32(((48 + 45.6787 / 60) * 1e7).rounded()))
        #expect(fix.longitudeE7 == Int32(((8 + 24.5679 / 60) * 1e7).rounded()))
        #expect(fix.extensions == "79")
    }

    @Test func duplicatesKeepFirstButPreferAValidFix() throws {
        let file = try IGCReader.read(
            igc(
                header + [
                    b("100000"), b("100000", pressure: "00999"), b("100001", validity: "V"), b("100001"), b("100002"),
                ]))
        #expect(file.track.fixes.map(\.isValid) == [true, true, true])
        #expect(file.track.fixes[0].pressureAltitudeDm == 2800)
        #expect(file.skippedFixes == 2)
    }

    @Test func smallBackwardStepsAreSkippedAndCounted() throws {
        let file = try IGCReader.read(igc(header + [b("100010"), b("100005"), b("100011")]))
        #expect(file.track.fixes.map { ($0.time - july15) / 1000 } == [36010, 36011])
        #expect(file.skippedFixes == 1)
    }

    @Test func decreaseOfMoreThan12HoursIsTheNextDay() throws {
        let file = try IGCReader.read(igc(header + [b("235959"), b("000001"), b("043000"), b("043001")]))
        let days = CivilDate(year: 2024, month: 7, day: 16).utcMidnight
        #expect(
            file.track.fixes.map(\.time) == [july15 + 86_399_000, days + 1000, days + 16_200_000, days + 16_201_000])
    }

    @Test func sixtyThousandMinutesIsTheNextDegree() throws {
        let file = try IGCReader.read(igc(header + ["B0224073630099S14560000EA0028000421"]))
        #expect(file.track.fixes[0].longitudeE7 == 1_460_000_000)
    }

    @Test func vFixKeepsItsPositionButGnssZeroIsNil() throws {
        let file = try IGCReader.read(
            igc(
                header + [
                    b("100000", validity: "V", gnss: "00000"), b("100001", validity: "V", gnss: "00120"),
                    b("100002", gnss: "00000"),
                ]))
        #expect(file.track.fixes.map(\.isValid) == [false, false, true])
        #expect(file.track.fixes.map(\.gnssAltitudeDm) == [nil, 1200, 0])
        #expect(file.track.fixes[0].latitudeE7 == file.track.fixes[2].latitudeE7)
    }

    @Test func pressureAllZeroIsNoBarometer() throws {
        let file = try IGCReader.read(igc(header + [b("100000", pressure: "00000"), b("100001", pressure: "00000")]))
        #expect(file.track.fixes.allSatisfy { $0.pressureAltitudeDm == nil })
        #expect(!file.hasBarometer)
        #expect(!file.pressureCopiesGNSS)
    }

    @Test func pressureCopyingGnssIsNoBarometer() throws {
        let file = try IGCReader.read(
            igc(header + [b("100000", pressure: "00421"), b("100001", pressure: "00500", gnss: "00500")]))
        #expect(file.pressureCopiesGNSS)
        #expect(!file.hasBarometer)
        #expect(file.track.fixes[1].pressureAltitudeDm == 5000)
    }

    @Test func bRecordsAfterGAreIgnored() throws {
        let file = try IGCReader.read(igc(header + [b("100000"), "GABCDEF", b("100001"), "LSCSfoo"]))
        #expect(file.track.fixes.count == 1)
    }

    @Test func unknownAndLowerCaseRecordsAreIgnored() throws {
        let file = try IGCReader.read(
            igc(header + ["xyz", "Zfoo", "E100000PEV", "F10000001", "LXFLhello", b("100000")]))
        #expect(file.track.fixes.count == 1)
    }

    @Test(
        arguments: [
            (["AXFLABC", b("100000")], 2, "date"),
            (header + ["B100000540712"], 4, "needs at least 35"),
            (header + ["B10000054071X1N00249342WA0028000421"], 4, "non-digit in the latitude"),
            (header + ["B1000005407121N00249342WA00A8000421"], 4, "non-digit in the pressure altitude"),
            (header + ["B2460005407121N00249342WA0028000421"], 4, "impossible time 246000"),
            (header + ["B1000005461000N00249342WA0028000421"], 4, "latitude minutes 61000 (must be < 60000)"),
            (header + ["B1000005407121N00260001WA0028000421"], 4, "longitude minutes 60001"),
            (header + ["B1000009107121N00249342WA0028000421"], 4, "beyond 90"),
            (header + ["B1000005407121N18149342WA0028000421"], 4, "beyond 180"),
            (header + ["B1000005407121X00249342WA0028000421"], 4, "hemisphere"),
            (header + [b("100000"), "B10000154071"], 5, "35"),
            (header, nil, "no B record"),
            (["HFDTE320724", b("100000")], 2, "date"),
        ] as [([String], Int?, String)])
    func malformedFilesNameTheLine(lines: [String], line: Int?, text: String) throws {
        let error = try #require(readError(igc(lines)))
        #expect(error.line == line)
        #expect(error.description.contains(text), "\(error)")
        if let line { #expect(error.description.hasPrefix("line \(line): ")) }
    }

    @Test func boundsLineLengthAndFileSize() throws {
        let long = igc(header + ["L" + String(repeating: "x", count: 5000), b("100000")])
        #expect(readError(long)?.line == 4)
        #expect(readError([UInt8](repeating: 0x0A, count: IGCReader.maxFileSize + 1))?.line == nil)
    }

    // MARK: Real files

    @Test(.enabled(if: SharedFlights.available), arguments: SharedFlights.names)
    func readsSharedFile(name: String) throws {
        let bytes = try SharedFlights.bytes(name)
        let file = try IGCReader.read(bytes)
        #expect(file.track.fixes.count == SharedFlights.fixCounts[name])
        #expect(file.warnings.isEmpty, "\(file.warnings)")
        #expect(file.skippedLines == 0)
        let times = file.track.fixes.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(file.headers.date != nil)
        let lengths = Set(file.track.fixes.map(\.extensions.utf8.count))
        #expect(lengths == [file.track.recorder.extensions.reduce(0) { $0 + $1.length }])
    }

    @Test(.enabled(if: SharedFlights.available))
    func rolloverFileEndsNextDay() throws {
        let file = try IGCReader.read(SharedFlights.bytes("2016-11-08-xcs-aaa-02.igc"))
        #expect(iso8601UTC(try #require(file.track.fixes.last).time) == "2016-11-09T04:43:01Z")
        #expect(iso8601UTC(file.track.fixes[0].time) == "2016-11-08T22:43:17Z")
        #expect(file.headers.flightNumberOfDay == nil)
        #expect(file.track.recorder.manufacturer == "XCS")
        #expect(file.track.recorder.serial == "AAA")
    }

    @Test(.enabled(if: SharedFlights.available))
    func headersOfRealFiles() throws {
        let zander = try IGCReader.read(SharedFlights.bytes("01lz1hq1.igc"))
        #expect(zander.headers.pilot == "LANGE HANS JUERGEN")
        #expect(zander.headers.registration == "D-KJLH")
        #expect(zander.headers.competitionId == "ILH")
        #expect(zander.track.recorder.extensions.map(\.code) == ["IAS", "ENL"])
        #expect(zander.track.fixes.prefix(8).allSatisfy { !$0.isValid && $0.gnssAltitudeDm == nil })
        #expect(zander.track.fixes[0].pressureAltitudeDm == 1660)

        let flarm = try IGCReader.read(SharedFlights.bytes("654G6NG1.IGC"))
        #expect(flarm.headers.registration == "D-KCSS")
        #expect(flarm.headers.competitionId == "TH")
        #expect(flarm.headers.gliderType?.hasPrefix("ASG-29E") == true)

        let lx = try IGCReader.read(SharedFlights.bytes("complex_example_lxn.igc"))
        #expect(lx.headers.gliderType == "Ventus 3T")
        #expect(lx.headers.registration == "D-KVMY")
        #expect(lx.headers.competitionId == "120")
        #expect(lx.headers.timeZoneOffsetHours == 1)
        #expect(lx.track.recorder.extensions.count == 10)
        #expect(lx.track.fixes.allSatisfy { $0.longitude < 0 })

        let colibri = try IGCReader.read(SharedFlights.bytes("H1_77flne21.IGC"))
        #expect(colibri.headers.gliderType == "DG_303")
        #expect(colibri.headers.registration == "D-3952")
        #expect(colibri.headers.competitionId == "H1")
        #expect(colibri.skippedFixes == 69)

        let nano = try IGCReader.read(SharedFlights.bytes("T_77fv4np1.igc"))
        #expect(nano.headers.gliderType == "LS 4")
        #expect(nano.headers.registration == "D-1445")
        #expect(nano.headers.competitionId == "T")
        #expect(nano.track.fixes.filter { ($0.pressureAltitudeDm ?? 0) < 0 }.count == 1229)
        #expect(nano.track.fixes.filter { !$0.isValid }.count == 85)

        let apf = try IGCReader.read(SharedFlights.bytes("apf-bug554.igc"))
        #expect(apf.pressureCopiesGNSS)
        #expect(!apf.hasBarometer)
        #expect(apf.headers.pilot == nil)
        #expect(apf.headers.date == CivilDate(year: 2010, month: 7, day: 18))

        let xct = try IGCReader.read(SharedFlights.bytes("xctrack-2020-09-04.igc"))
        #expect(xct.headers.date == CivilDate(year: 2020, month: 9, day: 4))
        #expect(xct.headers.flightNumberOfDay == 1)
        #expect(xct.headers.pilot == nil)
        #expect(xct.track.recorder.extensions.map(\.code) == ["LAD", "LOD"])
    }
}
