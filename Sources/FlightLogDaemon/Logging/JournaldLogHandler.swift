import Foundation
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A swift-log handler for stderr under systemd: one `write(2)` per entry, `<P>label: message key=value`,
/// no timestamp (journald adds one), newlines folded into spaces. journald turns `<P>` into `PRIORITY=`,
/// so `journalctl -u flightlogd -p warning` works.
package struct JournaldLogHandler: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    package let label: String
    /// The file descriptor written to (2 = stderr).
    package let fileDescriptor: Int32

    package init(label: String, fileDescriptor: Int32 = 2) {
        self.label = label
        self.fileDescriptor = fileDescriptor
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        if let error = event.error { merged["error"] = "\(error)" }
        let line = Self.format(level: event.level, label: label, message: "\(event.message)", metadata: merged) + "\n"
        let bytes = Array(line.utf8)
        bytes.withUnsafeBytes { _ = write(fileDescriptor, $0.baseAddress, $0.count) }
    }

    /// The syslog priority journald reads from the `<P>` prefix.
    package static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// One entry without its trailing newline: `<P>label: message key=value …` (metadata sorted by key).
    package static func format(level: Logger.Level, label: String, message: String, metadata: Logger.Metadata)
        -> String
    {
        var text = "<\(priority(level))>\(label): \(message)"
        for key in metadata.keys.sorted() {
            text += " \(key)=\(metadata[key].map { "\($0)" } ?? "")"
        }
        return String(text.map { $0.isNewline ? " " : $0 })
    }

    /// True when stderr is connected to the journal: `$JOURNAL_STREAM` ("device:inode") equals `fstat(2)`.
    /// A variable that is merely set is not enough (stderr may have been redirected).
    package static func stderrIsJournal(
        environment: [String: String] = ProcessInfo.processInfo.environment, fileDescriptor: Int32 = 2
    ) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(fileDescriptor, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// Bootstraps swift-log once for the daemon: journald format under systemd, swift-log's stderr handler
    /// otherwise. Only `main` calls this (it is process-wide).
    package static func bootstrap(logLevel: Logger.Level) {
        let journal = stderrIsJournal()
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler =
                journal ? JournaldLogHandler(label: label) : StreamLogHandler.standardError(label: label)
            handler.logLevel = logLevel
            return handler
        }
    }
}
