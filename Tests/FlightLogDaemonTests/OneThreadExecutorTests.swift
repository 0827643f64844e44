import FlightLogSensors
import Foundation
import Testing

@testable import FlightLogDaemon

/// The daemon's executor: every job of a task that prefers it, and of a default actor that task calls, runs on its
/// one named thread, in the order they were enqueued.
struct OneThreadExecutorTests {
    actor Counter {
        var values: [Int] = []
        func add(_ value: Int) -> String {
            values.append(value)
            return currentThreadName()
        }
    }

    static func currentThreadName() -> String {
        (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    @Test func tasksAndActorsRunOnTheOneNamedThread() async {
        let executor = OneThreadExecutor(name: "test-recorder")
        let counter = Counter()
        let names = await withTaskExecutorPreference(executor) {
            await withTaskGroup(of: [String].self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        var seen = [Self.currentThreadName()]
                        for step in 0..<25 { seen.append(await counter.add(worker * 100 + step)) }
                        return seen
                    }
                }
                var all: [String] = []
                for await names in group { all += names }
                return all
            }
        }
        #expect(names.count == 4 * 26)
        #expect(Set(names) == ["test-recorder"])
        let values = await counter.values
        #expect(values.count == 100)
        for worker in 0..<4 {
            let own = values.filter { $0 / 100 == worker }
            #expect(own == (0..<25).map { worker * 100 + $0 }, "each task's calls keep their order")
        }
    }
}

private func currentThreadName() -> String { OneThreadExecutorTests.currentThreadName() }
