import FlightLogCore
import Foundation

/// Where an export's files go, each complete or not at all (``AtomicFile``), never over one of the logbook's own
/// files (``LogbookFiles``).
package enum ExportTarget: Sendable {
    case standardOutput
    /// A file named by the user: replaced, as asked.
    case file(String)
    /// A folder: every file gets a name of its own there (``ExportNames``), nothing is replaced or dropped.
    case folder(String)
}

/// Writes exported files to an ``ExportTarget``. Into a folder, two files of one name (ignoring case) become
/// `NAME-2`, `NAME-3` …; a file already there with the same bytes is left as it is (a re-export adds nothing),
/// one with other bytes is kept and the new file is numbered; no name is ever one of the logbook's own files.
package struct ExportWriter {
    /// What became of one file.
    package enum Written: Sendable, Equatable {
        case standardOutput
        case wrote(path: String)
        /// Already there with the same bytes.
        case unchanged(path: String)
    }

    package let target: ExportTarget
    package let logbookFiles: LogbookFiles
    private var names = ExportNames()

    package init(_ target: ExportTarget, logbookFiles: LogbookFiles) {
        self.target = target
        self.logbookFiles = logbookFiles
    }

    /// Throws unless `path` may be written: a regular file or nothing, in a folder, not one of the logbook's files.
    package static func checkFile(_ path: String, _ logbookFiles: LogbookFiles) throws(FileWriteError) {
        try logbookFiles.check(path)
        try AtomicFile.checkTarget(path)
    }

    package mutating func write(_ file: ExportedFile) throws(FileWriteError) -> Written {
        switch target {
        case .standardOutput:
            try AtomicFile.writeToStandardOutput(file.bytes)
            return .standardOutput
        case .file(let path):
            try AtomicFile.write(file.bytes, to: path)
            return .wrote(path: path)
        case .folder(let folder):
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let name = names.claim(file.name) { [logbookFiles] candidate in
                logbookFiles.role(of: (folder as NSString).appendingPathComponent(candidate)) == nil
                    && AtomicFile.isFree(candidate, in: folder, entries: entries, for: file.bytes)
            }
            let path = (folder as NSString).appendingPathComponent(name)
            if AtomicFile.holds(path, file.bytes) { return .unchanged(path: path) }
            try AtomicFile.checkTarget(path)
            try AtomicFile.write(file.bytes, to: path)
            return .wrote(path: path)
        }
    }
}
