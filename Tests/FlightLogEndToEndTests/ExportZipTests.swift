import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// `flightlog export --zip` (command line): many flights in one file.
@Suite("export --zip", .serialized, .timeLimit(.minutes(3)))
struct ExportZipTests {
    /// The archive's entries and their bytes, read by Python's zipfile (an independent reader).
    func entries(of zip: URL) throws -> [String: Data] {
        let script = """
            import base64, json, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            print(json.dumps({i.filename: base64.b64encode(z.read(i)).decode() for i in z.infolist()}))
            """
        let r = try runProcess("/usr/bin/python3", ["-c", script, zip.path])
        try #require(r.status == 0, "\(r.stderr)")
        let names = try JSONDecoder().decode([String: String].self, from: Data(r.stdout.utf8))
        return names.compactMapValues { Data(base64Encoded: $0) }
    }

    @Test func igcFilesAsExportedAndTheLogbookInOneZip() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        var files: [String] = []
        for (n, start) in ["2025-06-14T10:00:00Z", "2025-07-02T09:00:00Z", "2026-05-01T11:00:00Z"].enumerated() {
            let name = "sim\(n).igc"
            try #require(
                try CLI.run(
                    ["simulate", "--seed", "\(n + 1)", "--minutes", "12", "--start", start, "-o", name], database: nil,
                    in: dir
                ).status == 0)
            files.append(name)
        }
        if SharedFlights.available {
            files.append(SharedFlights.directory.appendingPathComponent("2016-11-08-xcs-aaa-02.igc").path)
        }
        try #require(try CLI.run(["import"] + files, database: db, in: dir).status == 0)
        let hand = try CLI.run(
            [
                "add", "--date", "2025-08-01", "--takeoff", "14:00", "--landing", "14:30", "--utc-offset", "+02:00",
                "--launch", "winch",
            ],
            database: db, in: dir)
        try #require(hand.status == 0, "\(hand.stderr)")

        let zip = dir.appendingPathComponent("season.zip")
        let r = try CLI.run(["export", "--zip", "--year", "2025", "-o", zip.path], database: db, in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("2 IGC files and logbook.pdf (3 flights)"), "\(r.stdout)")
        let inside = try entries(of: zip)
        #expect(Set(inside.keys) == ["sim0.igc", "sim1.igc", "logbook.pdf"], "\(inside.keys.sorted())")
        // Each IGC file is the one `export --igc` gives (here the imported originals, byte for byte).
        for name in ["sim0.igc", "sim1.igc"] {
            #expect(inside[name] == (try Data(contentsOf: dir.appendingPathComponent(name))), "\(name)")
        }
        let pdf = try #require(inside["logbook.pdf"])
        #expect(pdf.prefix(5) == Data("%PDF-".utf8))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") {
            let pdfFile = dir.appendingPathComponent("logbook.pdf")
            try pdf.write(to: pdfFile)
            let text = try runProcess("/usr/bin/pdftotext", ["-layout", pdfFile.path, "-"]).stdout
            #expect(text.contains("2025-06-14") && text.contains("2025-07-02") && text.contains("2025-08-01"))
            #expect(!text.contains("2026-05-01"))
        }

        // Everything, to standard output; a folder or a missing -o is refused in one line.
        let all = try CLI.run(["export", "--zip", "-o", "-"], database: db, in: dir)
        #expect(all.status == 0 && all.stdout.utf8.starts(with: [0x50, 0x4B]), "a ZIP starts with PK")
        let missing = try CLI.run(["export", "--zip"], database: db, in: dir)
        #expect(missing.status != 0 && missing.stderr.contains("--zip needs -o FILE.zip"))
    }
}
