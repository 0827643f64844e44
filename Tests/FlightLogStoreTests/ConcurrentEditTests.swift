import FlightLogCore
import Foundation
import GRDB
import Synchronization
import Testing

@testable import FlightLogStore

/// An edit carries the details it was made from; the store compares them with the flight's in the transaction that
/// writes, so a save made from details changed meanwhile (another process, another phone) is refused, not merged.
@Suite struct ConcurrentEditTests {
    /// A logbook file with one flight; its id.
    static func logbook(_ dir: TempDirectory) throws -> Int64 {
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let t = track(start: day0 + 10 * 3_600_000, count: 1200)
        return try store.importFlights(
            track: t, fileName: "a.igc", sha256: "aa", flights: [flight(takeoff: t.fixes[100].time, minutes: 10)])[0]
    }

    @Test func aSaveMadeFromDetailsChangedMeanwhileIsRefusedAndWritesNothing() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let id = try Self.logbook(dir)
        // Two connections, as two processes: both read the same details.
        let phone = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let pi = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let base = try phone.flight(id: id).details
        var onPi = base
        onPi.gliderType = "ASK 13"
        _ = try pi.updateDetails(id: id, to: onPi, editedAt: 1, base: base)

        var onPhone = base
        onPhone.remarks = "Nice thermals"
        #expect(throws: LogbookError.changedElsewhere(id)) {
            try phone.updateDetails(id: id, to: onPhone, editedAt: 2, base: base)
        }
        #expect(try pi.flight(id: id).details == onPi, "the change elsewhere is kept")
        #expect(try pi.history(id: id).map(\.field) == ["gliderType"], "nothing of the refused save written")
        // Made again from what the flight holds now, it saves.
        onPhone = onPi
        onPhone.remarks = "Nice thermals"
        #expect(try phone.updateDetails(id: id, to: onPhone, editedAt: 3, base: onPi).map(\.field) == ["remarks"])
    }

    /// Two saves of the same form race while a third connection holds the write lock: whatever the order they get
    /// it in, exactly one is written and the other is refused.
    @Test func ofTwoRacingSavesOfOneVersionExactlyOneSucceeds() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let id = try Self.logbook(dir)
        let base = try FlightStore(path: dir.databasePath, mode: .readOnly).flight(id: id).details
        let stores = try (0..<2).map { _ in try FlightStore(path: dir.databasePath, mode: .readWrite) }
        let outcomes = Mutex<[Result<[FieldChange], LogbookError>]>([])
        let holder = try DatabaseQueue(path: dir.databasePath)
        let group = DispatchGroup()
        try holder.inDatabase { db in
            try db.execute(sql: "BEGIN IMMEDIATE")  // both saves queue behind this lock
            for (i, store) in stores.enumerated() {
                DispatchQueue.global().async(group: group) {
                    var wanted = base
                    wanted.remarks = "save \(i)"
                    let outcome = Result { () throws(LogbookError) in
                        try store.updateDetails(id: id, to: wanted, editedAt: Int64(10 + i), base: base)
                    }
                    outcomes.withLock { $0.append(outcome) }
                }
            }
            try db.execute(sql: "COMMIT")
        }
        group.wait()
        let all = outcomes.withLock { $0 }
        let saved = all.compactMap { try? $0.get() }
        #expect(saved.count == 1)
        #expect(all.filter { (try? $0.get()) == nil }.count == 1)
        for case .failure(let error) in all { #expect(error.code == .changedElsewhere) }
        let store = try FlightStore(path: dir.databasePath, mode: .readOnly)
        #expect(try store.history(id: id).count == 1, "one edit in the history, not two")
        #expect(try store.flight(id: id).details.remarks == saved.first?.first?.newValue)
    }
}
