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
        nameCurrentThread(name)
        body({ continuation.yield($0) }, stop)
        continuation.finish()
    }
    thread.start()
    return stream
}

/// Names the calling thread for `top -H`, `ps -L` and the kernel (Foundation's `Thread.name` does not reach
/// the kernel on Linux; the C call is not exported to Swift): first 15 bytes of `name`.
package func nameCurrentThread(_ name: String) {
    let fd = open("/proc/thread-self/comm", O_WRONLY)
    guard fd >= 0 else { return }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}
