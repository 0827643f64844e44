import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `flightlog airfields list|import` as a pilot runs them, with the system folder and home in a temporary folder.
@Suite struct AirfieldsTests {
    let home: URL
    var systemFolder: URL { home.appendingPathComponent("etc-airfields") }
    var userFolder: URL { home.appendingPathComponent("config/flightlog/airfields") }
    /// Where `import` copies to: the system folder as root, else the user's.
    var importFolder: URL { getuid() == 0 ? systemFolder : userFolder }
    static let seed = packageRoot.appendingPathComponent("Fuzz/seeds/cup/gliding-sites.cup")

    init() throws { home = try makeTemporaryDirectory() }

    /// `flightlog ARGS` with HOME, the config folder and the system folder in `home` (through env(1)).
    func flightlog(_ arguments: [String]) throws -> ProcessResult {
        try runProcess(
            "/usr/bin/env",
            [
                "-u", "FLIGHTLOG_AIRFIELD_DATA", "HOME=\(home.path)",
                "XDG_CONFIG_HOME=\(home.appendingPathComponent("config").path)",
                "FLIGHTLOG_SYSTEM_AIRFIELDS=\(systemFolder.path)",
                builtExecutable("flightlog").path,
            ] + arguments)
    }

    @Test func listNearLeverkusenAndJeleniaGora() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let leverkusen = try flightlog(["airfields", "list", "--near", "51.0147,7.0053"])
        #expect(leverkusen.status == 0, "\(leverkusen.stderr)")
        let rows = leverkusen.stdout.split(separator: "\n").dropFirst(2)
        #expect(rows.first?.hasPrefix("EDKL  Leverkusen Airport") == true, "\(leverkusen.stdout)")
        #expect(leverkusen.stdout.contains("Europe/Berlin"))
        let jelenia = try flightlog(["airfields", "list", "--near", "50.8989, 15.7856", "--radius", "10"])
        #expect(jelenia.status == 0)
        let codes = jelenia.stdout.split(separator: "\n").dropFirst(2).map { $0.prefix(4) }
        #expect(codes.first == "EPJG")
        #expect(codes.count >= 2, "a second field within 10 km")
        #expect(jelenia.stdout.contains("Europe/Warsaw"))
        let nothing = try flightlog(["airfields", "list", "--near", "50.55,6.9", "--radius", "1"])
        #expect(nothing.status == 0)
        #expect(nothing.stdout.contains("No airfield within 1.0 km of 50.5500N 6.9000E: outlanding, "))
        #expect(nothing.stdout.contains(" of Wershofen (EDRV)."))
    }

    @Test(arguments: [
        ["--near", "91,7"], ["--near", "51.0"], ["--near", "a,b"], ["--near", "51,7", "--radius=-1"],
    ])
    func badArgumentsAreOneLine(_ arguments: [String]) throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try flightlog(["airfields", "list"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("Error: --"))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func importThenTheFieldsAreKnown() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let empty = try flightlog(["airfields", "list"])
        #expect(empty.stdout.contains("No airfields of your own"))
        let imported = try flightlog(["airfields", "import", Self.seed.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let target = importFolder.appendingPathComponent("gliding-sites.cup")
        #expect(
            imported.stdout
                == "Imported 5 airfields from \(Self.seed.path) as \(target.path); 2 damaged lines skipped (see above).\n"
        )
        #expect(imported.stderr.contains("gliding-sites.cup: warning: line 8: latitude '51X7.830N'"))
        #expect(try Data(contentsOf: target) == Data(contentsOf: Self.seed), "copied byte for byte")
        // The gliding site without a code is found, and the pilot's EDRV replaced the data set's.
        let near = try flightlog(["airfields", "list", "--near", "50.5083,6.8708", "--radius", "10"])
        #expect(near.status == 0)
        let rows = near.stdout.split(separator: "\n").dropFirst(2)
        #expect(rows.first?.hasPrefix("-     Hangweide Sued") == true, "\(near.stdout)")
        #expect(rows.first?.contains("your CUP") == true)
        #expect(rows.filter { $0.hasPrefix("EDRV") }.count == 1)
        #expect(rows.first { $0.hasPrefix("EDRV") }?.contains("your CUP") == true)
        #expect(
            near.stderr
                == "warning: \(target.path): 2 damaged lines skipped (first: line 8: latitude '51X7.830N' is not DDMM.mmmN/S; skipped)\n"
        )
        // A file in the other folder is read as well.
        try FileManager.default.createDirectory(at: userFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: systemFolder, withIntermediateDirectories: true)
        let other = (importFolder == systemFolder ? userFolder : systemFolder).appendingPathComponent("more.cup")
        try Data("\"Zweitplatz\",,DE,5000.000N,00700.000E,300m,4\n".utf8).write(to: other)
        let own = try flightlog(["airfields", "list"])
        #expect(own.stdout.contains("Zweitplatz") && own.stdout.contains("Hangweide Sued"))
        // Importing again replaces the file of the same name.
        let again = try flightlog(["airfields", "import", Self.seed.path])
        #expect(again.stdout.hasPrefix("Replaced 5 airfields"))
    }

    @Test func importRefusesAFileWithoutAirfields() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("turnpoints.cup")
        try Data("name,code,country,lat,lon,elev,style\n\"Kapelle\",K,DE,5029.000N,00655.000E,540m,1\n".utf8).write(
            to: file)
        let result = try flightlog(["airfields", "import", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("has no airfields (SeeYou styles 2-5); nothing imported"))
        #expect(!FileManager.default.fileExists(atPath: importFolder.appendingPathComponent("turnpoints.cup").path))
        let missing = try flightlog(["airfields", "import", home.appendingPathComponent("none.cup").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read"))
    }

    /// The same field in two CUP files (last year's and this year's, a club's and a country's) was two fields of one
    /// code: `--takeoff-place KOELN` named both and asked for the code it had been given, with no way out.
    @Test func theSameFieldInTwoCUPFilesIsOneField() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let header = "name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc\n"
        let old = home.appendingPathComponent("sites-2025.cup"), new = home.appendingPathComponent("sites-2026.cup")
        try Data((header + "\"Köln Feld\",\"KOELN\",DE,5054.000N,00708.000E,50m,2,070,800m,,\n").utf8).write(to: old)
        try Data((header + "\"Köln Feld\",\"KOELN\",DE,5054.050N,00708.000E,52m,2,070,800m,,\n").utf8).write(to: new)
        for file in [old, new] {
            let imported = try flightlog(["airfields", "import", file.path])
            try #require(imported.status == 0, "\(imported.stderr)")
        }
        let listed = try flightlog(["airfields", "list"])
        #expect(listed.stdout.components(separatedBy: "KOELN").count == 2, "once: \(listed.stdout)")
        #expect(listed.stdout.contains("52 m"), "the later file's: \(listed.stdout)")
        let added = try flightlog([
            "add", "--date", "2025-06-14", "--takeoff", "10:05", "--landing", "11:20", "--takeoff-place", "KOELN",
            "--launch", "winch",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(!added.stderr.contains("matches 2"), "\(added.stderr)")
    }
}
