import Foundation
import Logging
import Testing

@testable import FlightLogDaemon

#if canImport(Glibc)
import Glibc
#endif

@Suite struct JournaldLogHandlerTests {
    @Test(arguments: [
        (Logger.Level.trace, 7), (.debug, 7), (.info, 6), (.notice, 5), (.warning, 4), (.error, 3), (.critical, 2),
    ])
    func priorityPrefix(level: Logger.Level, priority: Int) {
        let line = JournaldLogHandler.format(level: level, label: "flightlogd", message: "hello", metadata: [:])
        #expect(line == "<\(priority)>flightlogd: hello")
    }

    @Test func metadataSortedAndNewlinesFolded() {
        let line = JournaldLogHandler.format(
            level: .warning, label: "flightlogd", message: "barometer lost\nGPS-only",
            metadata: ["reason": "ENODEV\nremoved", "device": "bmp280"])
        #expect(line == "<4>flightlogd: barometer lost GPS-only device=bmp280 reason=ENODEV removed")
    }

    @Test func oneWritePerEntryToTheDescriptor() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        var handler = JournaldLogHandler(label: "flightlogd", fileDescriptor: fds[1])
        handler.logLevel = .debug
        var logger = Logger(label: "flightlogd") { _ in handler }
        logger.logLevel = .debug
        logger.notice("takeoff", metadata: ["flight": "7"])
        logger.info("Müller, Jürgen")
        close(fds[1])
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1024)
        while case let n = read(fds[0], &buffer, buffer.count), n > 0 { data += buffer[..<n] }
        #expect(
            String(decoding: data, as: UTF8.self) == "<5>flightlogd: takeoff flight=7\n<6>flightlogd: Müller, Jürgen\n")
    }

    @Test func journalDetectedOnlyWhenStreamMatchesTheDescriptor() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        var info = stat()
        try #require(fstat(fds[1], &info) == 0)
        let matching = "\(info.st_dev):\(info.st_ino)"
        #expect(JournaldLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": matching], fileDescriptor: fds[1]))
        #expect(
            !JournaldLogHandler.stderrIsJournal(
                environment: ["JOURNAL_STREAM": "\(info.st_dev):\(info.st_ino + 1)"], fileDescriptor: fds[1]))
        #expect(!JournaldLogHandler.stderrIsJournal(environment: [:], fileDescriptor: fds[1]))
        #expect(!JournaldLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": "garbage"], fileDescriptor: fds[1]))
    }
}
