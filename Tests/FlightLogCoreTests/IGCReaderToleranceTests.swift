import Testing

@testable import FlightLogCore

/// Damaged files (a power cut mid-write, receiver clock faults, hostile I records): keep what is valid, name
/// what was skipped, never trap.
@Suite struct IGCReaderToleranceTests {
    private static let header = ["AXFLABC", "HFDTEDATE:150724,01", "I023638FXA3940SIU"]
    private static let july15 = CivilDate(year: 2024, month: 7, day: 15).utcMidnight

    private func igc(_ lines: [String]) -> [UInt8] { Array(lines.map { $0 + "\r\n" }.joined().utf8) }
    private func b(_ time: String, _ lat: String = "5407121N") -> String { "B\(time)\(lat)00249342WA002800042120509" }
    private func seconds(_ file: IGCFile) -> [Int64] { file.track.fixes.map { ($0.time - Self.july15) / 1000 } }

    @Test func fileCutOffMidLineKeepsEveryCompleteFix() throws {
        let lines = Self.header + [b("100000"), b("100001"), "B100002540712"]
        let file = try IGCReader.read(igc(lines))
        #expect(seconds(file) == [36000, 36001])
        #expect(file.skippedLines == 1)
        #expect(file.warnings.map(\.line) == [6])
        #expect(file.warnings[0].message.contains("cut off"))
        // --strict keeps the old all-or-nothing answer, naming the same line.
        #expect(throws: IGCError.self) { try IGCReader.read(igc(lines), strict: true) }
    }

    @Test func controlBytesMarkADamagedLine() throws {
        var bytes = igc(Self.header + [b("100000"), b("100001"), b("100002")])
        let third = bytes.count - 40 + 30  // inside the last B record's extensions
        bytes[third] = 0
        let file = try IGCReader.read(bytes)
        #expect(seconds(file) == [36000, 36001])
        #expect(file.warnings.first?.message.contains("control byte 0x0") == true)
    }

    @Test func nothingUsableIsAClearError() {
        #expect {
            try IGCReader.read(igc(Self.header + ["B1000", "B10000154X"]))
        } throws: { error in
            (error as? IGCError)?.description.contains("no usable B record: 2 damaged lines, the first at line 4")
                == true
        }
        #expect {
            try IGCReader.read(igc(["AXFLABC", b("100000")]))
        } throws: { error in
            (error as? IGCError)?.description.contains("no flight date") == true
        }
    }

    @Test func warningsAreCappedButAllCounted() throws {
        let lines = Self.header + [b("100000")] + Array(repeating: "B12", count: 500) + [b("100001")]
        let file = try IGCReader.read(igc(lines))
        #expect(file.track.fixes.count == 2)
        #expect(file.warnings.count == IGCReader.maxWarnings)
        #expect(file.skippedLines == 500)
    }

    @Test func overLongLineIsSkippedNotFatal() throws {
        let file = try IGCReader.read(
            igc(Self.header + [b("100000"), "L" + String(repeating: "x", count: 5000), b("100001")]))
        #expect(file.track.fixes.count == 2)
        #expect(file.warnings.map(\.line) == [5])
    }

    /// A receiver with a broken clock alternating 23:00 / 01:00: no day is invented; time only moves forward.
    @Test func alternatingClockNeverAddsDays() throws {
        var lines = Self.header
        for i in 0..<400 {
            let s = pad(i % 60, 2), m = pad(i / 60, 2)
            lines.append(b(i % 2 == 0 ? "23\(m)\(s)" : "01\(m)\(s)"))
        }
        let file = try IGCReader.read(igc(lines))
        let times = file.track.fixes.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        let span = try #require(times.last) - times[0]
        #expect(span < 4 * 3_600_000, "span \(span / 3_600_000) h")
        #expect(file.skippedLines > 100)
        // No flight may be longer than the fixes really span.
        for flight in FlightSegmenter.flightsForImport(file.track.fixes, extensions: file.track.recorder.extensions) {
            #expect(flight.landingTime - flight.takeoffTime <= span)
        }
    }

    @Test func forwardJumpNeedsTheNextFixToConfirmIt() throws {
        let confirmed = try IGCReader.read(igc(Self.header + [b("100000"), b("100001"), b("160000"), b("160001")]))
        #expect(seconds(confirmed) == [36000, 36001, 57600, 57601])
        #expect(confirmed.warnings.isEmpty)
        let glitch = try IGCReader.read(igc(Self.header + [b("100000"), b("100001"), b("160000"), b("100002")]))
        #expect(seconds(glitch) == [36000, 36001, 36002])
        #expect(glitch.warnings.map(\.line) == [6])
        #expect(glitch.warnings[0].message.contains("jumps 5 h 59 min ahead"))
    }

    @Test func bigStepBackIsSkippedWithAWarning() throws {
        let file = try IGCReader.read(igc(Self.header + [b("100000"), b("090000"), b("100001")]))
        #expect(seconds(file) == [36000, 36001])
        #expect(file.warnings.first?.message.contains("goes back 1 h 0 min") == true)
    }

    /// Found by mutation: a 10-digit LAD/LOD extension trapped on overflow (a file must never crash).
    @Test func wideLatitudeExtensionDoesNotOverflow() throws {
        let line = "B1627534845381N00824437EA0080600893" + "9999999999" + "9999999999"
        let file = try IGCReader.read(igc(["AXCTX", "HFDTEDATE:040920,01", "I023645LAD4655LOD", line]))
        let fix = try #require(file.track.fixes.first)
        // 48°45.381' and the first four extra digits (0.0009999'), nothing more.
        #expect(abs(fix.coordinate.latitude - (48 + 45.3819999 / 60)) < 2e-7)
    }

    /// Found by mutation: an ENL field 19+ digits wide trapped in the launch analysis (a file must never crash).
    @Test func wideEngineNoiseFieldIsNoReading() {
        let extensions = [FixExtension(code: "ENL", length: 19)]
        let fix = Fix(
            time: 0, isValid: true, latitudeE7: 0, longitudeE7: 0, pressureAltitudeDm: 0, gnssAltitudeDm: 0,
            extensions: String(repeating: "9", count: 19))
        #expect(LaunchAnalyzer.extensionValue("ENL", in: fix, extensions: extensions) == nil)
        #expect(
            LaunchAnalyzer.analyze([fix, fix], extensions: extensions, takeoffIndex: 0, landingIndex: 1).method
                == .unknown)
    }
}
