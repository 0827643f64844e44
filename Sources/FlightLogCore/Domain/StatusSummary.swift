/// What `flightlog status` and the phone's Status page say about the recorder, in words a pilot reads: one
/// headline (is flightlogd recording?), the problems each with what to do, then GPS, barometer, storage and the
/// last flight. The one owner of these words: the terminal text (``text``) and the web page only lay them out.
///
/// Pure: everything read from disk or the system comes in as ``StatusFacts``.
package struct StatusSummary: Sendable, Hashable {
    /// How the headline reads at a glance (the page colours it).
    package enum Tone: String, Sendable, Hashable {
        /// Recording, nothing wrong.
        case ok
        /// Recording, but something needs attention.
        case warning
        /// Not recording, or not known to be.
        case stopped
    }

    package struct Row: Sendable, Hashable {
        package var label: String
        package var value: String
        /// A page of `flightlog serve` the value links to (the last flight), if any.
        package var link: String?

        package init(_ label: String, _ value: String, link: String? = nil) {
            self.label = label
            self.value = value
            self.link = link
        }
    }

    package struct Section: Sendable, Hashable {
        package var title: String
        package var rows: [Row]
    }

    /// What is wrong, and what to do about it.
    package struct Problem: Sendable, Hashable {
        package var what: String
        package var todo: String
    }

    package var headline: String
    package var tone: Tone
    /// True only for a fresh status of a live flightlogd: `flightlog status` exits 0 then, else 1.
    package var recording: Bool
    package var problems: [Problem]
    /// GPS, Barometer, Storage, Last flight (GPS and barometer only when there is a status).
    package var sections: [Section]
}

/// What the summary is made of: the status file and what the reader measured beside it.
package struct StatusFacts: Sendable {
    package enum File: Sendable {
        /// No status file (or no regular file) where flightlogd writes it.
        case missing
        /// A file that is not a status this version reads (another version's, or damaged); its `key: value` rows.
        case unreadable(rows: [(String, String)])
        case status(RecorderStatus)
    }

    package var file: File
    package var statusPath: String
    /// The status file's modification time by the system clock (ms since 1970), if there is a file.
    package var modified: UTCMillis?
    /// The system clock, now (ms since 1970).
    package var now: UTCMillis
    /// Whether the process the status names exists; `nil` when not checked.
    package var processExists: Bool?
    package var databasePath: String
    /// e.g. `120 KiB, WAL 8 KiB (not yet in the file)`; `nil` when the database does not exist yet.
    package var databaseSize: String?
    /// Free bytes on the database's file system, for this user.
    package var freeBytes: Int64?
    package var flightCount: Int?
    /// The newest flight in the logbook (the one in progress while flying).
    package var lastFlight: Flight?
    /// The last USB stick export's line.
    package var stickExport: String?

    package init(
        file: File, statusPath: String, modified: UTCMillis?, now: UTCMillis, processExists: Bool? = nil,
        databasePath: String, databaseSize: String? = nil, freeBytes: Int64? = nil, flightCount: Int? = nil,
        lastFlight: Flight? = nil, stickExport: String? = nil
    ) {
        self.file = file
        self.statusPath = statusPath
        self.modified = modified
        self.now = now
        self.processExists = processExists
        self.databasePath = databasePath
        self.databaseSize = databaseSize
        self.freeBytes = freeBytes
        self.flightCount = flightCount
        self.lastFlight = lastFlight
        self.stickExport = stickExport
    }
}

extension StatusSummary {
    /// Below this much free space for the database, the summary says so (an hour of fixes is well under 1 MiB).
    package static let lowFreeBytes: Int64 = 100 << 20
    /// A last fix older than this (seconds) means no fix now: receivers deliver one every second or faster.
    package static let noFixAfterSeconds: Double = 10

    private static let checkRecorder =
        "Check: systemctl status flightlogd; the reason is in journalctl -u flightlogd -n 50. "
        + "Start it: sudo systemctl start flightlogd."
    package init(_ facts: StatusFacts) {
        var problems: [Problem] = []
        var sections: [Section] = []
        var recording = false
        switch facts.file {
        case .missing:
            headline = "Not recording: no status from flightlogd"
            problems.append(
                Problem(
                    what: "There is no status file at \(facts.statusPath): flightlogd is not running, or it records "
                        + "into another database.",
                    todo: Self.checkRecorder))
        case .unreadable:
            headline = "Not known whether flightlogd records: its status file is unreadable"
            problems.append(
                Problem(
                    what: "The status file \(facts.statusPath) is not one this flightlog reads (from another "
                        + "version of flightlogd, or damaged).",
                    todo:
                        "Install flightlog and flightlogd of the same version, then sudo systemctl restart flightlogd.")
            )
        case .status(let status):
            let reading = StatusReading(status, facts: facts)
            sections = [reading.gpsSection, reading.barometerSection]
            if status.stopped {
                headline = "Not recording: flightlogd stopped" + (reading.age.map { " \(Self.ago($0)) ago" } ?? "")
                problems.append(
                    Problem(what: "flightlogd was stopped.", todo: "Start it: sudo systemctl start flightlogd."))
            } else if reading.stale {
                headline =
                    reading.age.map { "Status is \(Self.ago($0)) old: flightlogd is not running" }
                    ?? "Status is from the future (the clock was set back): flightlogd is not running"
                problems.append(
                    Problem(
                        what: "flightlogd rewrites its status every 2 s, but this one was written "
                            + (reading.age.map { "\(Self.ago($0)) ago" } ?? "at a time still to come")
                            + ": flightlogd is not running, or it hangs. Everything below is from then.",
                        todo: Self.checkRecorder))
            } else if facts.processExists == false {
                headline = "Not recording: flightlogd is not running"
                problems.append(
                    Problem(
                        what: "flightlogd (process \(status.pid)) ended without saying it stopped.",
                        todo: Self.checkRecorder))
            } else {
                recording = true
                headline = reading.headline
                problems += reading.problems
            }
        }
        if let free = facts.freeBytes, free < Self.lowFreeBytes {
            problems.append(
                Problem(
                    what: "Only \(Self.bytesText(free)) free for the database.",
                    todo: "Make room: copy the flights to a USB stick (flightlog export --new --to DIR), then delete "
                        + "files you do not need from that disk."))
        }
        sections.append(Self.storageSection(facts))
        sections.append(Self.lastFlightSection(facts))
        self.problems = problems
        self.sections = sections
        self.recording = recording
        tone = !recording ? .stopped : problems.isEmpty ? .ok : .warning
    }
}

extension StatusSummary {
    /// `95 s`, `12 min`, `5 h`, `40 days`, `3 months`, `1 year`: how long, roughly (never more precise than it reads).
    package static func ago(_ seconds: Double) -> String {
        let s = max(0, seconds)
        switch s {
        case ..<120: return "\(Int(s)) s"
        case ..<7200: return "\(Int(s / 60)) min"
        case ..<(2 * 86_400): return "\(Int(s / 3600)) h"
        case ..<(60 * 86_400): return "\(Int(s / 86_400)) days"
        case ..<(365 * 86_400): return "\(Int(s / (30 * 86_400))) months"
        default:
            let years = Int(s / (365 * 86_400))
            return years == 1 ? "1 year" : "\(years) years"
        }
    }

    /// `just now` (under a second), else `12 min ago`.
    static func agoText(_ seconds: Double) -> String { seconds < 1 ? "just now" : "\(ago(seconds)) ago" }

    /// `850 KiB`, `12.3 MiB`, `4.2 GiB`.
    package static func bytesText(_ bytes: Int64) -> String {
        let b = max(0, bytes)
        switch b {
        case ..<(1 << 20): return "\((b + 1023) / 1024) KiB"
        case ..<(1 << 30): return "\(decimal(Double(b) / Double(1 << 20), 1)) MiB"
        default: return "\(decimal(Double(b) / Double(1 << 30), 1)) GiB"
        }
    }
}
