import Foundation
import Synchronization

/// A flag the stream's `onTermination` sets and the reader thread polls.
final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}

/// Runs a blocking C reader on its own thread (never on the cooperative pool) and bridges what it yields
/// into an `AsyncStream`. The thread ends when `body` returns; `body` must return soon after `stop` is set,
/// which happens when the consumer stops iterating or drops the stream.
func readerStream<Element: Sendable>(
    name: String,
    buffering: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded,
    body: @escaping @Sendable (_ yield: (Element) -> Void, _ stop: StopFlag) -> Void
) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: buffering)
    let stop = StopFlag()
    continuation.onTermination = { _ in stop.set() }
    let thread = Thread {
        body({ continuation.yield($0) }, stop)
        continuation.finish()
    }
    thread.name = name
    thread.start()
    return stream
}
