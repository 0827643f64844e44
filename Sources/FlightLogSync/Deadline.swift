import Synchronization

/// Gives up waiting for an operation after a while, even one that ignores cancellation (postgres-nio was seen
/// waiting on for the answer to a query sent just after the server was killed).
enum Deadline {
    struct Expired: Error {}

    /// The result of `body`, or ``Expired`` after `seconds` or as soon as `abandonWhen` returns (e.g. the
    /// connection closed); then `onExpiry` runs (e.g. closes the connection) and `body`'s task is cancelled and
    /// left to end on its own.
    static func run<T: Sendable>(
        seconds: Double, _ body: @escaping @Sendable () async throws -> T,
        abandonWhen: (@Sendable () async -> Void)? = nil, onExpiry: @escaping @Sendable () async -> Void = {}
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let race = Race(continuation)
            let work = Task {
                do { race.finish(.success(try await body())) } catch { race.finish(.failure(error)) }
            }
            if let abandonWhen {
                Task {
                    await abandonWhen()
                    if race.finish(.failure(Expired())) { work.cancel() }
                }
            }
            race.setTimer(
                Task {
                    try await Task.sleep(for: .seconds(seconds))
                    if race.finish(.failure(Expired())) {
                        work.cancel()
                        await onExpiry()
                    }
                })
        }
    }

    /// The first result resumes the continuation (and stops the timer); a later one is dropped.
    private final class Race<T: Sendable>: Sendable {
        private let state: Mutex<(continuation: CheckedContinuation<T, any Error>?, timer: Task<Void, any Error>?)>

        init(_ continuation: CheckedContinuation<T, any Error>) { state = Mutex((continuation, nil)) }

        func setTimer(_ timer: Task<Void, any Error>) {
            let finished = state.withLock { state in
                state.timer = timer
                return state.continuation == nil
            }
            if finished { timer.cancel() }
        }

        /// - Returns: false when another result came first.
        @discardableResult
        func finish(_ result: Result<T, any Error>) -> Bool {
            let (continuation, timer) = state.withLock { state in
                defer { state = (nil, nil) }
                return (state.continuation, state.timer)
            }
            guard let continuation else { return false }
            timer?.cancel()
            continuation.resume(with: result)
            return true
        }
    }
}
