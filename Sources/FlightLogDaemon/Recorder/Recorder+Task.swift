import FlightLogCore
import FlightLogStore
import Logging

/// The declared task (docs/TASKS.md, "Declaring a task"): `flightlog task declare` leaves one pending declaration
/// in the store; the recorder gives it its GPS time when the command could not, and moves it to the flight it
/// creates at take-off when it was declared by then. The flight keeps it, and its IGC export writes it as C records.
///
/// Time is GPS UTC only (the Pi has no real-time clock): the fusion's clock at a monotonic instant, once the
/// receiver's time is consistent. The store is asked every ``RecorderSettings/taskCheckNanos`` (one small read),
/// not per fix; a declaration made after the last check is stamped at take-off before it is judged.
extension Recorder {
    /// GPS UTC at monotonic `now`, once a fix has been accepted and the time gate holds no suspect time (a jump
    /// neither confirmed nor refuted yet); `nil` before that.
    func consistentGPSTime(now: Int64) -> UTCMillis? {
        guard fusion.lastFixTime != nil, fusion.timeGate.heldCount == 0 else { return nil }
        return fusion.clock.utc(atMonotonic: now)
    }

    /// From ``tick(now:)``: when a check is due and the GPS time is consistent, stamps a pending declaration that
    /// has no time yet. Until the first consistent fix every tick looks again (without touching the store).
    func checkPendingTask(now: Int64) {
        guard lastTaskCheck == .min || now - lastTaskCheck >= settings.taskCheckNanos,
            let time = consistentGPSTime(now: now)
        else { return }
        lastTaskCheck = now
        stampPendingTask(at: time)
    }

    private func stampPendingTask(at time: UTCMillis) {
        do {
            if try store.stampPendingTask(declaredAt: time) {
                logger.notice("declared task: GPS time given", metadata: ["declaredAt": "\(iso8601UTC(time))"])
            }
        } catch {
            logger.error("cannot give the declared task its GPS time", metadata: ["error": "\(error)"])
        }
    }

    /// At take-off, flight `id` just inserted with its (backdated) `takeoff` time: the pending declaration becomes
    /// the flight's when it was declared at or before `takeoff`; one declared later waits for the next flight.
    func attachPendingTask(toFlight id: Int64, takeoff: UTCMillis, now: Int64) {
        if let time = consistentGPSTime(now: now) { stampPendingTask(at: time) }
        do {
            if let task = try store.attachPendingTask(toFlight: id, declaredBy: takeoff) {
                logger.notice(
                    "declared task attached to the flight",
                    metadata: [
                        "flight": "\(id)", "task": "\(task.name ?? "")",
                        "declaredAt": "\(task.declaredAt.map(iso8601UTC) ?? "-")",
                    ])
            } else if let waiting = try store.pendingTask() {
                logger.notice(
                    "declared task kept for the next flight: declared after this take-off",
                    metadata: [
                        "flight": "\(id)", "takeoff": "\(iso8601UTC(takeoff))",
                        "declaredAt": "\(waiting.declaredAt.map(iso8601UTC) ?? "no GPS time")",
                    ])
            }
        } catch {
            logger.error(
                "cannot attach the declared task to the flight", metadata: ["flight": "\(id)", "error": "\(error)"])
        }
    }
}
