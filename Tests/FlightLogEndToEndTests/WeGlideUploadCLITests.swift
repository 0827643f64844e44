import FlightLogTestSupport
import Foundation
import Testing

/// `flightlog upload` through the real executable against scripts/fake-weglide.py.
@Suite(.serialized) struct WeGlideUploadCLITests {
    /// A logbook of the two sample flights (ids 1 and 2, pilot "Simulated Pilot", glider "ASK 21") and a config
    /// whose `[weglide]` points at `url`.
    struct Logbook {
        let dir: URL
        let db: URL

        init() throws {
            dir = try makeTemporaryDirectory("weglide")
            db = dir.appendingPathComponent("flightlog.sqlite")
            let files = ["samples/simulated-winch.igc", "samples/simulated-aerotow.igc"].map {
                packageRoot.appendingPathComponent($0).path
            }
            let imported = try CLI.run(["import"] + files, database: db, in: dir)
            guard imported.status == 0 else { throw CocoaError(.fileReadUnknown) }
        }

        func configure(url: String, extra: String = "", top: String = "") throws {
            let file = dir.appendingPathComponent("no-config/flightlog/flightlog.toml")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let toml = """
                \(top)
                [owner]
                name = "Simulated Pilot"

                [weglide]
                user_id = 12345
                date_of_birth = "1985-04-12"
                url = "\(url)"
                \(extra)
                """
            try toml.write(to: file, atomically: true, encoding: .utf8)
        }

        @discardableResult
        func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
            try CLI.run(arguments, database: db, in: dir, environment: environment)
        }

        func exported(_ id: Int) throws -> Data {
            let out = dir.appendingPathComponent("export-\(id).igc")
            try #require(try run(["export", "--igc", "\(id)", "-o", out.path]).status == 0)
            return try Data(contentsOf: out)
        }
    }

    @Test func eachFlightIsSentOnceWithTheExportedBytesAndTheMatchingAircraft() throws {
        let logbook = try Logbook()
        let weglide = try FakeWeGlide(in: logbook.dir)
        try logbook.configure(url: weglide.url)
        try #require(try logbook.run(["edit", "1", "--plane", "LS_4"]).status == 0)

        let first = try logbook.run(["upload", "--new"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("flight 1 → WeGlide flight 345678 (https://www.weglide.org/flight/345678)"))
        #expect(first.stdout.contains("flight 2 → WeGlide flight 345679 (https://www.weglide.org/flight/345679)"))
        let uploads = weglide.uploads
        try #require(uploads.count == 2)
        for (n, upload) in uploads.enumerated() {
            #expect(upload["status"] as? Int == 201)
            let fields = try #require(upload["fields"] as? [String: Any])
            #expect(fields["user_id"] as? Int == 12345)
            #expect(fields["date_of_birth"] as? String == "1985-04-12")
            #expect(fields["aircraft_id"] as? Int == (n == 0 ? 160 : 14))  // "LS_4" → LS 4, "ASK 21" → ASK 21
            let sent = try Data(contentsOf: URL(fileURLWithPath: try #require(upload["saved"] as? String)))
            #expect(sent == (try logbook.exported(n + 1)))
        }
        #expect(weglide.requests().filter { $0["path"] as? String == "/v1/aircraft" }.count == 1)
        #expect(
            FileManager.default.fileExists(atPath: logbook.dir.appendingPathComponent("weglide-aircraft.json").path))

        let second = try logbook.run(["upload", "--new"])
        #expect(second.status == 0)
        #expect(second.stdout.contains("nothing to upload"))
        let named = try logbook.run(["upload", "1"])
        #expect(named.stdout.contains("flight 1 is on WeGlide already: https://www.weglide.org/flight/345678"))
        #expect(weglide.uploads.count == 2)
        let again = try logbook.run(["upload", "--again", "1"])
        #expect(again.stdout.contains("flight 1 → WeGlide flight 345680"))
        #expect(weglide.uploads.count == 3)
        #expect(!first.stdout.contains("1985") && !first.stderr.contains("1985"))
    }

    @Test func aRefusalIsQuotedAndMarksNothing() throws {
        let logbook = try Logbook()
        let weglide = try FakeWeGlide(in: logbook.dir)
        try logbook.configure(url: weglide.url, extra: "aircraft_id = 999", top: "glider_type = \"ASK-21\"")
        let refused = try logbook.run(["upload", "1"])
        #expect(refused.status == 1)
        #expect(
            refused.stdout.contains(
                "WeGlide refused flight 1: Aircraft not found — set [weglide] aircraft_id (flightlog upload --aircraft "
                    + "ASK) lists the catalogue's ids"))
        #expect(weglide.uploads.map { $0["status"] as? Int } == [400])

        try logbook.configure(url: weglide.url)
        let accepted = try logbook.run(["upload", "--new"])
        #expect(accepted.status == 0)
        #expect(accepted.stdout.contains("flight 1 → WeGlide flight"))
    }

    /// `[weglide] aircraft_id` is this device's glider's: an imported file naming another type is sent as that type's
    /// aircraft, one naming the same type (spelt otherwise) as the configured one, one naming none is not sent.
    @Test func theConfiguredAircraftIsOnlyTheDevicesGlider() throws {
        let logbook = try Logbook()
        let weglide = try FakeWeGlide(in: logbook.dir)
        try logbook.configure(url: weglide.url, extra: "aircraft_id = 52", top: "glider_type = \"ask 21\"")
        try #require(try logbook.run(["edit", "1", "--plane", "LS 4"]).status == 0)
        let sent = try logbook.run(["upload", "1", "2"])
        #expect(sent.status == 0)
        let ids = weglide.uploads.compactMap { ($0["fields"] as? [String: Any])?["aircraft_id"] as? Int }
        #expect(ids == [160, 52])  // the stranger's LS 4 as LS 4; the device's type, spelt otherwise, as configured

        let other = try Logbook()
        let weglide2 = try FakeWeGlide(in: other.dir)
        try other.configure(url: weglide2.url, extra: "aircraft_id = 14", top: "glider_type = \"DG 1000\"")
        try #require(try other.run(["edit", "1", "--plane", "Zugvogel IIIb"]).status == 0)
        let refused = try other.run(["upload", "1"])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("flight 1 not sent: no WeGlide aircraft is named \"Zugvogel IIIb\""))
        #expect(weglide2.uploads.isEmpty)
    }

    /// Issue 38, one rule for "this device's glider": an imported file of the configured type but another
    /// registration (the club's other ASK 21) is sent as its type's aircraft, the owner's glider's (registration
    /// spelt otherwise) as the configured one.
    @Test func anotherRegistrationOfTheSameTypeIsNotTheConfiguredAircraft() throws {
        let logbook = try Logbook()
        let weglide = try FakeWeGlide(in: logbook.dir)
        try logbook.configure(
            url: weglide.url, extra: "aircraft_id = 52", top: "glider_type = \"ASK 21\"\nregistration = \"D-5678\"")
        try #require(try logbook.run(["edit", "1", "--registration", "d 5678"]).status == 0)
        let sent = try logbook.run(["upload", "1", "2"])  // both files: ASK 21, D-1234
        #expect(sent.status == 0, "\(sent.stdout)")
        let ids = weglide.uploads.compactMap { ($0["fields"] as? [String: Any])?["aircraft_id"] as? Int }
        #expect(ids == [52, 14])  // the owner's glider as configured; the other ASK 21 as the catalogue's ASK 21
    }

    @Test func aTypeWithoutAircraftIsSaidBeforeAnythingIsSent() throws {
        let logbook = try Logbook()
        let weglide = try FakeWeGlide(in: logbook.dir)
        try logbook.configure(url: weglide.url)
        try #require(try logbook.run(["edit", "1", "--plane", "Zugvogel IIIb"]).status == 0)
        let r = try logbook.run(["upload", "1"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("flight 1 not sent: no WeGlide aircraft is named \"Zugvogel IIIb\""))
        #expect(weglide.uploads.isEmpty)
    }

    @Test func weglideOutOfReachIsTryLaterAndMarksNothing() throws {
        let logbook = try Logbook()
        try logbook.configure(url: "http://127.0.0.1:\(freePort())", extra: "aircraft_id = 14")
        let gone = try logbook.run(["upload", "--new"])
        #expect(gone.status == 75)
        #expect(gone.stdout.contains("flight 1 not sent: WeGlide cannot be reached"))
        #expect(gone.stdout.contains("run flightlog upload --new again"))

        let failing = try FakeWeGlide(in: logbook.dir, options: ["--answer", "503"])
        try logbook.configure(url: failing.url, extra: "aircraft_id = 14")
        let busy = try logbook.run(["upload", "--new"])
        #expect(busy.status == 75)
        #expect(busy.stdout.contains("WeGlide answered 503"))

        let weglide = try FakeWeGlide(in: logbook.dir)
        try logbook.configure(url: weglide.url, extra: "aircraft_id = 14")
        let later = try logbook.run(["upload", "--new"])
        #expect(later.status == 0)
        #expect(weglide.uploads.count == 2)
    }

    @Test func aCrashAfterWeGlidesAnswerIsReportedThenFoundNotResent() throws {
        let logbook = try Logbook()
        let weglide = try FakeWeGlide(in: logbook.dir)
        try logbook.configure(url: weglide.url)
        let killed = try logbook.run(["upload", "1"], environment: ["FLIGHTLOG_TEST_KILL_AFTER_WEGLIDE_ANSWER": "1"])
        #expect(killed.status != 0)
        #expect(weglide.uploads.count == 1)

        // The uncertainty is visible wherever the flight is shown.
        let shown = try logbook.run(["show", "1"])
        #expect(shown.stdout.contains("WeGlide:") && shown.stdout.contains("may be on WeGlide"), "\(shown.stdout)")
        #expect(try Self.weglide(logbook.run(["show", "1", "--json"]).stdout)?["uncertainSince"] is String)

        // The next run asks WeGlide's flight list, finds the flight there and stores its id: not sent again.
        let next = try logbook.run(["upload", "--new"])
        #expect(next.status == 0, "\(next.stdout)")
        #expect(next.stdout.contains("flight 1: an upload began at"))
        #expect(next.stdout.contains("and WeGlide lists it: WeGlide flight 345678"))
        #expect(next.stdout.contains("flight 2 → WeGlide flight"))
        #expect(weglide.uploads.count == 2)
        #expect(try Self.weglide(logbook.run(["show", "1", "--json"]).stdout)?["flightId"] as? Int == 345678)

        let again = try logbook.run(["upload", "--again", "1"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("flight 1 → WeGlide flight"))
        let list = try logbook.run(["list", "--json"])
        let flights = try #require(
            try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], "\(list.stdout)")
        let sent = weglide.uploads.compactMap { ($0["flightId"] as? NSNumber)?.int64Value }
        let listed = flights.compactMap { (($0["weglide"] as? [String: Any])?["flightId"] as? NSNumber)?.int64Value }
        #expect(Set(listed) == Set(sent.suffix(2)), "the ids of the last upload of each flight")
        let show = try logbook.run(["show", "1", "--json"])
        #expect(try Self.weglide(show.stdout)?["url"] as? String == "https://www.weglide.org/flight/\(sent.last!)")
        // The date of birth is WeGlide's password: in no output.
        for output in [killed, next, again, list, show, shown] {
            #expect(!(output.stdout + output.stderr).contains("1985-04-12"))
        }
    }

    /// The `weglide` object of `show --json`'s flight.
    static func weglide(_ json: String) throws -> [String: Any]? {
        try (JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["weglide"] as? [String: Any]
    }

    @Test func nothingHappensWithoutWeGlideWhenAskedIfConfigured() throws {
        let logbook = try Logbook()
        let r = try logbook.run(["upload", "--new", "--if-configured"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("no WeGlide account is set"))
        let plain = try logbook.run(["upload", "--new"])
        #expect(plain.status != 0)
        #expect(plain.stderr.contains("[weglide] user_id"))
    }
}
