import FlightLogCore
import Foundation
import GRDB

/// The declared task (docs/TASKS.md, "Declaring a task"): one pending declaration until the recorder takes it for
/// the next flight it creates, which then keeps it in its own row.
extension FlightStore {
    /// More than any real task's JSON; a larger stored value is not read (the database is outside input).
    static let maxTaskBytes = 256 * 1024

    /// Makes `task` the pending declaration, replacing any before it.
    package func declare(_ task: FlightTask) throws(LogbookError) {
        let data = try Self.encoded(task)
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO pendingTask (id, data) VALUES (1, ?)", arguments: [data])
        }
    }

    /// The pending declaration; `nil` when there is none (or it cannot be read, or the file predates them).
    package func pendingTask() throws(LogbookError) -> FlightTask? {
        try read { db in try Self.pendingTask(db) }
    }

    private static func pendingTask(_ db: Database) throws -> FlightTask? {
        guard try db.tableExists("pendingTask") else { return nil }
        return decoded(try Data.fetchOne(db, sql: "SELECT data FROM pendingTask WHERE id = 1"))
    }

    /// Removes the pending declaration; whether there was one.
    @discardableResult
    package func clearPendingTask() throws(LogbookError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM pendingTask")
            return db.changesCount > 0
        }
    }

    /// Gives a pending declaration without a time `declaredAt` (the recorder's first consistent GPS UTC); whether
    /// one was stamped. Cheap when there is nothing to stamp (one read); the stamp itself reads again inside its
    /// write, so a declaration the command line made meanwhile is never overwritten by the one read before.
    @discardableResult
    package func stampPendingTask(declaredAt: UTCMillis) throws(LogbookError) -> Bool {
        guard let task = try pendingTask(), task.declaredAt == nil else { return false }
        return try write { db in
            guard var task = try Self.pendingTask(db), task.declaredAt == nil else { return false }
            task.declaredAt = declaredAt
            try db.execute(
                sql: "UPDATE pendingTask SET data = ? WHERE id = 1", arguments: [try Self.encoded(task)])
            return true
        }
    }

    /// Moves the pending declaration to flight `id` when it was declared at or before `takeoff` (one transaction:
    /// it is the flight's, or still pending). One without a time, or declared after `takeoff`, stays pending for
    /// the next flight: an IGC declaration counts only when made before take-off. Returns the task attached.
    @discardableResult
    package func attachPendingTask(toFlight id: Int64, declaredBy takeoff: UTCMillis) throws(LogbookError)
        -> FlightTask?
    {
        guard let task = try pendingTask(), let declaredAt = task.declaredAt, declaredAt <= takeoff else { return nil }
        return try write { db -> FlightTask? in
            guard let task = try Self.pendingTask(db), let declaredAt = task.declaredAt, declaredAt <= takeoff
            else { return nil }
            try db.execute(
                sql: "UPDATE flight SET declaredTask = ? WHERE id = ?", arguments: [try Self.encoded(task), id])
            guard db.changesCount > 0 else { return nil }
            try db.execute(sql: "DELETE FROM pendingTask")
            return task
        }
    }

    /// The task flight `id` was declared with when it was recorded; `nil` when none.
    package func declaredTask(forFlight id: Int64) throws(LogbookError) -> FlightTask? {
        let data = try read { db -> Data? in
            guard try db.columns(in: "flight").contains(where: { $0.name == "declaredTask" }) else { return nil }
            return try Data.fetchOne(db, sql: "SELECT declaredTask FROM flight WHERE id = ?", arguments: [id])
        }
        return Self.decoded(data)
    }

    private static func encoded(_ task: FlightTask) throws(LogbookError) -> Data {
        do { return try JSONEncoder().encode(task) } catch {
            throw LogbookError(.other, "cannot encode the task: \(error)")
        }
    }

    static func decoded(_ data: Data?) -> FlightTask? {
        guard let data, data.count <= maxTaskBytes else { return nil }
        return try? JSONDecoder().decode(FlightTask.self, from: data)
    }
}
