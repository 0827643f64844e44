import FlightLogCore
import FlightLogSimulation
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// One database used by many processes at once, as on the Pi: flightlogd writing, the web server reading, the
/// pilot's commands reading and writing. Nobody may ever see "database is locked".
@Suite("parallel use of one database", .serialized, .timeLimit(.minutes(6)))
struct ParallelUseTests {
    /// Simulated flights (8 minutes each) in `dir`: sim0.igc … sim(n-1).igc.
    func simulatedFiles(_ count: Int, in dir: URL) throws -> [String] {
        try (0..<count).map { n in
            let name = "sim\(n).igc"
            let r = try CLI.run(
                [
                    "simulate", "--launch", n % 2 == 0 ? "winch" : "aerotow", "--minutes", "8", "--seed", "\(n + 1)",
                    "--start", "2025-0\(n + 1)-1\(n)T10:00:00Z", "-o", name,
                ], database: nil, in: dir)
            try #require(r.status == 0, "simulate failed: \(r.stderr)")
            return name
        }
    }

    /// The flight ids an import printed ("sim4.igc: flight 12, …").
    func importedIds(_ output: String) -> [Int64] {
        output.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: ": flight ") else { return nil }
            return Int64(line[range.upperBound...].prefix { $0.isNumber })
        }
    }

    /// 10,000 operations with `make test-long` (FLIGHTLOG_LONG_TESTS=1); CI runs a third as many at the same
    /// concurrency (eight workers and the stand-in daemon), which keeps every pair of writers overlapping.
    @Test(.enabled(if: Parallel.curl != nil, "needs curl"))
    func mixedOperationsFromParallelProcessesSeeNoLock() throws {
        let long = ProcessInfo.processInfo.environment["FLIGHTLOG_LONG_TESTS"] == "1"
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let files = try simulatedFiles(7, in: dir)
        let base = try CLI.run(["import"] + files.prefix(4), database: db, in: dir)
        try #require(base.status == 0, "import failed: \(base.stderr)")
        let ids = importedIds(base.stdout)
        try #require(ids.count == 4)

        let server = try ServeProcess(["--database", db.path], in: dir)
        try #require(server.isReady, "flightlog serve did not start")
        let port = server.port
        let tally = Tally()
        let daemon = DaemonStandIn()
        // A landing every 150 daemon operations: at least 20 (long) or 7.
        daemon.start(database: db, tally: tally, minimumOperations: long ? 3000 : 1050)

        let cliWorkers = 5, cliRuns = long ? 150 : 50, httpWorkers = 2, httpBatches = long ? 4 : 1, batchSize = 700
        let edits = Mutex<[Int64: Int]>([:])
        let started = DaemonHarness.monotonicSeconds()
        Parallel.run(cliWorkers + 1 + httpWorkers) { worker in
            func cli(_ kind: String, _ arguments: [String]) -> ProcessResult? {
                do {
                    let r = try CLI.run(arguments, database: db, in: dir)
                    tally.count(
                        kind, failure: r.status == 0 && r.stderr.isEmpty ? nil : "exit \(r.status): \(r.stderr)")
                    return r
                } catch {
                    tally.count(kind, failure: "\(error)")
                    return nil
                }
            }
            if worker < cliWorkers {
                for i in 0..<cliRuns {
                    let id = ids[(worker + i) % ids.count]
                    if i % 25 == 12 {
                        _ = cli("backup", ["backup", "backup-\(worker)-\(i).sqlite"])
                        continue
                    }
                    switch (worker + i) % 8 {
                    case 0: _ = cli("list", ["list"])
                    case 1: _ = cli("list", ["list", "--json", "--launch", "winch"])
                    case 2, 3: _ = cli("show", ["show", "\(id)"])
                    case 4, 5:
                        if cli("edit", ["edit", "\(id)", "--remarks", "worker \(worker) run \(i)"])?.status == 0 {
                            edits.withLock { $0[id, default: 0] += 1 }
                        }
                    case 6:
                        _ = cli("export", ["export", "--igc", "\(id)", "-o", "w\(worker)-\(i).igc"])
                    default: _ = cli("export", ["export", "--kml", "\(id)", "-o", "w\(worker)-\(i).kml"])
                    }
                }
            } else if worker == cliWorkers {
                // Imports and deletes (writes of whole recordings), cycling through three more files.
                for i in 0..<cliRuns / 2 {
                    let file = files[4 + i % 3]
                    guard let r = cli("import", ["import", file]), let id = importedIds(r.stdout).first else {
                        continue
                    }
                    _ = cli("delete", ["delete", "\(id)", "--yes"])
                }
            } else {
                // A phone: list pages, flight pages, downloads and the status page over one kept-alive connection.
                let paths = (0..<batchSize).map { i -> String in
                    let id = ids[i % ids.count]
                    return [
                        "/", "/?launch=winch", "/flights/\(id)", "/status", "/flights/\(id)/igc", "/?plane=ask",
                        "/flights/\(id)/track.gpx", "/?page=1",
                    ][i % 8]
                }
                for _ in 0..<httpBatches {
                    do {
                        for (path, code) in zip(paths, try Parallel.fetch(paths, port: port, in: dir)) {
                            tally.count("http", failure: code == 200 ? nil : "GET \(path): \(code)")
                        }
                    } catch {
                        tally.count("http", failure: "\(error)")
                    }
                }
            }
        }
        daemon.finish()
        let seconds = DaemonHarness.monotonicSeconds() - started
        print(
            "parallel use: \(tally.total) operations in \(Int(seconds)) s: \(tally.counts.sorted { $0.key < $1.key })")

        let failures = tally.failures
        let locked = failures.filter { $0.lowercased().contains("locked") || $0.lowercased().contains("busy") }
        #expect(locked.isEmpty, "\(locked.count) lock errors, e.g. \(locked.prefix(3))")
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(5))")
        #expect(tally.total >= (long ? 10_000 : 3_000))
        #expect(tally.counts["http"] == httpWorkers * httpBatches * batchSize)
        #expect((tally.counts["daemon landing"] ?? 0) >= (long ? 20 : 7))

        // Every write landed: each flight's edit history has one entry per successful edit, nothing else broke.
        let store = try FlightStore(path: db.path, mode: .readOnly)
        for (id, count) in edits.withLock({ $0 }) { #expect(try store.history(id: id).count == count) }
        #expect(DaemonHarness.shell("sqlite3 '\(db.path)' 'PRAGMA integrity_check'").output == "ok\n")
        // Each backup taken in the middle of it all is a complete, consistent logbook of its own.
        let backups = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("backup-") }
        #expect(backups.count == tally.counts["backup"] && backups.count == cliWorkers * (cliRuns / 25))
        for backup in backups {
            let path = dir.appendingPathComponent(backup).path
            #expect(DaemonHarness.shell("sqlite3 '\(path)' 'PRAGMA integrity_check'").output == "ok\n")
            #expect(try FlightStore(path: path, mode: .readOnly).count(matching: FlightFilter(ids: ids)) == 4)
        }
    }
}

/// The `.sqlite` file alone is the logbook (what a pilot copies to a USB stick), and `flightlog backup` makes one.
@Suite("the database file alone", .serialized, .timeLimit(.minutes(3)))
struct DatabaseFileTests {
    /// Copies only `database` (no -wal, no -shm) to a new folder in `directory` and returns the copy.
    func copyOfFileAlone(_ database: URL, in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("copy.sqlite")
        try FileManager.default.copyItem(at: database, to: copy)
        return copy
    }

    /// A new folder with `count` simulated flights imported by the CLI into flights.sqlite (ids 1…count).
    func logbook(_ count: Int) throws -> (dir: URL, db: URL) {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let files = try ParallelUseTests().simulatedFiles(count, in: dir)
        let imported = try CLI.run(["import"] + files, database: db, in: dir)
        try #require(imported.status == 0, "import failed: \(imported.stderr)")
        return (dir, db)
    }

    func listedIds(_ database: URL, dir: URL) throws -> [Int64] {
        let r = try CLI.run(["list", "--json"], database: database, in: dir)
        try #require(r.status == 0, "list failed: \(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        return object.compactMap { ($0["id"] as? NSNumber)?.int64Value }
    }

    @Test func afterImportEditAndDeleteACopyOfTheFileAloneHoldsEverything() throws {
        let (dir, db) = try logbook(3)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(FlightStore.fileSizes(path: db.path).wal == 0)
        #expect(try listedIds(try copyOfFileAlone(db, in: dir), dir: dir) == [1, 2, 3])

        #expect(try CLI.run(["edit", "2", "--remarks", "Copied alone"], database: db, in: dir).status == 0)
        #expect(try CLI.run(["delete", "3", "--yes"], database: db, in: dir).status == 0)
        let copy = try copyOfFileAlone(db, in: dir)
        #expect(try listedIds(copy, dir: dir) == [1, 2])
        #expect(try CLI.run(["show", "2"], database: copy, in: dir).stdout.contains("Copied alone"))
    }

    @Test func statusShowsTheDatabaseAndTheWALSeparately() throws {
        let (dir, db) = try logbook(1)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A writer that has not checkpointed yet (flightlogd between landings) leaves data in the WAL.
        let writer = try FlightStore(path: db.path, mode: .readWrite)
        var details = try writer.flight(id: 1).details
        details.remarks = String(repeating: "still in the WAL ", count: 500)
        _ = try writer.updateDetails(id: 1, to: details, editedAt: 1)
        let sizes = writer.fileSizes()
        #expect(sizes.wal > 0)
        let status = try CLI.run(["status"], database: db, in: dir)
        #expect(status.status == 1)  // no flightlogd here
        let kib = { (bytes: Int64) in "\((bytes + 1023) / 1024) KiB" }
        #expect(
            status.stdout.contains(
                "Database:           \(db.path), \(kib(sizes.database)), WAL \(kib(sizes.wal)) (not yet in the file)"),
            "\(status.stdout)")
        try writer.checkpoint()
        let after = try CLI.run(["status"], database: db, in: dir).stdout
        #expect(after.contains("\(kib(writer.fileSizes().database)), WAL 0 KiB\n"), "\(after)")
    }

    @Test func backupRefusesStandardOutputAndAnExistingFileWithoutForce() throws {
        let (dir, db) = try logbook(2)
        defer { try? FileManager.default.removeItem(at: dir) }

        let dash = try CLI.run(["backup", "-"], database: db, in: dir)
        #expect(dash.status != 0 && dash.stderr.contains("standard output (-) is not supported"))
        let target = dir.appendingPathComponent("logbook.sqlite")
        try Data("yesterday's backup".utf8).write(to: target)
        let refused = try CLI.run(["backup", "logbook.sqlite"], database: db, in: dir)
        #expect(refused.status != 0)
        #expect(refused.stderr == "Error: \(target.path) exists; give a new file name, or --force to replace it\n")
        #expect(try Data(contentsOf: target) == Data("yesterday's backup".utf8))

        let forced = try CLI.run(["backup", "--force", "logbook.sqlite"], database: db, in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.hasPrefix("Backed up 2 flights to \(target.path) ("))
        #expect(try listedIds(target, dir: dir) == [1, 2])
        #expect(try listedIds(try copyOfFileAlone(target, in: dir), dir: dir) == [1, 2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// `--database` naming a folder, or a file this user may not read, says so in words (not "disk I/O error").
    @Test func aFolderOrAnUnreadableFileAsDatabaseIsAClearMessage() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try ParallelUseTests().simulatedFiles(1, in: dir)
        let folder = dir.appendingPathComponent("logbook")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let commands = [
            ["list"], ["show", "1"], ["edit", "1", "--remarks", "x"], ["import", files[0]], ["export", "--igc", "1"],
            ["backup", "b.sqlite"],
        ]
        for command in commands {
            let r = try CLI.run(command + ["--database", folder.path], database: nil, in: dir)
            #expect(r.status != 0)
            #expect(
                r.stderr.contains(
                    "\(folder.path) is a folder, not a flight database; give the database file, e.g. --database \(folder.path)/flightlog.sqlite"
                ),
                "\(command): \(r.stderr)")
            #expect(!r.stderr.contains("I/O") && !r.stderr.contains("unable to open"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let db = dir.appendingPathComponent("flights.sqlite")
        try #require(try CLI.run(["import"] + files, database: db, in: dir).status == 0)
        let root = getuid() == 0  // root reads anything: then the commands run as nobody
        #expect(chmod(db.path, root ? 0o600 : 0o000) == 0)
        for command in [["list"], ["show", "1"], ["backup", "/tmp/never-written.sqlite"]] {
            let r = try CLI.runAsNobody(command + ["--database", db.path], readable: dir)
            #expect(
                r.stderr
                    == "Error: this user may not read the flight database \(db.path); check its permissions or ask its owner\n",
                "\(command): \(r.stderr)")
        }
        #expect(chmod(db.path, root ? 0o644 : 0o444) == 0)
        let edit = try CLI.runAsNobody(["edit", "1", "--remarks", "x", "--database", db.path], readable: dir)
        #expect(
            edit.stderr
                == "Error: this user may not write the flight database \(db.path): nothing was written; use sudo or ask its owner\n"
        )
    }
}

/// The real flightlogd: the database file alone holds the flight after its landing and everything after SIGTERM;
/// `flightlog backup` works while it records.
@Suite(.serialized, .enabled(if: DaemonHarness.isAvailable, "needs gpsfake, sqlite3 and the built flightlogd"))
struct RecorderDatabaseFileTests {
    @Test(.timeLimit(.minutes(3)))
    func theFileAloneIsCompleteAfterLandingAndSIGTERMAndBackupsWorkWhileRecording() throws {
        let world = try DaemonWorld()
        let dir = world.directory
        let database = URL(fileURLWithPath: world.database)
        let fixes = DaemonHarness.flight()
        try world.startGPSFake(NMEAWriter.log(fixes), delay: 0.005)
        try world.startDaemon(barometer: false)
        // Backups while flightlogd appends a fix every few milliseconds.
        var backups: [URL] = []
        let deadline = DaemonHarness.monotonicSeconds() + 60
        #expect(world.waitFor("lastFixTime", in: URL(fileURLWithPath: world.statusPath)))  // recording
        while backups.count < 4 && DaemonHarness.monotonicSeconds() < deadline {
            let target = dir.appendingPathComponent("backup\(backups.count).sqlite")
            let r = try CLI.run(["backup", target.path], database: database, in: dir)
            #expect(r.status == 0 && r.stdout.contains("integrity check ok"), "\(r.stderr)")
            if r.status == 0 { backups.append(target) }
        }
        for backup in backups {
            #expect(DaemonHarness.shell("sqlite3 '\(backup.path)' 'PRAGMA integrity_check'").output == "ok\n")
            #expect(try FlightStore(path: backup.path, mode: .readOnly).lastRecording() != nil)
        }
        #expect(backups.count == 4)
        #expect(world.waitForLastFix(fixes.last!.time))

        // Landed and still running: the checkpoint at the landing put the closed flight into the file itself.
        let (_, landing) = DaemonHarness.times(fixes)
        let whileRunning = try DatabaseFileTests().copyOfFileAlone(database, in: dir)
        let flights = try FlightStore(path: whileRunning.path, mode: .readOnly).flights(matching: FlightFilter())
        try #require(flights.count == 1, "flights in the file alone: \(flights.count)")
        #expect(abs(flights[0].landingTime - landing) <= 30_000)

        world.signalDaemon(SIGTERM)
        #expect(world.waitForDaemon() == 0)
        #expect(FlightStore.fileSizes(path: world.database).wal == 0)
        let copy = try DatabaseFileTests().copyOfFileAlone(database, in: dir)
        let original = try FlightStore(path: world.database, mode: .readOnly)
        let copied = try FlightStore(path: copy.path, mode: .readOnly)
        let recording = try #require(try original.lastRecording())
        #expect(try copied.lastRecording()?.lastFixTime == recording.lastFixTime)
        #expect(
            try copied.fixes(recording: recording.id, from: 0, to: .max)
                == (try original.fixes(recording: recording.id, from: 0, to: .max)))
        #expect(try copied.flights(matching: FlightFilter()) == (try original.flights(matching: FlightFilter())))
    }
}
