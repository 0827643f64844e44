import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogCore

private let start = CivilDate(year: 2024, month: 7, day: 15).utcMidnight + 10 * 3_600_000

private func fix(
    _ second: Int64, _ lat: Degrees = 51.19, _ lon: Degrees = -1.03, valid: Bool = true,
    pressure: Meters? = 120, gnss: Meters? = 170, ext: String = "00509"
) -> Fix {
    Fix(
        time: start + second * 1000, isValid: valid, latitude: lat, longitude: lon, pressureAltitude: pressure,
        gnssAltitude: gnss, extensions: ext)
}

private let fxaSiu = [FixExtension(code: "FXA", length: 3), FixExtension(code: "SIU", length: 2)]
private let baro = IGCHeaderValues(
    pilot: "Müller Jürgen", gliderType: "ASK 21", registration: "D-1234",
    competitionId: "X1", pressureSensor: "Bosch,BMP388,max9000m", timeZoneOffsetHours: 2)

private func lines(_ bytes: [UInt8]) -> [String] {
    var text = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    if text.last == "" { text.removeLast() }
    return text
}

private func bLines(_ bytes: [UInt8]) -> [String] { lines(bytes).filter { $0.hasPrefix("B") } }

@Suite struct IGCWriterTests {
    @Test func recommendedLayout() throws {
        let bytes = IGCWriter.write(
            fixes: [fix(0), fix(1)], extensions: fxaSiu, headers: baro, serial: "abc", flightNumberOfDay: 1,
            signer: TestSigner.signer)
        let all = lines(bytes)
        #expect(all[0] == "AXFLABC")
        #expect(all[1] == "HFDTEDATE:150724,01")
        #expect(all.contains("HFPLTPILOTINCHARGE:Muller Jurgen"))
        #expect(all.contains("HFDTMGPSDATUM:WGS84"))
        #expect(all.contains("HFALGALTGPS:ELL"))
        #expect(all.contains("HFALPALTPRESSURE:ISA"))
        #expect(all.contains("HFPRSPRESSALTSENSOR:Bosch,BMP388,max9000m"))
        #expect(all.contains("HFTZNTIMEZONE:+2.00"))
        #expect(all.contains("I023638FXA3940SIU"))
        #expect(
            bLines(bytes) == ["B1000005111400N00101800WA001200017000509", "B1000015111400N00101800WA001200017000509"])
        #expect(all.suffix(2).allSatisfy { $0.hasPrefix("G") && $0.count == 17 })
        // Every line ends in CR LF, is at most 99 characters and uses only allowed bytes.
        #expect(bytes.suffix(2) == [0x0D, 0x0A])
        #expect(bytes.count(where: { $0 == 0x0A }) == all.count)
        #expect(all.allSatisfy { $0.utf8.count <= 99 && $0.utf8.allSatisfy(IGCText.isAllowed) })
        let tlcs = Set(all.filter { $0.hasPrefix("H") }.map { String($0.dropFirst(2).prefix(3)) })
        let aerofilesTLCs: Set = [
            "DTE", "FXA", "PLT", "CM2", "GTY", "GID", "DTM", "RFW", "RHW", "FTY", "GPS", "PRS",
            "CID", "CCL", "TZN", "MOP", "SIT", "TZO", "UNT", "FRS", "ALG", "ALP",
        ]
        #expect(tlcs.isSubset(of: aerofilesTLCs))
    }

    /// Coordinates (docs/IGC-FORMAT.md): round once, then split; hemisphere after rounding.
    @Test(arguments: [
        (45.99999999, "4600000N"), (-0.0000001, "0000000N"), (-35.99999999, "3600000S"), (54.11868333, "5407121N"),
    ])
    func latitudeRounding(latitude: Degrees, text: String) {
        let b = bLines(
            IGCWriter.write(
                fixes: [fix(0, latitude)], extensions: [], headers: baro, serial: "ABC", flightNumberOfDay: 1))
        #expect(b.first.map { String($0.dropFirst(7).prefix(8)) } == text)
    }

    @Test(arguments: [(145.99999999, "14600000E"), (-0.0000001, "00000000E"), (-2.82236667, "00249342W")])
    func longitudeRounding(longitude: Degrees, text: String) {
        let b = bLines(
            IGCWriter.write(
                fixes: [fix(0, 10, longitude)], extensions: [], headers: baro, serial: "ABC", flightNumberOfDay: 1))
        #expect(b.first.map { String($0.dropFirst(15).prefix(9)) } == text)
    }

    @Test(
        arguments: [
            (-44.0, "-0044"), (0.0, "00000"), (123.44, "00123"), (123.5, "00124"), (-44.6, "-0045"), (-0.4, "00000"),
            (123_456.0, "99999"), (-20_000.0, "-9999"),
            (nil, "00000"),
        ] as [(Meters?, String)])
    func altitudes(metres: Meters?, text: String) {
        let b = bLines(
            IGCWriter.write(
                fixes: [fix(0, pressure: metres, gnss: metres)], extensions: [], headers: baro, serial: "ABC",
                flightNumberOfDay: 1))
        #expect(b.first.map { String($0.dropFirst(25)) } == text + text)
    }

    @Test func noBarometerWritesZeroPressureAndNilHeaders() {
        let headers = IGCHeaderValues(pressureSensor: nil)
        let bytes = IGCWriter.write(
            fixes: [fix(0), fix(1, valid: false, gnss: nil)], extensions: [], headers: headers, serial: "ABC",
            flightNumberOfDay: 1)
        let all = lines(bytes)
        #expect(all.contains("HFALPALTPRESSURE:NIL"))
        #expect(all.contains("HFPRSPRESSALTSENSOR:"))
        #expect(all.contains("I00"))
        #expect(bLines(bytes) == ["B1000005111400N00101800WA0000000170", "B1000015111400N00101800WV0000000000"])
    }

    @Test func dropsFixesInTheSameOrAnEarlierSecond() {
        let fixes = [
            fix(0),
            Fix(time: start + 500, isValid: true, latitude: 1, longitude: 1, pressureAltitude: 1, gnssAltitude: 1),
            fix(2), fix(1), fix(3),
        ]
        let b = bLines(
            IGCWriter.write(fixes: fixes, extensions: fxaSiu, headers: baro, serial: "ABC", flightNumberOfDay: 1))
        #expect(b.map { String($0.dropFirst().prefix(6)) } == ["100000", "100002", "100003"])
    }

    @Test func midnightWrapsInOneFileAndDateIsFirstValidFix() throws {
        let day = CivilDate(year: 2016, month: 11, day: 8).utcMidnight
        let fixes = [Int64(86_398), 86_399, 86_400, 86_401].map {
            Fix(time: day + $0 * 1000, latitude: -44.49, longitude: 169.99, pressureAltitude: 500, gnssAltitude: 520)
        }
        let bytes = IGCWriter.write(fixes: fixes, extensions: [], headers: baro, serial: "AAA", flightNumberOfDay: 2)
        #expect(lines(bytes)[1] == "HFDTEDATE:081116,02")
        #expect(bLines(bytes).map { String($0.dropFirst().prefix(6)) } == ["235958", "235959", "000000", "000001"])
        let back = try IGCReader.read(bytes)
        #expect(back.track.fixes.map(\.time) == fixes.map(\.time))
        // First valid fix on the next day, but an earlier V fix: the date must still date every B line right.
        var early = fixes
        early[0].isValid = false
        early[1].isValid = false
        early[2].isValid = true
        let mixed = IGCWriter.write(
            fixes: Array(early[0...2]), extensions: [], headers: baro, serial: "AAA", flightNumberOfDay: 1)
        #expect(try IGCReader.read(mixed).track.fixes.map(\.time) == Array(fixes[0...2]).map(\.time))
        let late = IGCWriter.write(
            fixes: Array(fixes[2...]), extensions: [], headers: baro, serial: "AAA", flightNumberOfDay: 1)
        #expect(lines(late)[1] == "HFDTEDATE:091116,01")
    }

    @Test(arguments: [
        ("Müller", "Muller"), ("Øystein Æsir", "Oystein AEsir"), ("Straße", "Strasse"), ("Αθήνα", "Athina"),
        ("Жуков", "Zhukov"), ("a!b$c*d\\e^f~g", "abcdefg"), ("Zdeněk Łukasz", "Zdenek Lukasz"), ("日本", ""),
        ("e\u{301}", "e"), ("“Quote” – dash", "\"Quote\" - dash"),
    ])
    func textFolding(text: String, folded: String) {
        #expect(String(decoding: IGCText.fold(text), as: UTF8.self) == folded)
    }

    @Test func commentsAreLXFLLinesOfAtMost99Characters() {
        let long = String(repeating: "x", count: 150)
        let all = lines(
            IGCWriter.write(
                fixes: [fix(0)], extensions: [], headers: baro, serial: "ABC", flightNumberOfDay: 1,
                comments: ["hello!", long]))
        let comments = all.filter { $0.hasPrefix("L") }
        #expect(
            comments == [
                "LXFLhello", "LXFL" + String(repeating: "x", count: 95), "LXFL" + String(repeating: "x", count: 55),
            ])
        #expect(all.firstIndex(of: "LXFLhello")! < all.firstIndex { $0.hasPrefix("B") }!)
    }

    @Test func headerValuesInShapesAerofilesParses() {
        #expect(IGCWriter.gpsReceiverText("u-blox,NEO-M8N,72,max18000m") == "u-blox,NEO-M8N,72,max18000m")
        #expect(
            IGCWriter.gpsReceiverText("u-blox,NEO-M8N,72ch,max18000m,GPS,GAL")
                == "u-blox NEO-M8N 72ch max18000m GPS GAL")
        #expect(IGCWriter.gpsReceiverText("u-blox,NEO-M8N") == "u-blox NEO-M8N")
        #expect(IGCWriter.gpsReceiverText("gpsd") == "gpsd")
        #expect(IGCWriter.pressureSensorText("Bosch,BMP388,9000 m high") == "Bosch BMP388 9000 m high")
        #expect(IGCWriter.recorderTypeText("flightlog,flightlog,0.1") == "flightlog,flightlog 0.1")
        #expect(IGCWriter.timeZoneText(-3.5) == "-3.50")
        #expect(IGCWriter.timeZoneText(5.75) == "+5.75")
        #expect(IGCWriter.timeZoneText(0) == "+0.00")
    }

    @Test func fileName() {
        #expect(
            IGCWriter.fileName(date: CivilDate(year: 2024, month: 7, day: 5), serial: "abc", flightNumberOfDay: 2)
                == "2024-07-05-XFL-ABC-02.IGC")
    }

    /// The signer gets every byte before its G lines, its key comment is the first L record after the I record
    /// (before every B record, so signed), and its G lines come last.
    @Test func signerCoversEveryByteBeforeTheGRecord() throws {
        var bytes = IGCWriter.write(
            fixes: [fix(0), fix(1)], extensions: fxaSiu, headers: baro, serial: "ABC", flightNumberOfDay: 1,
            comments: ["LAUNCH WINCH"], signer: TestSigner.signer)
        #expect(TestSigner.verify(bytes) == true)
        let all = lines(bytes)
        let i = try #require(all.firstIndex { $0.hasPrefix("I") })
        #expect(Array(all[(i + 1)...(i + 2)]) == ["LXFLSIGNKEY TEST", "LXFLLAUNCH WINCH"])
        #expect(all.suffix(2).allSatisfy { $0.hasPrefix("G") } && all.filter { $0.hasPrefix("G") }.count == 2)
        let index = try #require(bytes.firstIndex(of: UInt8(ascii: "B")))
        bytes[index + 10] = bytes[index + 10] == 0x31 ? 0x32 : 0x31
        #expect(TestSigner.verify(bytes) == false)
        let unsigned = IGCWriter.write(
            fixes: [fix(0), fix(1)], extensions: fxaSiu, headers: baro, serial: "ABC", flightNumberOfDay: 1)
        #expect(TestSigner.verify(unsigned) == nil, "no signer, no G record")
        #expect(!lines(unsigned).contains { $0.hasPrefix("LXFLSIGNKEY") })
    }

    @Test func extensionsArePaddedAndLadLodRegenerated() throws {
        let ext = [
            FixExtension(code: "LAD", length: 1), FixExtension(code: "LOD", length: 1),
            FixExtension(code: "ENL", length: 3),
        ]
        let f = Fix(
            time: start, isValid: true, latitudeE7: 487_613_117, longitudeE7: 84_094_650,
            pressureAltitudeDm: 8060, gnssAltitudeDm: 8930, extensions: "0 1")
        let bytes = IGCWriter.write(fixes: [f], extensions: ext, headers: baro, serial: "ABC", flightNumberOfDay: 1)
        #expect(lines(bytes).contains("I033636LAD3737LOD3840ENL"))
        let back = try #require(try IGCReader.read(bytes).track.fixes.first)
        #expect(back.latitudeE7 == f.latitudeE7 || abs(back.latitudeE7 - f.latitudeE7) <= 9)
        #expect(back.longitudeE7 == f.longitudeE7 || abs(back.longitudeE7 - f.longitudeE7) <= 9)
        #expect(back.extensions.suffix(3) == "100")
    }

    /// One byte per character of the raw extension text: non-ASCII, spaces and reserved characters become "0".
    @Test func extensionBytesAreWrittenOnePerCharacter() throws {
        let ext = [FixExtension(code: "FXA", length: 3), FixExtension(code: "SIU", length: 2)]
        func bLine(_ extensions: String) throws -> String {
            let f = Fix(
                time: start, isValid: true, latitudeE7: -337_500_000, longitudeE7: -1_512_345_678,
                pressureAltitudeDm: -125, gnssAltitudeDm: 123_456, extensions: extensions)
            let bytes = IGCWriter.write(fixes: [f], extensions: ext, headers: baro, serial: "ABC", flightNumberOfDay: 1)
            return try #require(lines(bytes).first { $0.hasPrefix("B") })
        }
        // 10:00:00 UTC, 33°45.000' S, 151°14.074' W, pressure −13 m (rounded from −12.5), GNSS 12346 m.
        #expect(try bLine("01207") == "B1000003345000S15114074WA-00131234601207")
        #expect(try bLine("é2!0 9") == "B1000003345000S15114074WA-00131234602000")
        #expect(try bLine("1") == "B1000003345000S15114074WA-00131234610000")
    }

    // MARK: Real files

    /// What the writer should be given to reproduce a read file.
    static func rewrite(_ file: IGCFile) -> [UInt8] {
        let hasPressure = file.track.fixes.contains { $0.pressureAltitudeDm != nil }
        let headers = IGCHeaderValues(
            pilot: file.headers.pilot, crew: file.headers.crew, gliderType: file.headers.gliderType,
            registration: file.headers.registration, competitionId: file.headers.competitionId,
            recorderType: file.track.recorder.recorderType ?? "unknown,unknown",
            gpsReceiver: file.track.recorder.gpsReceiver ?? "unknown",
            pressureSensor: hasPressure ? (file.track.recorder.pressureSensor ?? "unknown") : nil,
            timeZoneOffsetHours: file.headers.timeZoneOffsetHours)
        return IGCWriter.write(
            fixes: file.track.fixes, extensions: file.track.recorder.extensions, headers: headers,
            serial: file.track.recorder.serial, flightNumberOfDay: file.headers.flightNumberOfDay ?? 1,
            comments: ["round trip of a shared test file"], signer: TestSigner.signer)
    }

    @Test(.enabled(if: SharedFlights.available), arguments: SharedFlights.names)
    func roundTrip(name: String) throws {
        let original = try IGCReader.read(SharedFlights.bytes(name))
        let written = Self.rewrite(original)
        #expect(TestSigner.verify(written) == true)
        let back = try IGCReader.read(written)
        #expect(back.skippedFixes == 0)
        #expect(back.track.fixes.count == original.track.fixes.count)
        #expect(back.track.recorder.extensions == original.track.recorder.extensions)
        #expect(back.headers.pilot == original.headers.pilot.map { String(decoding: IGCText.fold($0), as: UTF8.self) })
        #expect(back.headers.registration == original.headers.registration)
        for (a, b) in zip(original.track.fixes, back.track.fixes) where a != b {
            Issue.record("fix differs after a round trip: \(a) vs \(b)")
            break
        }
    }

    /// Runs scripts/check-igc.py (aerofiles 1.5.6 + own checks) on written files. Enable with
    /// `scripts/setup-aerofiles.sh` (venv in `$FLIGHTLOG_VENV`, default `.build-venv`).
    @Test(.enabled(if: SharedFlights.available && AerofilesCheck.python != nil), arguments: SharedFlights.names)
    func aerofilesAcceptsWrittenFile(name: String) throws {
        let original = try IGCReader.read(SharedFlights.bytes(name))
        let written = Self.rewrite(original)
        let output = try AerofilesCheck.run(
            written, fixes: original.track.fixes, layout: original.track.recorder.extensions)
        #expect(output.status == 0, Comment(rawValue: output.text))
    }

    @Test(.enabled(if: AerofilesCheck.python != nil))
    func aerofilesAcceptsOwnRecording() throws {
        var fixes: [Fix] = []
        for i in 0..<300 {
            let step = Double(i)
            let lost = i % 50 == 7
            let ext: String = pad(i % 999, 3) + pad(i % 13, 2)
            let gnss: Meters? = lost ? nil : 150 + step
            fixes.append(
                fix(
                    Int64(i), 51.19 + step * 1e-4, -1.03 - step * 1e-4, valid: !lost, pressure: 100 + step, gnss: gnss,
                    ext: ext))
        }
        let headers = IGCHeaderValues(
            pilot: "Ærø Ünsal", crew: "NIL", gliderType: "ASK 21", registration: "D-1234",
            gpsReceiver: "u-blox,NEO-M8N,72,max18000m", pressureSensor: "Bosch,BMP388,max9000m",
            timeZoneOffsetHours: 1)
        let written = IGCWriter.write(
            fixes: fixes, extensions: fxaSiu, headers: headers, serial: "ABC", flightNumberOfDay: 3,
            comments: ["Take-off 10:00 (Lasham)"])
        let output = try AerofilesCheck.run(written, fixes: fixes, layout: fxaSiu)
        #expect(output.status == 0, Comment(rawValue: output.text))
        let noBaro = IGCWriter.write(
            fixes: fixes, extensions: [], headers: IGCHeaderValues(), serial: "ABC", flightNumberOfDay: 1)
        let checked = try AerofilesCheck.run(
            noBaro,
            fixes: fixes.map {
                var f = $0; f.pressureAltitudeDm = nil; return f
            }, layout: [])
        #expect(checked.status == 0, Comment(rawValue: checked.text))
    }
}

/// Runs `scripts/check-igc.py` with the aerofiles venv.
enum AerofilesCheck {
    static var python: String? {
        let venv =
            ProcessInfo.processInfo.environment["FLIGHTLOG_VENV"]
            ?? packageRoot.appendingPathComponent(".build-venv").path
        let path = venv + "/bin/python"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    static func run(_ bytes: [UInt8], fixes: [Fix], layout: [FixExtension]) throws -> (status: Int32, text: String) {
        let directory = try makeTemporaryDirectory("igc-check")
        defer { try? FileManager.default.removeItem(at: directory) }
        let igc = directory.appendingPathComponent("2024-07-15-XFL-ABC-01.IGC")
        try Data(bytes).write(to: igc)
        let json = directory.appendingPathComponent("fixes.json")
        try Data(expectedJSON(fixes, layout: layout).utf8).write(to: json)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(python))
        process.arguments = [
            packageRoot.appendingPathComponent("scripts/check-igc.py").path,
            "--expect-json", json.path, igc.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Expected fixes as aerofiles sees them: whole seconds, kept fixes only, positions at the B-record precision
    /// (aerofiles ignores LAD/LOD digits).
    static func expectedJSON(_ fixes: [Fix], layout: [FixExtension]) -> String {
        var last = Int64.min
        var items: [String] = []
        for fix in fixes where fix.time / 1000 > last {
            last = fix.time / 1000
            let lat = IGCWriter.igcCoordinate(
                fix.latitudeE7, extraDigits: layout.first { $0.code == "LAD" }?.length ?? 0)
            let lon = IGCWriter.igcCoordinate(
                fix.longitudeE7, extraDigits: layout.first { $0.code == "LOD" }?.length ?? 0)
            let latitude = Double(lat.thousandths) / 60000 * (lat.negative ? -1 : 1)
            let longitude = Double(lon.thousandths) / 60000 * (lon.negative ? -1 : 1)
            let pressure = Int(((Double(fix.pressureAltitudeDm ?? 0)) / 10).rounded())
            let gnss = Int(((Double(fix.gnssAltitudeDm ?? 0)) / 10).rounded())
            items.append(
                #"{"time":"\#(iso8601UTC(last * 1000))","lat":\#(latitude),"lon":\#(longitude),"valid":\#(fix.isValid),"pressure_alt":\#(pressure),"gps_alt":\#(gnss)}"#
            )
        }
        return "[" + items.joined(separator: ",\n") + "]"
    }
}
