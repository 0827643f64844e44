import Foundation
import Testing

@testable import FlightLogSensors

#if canImport(Glibc)
import Glibc
#endif

/// The held-open attribute file of a local barometer: one pread per value, never stale.
struct SysfsAttributeTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func value(_ attribute: SysfsAttribute) -> Double? { try? attribute.read().get() }

    func errno(_ attribute: SysfsAttribute) -> Int32? {
        if case .failure(let error) = attribute.read() { return error.code }
        return nil
    }

    @Test func readsKernelTextAndFollowsInPlaceWritesAndReplacements() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("in_pressure_input").path
        try "97.772062500\n".write(toFile: path, atomically: false, encoding: .ascii)
        let attribute = try #require(SysfsAttribute(path: path))
        #expect(value(attribute) == 97.7720625)
        #expect(value(attribute) == 97.7720625, "read again from the start")
        // Rewritten in place (as the kernel's value changes): the held file shows it.
        let fd = open(path, O_WRONLY | O_TRUNC)
        _ = "101.325000000\n".withCString { Glibc.write(fd, $0, 14) }
        close(fd)
        #expect(value(attribute) == 101.325)
        // Replaced by rename (the fake trees of the tests): opened again, not the old copy.
        let temporary = dir.appendingPathComponent(".tmp").path
        try "25029780\n".write(toFile: temporary, atomically: false, encoding: .ascii)
        #expect(rename(temporary, path) == 0)
        #expect(value(attribute) == 25_029_780)
        // Removed: the device is gone.
        unlink(path)
        #expect(errno(attribute) == ENOENT)
        // Back again: read on.
        try "99.000000000\n".write(toFile: path, atomically: false, encoding: .ascii)
        #expect(value(attribute) == 99)
    }

    @Test func emptyAndGarbageAreErrorsNotValues() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("in_pressure_raw").path
        try "".write(toFile: path, atomically: false, encoding: .ascii)
        let attribute = try #require(SysfsAttribute(path: path))
        #expect(errno(attribute) == ENODATA)
        let fd = open(path, O_WRONLY | O_TRUNC)
        _ = "busy\n".withCString { Glibc.write(fd, $0, 5) }
        close(fd)
        #expect(errno(attribute) == EINVAL)
        #expect(SysfsAttribute(path: dir.appendingPathComponent("absent").path) == nil)
    }
}
