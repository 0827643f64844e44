import FlightLogCore
import Foundation
import GRDB
import Synchronization
import Testing

@testable import FlightLogStore

/// What a writer thread shares with the test.
final class WriterState: Sendable {
    let stop = Atomic<Bool>(false)
    let appended = Atomic<Int>(0)
    let failure = Mutex<String?>(nil)
}

@Suite struct BackupTests {
    /// Files in `folder` whose name starts with a dot (the backup's temporaries).
    func hiddenFiles(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
    }

    @Test func backupIsOneCompleteFileInRollbackMode() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let ids = try importSmallFlights(store, count: 4)
        #expect(store.fileSizes().wal > 0)  // much of it only in the WAL: the backup must still hold it all
        let target = dir.path + "/backup.sqlite"
        let result = try FlightStore(path: dir.databasePath, mode: .readOnly).backup(to: target, replacing: false)
        #expect(result.path == target && result.flights == 4)
        #expect(result.bytes == FlightStore.fileSizes(path: target).database && result.bytes > 0)
        #expect(!FileManager.default.fileExists(atPath: target + "-wal"))
        #expect(try hiddenFiles(dir.path).isEmpty)
        // Header bytes 18/19 = 1: a rollback-journal database, readable without any -wal (e.g. from a read-only stick).
        let header = try #require(FileManager.default.contents(atPath: target)).prefix(20)
        #expect(Array(header.suffix(2)) == [1, 1])
        #expect(try flightsInFileAlone(target) == 4)
        let copy = try FlightStore(path: target, mode: .readOnly)
        for id in ids { #expect(try copy.track(forFlight: id) == (try store.track(forFlight: id))) }
        #expect(try copy.flights(matching: FlightFilter()) == (try store.flights(matching: FlightFilter())))
    }

    @Test func backupRefusesToOverwriteUnlessReplacing() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        try importSmallFlights(store, count: 2)
        let target = dir.path + "/old.sqlite"
        let old = Data("an older backup".utf8)
        try old.write(to: URL(fileURLWithPath: target))
        #expect(throws: LogbookError(.other, "\(target) exists; give a new file name, or --force to replace it")) {
            try store.backup(to: target, replacing: false)
        }
        #expect(FileManager.default.contents(atPath: target) == old)
        #expect(try store.backup(to: target, replacing: true).flights == 2)
        #expect(try flightsInFileAlone(target) == 2)

        #expect(throws: LogbookError.self) { try store.backup(to: dir.databasePath, replacing: true) }  // itself
        #expect(throws: LogbookError.self) { try store.backup(to: dir.path, replacing: true) }  // a folder
        #expect(throws: LogbookError.self) { try store.backup(to: dir.path + "/missing/b.sqlite", replacing: false) }
        let link = dir.path + "/link.sqlite"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: LogbookError.self) { try store.backup(to: link, replacing: true) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try hiddenFiles(dir.path).isEmpty)
    }

    /// flightlogd appends fixes and closes flights while the pilot backs up: every backup is one consistent moment.
    @Test func backupWhileAWriterAppendsIsConsistent() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let writer = try FlightStore(path: dir.databasePath, mode: .readWrite)
        try importSmallFlights(writer, count: 3)
        let state = WriterState()
        let thread = Thread {
            do {
                let recording = try writer.beginRecording(recorder: recorder)
                var time = day0 + 400 * 86_400_000
                var n = 100
                while !state.stop.load(ordering: .relaxed) {
                    let fixes = track(start: time, count: 20).fixes
                    try writer.append(fixes: fixes, toRecording: recording)
                    time = fixes.last!.time + 1000
                    if state.appended.add(1, ordering: .relaxed).newValue % 10 == 0 {
                        // A whole import (recording, track, flight) in one transaction, as `flightlog import` does.
                        try importSmallFlights(writer, count: 1, from: n)
                        n += 1
                    }
                }
            } catch {
                state.failure.withLock { $0 = "\(error)" }
            }
        }
        thread.start()
        defer { state.stop.store(true, ordering: .relaxed) }
        let reader = try FlightStore(path: dir.databasePath, mode: .readOnly)
        var counts: [Int] = []
        for n in 0..<8 {
            while state.appended.load(ordering: .relaxed) < (n + 1) * 15 && state.failure.withLock({ $0 }) == nil {
                usleep(2000)
            }
            let target = dir.path + "/backup\(n).sqlite"
            let result = try reader.backup(to: target, replacing: false)
            let copy = try FlightStore(path: target, mode: .readOnly)
            // Every flight's whole track is there (each import was one transaction), and nothing dangles.
            for flight in try copy.flights(matching: FlightFilter()) {
                #expect(try copy.track(forFlight: flight.id!, marginMillis: 0).fixes.count == 4 * 60 + 1)
            }
            #expect(try copy.count(matching: FlightFilter()) == result.flights)
            let checks = try DatabaseQueue(path: target).read { db in
                (
                    try Row.fetchAll(db, sql: "PRAGMA foreign_key_check"),
                    try String.fetchAll(db, sql: "PRAGMA integrity_check")
                )
            }
            #expect(checks.0.isEmpty && checks.1 == ["ok"])
            counts.append(result.flights)
        }
        state.stop.store(true, ordering: .relaxed)
        while !thread.isFinished { usleep(1000) }
        #expect(state.failure.withLock { $0 } == nil)
        #expect(counts == counts.sorted() && counts.last! > counts.first!)  // the writer really wrote in between
        #expect(try hiddenFiles(dir.path).isEmpty)
    }
}
