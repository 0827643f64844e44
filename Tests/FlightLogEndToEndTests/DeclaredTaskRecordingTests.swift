import FlightLogCore
import FlightLogSimulation
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A task declared with `flightlog task declare` before the flight, recorded by the real `flightlogd` from a real
/// gpsd (gpsfake replaying a short flight at high speed), exported with `export --igc`: aerofiles 1.5.6 reads the C
/// records back as the declaration and `flightlog verify` accepts the signature that covers them.
@Suite(
    .serialized,
    .enabled(if: DaemonHarness.isAvailable, "needs gpsfake, sqlite3 and the built flightlogd"),
    .enabled(if: CLI.aerofilesPython != nil, "needs aerofiles (scripts/setup-aerofiles.sh)"))
struct DeclaredTaskRecordingTests {
    @Test(.timeLimit(.minutes(2)))
    func theRecordedFlightsIGCFileCarriesTheDeclaration() throws {
        let world = try DaemonWorld()
        let database = URL(fileURLWithPath: world.database)
        let environment = ["FLIGHTLOG_SYSTEM_AIRFIELDS": world.directory.appendingPathComponent("system").path]
        func flightlog(_ arguments: [String]) throws -> ProcessResult {
            try CLI.run(arguments, database: database, in: world.directory, environment: environment)
        }

        // Declared before the recorder runs: no GPS time yet.
        let declared = try flightlog(["task", "declare", "--points", "LSZK,LSZH,LSZK"])
        try #require(declared.status == 0, "\(declared.stderr)")
        #expect(try flightlog(["task", "show"]).stdout.contains("No GPS time yet"))
        let task = try #require(try FlightStore(path: world.database, mode: .readOnly).pendingTask())

        // Four minutes on the ground before the take-off roll: the recorder's first check (within a second of the
        // first fix, a minute of replayed time at this speed) comes well before the take-off.
        let fixes = DaemonHarness.flight(groundBefore: 240)
        try world.startGPSFake(NMEAWriter.log(fixes), delay: 0.005)
        try world.startDaemon(barometer: false)
        #expect(world.waitForLastFix(fixes.last!.time))
        world.signalDaemon(SIGTERM)
        #expect(world.waitForDaemon() == 0)

        let store = try FlightStore(path: world.database, mode: .readOnly)
        let flights = try store.flights(matching: FlightFilter())
        try #require(flights.count == 1, "flights: \(flights.count)")
        let id = try #require(flights[0].id)
        let kept = try #require(try store.declaredTask(forFlight: id), "the flight took the declaration")
        #expect(try store.pendingTask() == nil)
        #expect(kept.points == task.points && kept.name == nil)
        let declaredAt = try #require(kept.declaredAt, "stamped with GPS time")
        #expect(
            (fixes[0].time...flights[0].takeoffTime).contains(declaredAt),
            "declared \(iso8601UTC(declaredAt)), take-off \(iso8601UTC(flights[0].takeoffTime))")

        let shown = try flightlog(["show", "\(id)", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        let shownTask = try #require(object?["task"] as? [String: Any], "show --json: \(shown.stdout.prefix(300))")
        #expect(
            (shownTask["turnpoints"] as? [Any])?.count == 3, "show scores the task the flight was declared with")

        let file = world.directory.appendingPathComponent("flight.igc")
        let export = try flightlog(["export", "--igc", "\(id)", "-o", file.path])
        try #require(export.status == 0, "\(export.stderr)")
        #expect(!export.stderr.contains("unsigned"), "\(export.stderr)")
        let verified = try flightlog(["verify", file.path])
        #expect(verified.status == 0 && verified.stdout.hasPrefix("valid: signed by this device"), "\(verified.stdout)")

        let read = try aerofilesDeclaration(file)
        #expect(read.errors.isEmpty, "\(read.errors)")
        let header = CivilDateTime(utc: declaredAt)
        #expect(read.declared == "\(header.date) \(header.hourMinuteSecond)", "the header's time is the GPS time")
        #expect(read.turnpoints == 1)
        #expect(read.name == "")
        // Take-off and landing were not declared: all-zero placeholders. Names as the C lines hold them.
        let expected: [TaskPoint?] = [nil] + kept.points + [nil]
        let names = IGCWriter.declarationLines(kept).dropFirst().map { String($0.dropFirst(18)) }
        try #require(read.points.count == expected.count, "\(read.points)")
        for (k, (got, want)) in zip(read.points, expected).enumerated() {
            let coordinate = want?.coordinate ?? Coordinate(latitude: 0, longitude: 0)
            #expect(abs(got.latitude - coordinate.latitude) < 1e-5 && abs(got.longitude - coordinate.longitude) < 1e-5)
            #expect(got.name == names[k])
        }
        #expect(names[1].hasPrefix("Flugplatz Speck-Fehraltorf") && names.first == "TAKEOFF")
        let lines = String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\r\n")
        #expect(lines.filter { $0.hasPrefix("C") }.map(String.init) == IGCWriter.declarationLines(kept))

        // Issue 41: the logbook that recorded the flight scores its declaration as a re-import of the exported
        // file does: a declaration, by the Sporting Code, the same points, time and result.
        let elsewhere = world.directory.appendingPathComponent("elsewhere.sqlite")
        let imported = try CLI.run(
            ["import", file.path], database: elsewhere, in: world.directory, environment: environment)
        try #require(imported.status == 0, "\(imported.stderr)")
        let reshown = try CLI.run(
            ["show", "1", "--json"], database: elsewhere, in: world.directory, environment: environment)
        let reobject = try JSONSerialization.jsonObject(with: Data(reshown.stdout.utf8)) as? [String: Any]
        let reTask = try #require(reobject?["task"] as? [String: Any], "re-import: \(reshown.stdout.prefix(300))")
        #expect(shownTask["source"] as? String == "declaration" && shownTask["rules"] as? String == "sportingCode")
        for key in ["source", "rules", "kind", "declaredAt", "name", "turnpoints", "completed", "warnings"] {
            let (here, there) = (try sortedJSON(shownTask[key]), try sortedJSON(reTask[key]))
            #expect(here == there, "\(key): recorded \(here), re-imported \(there)")
        }
        for key in ["distanceKm", "scoredKm"] {
            let (here, there) = (shownTask[key] as? Double ?? .nan, reTask[key] as? Double ?? .nan)
            #expect(abs(here - there) < 0.01, "\(key): recorded \(here), re-imported \(there)")
        }
        #expect(
            (shownTask["reached"] as? [Any])?.map { $0 is NSNull }
                == (reTask["reached"] as? [Any])?.map { $0 is NSNull })
    }

    /// `value` as JSON with sorted keys (`absent` when missing), to compare two objects' values.
    private func sortedJSON(_ value: Any?) throws -> String {
        guard let value else { return "absent" }
        return String(
            decoding: try JSONSerialization.data(withJSONObject: [value], options: .sortedKeys), as: UTF8.self)
    }

    /// The declaration aerofiles 1.5.6 reads from `file`: its errors, the header's date and time, the number of
    /// turnpoints, the text, and every point line (take-off, start, turnpoints, finish, landing).
    private func aerofilesDeclaration(_ file: URL) throws -> (
        errors: String, declared: String, turnpoints: Int, name: String,
        points: [(latitude: Double, longitude: Double, name: String)]
    ) {
        let script = """
            import sys
            from aerofiles.igc import Reader
            with open(sys.argv[1], encoding="latin-1") as f:
                r = Reader().read(f)
            print(";".join(str(e) for k in r for e in r[k][0]))
            t = r["task"][1]
            print(t["declaration_date"], t["declaration_time"])
            print(t["num_turnpoints"])
            print(t["description"])
            for w in t["waypoints"]:
                print(repr(w["latitude"]), repr(w["longitude"]), w["description"], sep="|")
            """
        let result = try runProcess(try #require(CLI.aerofilesPython), ["-c", script, file.path])
        try #require(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(rows.count >= 4, "\(result.stdout)")
        let points = rows.dropFirst(4).filter { !$0.isEmpty }.map { row in
            let parts = row.split(separator: "|", omittingEmptySubsequences: false)
            return (Double(parts[0]) ?? .nan, Double(parts[1]) ?? .nan, parts.count > 2 ? String(parts[2]) : "")
        }
        return (rows[0], rows[1], Int(rows[2]) ?? -1, rows[3], points)
    }
}
