import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import FlightLogText
import FlightLogTransfer
import Foundation
import Testing

/// What `flightlog` commands do past their options, without a process: where the logbook is, `list`, `stats`,
/// `add`'s checks and defaults, `export`, the terminal's width.
@Suite struct CommandRunTests {
    @Test func theDatabaseIsTheOptionElseTheConfigsElseTheDefault() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("flightlog.toml")
        try Data("database = \"/srv/club.sqlite\"\n".utf8).write(to: config)
        let given = LogbookLocation(database: "/tmp/x.sqlite", config: config.path, environment: [:])
        #expect(try given.databasePath(warn: { _ in }) == "/tmp/x.sqlite")
        let fromConfig = LogbookLocation(database: nil, config: config.path, environment: [:])
        #expect(try fromConfig.databasePath(warn: { _ in }) == "/srv/club.sqlite")
        #expect(fromConfig.configPath == config.path)
        let empty = dir.appendingPathComponent("empty.toml")
        try Data().write(to: empty)
        let fromEnvironment = LogbookLocation(
            database: nil, config: empty.path,
            environment: ["FLIGHTLOG_DATABASE": "/data/f.sqlite"])
        #expect(try fromEnvironment.databasePath(warn: { _ in }) == "/data/f.sqlite")
    }

    @Test func aBrokenConfigIsOneErrorNamingTheFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("flightlog.toml")
        try Data("pilot = \n".utf8).write(to: config)
        let location = LogbookLocation(database: "/tmp/x.sqlite", config: config.path, environment: [:])
        #expect(throws: TransferRefusal.self) { try location.loadConfig(warn: { _ in }) }
        do {
            _ = try location.loadConfig(warn: { _ in })
        } catch {
            #expect(error.description.contains(config.path), "\(error)")
        }
    }

    @Test func listChoosesLaysOutAndSaysWhyNothingIsListed() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try FlightStore(path: try TransferLogbook.logbook(in: dir).db.path, mode: .readOnly)
        func list(_ task: TaskChoice?, _ format: FlightListOutput.Format) throws -> (text: String, nothing: String?) {
            try ListingRun.list(
                config: FlightLogConfig(), store: store, filter: FlightFilter(), owner: OwnerChoice(nil), task: task,
                newestFirst: true, format: format)
        }
        let all = try list(nil, .csv)
        let rows = all.text.split(whereSeparator: \.isNewline)  // CSV lines end in CR LF, one Character
        #expect(all.nothing == nil && rows.count == 5, "a header and the 4 flights: \(all.text)")
        let newest = try #require(all.text.range(of: "2025-07-20")),
            oldest = try #require(all.text.range(of: "2025-05-03"))
        #expect(newest.lowerBound < oldest.lowerBound, "newest first: \(all.text)")
        let none = try list(TaskChoice(task: true, completed: false), .table(width: 80))
        #expect(none.text.isEmpty && none.nothing?.isEmpty == false, "\(none)")
        let emptyJSON = try list(TaskChoice(task: true, completed: false), .json)
        #expect(emptyJSON.nothing == nil && emptyJSON.text.hasPrefix("["), "\(emptyJSON)")
    }

    @Test func statsCountTheChosenFlights() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try FlightStore(path: try TransferLogbook.logbook(in: dir).db.path, mode: .readOnly)
        let asOf = try #require(CivilDate(iso: "2025-08-01"))
        let text = try ListingRun.stats(
            config: FlightLogConfig(), store: store, filter: FlightFilter(), owner: OwnerChoice(nil), asOf: asOf,
            json: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let totals = try #require(object["total"] as? [String: Any], "\(object.keys)")
        #expect(totals["flights"] as? Int == 4, "\(totals)")
    }

    @Test func addChecksTheTimesAndTakesTheConfigsDefaults() throws {
        var crew = CrewChoice()
        #expect(ManualEntry.problem(takeoff: "10:05", landing: "11:20", crew: crew) == nil)
        #expect(ManualEntry.problem(takeoff: "25:05", landing: "11:20", crew: crew) != nil)
        crew.ownerRole = "auto"
        #expect(ManualEntry.problem(takeoff: "10:05", landing: "11:20", crew: crew)?.contains("auto") == true)
        var config = FlightLogConfig()
        (config.pilot, config.gliderType, config.registration) = ("Anna Berg", "ASK 21", "D-1234")
        crew = CrewChoice()
        crew.registration = "D-1234"
        crew.takeoffPlace = "Hintertupfing"
        let flight = try ManualEntry.flight(
            date: try #require(CivilDate(iso: "2025-06-14")), takeoff: "10:05", landing: "11:20",
            utcOffsetSeconds: 7200, crew: crew, config: config)
        #expect(flight.details.pilot == "Anna Berg" && flight.details.gliderType == "ASK 21")
        #expect(flight.details.registration == "D-1234" && flight.duration == 75 * 60_000, "\(flight.duration)")
    }

    @Test func exportWritesTheLogbookPDFOfTheChosenFlights() async throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try TransferLogbook.logbook(in: dir).db.path
        let out = dir.appendingPathComponent("logbook.pdf").path
        let empty = dir.appendingPathComponent("empty.toml")
        try Data().write(to: empty)
        var said: [String] = []
        try await ExportRequest.run(
            kind: .pdf, ids: [], filter: FlightFilter(), owner: OwnerChoice(nil), output: out, qnh: nil,
            rebuild: false, stick: ExportChoice.Stick(to: nil, new: false, all: false, stick: nil),
            location: LogbookLocation(
                database: db, config: empty.path, environment: [:]),
            say: { said.append($0) }, warn: { _ in })
        #expect(said.count == 1 && said[0].hasPrefix("Wrote \(out)"), "\(said)")
        #expect(FileManager.default.contents(atPath: out)?.starts(with: Array("%PDF".utf8)) == true)
    }

    @Test func theTableIsAsWideAsColumnsSays() {
        #expect(Terminal.width(environment: ["COLUMNS": "120"]) == 120)
        #expect(Terminal.width(environment: ["COLUMNS": "12"]) >= 20)
    }

    /// `verify`, `repair` and `status` as their commands call them: the logbook where the options say, the lines
    /// said, the exit status returned.
    @Test func verifyRepairAndStatusRunOnTheLogbookTheOptionsName() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (location, files) = try TransferLogbook.location(in: dir)
        let config = try #require(location.config), db = try #require(location.database)
        var said: [String] = []
        var warned: [String] = []
        let unsigned = try VerifyRequest.run(
            file: files[0].path, key: nil, location: location, readFile: TransferLogbook.readFile,
            say: { said.append($0) }, warn: { warned.append($0) })
        #expect(unsigned == 1 && said.count == 1, "a simulated file has no G record: \(said)")
        #expect(warned.count == 1 && warned[0].hasPrefix("note: no public key of this device"), "\(warned)")
        #expect(throws: TransferRefusal.self, "no device key to print") {
            try VerifyRequest.run(
                file: nil, key: nil, location: location, readFile: TransferLogbook.readFile, say: { _ in },
                warn: { _ in })
        }
        said = []
        let unopened = LogbookLocation(
            database: dir.appendingPathComponent("none/flightlog.sqlite").path, config: config, environment: [:])
        try ImportedRepairRun.command(
            dryRun: true, location: unopened, now: { 0 }, say: { said.append($0) }, warn: { _ in })
        #expect(
            said == ["Nothing to repair: the config file gives no pilot, glider type, registration or competition id."])
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("none").path))
        let status = StatusSummary.command(databasePath: db, json: true)
        #expect(status.status == 1 && !status.text.isEmpty, "flightlogd never ran here: \(status.text)")
    }
}
