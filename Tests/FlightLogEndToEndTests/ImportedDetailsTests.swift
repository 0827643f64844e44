import FlightLogTestSupport
import Foundation
import Testing

/// The config's defaults for new flights are this device's: an imported file keeps what it says, blanks
/// included, and `flightlog repair` gives flights an older version stamped back what their file says.
@Suite(
    "imported files keep their own pilot and glider", .serialized, .timeLimit(.minutes(5)),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
struct ImportedDetailsTests {
    struct Listed: Decodable {
        var id: Int64
        var pilot: String?
        var gliderType: String?
        var registration: String?
        var competitionId: String?
    }
    struct Stats: Decodable {
        struct Total: Decodable { var picMinutes: Int64 }
        var total: Total
    }

    /// A logbook with the owner's defaults in the config and one imported stranger's file: no pilot, an ASG 29
    /// without registration or competition id.
    private func logbook() throws -> (db: URL, dir: URL) {
        let dir = try makeTemporaryDirectory()
        let config = dir.appendingPathComponent("no-config/flightlog/flightlog.toml")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try """
        pilot = "Owner, Olga"
        glider_type = "ASK 21"
        registration = "D-1234"
        competition_id = "X1"
        [owner]
        name = "Owner, Olga"
        """.write(to: config, atomically: true, encoding: .utf8)
        let sample = try String(
            contentsOf: packageRoot.appendingPathComponent("samples/simulated-winch.igc"), encoding: .utf8)
        let stranger = sample.replacingOccurrences(
            of: "HFPLTPILOTINCHARGE:Simulated Pilot", with: "HFPLTPILOTINCHARGE:"
        )
        .replacingOccurrences(of: "HFGTYGLIDERTYPE:ASK 21", with: "HFGTYGLIDERTYPE:ASG 29")
        .replacingOccurrences(of: "HFGIDGLIDERID:D-1234", with: "HFGIDGLIDERID:")
        let file = dir.appendingPathComponent("stranger.igc")
        try stranger.write(to: file, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("flights.sqlite")
        let r = try CLI.run(["import", file.path], database: db, in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        return (db, dir)
    }

    private func listed(_ db: URL, _ dir: URL) throws -> [Listed] {
        let r = try CLI.run(["list", "--json"], database: db, in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        return try JSONDecoder().decode([Listed].self, from: Data(r.stdout.utf8))
    }

    @Test("an imported file that names no pilot is unknown: no default stamped, no PIC time")
    func importKeepsTheFilesBlanks() throws {
        let (db, dir) = try logbook()
        let flight = try #require(try listed(db, dir).first)
        #expect(flight.pilot == nil)
        #expect(flight.gliderType == "ASG 29")
        #expect(flight.registration == nil)
        #expect(flight.competitionId == nil)
        let stats = try CLI.run(["stats", "--json"], database: db, in: dir)
        try #require(stats.status == 0, "\(stats.stderr)")
        #expect(try JSONDecoder().decode(Stats.self, from: Data(stats.stdout.utf8)).total.picMinutes == 0)
    }

    @Test("repair restores what the file says where an older version stamped the defaults; never a pilot's edit")
    func repairRestoresTheFile() throws {
        let (db, dir) = try logbook()
        let id = try #require(try listed(db, dir).first?.id)
        // As an older version stored it: the config's values in the file's blanks (and over nothing else).
        let sql = try runProcess(
            "/usr/bin/sqlite3",
            [db.path, "UPDATE flight SET pilot = 'Owner, Olga', registration = 'D-9999', competitionId = 'X1'"])
        try #require(sql.status == 0, "\(sql.stderr)")
        // The pilot sets the registration by hand to the config's: that edit stays.
        let edit = try CLI.run(["edit", "\(id)", "--registration", "D-1234"], database: db, in: dir)
        try #require(edit.status == 0, "\(edit.stderr)")

        let dry = try CLI.run(["repair", "--dry-run"], database: db, in: dir)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("Flight \(id): pilot: Owner, Olga → —"), "\(dry.stdout)")
        #expect(try listed(db, dir).first?.pilot == "Owner, Olga", "--dry-run writes nothing")

        let r = try CLI.run(["repair"], database: db, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2, "one line per flight and the count: \(r.stdout)")
        #expect(lines.first?.contains("stranger.igc") == true, "\(r.stdout)")
        let flight = try #require(try listed(db, dir).first)
        #expect(flight.pilot == nil)
        #expect(flight.competitionId == nil)
        #expect(flight.registration == "D-1234", "the pilot's edit is kept")
        #expect(flight.gliderType == "ASG 29")

        let again = try CLI.run(["repair"], database: db, in: dir)
        #expect(again.stdout.hasPrefix("Nothing to repair"), "\(again.stdout)")
    }

    /// `add`'s glider defaults are the config's one glider: a typed `--plane "LS 8"` was stored as "LS 8 D-1234"
    /// (the config's ASK 21's registration), a typed `--registration D-5555` as an ASK 21.
    @Test("add: the config's glider type and registration default together, never onto another glider")
    func addTakesTheConfigsGliderWhole() throws {
        let (db, dir) = try logbook()
        let day = ["--takeoff", "10:05", "--landing", "11:20", "--takeoff-place", "EDKA", "--launch", "winch"]
        for (n, typed) in [["--plane", "LS 8"], ["--registration", "D-5555"], [], ["--plane", "ask21"]].enumerated() {
            let r = try CLI.run(["add", "--date", "2025-06-1\(n)"] + day + typed, database: db, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
        }
        let added = try listed(db, dir).filter { $0.gliderType != "ASG 29" }.sorted { $0.id < $1.id }
        try #require(added.count == 4)
        #expect(added[0].gliderType == "LS 8" && added[0].registration == nil, "\(added[0])")
        #expect(added[1].gliderType == nil && added[1].registration == "D-5555", "\(added[1])")
        #expect(added[2].gliderType == "ASK 21" && added[2].registration == "D-1234", "\(added[2])")
        #expect(added[3].gliderType == "ask21" && added[3].registration == "D-1234", "\(added[3])")
        #expect(added.allSatisfy { $0.pilot == "Owner, Olga" })
    }
}
