import FlightLogAnalysis
import FlightLogCore
import FlightLogStore

#if canImport(Glibc)
import Glibc
#endif

/// `flightlog analyse --prove`: finishes the free distance searches that import, a landing or a page left at their
/// work budget ("not proven yet: at most 318.0 km"), in steps of growing budget (``FlightStore/proofStep``), one
/// step per flight in turn, so that an easy proof is not kept waiting behind a hard one. Each step's result is
/// stored as it ends: the master switch cutting the power loses only the step under way. One line per flight when
/// it is proven or reaches the work limit: `flight 12: free distance 318.2 km, proven (41 s)`.
package enum ContestProofRun {
    /// Proves flights `ids` once each, in the order given (an id named twice is proven once; empty: every flight with a free distance not proven,
    /// ``FlightStore/flightsWithUnprovenContest()``) with this device's `glider` (the config's), saying one line per
    /// flight; `limit`: the most work one step may do. `seconds` reads a clock (monotonic seconds) for the lines.
    /// With `idle`, the process first drops to idle priority (its CPU and I/O only what nothing else wants).
    /// An id with no flight is said (`flight 999: no such flight`) and the others are proven all the same; then
    /// the run throws ``LogbookError/notFound(_:)`` naming every missing id, so the command exits non-zero.
    /// - Returns: how many flights are left not proven.
    @discardableResult
    package static func run(
        store: FlightStore, ids: [Int64], glider: OwnGlider, limit: Int = FlightAnalysis.proofBudgetLimit,
        idle: Bool = false, seconds: () -> Double = Self.monotonicSeconds, say: (String) -> Void
    ) throws(LogbookError) -> Int {
        if idle { lowerPriority() }
        var seen = Set<Int64>()
        var pending = ids.isEmpty ? try store.flightsWithUnprovenContest() : ids.filter { seen.insert($0).inserted }
        let named = pending.count
        if pending.isEmpty {
            say("Nothing to prove: every analysed flight's free distance is proven.")
            return 0
        }
        var spent: [Int64: Double] = [:]  // seconds of proof steps this run, by flight
        var missed: [Int64: Int] = [:]  // steps in a row whose result was not stored (the analysis changed)
        var open = 0
        var missing: [Int64] = []
        while !pending.isEmpty {
            var next: [Int64] = []
            for id in pending {
                let start = seconds()
                let step: FlightStore.ProofStep
                do { step = try store.proofStep(forFlight: id, glider: glider, limit: limit) } catch {
                    guard error.code == .notFound, !missing.contains(id) else { throw error }
                    missing.append(id)
                    say("flight \(id): no such flight")
                    continue
                }
                let took = seconds() - start
                switch step {
                case .notAnalysed:
                    say("flight \(id): not analysed (no track, or over 24 h from take-off to landing)")
                case .done(let analysis):
                    let line = AnalysisWords.proofLine(flight: id, analysis, seconds: spent[id].map { $0 + took })
                    if analysis.contestProven {
                        say(line)
                    } else {
                        say(line + "; stopped at the work limit")
                        open += 1
                    }
                case .stepped(let analysis, let stored):
                    spent[id, default: 0] += took
                    missed[id] = stored ? 0 : missed[id, default: 0] + 1
                    if missed[id, default: 0] >= 3 {
                        say("flight \(id): its analysis changed while it was being proven; left for the next run")
                        open += 1
                    } else if stored && analysis.contestProven {
                        say(AnalysisWords.proofLine(flight: id, analysis, seconds: spent[id]))
                    } else {
                        next.append(id)
                    }
                }
            }
            pending = next
        }
        if !missing.isEmpty { throw Self.missingError(missing, others: named - missing.count) }
        return open
    }

    /// `flightlog analyse --prove`: ``run(store:ids:glider:limit:idle:seconds:say:)`` on the logbook at `location`,
    /// with its config's glider, at idle priority unless `idle` is false.
    package static func command(
        ids: [Int64], location: LogbookLocation, idle: Bool = true, say: (String) -> Void, warn: (String) -> Void
    ) throws {
        let glider = try location.loadConfig(warn: warn).ownGlider
        try run(store: location.open(.readWrite, warn: warn), ids: ids, glider: glider, idle: idle, say: say)
    }

    /// "no flight with id 999 (…)" or "no flights with ids 999, 1000 (…)": the ids of the run that name no flight;
    /// `others`: how many of its ids named a flight (said as done only when there were any).
    static func missingError(_ ids: [Int64], others: Int) -> LogbookError {
        let list = ids.map(String.init).joined(separator: ", ")
        let what = ids.count == 1 ? "no flight with id" : "no flights with ids"
        let done = others == 0 ? "" : others == 1 ? "; the other id was done" : "; the other \(others) ids were done"
        return LogbookError(.notFound, "\(what) \(list) (flightlog list shows the ids)\(done)")
    }

    /// The monotonic clock in seconds.
    package static func monotonicSeconds() -> Double { Double(Monotonic.nowNanos()) / 1e9 }

    /// Idle priority for the calling thread, which runs the proof (Linux keeps both per thread): nice 19 (which
    /// also lowers its I/O priority) and `SCHED_IDLE` (the CPU only when nothing else wants it), as the
    /// `flightlog-prove` unit sets them for the whole process.
    static func lowerPriority() {
        #if canImport(Glibc)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        var parameter = sched_param(sched_priority: 0)
        _ = sched_setscheduler(0, 5, &parameter)  // 5: SCHED_IDLE (linux/sched.h)
        #endif
    }
}
