import FlightLogCore
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

#if canImport(Glibc)
import Glibc
#endif

/// Flights in a copy of the `.sqlite` file alone (no -wal, no -shm), as a pilot copying it to a USB stick gets.
/// 0 when the copy has no flight table yet.
func flightsInFileAlone(_ path: String) throws -> Int {
    let copyDirectory = NSTemporaryDirectory() + "flightlog-copy-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: copyDirectory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: copyDirectory) }
    let copy = copyDirectory + "/copy.sqlite"
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    return try DatabaseQueue(path: copy).read { db in
        guard try db.tableExists("flight") else { return 0 }
        let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        #expect(check == ["ok"])
        return try Int.fetchOne(db, sql: "SELECT count(*) FROM flight") ?? 0
    }
}

/// Imports `count` one-flight files of 300 fixes each.
@discardableResult
func importSmallFlights(_ store: FlightStore, count: Int, from first: Int = 0) throws -> [Int64] {
    try (first..<first + count).flatMap { n in
        let t = track(start: day0 + Int64(n) * 86_400_000, count: 300)
        return try store.importFlights(
            track: t, fileName: "f\(n).igc", sha256: "sha-\(n)",
            flights: [flight(takeoff: t.fixes[10].time, minutes: 4)])
    }
}

@Suite struct DurabilityTests {
    @Test func checkpointPutsEveryFlightIntoTheDatabaseFile() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        try importSmallFlights(store, count: 5)
        let before = store.fileSizes()
        #expect(before.wal > 0 && before.database > 0)
        #expect(try flightsInFileAlone(dir.databasePath) < 5)  // without a checkpoint the file alone lacks flights

        let result = try store.checkpoint()
        #expect(result == CheckpointResult(complete: true, truncated: true, pendingFrames: 0))
        #expect(store.fileSizes().wal == 0)
        #expect(store.fileSizes().database >= before.database)
        #expect(try flightsInFileAlone(dir.databasePath) == 5)
        #expect(try store.count(matching: FlightFilter()) == 5)
    }

    /// A commit is on the disk when it returns (synchronous FULL syncs the WAL at every commit; GRDB's WAL default,
    /// NORMAL, only at checkpoints, so a power cut could take the last ~30 s of a flight).
    @Test func everyCommitIsSyncedToTheDisk() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        try importSmallFlights(store, count: 1)
        #expect(try store.pool.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
        let recording = try store.beginRecording(recorder: RecorderInfo(manufacturer: "XFL", serial: "TST"))
        try store.append(fixes: track(start: day0, count: 2).fixes, toRecording: recording)
        #expect(try store.pool.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
    }

    /// SD-card wear: a live commit of one fix writes about one page to the WAL (the live table's last leaf),
    /// not the two or three a rowid table and its key index took. Counted in WAL frames over 300 commits, as
    /// flightlogd makes one a second.
    @Test func aLiveCommitWritesAboutOnePage() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let recording = try store.beginRecording(recorder: RecorderInfo(manufacturer: "XFL", serial: "TST"))
        let fixes = track(start: day0, count: 400).fixes
        for fix in fixes.prefix(100) { try store.append(fixes: [fix], toRecording: recording) }
        // Frames in the WAL since it was last reset: the "log" column of a checkpoint that copies nothing back
        // while counting (a TRUNCATE checkpoint first, so the log starts empty).
        func walFrames(_ mode: String) throws -> Int {
            try store.pool.writeWithoutTransaction { db in
                try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(\(mode))").map { $0[1] as Int } ?? -1
            }
        }
        #expect(try walFrames("TRUNCATE") == 0)
        for fix in fixes[100..<400] { try store.append(fixes: [fix], toRecording: recording) }
        let frames = Double(try walFrames("PASSIVE"))
        print("live commits: \(frames / 300) WAL pages a commit")
        #expect(frames / 300 < 1.3, "\(frames) WAL frames for 300 commits")
        #expect(try store.fixes(recording: recording, from: .min, to: .max) == fixes)
    }

    @Test func closingAReadWriteStoreLeavesTheFileComplete() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        do {
            let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
            try importSmallFlights(store, count: 3)
            #expect(store.fileSizes().wal > 0)
        }
        #expect(FlightStore.fileSizes(path: dir.databasePath).wal == 0)
        #expect(try flightsInFileAlone(dir.databasePath) == 3)
        // The -wal and -shm stay (persistent WAL), so a read-only user can still open it.
        #expect(FileManager.default.fileExists(atPath: dir.databasePath + "-wal"))
        #expect(try FlightStore(path: dir.databasePath, mode: .readOnly).count(matching: FlightFilter()) == 3)
    }

    @Test func aReaderHoldingTheWALGetsAPassiveCheckpointInsteadOfAWait() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        try importSmallFlights(store, count: 2)
        // Another connection holds a read transaction on the WAL as it is now.
        var readerConfiguration = Configuration()
        readerConfiguration.readonly = true
        readerConfiguration.allowsUnsafeTransactions = true
        let reader = try DatabaseQueue(path: dir.databasePath, configuration: readerConfiguration)
        try reader.inDatabase { db in
            try db.beginTransaction(.deferred)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM flight") == 2)
        }
        try importSmallFlights(store, count: 2, from: 2)

        let start = ContinuousClock.now
        let held = try store.checkpoint(waitSeconds: 0.3)
        let waited = ContinuousClock.now - start
        #expect(!held.truncated && !held.complete)
        #expect((held.pendingFrames ?? 0) > 0)
        #expect(waited >= .milliseconds(250) && waited < .seconds(3))
        #expect(store.fileSizes().wal > 0)

        try reader.inDatabase { db in try db.commit() }
        #expect(try store.checkpoint() == CheckpointResult(complete: true, truncated: true, pendingFrames: 0))
        #expect(try flightsInFileAlone(dir.databasePath) == 4)
    }

    @Test func aReadOnlyStoreCannotCheckpoint() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        try importSmallFlights(try FlightStore(path: dir.databasePath, mode: .readWrite), count: 1)
        let reader = try FlightStore(path: dir.databasePath, mode: .readOnly)
        #expect(throws: LogbookError.self) { try reader.checkpoint() }
    }

    @Test func sizesGiveTheFileAndTheWALSeparately() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        #expect(FlightStore.fileSizes(path: dir.databasePath) == StoreFileSizes(database: 0, wal: 0))
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        try importSmallFlights(store, count: 2)
        var database = stat(), wal = stat()
        stat(dir.databasePath, &database)
        stat(dir.databasePath + "-wal", &wal)
        let sizes = store.fileSizes()
        #expect(sizes == StoreFileSizes(database: Int64(database.st_size), wal: Int64(wal.st_size)))
        #expect(sizes.wal > 0)
        #expect(try store.databaseSizeBytes() == sizes.database + sizes.wal)
        #expect(sizes.text.hasSuffix("KiB (not yet in the file)") && sizes.text.contains(", WAL "))
        try store.checkpoint()
        let after = store.fileSizes()
        #expect(after.wal == 0 && after.database > sizes.database)
        #expect(after.text == "\((after.database + 1023) / 1024) KiB, WAL 0 KiB")
    }

    @Test func aFolderOrAFIFOAsDatabaseIsAClearError() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let fifo = dir.path + "/pipe.sqlite"
        #expect(mkfifo(fifo, 0o644) == 0)
        for mode in [StoreMode.readOnly, .readWrite] {
            #expect(
                throws: LogbookError(
                    .cannotOpen,
                    "\(dir.path) is a folder, not a flight database; give the database file, e.g. --database \(dir.path)/flightlog.sqlite"
                )
            ) { try FlightStore(path: dir.path, mode: mode) }
            #expect(
                throws: LogbookError(
                    .cannotOpen, "\(fifo) is not a regular file; give the flight database file with --database")
            ) { try FlightStore(path: fifo, mode: mode) }
        }
    }
}

@Suite struct BusyTimeoutTests {
    /// Another process holding the database file's exclusive lock for a moment (as the last connection does while
    /// it checkpoints on close, or SQLite during WAL recovery) makes every open and read wait, not fail.
    @Test func opensAndReadsWaitForAnExclusiveLockInsteadOfFailing() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        try importSmallFlights(try FlightStore(path: dir.databasePath, mode: .readWrite), count: 2)
        for mode in [StoreMode.readOnly, .readWrite] {
            let holder = try DatabaseQueue(path: dir.databasePath)
            try holder.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
                try db.execute(sql: "UPDATE flight SET remarks = 'held' WHERE id = 1")  // takes and keeps the lock
            }
            let release = Thread {
                usleep(400_000)
                try? holder.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA locking_mode = NORMAL")
                    try db.execute(sql: "SELECT count(*) FROM flight")  // the next access releases the lock
                }
            }
            let start = ContinuousClock.now
            release.start()
            let store = try FlightStore(path: dir.databasePath, mode: mode)
            #expect(try store.flight(id: 1).details.remarks == "held")
            #expect(ContinuousClock.now - start >= .milliseconds(300), "\(mode): the lock was not held")
            while !release.isFinished { usleep(1000) }
        }
    }
}
