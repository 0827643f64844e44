import FlightLogCore
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

#if canImport(Glibc)
import Glibc
#endif

@Suite struct FlightStoreTests {
    /// Migration v4: keys stored by earlier versions (separators kept) are recomputed, so old flights match
    /// "LS 4" and "D-0221" typed any way.
    @Test func olderSearchKeysAreRecomputed() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        do {
            let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
            let t = track(start: day0 + 10 * 3_600_000, count: 1200)
            _ = try store.importFlights(
                track: t, fileName: "a.igc", sha256: "aa",
                flights: [flight(takeoff: t.fixes[100].time, minutes: 10, glider: "LS_4", registration: "D_0221")])
        }
        // As an older version left it: the old keys, and no v4 migration yet.
        let queue = try DatabaseQueue(path: dir.databasePath)
        try queue.write { db in
            try db.execute(sql: "UPDATE flight SET gliderTypeKey = 'ls_4', registrationKey = 'D_0221'")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v4 %'")
        }
        try queue.close()
        // Not writable (a read-only copy): refused with what to do, nothing changed.
        let folder = (dir.databasePath as NSString).deletingLastPathComponent
        chmod(folder, 0o555)
        chmod(dir.databasePath, 0o444)
        if geteuid() != 0 {  // root writes anyway
            #expect(throws: LogbookError.self) { try FlightStore(path: dir.databasePath, mode: .readOnly) }
        }
        chmod(folder, 0o755)
        chmod(dir.databasePath, 0o644)
        // Writable: a read-only command (list) upgrades it once and reads.
        let upgraded = try FlightStore(path: dir.databasePath, mode: .readOnly)
        #expect(try upgraded.count(matching: FlightFilter(plane: "LS 4", registration: "d-0221")) == 1)
    }

    /// Migration v6: flights imported before headers were read as people write them get clean names, except
    /// fields the pilot edited.
    @Test func olderImportedHeadersAreCleaned() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let t = track(start: day0 + 10 * 3_600_000, count: 1200)
        let ids: [Int64]
        do {
            let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
            var raw = flight(
                takeoff: t.fixes[100].time, minutes: 10, pilot: "JANEK_GRUENTHALER", second: "undefined",
                role: .crew, glider: "DG_303", registration: "D_3952")
            raw.details.competitionId = "NIL"
            var other = raw
            other.takeoffTime += 20 * 60_000
            other.landingTime += 20 * 60_000
            ids = try store.importFlights(track: t, fileName: "a.igc", sha256: "aa", flights: [raw, other])
            var edited = try store.flight(id: ids[1]).details
            edited.pilot = "JANEK"  // the pilot typed it so: kept
            _ = try store.updateDetails(id: ids[1], to: edited, editedAt: 1)
        }
        let queue = try DatabaseQueue(path: dir.databasePath)
        try queue.write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v6 %'")
        }
        try queue.close()
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let first = try store.flight(id: ids[0]).details, second = try store.flight(id: ids[1]).details
        #expect(first.pilot == "Janek Gruenthaler" && first.secondPerson == nil && first.secondPersonRole == nil)
        #expect(first.gliderType == "DG 303" && first.registration == "D-3952" && first.competitionId == nil)
        #expect(second.pilot == "JANEK" && second.gliderType == "DG 303")
        #expect(try store.count(matching: FlightFilter(pilot: "gruenthaler")) == 1)
        #expect(try store.count(matching: FlightFilter(plane: "dg303", registration: "d-3952")) == 2)
    }

    @Test func importQueryEditHistoryDelete() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let t = track(start: day0 + 10 * 3_600_000, count: 7200)
        let f1 = flight(takeoff: t.fixes[600].time, minutes: 30)
        let f2 = flight(takeoff: t.fixes[4000].time, minutes: 20, launch: .aerotow)
        let ids = try store.importFlights(track: t, fileName: "a.igc", sha256: "aa", flights: [f2, f1])
        #expect(ids.count == 2)
        #expect(try store.flightIds(importedWithSHA256: "aa") == [ids[1], ids[0]])
        #expect(try store.flightIds(importedWithSHA256: "bb") == [])

        let listed = try store.flights(matching: FlightFilter())
        #expect(listed.map(\.id) == [ids[1], ids[0]])
        var expected = f1
        expected.id = ids[1]
        expected.source = .imported(fileName: "a.igc", sha256: "aa")
        #expect(listed[0] == expected)
        #expect(try store.flights(matching: FlightFilter(), newestFirst: true).map(\.id) == [ids[0], ids[1]])
        #expect(try store.flights(matching: FlightFilter(), limit: 1, offset: 1).map(\.id) == [ids[0]])
        #expect(try store.count(matching: FlightFilter(launch: .aerotow)) == 1)
        let totals = try store.totals(matching: FlightFilter())
        #expect(totals.flights == 2 && totals.launches == 2 && totals.durationMillis == 50 * 60_000)

        // The track around flight 1, with the default one-minute margin, and the recorder info.
        let around = try store.track(forFlight: ids[1])
        #expect(around.recorder == recorder)
        #expect(around.fixes == Array(t.fixes[540...2460]))

        var details = f1.details
        details.secondPerson = "Çağrı Şahin"
        details.secondPersonRole = .guest
        details.releaseHeight = nil
        let changes = try store.updateDetails(id: ids[1], to: details, editedAt: day0 + 99)
        #expect(changes.map(\.field) == ["secondPerson", "secondPersonRole", "releaseHeight"])
        #expect(changes[2].oldValue == "350" && changes[2].newValue == nil)
        #expect(try store.updateDetails(id: ids[1], to: details, editedAt: day0 + 100) == [])
        #expect(try store.history(id: ids[1]) == changes)
        #expect(try store.flight(id: ids[1]).details == details)
        #expect(try store.track(forFlight: ids[1]) == around)  // an edit never touches the track
        #expect(try store.count(matching: FlightFilter(guest: "cagri")) == 1)

        try store.delete(id: ids[1])
        #expect(throws: LogbookError.self) { try store.flight(id: ids[1]) }
        #expect(try store.track(forFlight: ids[0]).fixes.count == 1321)  // still used by flight 2
        try store.delete(id: ids[0])
        #expect(try store.count(matching: FlightFilter()) == 0)
        // The recording is gone too, so the same file can be imported again.
        #expect(try store.importFlights(track: t, fileName: "a.igc", sha256: "aa", flights: [f1]).count == 1)
    }

    @Test func notFoundErrorsSayWhatToDo() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        do {
            _ = try store.flight(id: 42)
            Issue.record("no error")
        } catch {
            #expect(error.code == .notFound)
            #expect(error.description == "no flight with id 42 (flightlog list shows the ids)")
        }
        #expect(throws: LogbookError.self) { try store.delete(id: 42) }
        #expect(throws: LogbookError.self) { try store.history(id: 42) }
        #expect(throws: LogbookError.self) { try store.updateDetails(id: 42, to: FlightDetails(), editedAt: 0) }
        #expect(throws: LogbookError.self) { try store.append(fixes: track(start: 0, count: 2).fixes, toRecording: 9) }
    }

    @Test func duplicateImportWritesNothing() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let t = track(start: day0, count: 3000)
        let ids = try store.importFlights(
            track: t, fileName: "a.igc", sha256: "cafe", flights: [flight(takeoff: day0 + 100_000)])
        do {
            _ = try store.importFlights(
                track: t, fileName: "copy.igc", sha256: "cafe",
                flights: [flight(takeoff: day0 + 100_000), flight(takeoff: day0 + 2_000_000)])
            Issue.record("duplicate accepted")
        } catch {
            #expect(error.code == .duplicateImport(ids))
            #expect(error.description.contains("imported before"))
        }
        #expect(try store.count(matching: FlightFilter()) == 1)
        let chunks = try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM trackChunk") }
        #expect(chunks == 3)  // 3000 fixes in chunks of 1024
        let recordings = try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM recording") }
        #expect(recordings == 1)
    }

    @Test func unicodeFiltersInSQL() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let flights = [
            flight(takeoff: day0, second: "Çağrı Şahin", role: .guest),
            flight(takeoff: day0 + 1, pilot: "Müller, Jürgen", second: "Øyvind Ærø", role: .instructor),
            flight(
                takeoff: day0 + 2, pilot: "Ιωάννης Παπαδόπουλος", second: "Øyvind Ærø", role: .guest, glider: "Ka 8b"),
            flight(takeoff: day0 + 3, registration: "OY-XKL"),
        ]
        let ids = try store.importFlights(
            track: track(start: day0, count: 10), fileName: "x", sha256: "x", flights: flights)
        func found(_ filter: FlightFilter) throws -> [Int64] { try store.flights(matching: filter).compactMap(\.id) }
        #expect(try found(FlightFilter(guest: "çağrı şahin")) == [ids[0]])
        #expect(try found(FlightFilter(guest: "CAGRI SAHIN")) == [ids[0]])
        #expect(try found(FlightFilter(pilot: "muller, jurgen")) == [ids[1]])
        #expect(try found(FlightFilter(guest: "oyvind aero")) == [ids[2]])
        #expect(try found(FlightFilter(pilot: "ιωαννης παπαδοπουλος")) == [ids[2]])
        #expect(try found(FlightFilter(pilot: "ΠΑΠΑΔΌΠΟΥΛΟΣ")) == [ids[2]])
        #expect(try found(FlightFilter(withInstructor: true)) == [ids[1]])
        #expect(try found(FlightFilter(withInstructor: false)) == [ids[0], ids[2], ids[3]])
        #expect(try found(FlightFilter(plane: "KA 8")) == [ids[2]])
        #expect(try found(FlightFilter(registration: "oyxkl")) == [ids[3]])
        #expect(try found(FlightFilter(registration: "d-12")) == [ids[0], ids[1], ids[2]])
        // Pattern characters are plain text.
        #expect(try found(FlightFilter(pilot: "%")) == [])
        #expect(try found(FlightFilter(pilot: "_")) == [])
        #expect(try found(FlightFilter(ids: [ids[3], ids[1], 999])) == [ids[1], ids[3]])
        #expect(try found(FlightFilter(ids: [])) == [])
    }

    @Test func sqlAgreesWithReferenceFilter() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        var rng = SeededRandom(seed: 2025)
        let flights = (0..<300).map { _ in randomFlight(&rng) }
        _ = try store.importFlights(track: track(start: day0, count: 10), fileName: "r", sha256: "r", flights: flights)
        let all = try store.flights(matching: FlightFilter())
        #expect(all.count == 300)
        var nonTrivial = 0
        for _ in 0..<500 {
            let filter = randomFilter(&rng)
            let sql = try store.flights(matching: filter).map(\.id)
            let reference = all.filter(filter.matches).map(\.id)
            #expect(sql == reference, "\(filter)")
            #expect(try store.count(matching: filter) == reference.count)
            if !reference.isEmpty && reference.count < all.count { nonTrivial += 1 }
        }
        #expect(nonTrivial > 100)  // the random filters really select
    }

    @Test func readOnlyOnMissingFileCreatesNothing() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        do {
            _ = try FlightStore(path: dir.databasePath, mode: .readOnly)
            Issue.record("opened")
        } catch {
            #expect(error.code == .missingDatabase)
            #expect(
                error.description
                    == "no flight database at \(dir.databasePath) — import a flight (flightlog import) or start flightlogd"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: dir.databasePath))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/sub"))
    }

    @Test(arguments: [StoreMode.readOnly, .readWrite])
    func refusesATextFileUnchanged(mode: StoreMode) throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let path = dir.path + "/notes.sqlite"
        let text = Data(String(repeating: "pilot = Anna\nthis is not a database\n", count: 200).utf8)
        try text.write(to: URL(fileURLWithPath: path))
        do {
            _ = try FlightStore(path: path, mode: mode)
            Issue.record("opened")
        } catch {
            #expect(error.code == .notADatabase)
            #expect(error.description.contains(path))
        }
        #expect(FileManager.default.contents(atPath: path) == text)
    }

    @Test func refusesAForeignSQLiteDatabase() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let path = dir.path + "/other.sqlite"
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (1)") }
        let before = fileBytes(path)
        for mode in [StoreMode.readOnly, .readWrite] {
            #expect(
                throws: LogbookError(
                    .notADatabase, "\(path) is a SQLite database but not a flightlog one; nothing was changed")
            ) {
                try FlightStore(path: path, mode: mode)
            }
        }
        #expect(fileBytes(path) == before)
    }

    @Test func refusesANewerSchemaUnchanged() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let path = dir.databasePath
        do {
            let store = try FlightStore(path: path, mode: .readWrite)
            _ = try store.importFlights(
                track: track(start: day0, count: 100), fileName: "a", sha256: "a", flights: [flight(takeoff: day0)])
        }
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99 from the future')")
        }
        let before = fileBytes(path)
        for mode in [StoreMode.readOnly, .readWrite] {
            do {
                _ = try FlightStore(path: path, mode: mode)
                Issue.record("opened in \(mode)")
            } catch {
                #expect(error.code == .newerSchema)
                #expect(error.description.contains("was written by a newer flightlog; upgrade"))
            }
        }
        #expect(fileBytes(path) == before)
    }

    @Test func readOnlyStoreReadsButNeverWrites() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let writer = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let ids = try writer.importFlights(
            track: track(start: day0, count: 100), fileName: "a", sha256: "a", flights: [flight(takeoff: day0)])
        let reader = try FlightStore(path: dir.databasePath, mode: .readOnly)
        #expect(try reader.flight(id: ids[0]).details.pilot == "Anna Huber")
        #expect(throws: LogbookError.self) { try reader.delete(id: ids[0]) }
        do {
            _ = try reader.beginRecording(recorder: recorder)
        } catch {
            #expect(error.code == .readOnly)
        }
        #expect(try writer.count(matching: FlightFilter()) == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func readerReadsWhileWriterAppends() async throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let writer = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let recording = try writer.beginRecording(recorder: recorder)
        let reader = try FlightStore(path: dir.databasePath, mode: .readOnly)
        let fixes = track(start: day0, count: 2000).fixes
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for start in stride(from: 0, to: fixes.count, by: 10) {
                    try writer.append(fixes: Array(fixes[start..<start + 10]), toRecording: recording)
                }
            }
            group.addTask {
                var seen = 0
                while seen < fixes.count {
                    let read = try reader.fixes(recording: recording, from: day0, to: day0 + 10_000_000)
                    #expect(read.count >= seen && read.count % 10 == 0)
                    #expect(read == Array(fixes.prefix(read.count)))
                    seen = read.count
                    await Task.yield()
                }
            }
            try await group.waitForAll()
        }
        let last = try reader.lastRecording()
        #expect(last?.id == recording && last?.lastFixTime == fixes.last?.time && last?.recorder == recorder)
    }

    @Test func appendAndCompactKeepTheSameFixes() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let id = try store.beginRecording(recorder: recorder)
        #expect(try store.lastRecording()?.lastFixTime == nil)
        let fixes = track(start: day0, count: 3000, stepMillis: 100).fixes  // 10 Hz
        var rng = SeededRandom(seed: 1)
        var start = 0
        while start < fixes.count {
            let end = min(fixes.count, start + 1 + Int(rng.next() % 12))
            try store.append(fixes: Array(fixes[start..<end]), toRecording: id)
            start = end
        }
        // Out of order or overlapping appends are refused and write nothing.
        #expect(throws: LogbookError.self) { try store.append(fixes: [fixes[5]], toRecording: id) }
        #expect(throws: LogbookError.self) { try store.append(fixes: [fixes[1], fixes[0]], toRecording: id) }
        func chunkCount(_ table: String = "trackChunk") throws -> Int {
            try store.pool.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE recordingId = ?", arguments: [id]) ?? 0
            }
        }
        // Appends land in the live table; compaction moves them into track chunks.
        let small = try chunkCount("liveChunk")
        #expect(try chunkCount() == 0)
        let sizeBefore = try store.databaseSizeBytes()
        #expect(try store.fixes(recording: id, from: .min, to: .max) == fixes)
        try store.compactRecording(id: id)
        #expect(try store.fixes(recording: id, from: .min, to: .max) == fixes)
        #expect(
            try store.fixes(recording: id, from: fixes[1000].time, to: fixes[2000].time) == Array(fixes[1000...2000]))
        let large = try chunkCount()
        let liveLeft = try chunkCount("liveChunk")
        #expect(small > 300 && large == 3 && liveLeft == 0, "\(small) live rows, \(large) chunks, \(liveLeft) left")
        try store.compactRecording(id: id)
        #expect(try chunkCount() == large)
        print(
            "append+compact: \(small) small chunks -> \(large); database \(sizeBefore) -> \(try store.databaseSizeBytes()) bytes"
        )
    }

    @Test func liveFlightKeepsEditedDetails() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let recording = try store.beginRecording(recorder: recorder)
        try store.append(fixes: track(start: day0, count: 600).fixes, toRecording: recording)
        #expect(try store.inProgressFlight() == nil)
        var live = flight(takeoff: day0 + 60_000, minutes: 2, pilot: nil, launch: .unknown)
        let id = try store.insertFlight(live, recording: recording, inProgress: true)
        #expect(try store.inProgressFlight()?.id == id)
        #expect(try store.inProgressFlight()?.recordingId == recording)

        var edited = try store.flight(id: id).details
        edited.pilot = "Øyvind Ærø"
        edited.launchMethod = .aerotow
        _ = try store.updateDetails(id: id, to: edited, editedAt: day0 + 200_000)

        live.landingTime = day0 + 500_000
        live.details.launchMethod = .winch  // detector's opinion; the pilot's edit wins
        live.details.releaseHeight = 420  // not edited: follows the detector
        live.maxAltitude = 2000
        try store.updateRecordedFacts(of: id, from: live, inProgress: false)
        let stored = try store.flight(id: id)
        #expect(stored.landingTime == day0 + 500_000 && stored.maxAltitude == 2000)
        #expect(stored.details.pilot == "Øyvind Ærø")
        #expect(stored.details.launchMethod == .aerotow)
        #expect(stored.details.releaseHeight == 420)
        #expect(stored.source == .recorded)
        #expect(try store.inProgressFlight() == nil)
        #expect(try store.track(forFlight: id, marginMillis: 0).fixes.count == 441)
        #expect(throws: LogbookError.self) { try store.updateRecordedFacts(of: 999, from: live, inProgress: false) }
    }

    @Test func pruneDropsOnlyOldGroundFixes() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let recording = try store.beginRecording(recorder: recorder)
        let fixes = track(start: day0, count: 10_000).fixes
        for start in stride(from: 0, to: fixes.count, by: 500) {
            try store.append(fixes: Array(fixes[start..<start + 500]), toRecording: recording)
        }
        let imported = track(start: day0, count: 1000)
        _ = try store.importFlights(track: imported, fileName: "i", sha256: "i", flights: [])
        _ = try store.insertFlight(
            flight(takeoff: day0 + 3_000_000, minutes: 20), recording: recording, inProgress: false)
        let dropped = try store.pruneGroundFixes(olderThan: day0 + 8_000_000, keepMarginMillis: 60_000)
        let kept = try store.fixes(recording: recording, from: .min, to: .max)
        let expected = fixes.filter {
            ($0.time >= day0 + 2_940_000 && $0.time <= day0 + 4_260_000) || $0.time >= day0 + 8_000_000
        }
        #expect(kept == expected)
        #expect(dropped == fixes.count - expected.count)
        #expect(try store.pruneGroundFixes(olderThan: day0 + 8_000_000, keepMarginMillis: 60_000) == 0)
        let importedId = try store.pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM recording WHERE kind = 'imported'")
        }
        #expect(try store.fixes(recording: #require(importedId), from: .min, to: .max) == imported.fixes)
    }

    @Test func defaultPathFollowsEnvironment() {
        #expect(FlightStore.defaultPath(environment: ["FLIGHTLOG_DATABASE": "/x/y.sqlite"]) == "/x/y.sqlite")
        if !FileManager.default.fileExists(atPath: "/var/lib/flightlog/flightlog.sqlite") {
            #expect(
                FlightStore.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
                    == "/d/flightlog/flightlog.sqlite")
            #expect(
                FlightStore.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/share/flightlog/flightlog.sqlite")
        }
    }
}

extension FlightStoreTests {
    static let canSwitchUser =
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")

    /// Persistent WAL: another user can read (read-only) while the writer is open and after it closed.
    @Test(.enabled(if: canSwitchUser))
    func anotherUserReadsReadOnly() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        func countAsNobody() throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = [
                "-u", "nobody", "--", "/usr/bin/sqlite3", "-readonly", dir.databasePath, "SELECT count(*) FROM flight",
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            process.waitUntilExit()
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        do {
            let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
            _ = try store.importFlights(
                track: track(start: day0, count: 10), fileName: "a", sha256: "a", flights: [flight(takeoff: day0)])
            #expect(try countAsNobody() == "1\n")
        }
        #expect(FileManager.default.fileExists(atPath: dir.databasePath + "-wal"))
        #expect(try countAsNobody() == "1\n")
    }
}
