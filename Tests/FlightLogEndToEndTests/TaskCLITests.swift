import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

/// `flightlog task declare|show|clear` through the real executable, on the shipped airfields and a CUP file.
@Suite("task declare, show, clear", .serialized, .timeLimit(.minutes(3)))
struct TaskCLITests {
    /// `flightlog task …` on a logbook in `dir`, without the system's own airfield files.
    static func task(in dir: URL) -> ([String]) throws -> ProcessResult {
        let db = dir.appendingPathComponent("flightlog.sqlite")
        let system = ["FLIGHTLOG_SYSTEM_AIRFIELDS": dir.appendingPathComponent("system").path]
        return { try CLI.run(["task"] + $0, database: db, in: dir, environment: system) }
    }

    @Test func declareFromPointsAndFromACUPFileShowAndClear() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let flightlog = Self.task(in: dir)
        let fields = try AirfieldCatalog.dataSet()
        let route = try ["EDKL", "EDRA", "EDKA", "EDKL"].map { code in
            try #require(fields.first { $0.code == code })
        }
        let total = zip(route, route.dropFirst()).map { haversineMetres($0.coordinate, $1.coordinate) / 1000 }.reduce(
            0, +)

        let declared = try flightlog(["declare", "--points", "EDKL,Bad Neuenahr,Merzbrück,edkl"])
        #expect(declared.status == 0, "\(declared.stderr)")
        #expect(declared.stdout.contains("start  Leverkusen Airport (EDKL)"), "\(declared.stdout)")
        #expect(declared.stdout.contains("TP1    Bad Neuenahr-Ahrweiler Airfield (EDRA)"))
        #expect(declared.stdout.contains(String(format: "Total: %.1f km", total)))
        let shown = try flightlog(["show"])
        #expect(shown.status == 0 && shown.stdout.contains(String(format: "Total: %.1f km", total)), "\(shown.stderr)")
        #expect(shown.stdout.contains("No GPS time yet"))

        let unknown = try flightlog(["declare", "--points", "EDKL,Hintertupfing"])
        #expect(unknown.status != 0 && unknown.stderr.contains("'Hintertupfing'"), "\(unknown.stderr)")
        #expect(try flightlog(["show"]).stdout == shown.stdout, "a refused declaration changes nothing")

        let cup = dir.appendingPathComponent("club.cup")
        try Data(
            """
            name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc
            "Leverkusen",EDKL,DE,5100.900N,00700.300E,49.0m,5,,,,
            "Bad Neuenahr",EDRA,DE,5033.420N,00708.160E,206.0m,5,,,,
            -----Related Tasks-----
            "Ahr valley","Leverkusen","Leverkusen","Bad Neuenahr","Leverkusen","Leverkusen"

            """.utf8
        ).write(to: cup)
        let fromFile = try flightlog(["declare", cup.path])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(try flightlog(["show"]).stdout.hasPrefix("Task: Ahr valley\n  start  Leverkusen"))
        let wrongName = try flightlog(["declare", cup.path, "--name", "Goal"])
        #expect(wrongName.status != 0 && wrongName.stderr.contains("Ahr valley"), "\(wrongName.stderr)")

        let missing = try flightlog(["declare", dir.appendingPathComponent("missing.cup").path])
        #expect(missing.status == 1 && missing.stderr.contains("cannot read"), "\(missing.stderr)")

        let cleared = try flightlog(["clear"])
        #expect(cleared.status == 0 && cleared.stdout.contains("cleared"), "\(cleared.stderr)")
        #expect(try flightlog(["show"]).stdout.contains("No task is declared"))
    }

    /// A name found on another continent is said with its leg's length and where it was found; a name that finds
    /// several fields takes the one near the task's other points and says so (issue 41: `EDKL,Nowhere` was a
    /// 16,274 km task, declared without a word).
    @Test func aFarAwayPlaceIsSaidAndAnAmbiguousNameTakesTheNearOne() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let flightlog = Self.task(in: dir)
        let far = try flightlog(["declare", "--points", "EDKL,Nowhere,EDKL"])
        #expect(far.status == 0, "\(far.stderr)")
        let warnings = far.stdout.split(separator: "\n").filter { $0.hasPrefix("warning: leg ") }
        #expect(warnings.count == 2, "\(far.stdout)")
        #expect(
            warnings.first?.contains("Nowhere Airport (00TT) at 34.5166N 99.9369W, America/Chicago") == true
                && warnings.first?.contains("from Leverkusen Airport (EDKL)") == true, "\(far.stdout)")
        #expect(try flightlog(["show"]).stdout.contains("warning: leg 1 is"), "task show says it too")

        // Two fields are called "Bremen Airport": Bremen (EDDW) and one in Costa Rica (MRBM).
        let near = try flightlog(["declare", "--points", "EDKL,Bremen Airport,EDKL"])
        #expect(near.status == 0, "\(near.stderr)")
        #expect(near.stdout.contains("TP1    Bremen Airport (EDDW)"), "\(near.stdout)")
        #expect(near.stdout.contains("warning: 'Bremen Airport' matches 2 places: took Bremen Airport (EDDW)"))
        #expect(!near.stdout.contains("warning: leg"), "\(near.stdout)")
    }
}
