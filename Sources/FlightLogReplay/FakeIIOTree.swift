import FlightLogCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a replay tells the person running it: one line on standard error (stdout stays free for pipes).
package enum ReplayLog {
    package static func say(_ text: String) {
        let line = text + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }

    package static func hectopascals(_ pascals: Double) -> String {
        let centi = Int((pascals).rounded())
        return "\(centi / 100).\(pad(centi % 100, 2))"
    }
}

package struct ReplayError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// A fake IIO sysfs tree (docs/SENSOR-INTERFACES.md):
/// `ROOT/bus/iio/devices/iio:device0/{name,in_pressure_input,in_temp_input}`.
package struct FakeIIOTree {
    package let root: URL
    package let deviceDirectory: String
    private let pressurePath: String
    private let temporaryPath: String

    package init(root: String, deviceName: String, pascals: Double) throws {
        self.root = URL(fileURLWithPath: root)
        let device = self.root.appendingPathComponent("bus/iio/devices/iio:device0")
        deviceDirectory = device.path
        pressurePath = device.appendingPathComponent("in_pressure_input").path
        // Outside the device directory (else libiio lists it as an attribute), same filesystem (rename).
        temporaryPath = self.root.appendingPathComponent(".in_pressure_input.tmp").path
        do {
            try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
            try Data("\(deviceName)\n".utf8).write(to: device.appendingPathComponent("name"))
            try Data("25000\n".utf8).write(to: device.appendingPathComponent("in_temp_input"))  // 25 °C die
        } catch {
            throw ReplayError("cannot create the fake IIO tree in \(root): \(error.localizedDescription)")
        }
        try write(pascals: pascals)
    }

    /// Removes `in_pressure_input` (a barometer that does not answer); the next ``write(pascals:)`` restores it.
    package func removePressure() {
        unlink(pressurePath)
    }

    /// Replaces `in_pressure_input` atomically with kPa printed as the kernel does (`%d.%09u`, truncated).
    package func write(pascals: Double) throws {
        let nanoKilopascals = Int64((pascals * 1e6).rounded(.down))
        let text = "\(nanoKilopascals / 1_000_000_000).\(pad(Int(nanoKilopascals % 1_000_000_000), 9))\n"
        guard FileManager.default.createFile(atPath: temporaryPath, contents: Data(text.utf8)),
            rename(temporaryPath, pressurePath) == 0
        else { throw ReplayError("cannot write \(pressurePath): \(String(cString: strerror(errno)))") }
    }
}
