import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// What the built `flightlog` says, in a pilot's words: one spelling of take-off in every text (option names, JSON
/// keys and CSV headers are contracts and stay), and a flight entered by hand shows what only a track tells as
/// unknown, never as 0.
@Suite("Wording of the CLI", .serialized, .timeLimit(.minutes(3)))
struct WordingCLITests {
    /// A logbook with one simulated flight (id 1) and one entered by hand (id 2).
    static func logbook() throws -> (db: URL, dir: URL) {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let sim = try CLI.run(
            ["simulate", "--minutes", "8", "--seed", "5", "--start", "2025-06-10T10:00:00Z", "-o", "sim.igc"],
            database: nil, in: dir)
        try #require(sim.status == 0, "\(sim.stderr)")
        try #require(try CLI.run(["import", "sim.igc"], database: db, in: dir).status == 0)
        let add = try CLI.run(
            [
                "add", "--date", "2024-08-02", "--takeoff", "14:00", "--landing", "14:30", "--utc-offset", "+02:00",
                "--takeoff-place", "Hintertupfing", "--launch", "winch",
            ], database: db, in: dir)
        try #require(add.status == 0, "\(add.stderr)")
        return (db, dir)
    }

    /// "takeoff"/"Takeoff" as a word of prose (not part of `--takeoff-place`, `takeoffTime` or the like).
    static func oldSpellings(_ text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "(?<![-\\w])[Tt]akeoff(?![-\\w])")
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).map { match in
            let around = NSRange(
                location: max(0, match.range.location - 30),
                length: min(NSString(string: text).length - max(0, match.range.location - 30), 70))
            return NSString(string: text).substring(with: around)
        }
    }

    @Test func oneSpellingOfTakeOffInEveryText() throws {
        let (db, dir) = try Self.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        var texts: [(String, String)] = []
        for arguments in [
            ["show", "1"], ["show", "2"], ["list"], ["help", "add"], ["help", "edit"], ["help", "list"],
            ["help", "airfields", "assign"],
            ["add", "--date", "2024-08-02", "--takeoff", "15:00", "--landing", "14:00"],
        ] {
            let r = try CLI.run(arguments, database: db, in: dir)
            texts.append((arguments.joined(separator: " "), r.stdout + r.stderr))
        }
        let kml = try CLI.run(["export", "--kml", "1", "-o", "-"], database: db, in: dir).stdout
        #expect(kml.contains("<name>Take-off"), "\(kml.prefix(600))")
        let names = kml.components(separatedBy: "<name>").dropFirst().map { $0.components(separatedBy: "</name>")[0] }
        texts.append(("kml names", names.joined(separator: "\n")))
        for (name, text) in texts {
            #expect(!text.isEmpty, "\(name)")
            #expect(Self.oldSpellings(text).isEmpty, "\(name): \(Self.oldSpellings(text))")
        }
        #expect(texts[2].1.contains("Take-off"), "the list's column")
    }

    @Test func aFlightEnteredByHandHasNoTrackFacts() throws {
        let (db, dir) = try Self.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = try CLI.run(["list", "--json"], database: db, in: dir).stdout
        let flights = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let manual = try #require(flights.first { ($0["id"] as? NSNumber)?.intValue == 2 })
        for key in ["maxDistanceKm", "pathLengthKm", "takeoffLatitude", "takeoffLongitude"] {
            #expect(manual[key] is NSNull, "\(key): \(manual[key] ?? "absent")")
        }
        let recorded = try #require(flights.first { ($0["id"] as? NSNumber)?.intValue == 1 })
        #expect((recorded["pathLengthKm"] as? NSNumber)?.doubleValue ?? 0 > 0, "a track's facts stay")
        let csv = try CLI.run(["list", "--csv"], database: db, in: dir).stdout.split(separator: "\r\n")
        let header = csv[0].split(separator: ",", omittingEmptySubsequences: false)
        let row = try #require(csv.first { $0.hasPrefix("2,") }).split(separator: ",", omittingEmptySubsequences: false)
        let distance = try #require(header.firstIndex(of: "distance_km"))
        #expect(row[distance].isEmpty, "\(row)")
    }
}
