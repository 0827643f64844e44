import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogConfigFile
@testable import FlightLogCore

@Suite struct FlightLogConfigTests {
    @Test func parsesTheExampleFile() throws {
        let bytes = [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("systemd/flightlog.toml.example")))
        let config = try FlightLogConfig.parse(utf8: bytes)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        var expected = FlightLogConfig(
            pilot: "Jürgen Müller", gliderType: "ASK 21", registration: "D-1234", competitionId: "XY",
            databasePath: "/var/lib/flightlog/flightlog.sqlite", recorderSerial: "001",
            daemon: .init(
                gpsd: "127.0.0.1:2947", iioContext: "local:", barometer: .auto, barometerRateHz: 10,
                retentionDays: 30))
        expected.airfieldRadiusMeters = 3000
        #expect(config == expected)
    }

    @Test func parsesAFullFile() throws {
        let text = """
            # logbook defaults
            pilot = "Çağrı \\"Cag\\" Şahin"   # comment after a value
            glider_type = 'ASK 21'
            registration = "D-1234"
            competition_id = "\\u00C6B"
            database = '''/var/lib/flightlog/flightlog.sqlite'''
            airfield_radius_km = 2.5

            [daemon]
            gpsd = "10.0.0.2:2947"
            barometer = "bmp280"
            barometer_rate_hz = 12.5
            retention_days = 1_000

            [server]
            port = 0x20FB
            password_hash = "x\\ty"
            owner.name = "Müller, Jürgen"
            """
        let config = try FlightLogConfig.parse(text)
        #expect(config.pilot == "Çağrı \"Cag\" Şahin")
        #expect(config.gliderType == "ASK 21")
        #expect(config.competitionId == "ÆB")
        #expect(config.databasePath == "/var/lib/flightlog/flightlog.sqlite")
        #expect(config.airfieldRadiusMeters == 2500)
        #expect(config.recorderSerial == nil)
        #expect(config.daemon.gpsd == "10.0.0.2:2947")
        #expect(config.daemon.iioContext == "local:")
        #expect(config.daemon.barometer == .named("bmp280"))
        #expect(config.daemon.barometerRateHz == 12.5)
        #expect(config.daemon.retentionDays == 1000)
        #expect(config.server.address == "127.0.0.1")
        #expect(config.server.port == 8443)
        #expect(config.server.passwordHash == "x\ty")
        // A dotted key inside [server] is [server.owner], not [owner]: an unknown key of [server], at its line.
        #expect(config.owner == nil)
        #expect(
            config.warnings.map(\.description) == [
                "line 18: unknown key [server] owner (known: address, port, password_hash, map_tiles, online_tiles, "
                    + "online_tiles_attribution); ignored"
            ])
    }

    @Test func tablesMayBeWrittenAnyValidWay() throws {
        let inline = try FlightLogConfig.parse("server = { port = 9000, address = \"0.0.0.0\" }\nowner.name = \"Anna\"")
        #expect(inline.server.port == 9000 && inline.server.address == "0.0.0.0" && inline.owner == "Anna")
        #expect(inline.warnings.isEmpty)
        let quoted = try FlightLogConfig.parse("[ \"daemon\" ]\n\"retention_days\" = 7\n")
        #expect(quoted.daemon.retentionDays == 7)
        // A bare key may look like a date with a T: only a value is checked for a time after it.
        let dateKey = try FlightLogConfig.parse(
            "x = { 1979-05-27T = 1, y = [1979-05-27T07:32:00Z] }\n1979-05-27t.a = 2")
        #expect(dateKey.warnings.map(\.line) == [1, 2])
    }

    @Test func emptyFileGivesDefaults() throws {
        let config = try FlightLogConfig.parse("\n# nothing\r\n")
        #expect(config == FlightLogConfig())
        #expect(config.daemon.barometer == .auto)
        #expect(config.daemon.barometerRateHz == 10)
        #expect(config.server.port == 8080)
        #expect(
            try FlightLogConfig.parse("[daemon]\nbarometer = \"none\"").daemon.barometer
                == FlightLogConfig.Barometer.none)
        #expect(try FlightLogConfig.parse("[owner]\nname = \"Müller, Jürgen\"\n").owner == "Müller, Jürgen")
        #expect(config.gliderIndex == nil)
        #expect(try FlightLogConfig.parse("[glider]\nindex = 108\n").gliderIndex == 108)
        #expect(try FlightLogConfig.parse("glider.index = 92.5").gliderIndex == 92.5)
    }

    @Test func weglideTableGivesTheAccount() throws {
        let text = """
            [weglide]
            user_id = 12345
            date_of_birth = "1985-04-12"
            aircraft_id = 160
            url = "http://127.0.0.1:8080/"
            """
        let weglide = try FlightLogConfig.parse(text).weglide
        #expect(weglide.userId == 12345 && weglide.dateOfBirth == "1985-04-12" && weglide.aircraftId == 160)
        #expect(weglide.url == "http://127.0.0.1:8080")
        #expect(weglide.isPresent)
        let none = try FlightLogConfig.parse("pilot = \"A\"").weglide
        #expect(!none.isPresent && none.url == "https://api.weglide.org")
        #expect(throws: ConfigError.self) { try FlightLogConfig.parse("[weglide]\ndate_of_birth = \"12.04.1985\"") }
        #expect(throws: ConfigError.self) { try FlightLogConfig.parse("[weglide]\nuser_id = \"12345\"") }
        #expect(throws: ConfigError.self) { try FlightLogConfig.parse("[weglide]\nurl = \"ftp://x\"") }
    }

    @Test(arguments: [
        ("pilto = \"x\"\npilot = \"Anna\"", 1, "line 1: unknown key pilto (known: pilot, glider_type,"),
        ("[daemon]\n\ngspd = \"x\"", 3, "line 3: unknown key [daemon] gspd (known: gpsd, iio_context,"),
        ("\n[owner]\nnmae = \"X\"\n", 3, "line 3: unknown key [owner] nmae (known: name); ignored"),
        (
            "[demon]\ngpsd = \"x\"", 1,
            "line 1: unknown table [demon] (known: [daemon], [glider], [owner], [server], [sync], [weglide]); ignored"
        ),
        ("pilot = \"A\"\n\n[recorder.gps]\nbogus = 1", 3, "line 3: unknown table [recorder]"),
        ("[server]\nmap_tiles = \"/x\"\n[server.extra]\nx = 1", 3, "line 3: unknown key [server] extra"),
    ])
    func unknownKeysAreWarningsNotErrors(text: String, line: Int, fragment: String) throws {
        let config = try FlightLogConfig.parse(text)
        #expect(config.warnings.count == 1)
        #expect(config.warnings.first?.line == line)
        #expect(config.warnings.first?.description.hasPrefix(fragment) == true, "\(config.warnings)")
        #expect(config.daemon.gpsd == FlightLogConfig().daemon.gpsd)
        if text.contains("Anna") { #expect(config.pilot == "Anna") }
    }

    @Test(
        arguments: [
            // Wrong type or out of range: the line, the key and the value as written.
            (
                "pilot = \"A\"\n[server]\n\n  port = \"abc\"", 4, nil,
                "[server] port = \"abc\" must be a whole number 1 to 65535"
            ),
            ("[server]\nport = 70000", 2, nil, "[server] port = 70000 must be a whole number 1 to 65535"),
            ("[server]\nport = 80.5", 2, nil, "[server] port = 80.5 must be a whole number 1 to 65535"),
            ("pilot = [\"a\"]", 1, nil, "pilot = […] must be a string in quotes"),
            ("pilot = 1979-05-27", 1, nil, "pilot = 1979-05-27 must be a string in quotes"),
            ("[daemon]\nbarometer_rate_hz = 0", 2, nil, "[daemon] barometer_rate_hz = 0 must be a number 0.1 to 1000"),
            ("airfield_radius_km = nan", 1, nil, "airfield_radius_km = nan must be a number 0.1 to 50"),
            ("[daemon]\nretention_days = -1", 2, nil, "[daemon] retention_days = -1 must be a whole number 0 to 36500"),
            ("[glider]\nindex = 160", 2, nil, "[glider] index = 160 must be a number 50 to 150"),
            ("[glider]\nindex = \"LS 4\"", 2, nil, "[glider] index = \"LS 4\" must be a number 50 to 150"),
            ("daemon = \"x\"", 1, nil, "daemon = \"x\" must be a table: [daemon]"),
            (
                "x = \"\"\"\nport = 1\n\"\"\"\n[server]\nport = true", 5, nil,
                "[server] port = true must be a whole number"
            ),
            // Syntax errors: toml++'s words, with line and column.
            ("pilot = \"open", 1, 14, "syntax error: "),
            ("pilot = \"a\" b", 1, 13, "syntax error: "),
            ("pilot \"a\"", 1, 7, "syntax error: "),
            ("pilot = \"\\q\"", 1, 11, "syntax error: "),
            ("[daemon\n", 1, 8, "syntax error: "),
            // toml++ 3.4 asserts (aborts) on a header without a name and on a '}' in an array: refused before it.
            ("x = 1\n[  # no name\n", 2, 4, "syntax error: expected a table name after '['"),
            ("[[\n", 1, 3, "syntax error: expected a table name after '['"),
            ("x = [1,\n }", 2, 2, "syntax error: expected a value or ']' in the array, saw '}'"),
            ("x = { a = [ \"}\", # }\n}]}", 2, 1, "syntax error: expected a value or ']' in the array, saw '}'"),
            (
                "[daemon]\ngpsd = 1979-05-27T!07:32:00Z", 2, 19,
                "syntax error: expected a time (HH:MM:SS) after the date's 'T'"
            ),
            ("x = [ 1, 1979-05-27t]", 1, 21, "syntax error: expected a time (HH:MM:SS) after the date's 'T'"),
            ("x = 1979-05-2_7 1\n", 1, 18, "syntax error: expected a time (HH:MM:SS) after the date"),
            // Duplicates are syntax errors too, at the second one.
            ("pilot = \"a\"\n\npilot = \"b\"", 3, 9, "syntax error: "),
            ("[server]\nport = 1\n[server]\n", 3, 1, "syntax error: "),
            // Not UTF-8, or a NUL (which TOMLKit's C string would cut off).
            ("pilot = \"a\"\n\u{0}", 2, nil, "syntax error: a NUL character is not allowed"),
        ] as [(String, Int, Int?, String)])
    func rejectsWithLineNumber(text: String, line: Int, column: Int?, fragment: String) {
        do {
            _ = try FlightLogConfig.parse(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.column == column, "\(error)")
            let place = "line \(line)\(column.map { ", column \($0)" } ?? ""): "
            #expect(error.description.hasPrefix(place + fragment), "\(error.description)")
            #expect(
                error.described(in: "/etc/flightlog/flightlog.toml").hasPrefix(
                    "/etc/flightlog/flightlog.toml line \(line)"))
            #expect(!error.description.contains("\n"), "one line: \(error.description)")
        }
    }

    @Test func notUTF8NamesItsLine() {
        #expect(throws: ConfigError(line: 2, "the file is not UTF-8 text: save it as UTF-8")) {
            try FlightLogConfig.parse(utf8: Array("pilot = \"a\"\n".utf8) + [0x70, 0xFF, 0x0A])
        }
    }
}
