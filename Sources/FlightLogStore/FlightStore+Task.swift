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
        let data = try read { db -> Data? in
            guard try db.tableExists("pendingTask") else { return nil }
            return try Data.fetchOne(db, sql: "SELECT data FROM pendingTask WHERE id = 1")
        }
        return Self.decoded(data)
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
    /// one was stamped.
    @discardableResult
    package func stampPendingTask(declaredAt: UTCMillis) throws(LogbookError) -> Bool {
        guard var task = try pendingTask(), task.declaredAt == nil else { return false }
        task.declaredAt = declaredAt
        try declare(task)
        return true
    }

    /// Moves the pending declaration to flight `id` (one transaction: it is the flight's, or still pending);
    /// `declaredAt` stamps one that has no time yet. Returns the task attached, `nil` when none was pending.
    @discardableResult
    package func attachPendingTask(toFlight id: Int64, declaredAt: UTCMillis) throws(LogbookError) -> FlightTask? {
        guard var task = try pendingTask() else { return nil }
        if task.declaredAt == nil { task.declaredAt = declaredAt }
        let data = try Self.encoded(task)
        try write { db in
            try db.execute(sql: "UPDATE flight SET declaredTask = ? WHERE id = ?", arguments: [data, id])
            if db.changesCount > 0 { try db.execute(sql: "DELETE FROM pendingTask") }
        }
        return task
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

    private static func decoded(_ data: Data?) -> FlightTask? {
        guard let data, data.count <= maxTaskBytes else { return nil }
        return try? JSONDecoder().decode(FlightTask.self, from: data)
    }
}
