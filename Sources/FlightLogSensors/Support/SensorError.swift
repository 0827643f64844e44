#if canImport(Glibc)
import Glibc
#endif

/// Every error of FlightLogSensors: what went wrong and what to do.
package struct SensorError: Error, Hashable, CustomStringConvertible {
    package enum Code: Sendable, Hashable {
        /// The libiio context could not be created (no IIO bus, iiod unreachable).
        case contextUnavailable
        /// No matching device with a pressure channel.
        case deviceNotFound
        /// Reading an attribute failed for good (device vanished, iiod gone).
        case readFailed
    }

    package var code: Code
    /// The `errno` behind it, if any.
    package var errno: Int32?
    package var description: String

    init(_ code: Code, errno: Int32? = nil, _ description: String) {
        self.code = code
        self.errno = errno
        self.description = description + (errno.map { " (\(String(cString: strerror($0))))" } ?? "")
    }
}
