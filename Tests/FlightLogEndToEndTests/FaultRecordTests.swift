import FlightLogCore
import FlightLogSecurity
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

/// Faults are part of the record: a recorded flight with a GPS loss, a barometer loss and a
/// power cut, written into a real SQLite file the way flightlogd writes it, then read through the built
/// `flightlog` (show, show --json, export) and `flightlog serve`.
@Suite("Faults in the record", .serialized)
struct FaultRecordTests {
    static let start = CivilDate(year: 2025, month: 6, day: 14).utcMidnight + 10 * 3_600_000  // 10:00:00Z
    static let recorder = RecorderInfo(
        manufacturer: "XFL", serial: "ABC", recorderType: "flightlog,flightlog", gpsReceiver: "gpsd",
        pressureSensor: "Bosch,BMP388,max9000m",
        extensions: [FixExtension(code: "FXA", length: 3), FixExtension(code: "SIU", length: 2)])

    /// 30 minutes at 1 Hz: no fix 600…689 (V fixes with the last position and the pressure), no pressure
    /// 900…959, nothing stored 1200…1229 (flightlogd was not running).
    static func fixes() -> [Fix] {
        var last = Coordinate(latitude: 49.78, longitude: 7.66)
        return (0..<1800).compactMap { i -> Fix? in
            guard !(1200..<1230).contains(i) else { return nil }
            let valid = !(600..<690).contains(i)
            let climb = Double(min(i, 1800 - i))
            if valid {
                last = Coordinate(latitude: 49.78 + Double(i) * 2e-5, longitude: 7.66 + sin(Double(i) / 40) * 0.01)
            }
            return Fix(
                time: start + Int64(i) * 1000, isValid: valid, latitude: last.latitude, longitude: last.longitude,
                pressureAltitude: (900..<960).contains(i) ? nil : 200 + climb, gnssAltitude: valid ? 250 + climb : nil,
                extensions: valid ? "00509" : "99900")
        }
    }

    static let expected: [(kind: String, from: String, to: String, seconds: Int, igc: String, text: String)] = [
        (
            "GPS", "2025-06-14T10:10:00Z", "2025-06-14T10:11:30Z", 90, "LXFLGPS LOST 101000-101130",
            "GPS lost 10:10:00–10:11:30 UTC (1 min 30 s)"
        ),
        (
            "BARO", "2025-06-14T10:15:00Z", "2025-06-14T10:16:00Z", 60, "LXFLBARO LOST 101500-101600",
            "Barometer lost 10:15:00–10:16:00 UTC (1 min)"
        ),
        (
            "POWER", "2025-06-14T10:19:59Z", "2025-06-14T10:20:30Z", 31, "LXFLPOWER LOST 101959-102030",
            "Power lost 10:19:59–10:20:30 UTC (31 s)"
        ),
    ]

    /// A logbook with the flight recorded as flightlogd does it (fixes appended in small batches, the flight
    /// inserted at takeoff and closed at landing) and the same fixes imported from an IGC file.
    static func logbook(in dir: URL) throws -> (db: URL, recorded: Int64, imported: Int64) {
        let db = dir.appendingPathComponent("flightlog.sqlite")
        let fixes = Self.fixes()
        let store = try FlightStore(path: db.path, mode: .readWrite)
        let recording = try store.beginRecording(recorder: recorder)
        var flight = Flight(
            takeoffTime: start + 60_000, landingTime: start + 1_740_000, takeoffCoordinate: fixes[60].coordinate,
            landingCoordinate: fixes[fixes.count - 60].coordinate,
            details: FlightDetails(
                pilot: "Anna Huber", gliderType: "ASK 21", registration: "D-1234", launchMethod: .winch),
            source: .recorded, maxAltitude: 1100, takeoffAltitude: 260, hasBarometer: true,
            timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 7200)
        var id: Int64?
        for batch in stride(from: 0, to: fixes.count, by: 5) {
            try store.append(fixes: Array(fixes[batch..<min(batch + 5, fixes.count)]), toRecording: recording)
            if id == nil, fixes[batch].time >= flight.takeoffTime {
                id = try store.insertFlight(flight, recording: recording, inProgress: true)
            }
        }
        let recorded = try #require(id)
        try store.updateRecordedFacts(of: recorded, from: flight, inProgress: false)

        // The same fixes as someone else's IGC file.
        let file = IGCWriter.write(
            fixes: fixes, extensions: recorder.extensions,
            headers: IGCHeaderValues(pressureSensor: "Bosch,BMP388,max9000m"),
            serial: "XYZ", flightNumberOfDay: 1)
        let path = dir.appendingPathComponent("other.igc")
        try Data(file).write(to: path)
        flight.source = .imported(fileName: "other.igc", sha256: Digest.sha256Hex(file))
        let imported = try store.importFlights(
            track: Track(
                recorder: RecorderInfo(manufacturer: "XFL", serial: "XYZ", extensions: recorder.extensions),
                fixes: fixes),
            fileName: "other.igc", sha256: Digest.sha256Hex(file), flights: [flight])[0]
        return (db, recorded, imported)
    }

    static func igcLines(_ text: String) -> [String] { text.components(separatedBy: "\r\n").filter { !$0.isEmpty } }

    @Test("show and show --json list the three faults of a recorded flight, none for an imported one")
    func show() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, recorded, imported) = try Self.logbook(in: dir)

        let text = try CLI.run(["show", "\(recorded)"], database: db, in: dir)
        #expect(text.status == 0, "\(text.stderr)")
        let faultLines = text.stdout.components(separatedBy: "\n").drop { !$0.hasPrefix("Faults:") }.dropFirst().prefix(
            3)
        #expect(
            faultLines.map { $0.trimmingCharacters(in: .whitespaces) } == Self.expected.map(\.text), "\(text.stdout)")

        let json = try CLI.run(["show", "--json", "\(recorded)"], database: db, in: dir)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let faults = try #require(object["faults"] as? [[String: Any]])
        #expect(faults.count == 3)
        for (fault, want) in zip(faults, Self.expected) {
            #expect(fault["kind"] as? String == want.kind)
            #expect(fault["from"] as? String == want.from)
            #expect(fault["to"] as? String == want.to)
            #expect(fault["durationSeconds"] as? Int == want.seconds)
        }

        let importedText = try CLI.run(["show", "\(imported)"], database: db, in: dir)
        #expect(
            importedText.status == 0 && !importedText.stdout.contains("Faults") && !importedText.stdout.contains("lost")
        )
        let importedJSON = try CLI.run(["show", "--json", "\(imported)"], database: db, in: dir)
        let importedObject = try #require(
            JSONSerialization.jsonObject(with: Data(importedJSON.stdout.utf8)) as? [String: Any])
        #expect(importedObject["faults"] == nil, "an imported file's faults are not ours to claim")
    }

    @Test(
        "the exported IGC carries them as L records among the B records, the same from CLI and web; an import's export adds none"
    )
    func igcExport() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, recorded, imported) = try Self.logbook(in: dir)
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let export = try CLI.run(
            ["export", "--igc", "\(recorded)", "\(imported)", "-o", out.path], database: db, in: dir)
        #expect(export.status == 0, "\(export.stderr)")
        let files = try FileManager.default.contentsOfDirectory(at: out, includingPropertiesForKeys: nil).sorted {
            $0.path < $1.path
        }
        try #require(files.count == 2)
        let bytes = try files.map { [UInt8](try Data(contentsOf: $0)) }
        let ours = try #require(bytes.first { String(decoding: $0.prefix(7), as: UTF8.self) == "AXFLABC" })
        let theirs = try #require(bytes.first { $0 != ours })

        let lines = Self.igcLines(String(decoding: ours, as: UTF8.self))
        #expect(lines.filter { $0.contains(" LOST ") } == Self.expected.map(\.igc))
        for want in Self.expected {
            let index = try #require(lines.firstIndex(of: want.igc))
            #expect(lines[index - 1].hasPrefix("B" + want.igc.suffix(6)) && lines[index + 1].hasPrefix("B"))
        }
        #expect(try CLI.verification(ours, database: db).exitStatus == 0, "the G record covers the L records")
        // No A fix in the GPS loss: V with the last position, GNSS 00000, pressure kept.
        let lost = lines.filter {
            $0.hasPrefix("B") && ("101000"..."101129").contains(String($0.dropFirst().prefix(6)))
        }
        #expect(
            lost.count == 90
                && lost.allSatisfy { $0.dropFirst(24).hasPrefix("V") && $0.dropFirst(30).hasPrefix("00000") })

        let theirLines = Self.igcLines(String(decoding: theirs, as: UTF8.self))
        #expect(!theirLines.contains { $0.contains("LOST") })
        let original = Self.igcLines(
            String(decoding: try Data(contentsOf: dir.appendingPathComponent("other.igc")), as: UTF8.self))
        #expect(
            theirLines.filter { $0.hasPrefix("B") } == original.filter { $0.hasPrefix("B") }, "its B records untouched")

        if let python = CLI.aerofilesPython {
            let check = try runProcess(
                python, [packageRoot.appendingPathComponent("scripts/check-igc.py").path] + files.map(\.path))
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        }

        // flightlog serve gives the same bytes.
        guard let curl = Parallel.curl else { return }
        let server = try ServeProcess(["--database", db.path], in: dir)
        try #require(server.isReady, "flightlog serve did not start")
        for (id, local) in [(recorded, ours), (imported, theirs)] {
            let web = dir.appendingPathComponent("web-\(id).igc")
            let fetched = try runProcess(
                curl, ["-sf", "-o", web.path, "http://127.0.0.1:\(server.port)/flights/\(id)/igc"])
            #expect(fetched.status == 0)
            #expect([UInt8](try Data(contentsOf: web)) == local, "flight \(id): web and CLI give the same file")
        }
    }

    @Test("the phone page and the PDF report mark the faults on the barogram; GPX breaks the track at them")
    func pageReportAndTrack() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, recorded, imported) = try Self.logbook(in: dir)

        if let curl = Parallel.curl {
            let server = try ServeProcess(["--database", db.path], in: dir)
            try #require(server.isReady, "flightlog serve did not start")
            let page = try runProcess(curl, ["-sf", "http://127.0.0.1:\(server.port)/flights/\(recorded)"]).stdout
            #expect(page.contains("<h2>Recording faults</h2>"))
            for want in Self.expected { #expect(page.contains("<li>\(want.text)</li>"), "\(want.kind) listed") }
            let title = try #require(
                page.range(of: "<title>Barogram. Recording faults:").map {
                    page[$0.lowerBound...].prefix { $0 != "\n" }
                })
            for want in Self.expected { #expect(title.contains(want.text)) }
            #expect(page.components(separatedBy: "class=\"fault-band\"").count - 1 == 3, "one shaded band per fault")
            let other = try runProcess(curl, ["-sf", "http://127.0.0.1:\(server.port)/flights/\(imported)"]).stdout
            #expect(
                other.contains("<h2>Barogram</h2>") && !other.contains("Recording faults")
                    && !other.contains("fault-band"))
        }

        let gpx = dir.appendingPathComponent("track.gpx")
        #expect(try CLI.run(["export", "--gpx", "\(recorded)", "-o", gpx.path], database: db, in: dir).status == 0)
        let gpxText = try String(contentsOf: gpx, encoding: .utf8)
        #expect(gpxText.components(separatedBy: "<trkseg>").count - 1 == 3, "broken at the GPS loss and the power cut")
        #expect(gpxText.components(separatedBy: "<trkpt").count - 1 == 1800 - 30 - 90, "positioned fixes in the window")

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else { return }
        let pdf = dir.appendingPathComponent("report.pdf")
        #expect(try CLI.run(["export", "--report", "\(recorded)", "-o", pdf.path], database: db, in: dir).status == 0)
        let text = try runProcess("/usr/bin/pdftotext", ["-layout", pdf.path, "-"]).stdout
        for label in ["GPS lost", "Barometer lost", "Power lost"] {
            #expect(text.components(separatedBy: label).count - 1 == 2, "\(label): in the details and on the barogram")
        }
    }
}
