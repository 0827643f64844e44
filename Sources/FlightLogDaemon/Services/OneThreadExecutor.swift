import Dispatch
import FlightLogSensors
import Foundation
import Synchronization

/// Runs every job of the tasks that prefer it on one thread of its own.
///
/// The daemon's work is a few small jobs a second (a barometer batch, a gpsd report, a maintenance tick), all
/// serialised by the recorder actor anyway. On the global concurrent executor each job woke a different pool
/// thread (~120 context switches a second measured on the 1 Hz + 25 Hz workload); on one thread each job wakes
/// that thread once. Default actors called from a task that prefers this executor run here too (SE-0417).
package final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let jobs = Mutex<[UnownedJob]>([])
    private let available = DispatchSemaphore(value: 0)

    /// Starts the thread (named `name` for `top -H` and the journal); it lives as long as the process.
    package init(name: String) {
        Thread {
            nameCurrentThread(name)
            self.runJobs()
        }.start()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        available.signal()
    }

    private func runJobs() {
        while true {
            available.wait()
            // One signal per job: take the oldest; the loop comes back for the rest without sleeping.
            guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
