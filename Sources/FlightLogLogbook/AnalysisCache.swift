import FlightLogAnalysis
import FlightLogCore

/// Flight analyses kept in memory for a logbook that stores none (the club's server): `flightlog serve` computes
/// a flight's analysis (within the work budget, ``FreeDistance/defaultBudget``: up to ~30 s of a core for the
/// hardest tracks) once, not on every view. At most ``capacity`` flights, the least recently viewed dropped first;
/// a kept analysis is used only while it is current for the flight (``FlightAnalysis/isCurrent(for:)``: an edit of
/// the glider type or the times makes it old). Views of one flight at the same time wait for one computation.
package actor AnalysisCache {
    /// A few dozen flights: each analysis is a few kilobytes; the club's last days of flying stay in.
    package static let defaultCapacity = 48

    package let capacity: Int
    private var kept: [Int64: FlightAnalysis] = [:]
    /// Flight ids, the least recently used first.
    private var order: [Int64] = []
    private var running: [Int64: Task<FlightAnalysis, Never>] = [:]
    /// How many analyses were computed (for tests).
    package private(set) var computed = 0

    package init(capacity: Int = defaultCapacity) { self.capacity = max(1, capacity) }

    /// Flight `key`'s analysis for `inputs`: the kept one when it is current, else `compute()`'s (run once for any
    /// number of views waiting at the same time), kept.
    package func analysis(
        key: Int64, inputs: FlightAnalysis.Inputs, compute: @escaping @Sendable () -> FlightAnalysis
    ) async -> FlightAnalysis {
        if let analysis = kept[key], analysis.isCurrent(for: inputs) {
            touch(key)
            return analysis
        }
        if let task = running[key] {
            let analysis = await task.value
            if analysis.isCurrent(for: inputs) { return analysis }
        }
        let task = Task.detached(priority: .utility) { compute() }
        running[key] = task
        computed += 1
        let analysis = await task.value
        if running[key] == task { running[key] = nil }
        kept[key] = analysis
        touch(key)
        while order.count > capacity { kept[order.removeFirst()] = nil }
        return analysis
    }

    /// How many analyses are kept (for tests).
    package var count: Int { kept.count }

    private func touch(_ key: Int64) {
        order.removeAll { $0 == key }
        order.append(key)
    }
}
