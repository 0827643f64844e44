import FlightLogCore
import FlightLogSecurity
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What the Pi already wrote to one USB stick, kept beside the logbook (`sticks/<UUID>.tsv`), so that a stick
/// plugged in again gets only what is new. One line per flight: its UUID, the fingerprint of its logbook
/// row when it was written, the IGC file name it was written as (`-` for a flight entered by hand) and that file's
/// size in bytes (`-` when unknown: memories written before kept three columns). The memory is never trusted over
/// the folder: a remembered file that is gone or has another size is written again (``StickExport``). Written
/// only after a complete export, so a failed or interrupted one is simply done again the next time. Flights are
/// remembered by UUID, not by id: a flight id says nothing once the flight is deleted, and a deleted flight's file
/// stays on the stick under its name, which no other flight may take. Memories written before kept ids; those
/// lines are read as ``legacy`` and turned into UUIDs by ``resolvingLegacy(_:)``.
package struct StickMemory: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var fingerprint: String
        package var fileName: String?
        /// The IGC file's size when it was written (nil: unknown, an older memory).
        package var size: Int64?

        package init(fingerprint: String, fileName: String? = nil, size: Int64? = nil) {
            self.fingerprint = fingerprint
            self.fileName = fileName
            self.size = size
        }
    }

    /// By flight UUID (or `deleted-<id>` for a legacy line whose flight is gone: its file name stays claimed).
    package var entries: [String: Entry] = [:]
    /// Lines of an older memory, by flight id.
    package var legacy: [Int64: Entry] = [:]

    package init(entries: [String: Entry] = [:]) { self.entries = entries }

    /// The memory with its legacy lines keyed by the UUIDs of today's flights (`uuids`: id → UUID).
    package func resolvingLegacy(_ uuids: [Int64: String]) -> StickMemory {
        var memory = StickMemory(entries: entries)
        for (id, entry) in legacy {
            let key = uuids[id] ?? "deleted-\(id)"
            if memory.entries[key] == nil { memory.entries[key] = entry }
        }
        return memory
    }

    /// A flight's fingerprint: any change to its logbook row (details, places, times) changes it, so an edited
    /// flight is written again. A new program version that describes flights differently rewrites a stick once.
    package static func fingerprint(_ flight: Flight) -> String {
        String(Digest.sha256Hex(Array(String(reflecting: flight).utf8)).prefix(32))
    }

    /// Reads the memory; lines it cannot read are left out (those flights are written again, never lost).
    package static func parse(_ text: String) -> StickMemory {
        var memory = StickMemory()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 || fields.count == 4, !fields[0].isEmpty, !fields[1].isEmpty else { continue }
            let entry = Entry(
                fingerprint: String(fields[1]), fileName: fields[2] == "-" ? nil : String(fields[2]),
                size: fields.count == 4 ? Int64(fields[3]) : nil)
            if let id = Int64(fields[0]) {
                memory.legacy[id] = entry
            } else {
                memory.entries[String(fields[0])] = entry
            }
        }
        return memory
    }

    package func text(stick: String) -> String {
        var text = "# flightlog: flights written to USB stick \(stick) (flight UUID, fingerprint, IGC file, bytes)\n"
        for (uuid, entry) in entries.sorted(by: { $0.key < $1.key }) {
            text += "\(uuid)\t\(entry.fingerprint)\t\(entry.fileName ?? "-")\t\(entry.size.map(String.init) ?? "-")\n"
        }
        return text
    }

    /// The memory's id for a folder that is not a stick (no `--stick`): `folder-` and the first 16 hex digits of
    /// the SHA-256 of its absolute path, so that each folder has its own memory.
    package static func folderId(_ folder: String) -> String {
        "folder-" + Digest.sha256Hex(Array(folder.utf8)).prefix(16)
    }

    /// A stick id as a file name: letters, digits, `-` and `_`, 1–64 characters (filesystem UUIDs and labels).
    package static func isValidStickId(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64
            && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}

/// The one line the last stick export left beside the logbook (`sticks/last-export.txt`), for `flightlog status`
/// and the status page: the pilot pulls the stick, looks at the phone, sees what it got.
package enum StickReport {
    package static let fileName = "last-export.txt"

    /// The memories' folder of the logbook at `databasePath`.
    package static func memoryFolder(databasePath: String) -> String {
        ((databasePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("sticks")
    }

    /// Best effort: the export's own outcome is what counts.
    package static func save(_ line: String, memoryFolder: String) {
        let path = (memoryFolder as NSString).appendingPathComponent(fileName)
        try? AtomicFile.write(Array((line + "\n").utf8), to: path)
    }

    package static func last(databasePath: String) -> String? {
        let path = (memoryFolder(databasePath: databasePath) as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
