import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// An IGC file cut off in the air (a real flight from ../shared/flights when present, else a simulated one), through
/// the real `flightlog` on a real database: imported as "recording ended in flight" in every view, never an
/// outlanding at the last fix; the landing time is the last fix's and the views say so; the file exports as it came.
@Suite("recording ended in flight (CLI)", .serialized, .timeLimit(.minutes(5)))
struct EndedInFlightCLITests {
    struct Listed: Decodable {
        var id: Int64
        var landing: String
        var landingPlace: String?
        var outlanding: Bool
        var endedInFlight: Bool
        var landingLocation: Location?
        struct Location: Decodable { var description: String }
    }

    /// `file` up to its highest B record (surely in the air), without the G record: a recording that stopped there.
    static func cutInTheAir(_ file: URL, to cut: URL) throws {
        // IGC lines end in CR LF (one Character in Swift, so split on any line end, not on "\n").
        let lines = String(decoding: try Data(contentsOf: file), as: UTF8.self).split(
            omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        func altitude(_ line: Substring) -> Int? {
            let b = Array(line.utf8)
            guard b.count >= 35, b[0] == UInt8(ascii: "B") else { return nil }
            let pressure = Int(String(decoding: b[25..<30], as: UTF8.self)) ?? 0
            return pressure != 0 ? pressure : Int(String(decoding: b[30..<35], as: UTF8.self))
        }
        let highest = try #require(
            lines.indices.filter { altitude(lines[$0]) != nil }.max { altitude(lines[$0])! < altitude(lines[$1])! })
        let kept = lines[...highest].filter { !$0.hasPrefix("G") }
        try Data((kept.joined(separator: "\n") + "\n").utf8).write(to: cut)
    }

    @Test func aFileCutInTheAirIsNoOutlandingInAnyView() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let source: URL
        if SharedFlights.available {
            source = SharedFlights.directory.appendingPathComponent("654G6NG1.IGC")
        } else {
            let made = try CLI.run(
                ["simulate", "--minutes", "40", "--seed", "3", "-o", "whole.igc"], database: nil, in: dir)
            try #require(made.status == 0, "\(made.stderr)")
            source = dir.appendingPathComponent("whole.igc")
        }
        let cut = dir.appendingPathComponent("cut.igc")
        try Self.cutInTheAir(source, to: cut)
        let imported = try CLI.run(["import", "cut.igc"], database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("recording ended in flight"), "\(imported.stdout)")

        let listed = try CLI.run(["list", "--json"], database: db, in: dir)
        let flight = try #require(try JSONDecoder().decode([Listed].self, from: Data(listed.stdout.utf8)).first)
        #expect(flight.endedInFlight && !flight.outlanding)
        #expect(flight.landingPlace == nil && flight.landingLocation == nil, "no place is named after the last fix")

        let table = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": "200"])
        #expect(
            table.stdout.contains("recording ended in flight") && !table.stdout.contains("outlanding"),
            "\(table.stdout)")
        #expect(table.stdout.contains("the landing time is the last fix's"), "\(table.stdout)")
        let csv = try CLI.run(["list", "--csv"], database: db, in: dir).stdout.split(separator: "\r\n")
        let header = csv[0].split(separator: ",", omittingEmptySubsequences: false)
        let row = csv[1].split(separator: ",", omittingEmptySubsequences: false)
        #expect(row[header.firstIndex(of: "ended_in_flight")!] == "yes")
        #expect(row[header.firstIndex(of: "landing_place")!] == "recording ended in flight")
        #expect(row[header.firstIndex(of: "outlanding")!] == "")
        let show = try CLI.run(["show", "\(flight.id)"], database: db, in: dir)
        #expect(show.stdout.contains("(the last fix) — recording ended in flight"), "\(show.stdout)")
        let outlandings = try CLI.run(["list", "--outlanding", "--json"], database: db, in: dir)
        #expect(try JSONDecoder().decode([Listed].self, from: Data(outlandings.stdout.utf8)).isEmpty)

        let report = try CLI.run(["export", "--report", "\(flight.id)", "-o", "report.pdf"], database: db, in: dir)
        try #require(report.status == 0, "\(report.stderr)")
        let pdf = try CLI.run(["export", "--pdf", "-o", "logbook.pdf"], database: db, in: dir)
        try #require(pdf.status == 0, "\(pdf.stderr)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") {
            func text(_ name: String) throws -> String {
                try runProcess("/usr/bin/pdftotext", ["-raw", dir.appendingPathComponent(name).path, "-"]).stdout
                    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
            let logbook = try text("logbook.pdf"), sheet = try text("report.pdf")
            #expect(logbook.contains("recording ended in flight") && !logbook.contains("outlanding"), "\(logbook)")
            #expect(sheet.contains("recording ended in flight") && sheet.contains("(the last fix)"), "\(sheet)")
        }
        // IGC export is unaffected: the file as imported, byte for byte.
        let igc = try CLI.run(["export", "--igc", "\(flight.id)", "-o", "out.igc"], database: db, in: dir)
        try #require(igc.status == 0, "\(igc.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.igc")) == Data(contentsOf: cut))

        // The pilot who knows where it landed types the place (own text); it is still not called an outlanding.
        let edited = try CLI.run(
            ["edit", "\(flight.id)", "--landing-place", "=Bauer Meier's field"], database: db, in: dir)
        #expect(edited.status == 0, "\(edited.stderr)")
        let after = try #require(
            try JSONDecoder().decode(
                [Listed].self, from: Data(CLI.run(["list", "--json"], database: db, in: dir).stdout.utf8)
            ).first)
        #expect(after.landingPlace == "Bauer Meier's field" && after.endedInFlight && !after.outlanding)
    }
}
