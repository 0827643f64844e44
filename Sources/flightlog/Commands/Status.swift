import ArgumentParser
import FlightLogCore
import FlightLogStore
import FlightLogTransfer
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension FlightLogCommand {
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Is flightlogd recording? gpsd, last fix, barometer, flying or not, database and WAL size.",
            discussion: """
                Reads the status flightlogd writes every 2 s next to its database. Exits 1 when the recorder is not \
                running, so scripts can check it. The database line gives the size of the database file and of its \
                write-ahead log (WAL): data in the WAL is not yet in the file (flightlog backup makes a complete copy).
                Example: flightlog status
                """)

        @OptionGroup var store: StoreOptions

        @Flag(name: .long, help: "Print the raw status JSON.")
        var json = false

        func run() async throws {
            let path = try store.databasePath()
            let statusPath = RecorderStatusFile.path(besideDatabase: path)
            let databaseLine =
                FileManager.default.fileExists(atPath: path)
                ? "\(path), \(FlightStore.fileSizes(path: path).text)" : "\(path) (not created yet)"
            let stickLine =
                StickReport.last(databasePath: path).map { "\n" + fit("USB stick:", 12) + " " + terminalSafe($0) } ?? ""
            guard let snapshot = RecorderStatusFile.read(at: statusPath), let status = snapshot.status
            else {
                print("flightlogd:  no status at \(statusPath) — not running? (systemctl status flightlogd)")
                print("database:    \(databaseLine)" + stickLine)
                throw ExitCode(1)
            }
            if json {
                print(terminalSafe(String(decoding: snapshot.bytes, as: UTF8.self), keepNewlines: true))
                return
            }
            let fileAge = snapshot.age()
            let stale = RecorderStatus.isStale(fileAgeSeconds: fileAge)
            // A stale file's pid may belong to another process by now: only a fresh file says the recorder runs.
            let alive = !stale && !status.stopped && status.pid > 0 && kill(pid_t(status.pid), 0) == 0
            print(StatusText.render(status, alive: alive, fileAge: fileAge, database: databaseLine) + stickLine)
            if !alive { throw ExitCode(1) }
        }
    }
}

/// `95 s`, `12 min`, `5 h`, `400 days`: how long ago, roughly.
private func durationText(_ seconds: Double) -> String {
    switch seconds {
    case ..<120: "\(Int(seconds)) s"
    case ..<7200: "\(Int(seconds / 60)) min"
    case ..<(2 * 86_400): "\(Int(seconds / 3600)) h"
    default: "\(Int(seconds / 86_400)) days"
    }
}

/// The text of `flightlog status`.
enum StatusText {
    /// `fileAge`: seconds since flightlogd wrote the file (its modification time by the system clock).
    static func render(_ s: RecorderStatus, alive: Bool, fileAge: Double, database: String) -> String {
        var lines: [(String, String)] = []
        let stale = RecorderStatus.isStale(fileAgeSeconds: fileAge)
        lines.append(
            (
                "flightlogd",
                alive
                    ? "running (pid \(s.pid)), recording \(s.recordedFixes) fixes"
                    : "NOT RUNNING (last status \(s.updatedAt ?? "?"))"
            ))
        if stale {
            let age =
                fileAge.isFinite && fileAge >= 0 ? "written \(durationText(fileAge)) ago" : "its time is in the future"
            lines.append(("status", "STALE: the status file was \(age); what follows is history"))
        }
        lines.append(("gpsd", s.gpsText(stale: stale)))
        if let since = s.gpsLostSince {
            lines.append(
                ("GPS", "LOST since \(since) (last valid fix) — recording V fixes: pressure altitude, last position"))
        }
        let glitches = [
            (s.positionGlitches ?? 0) > 0 ? "\(s.positionGlitches ?? 0) implausible fixes stored as V" : nil,
            (s.pressureGlitches ?? 0) > 0 ? "\(s.pressureGlitches ?? 0) barometer samples dropped" : nil,
        ].compactMap { $0 }
        if !glitches.isEmpty { lines.append(("glitches", glitches.joined(separator: ", "))) }
        if let time = s.lastFixTime {
            var fix = time
            if let age = s.lastFixAge(fileAgeSeconds: fileAge), fileAge.isFinite {
                fix += age < 60 ? " (\(decimal(age, 1)) s ago)" : " (\(durationText(age)) ago)"
            }
            if let lat = s.latitude, let lon = s.longitude {
                fix += ", " + Coordinate(latitude: lat, longitude: lon).shortText
            }
            if let alt = s.gnssAltitudeMeters { fix += ", \(decimal(alt, 0)) m GNSS" }
            lines.append(("last fix", fix))
        } else {
            lines.append(("last fix", "none yet"))
        }
        if let problem = s.barometerProblem {
            lines.append(("barometer", "WARNING: \(problem) — recording GPS-only, pressure altitude 00000 in IGC"))
        } else if !s.barometerConfigured {
            lines.append(("barometer", "none configured — recording GPS-only (no pressure altitude)"))
        } else {
            var baro = s.barometerDevice ?? "?"
            if let p = s.pressurePascals { baro += ", \(decimal(p / 100, 2)) hPa" }
            if let t = s.temperatureCelsius { baro += ", \(decimal(t, 1)) °C" }
            if let h = s.pressureAltitudeMeters { baro += " → \(decimal(h, 0)) m pressure altitude (ISA)" }
            if let v = s.varioMetersPerSecond { baro += ", vario \(decimal(v, 1)) m/s" }
            lines.append(("barometer", baro))
        }
        lines.append(
            (
                "flight",
                s.flying
                    ? "FLYING since \(s.flyingSince ?? "?")" + (s.flightId.map { " (flight \($0))" } ?? "")
                    : "on ground"
            ))
        if let p50 = s.fixToDiskMillisP50, let p99 = s.fixToDiskMillisP99 {
            lines.append(
                ("fix to disk", "p50 \(decimal(p50, 0)) ms, p99 \(decimal(p99, 0)) ms (gpsd delivery → on disk)"))
        }
        if let destination = s.fixesDurableIn { lines.append(("fixes go to", destination)) }
        lines.append(("database", database + (s.databaseWritable ? "" : " — NOT WRITABLE")))
        return lines.map { fit($0.0 + ":", 12) + " " + terminalSafe($0.1) }.joined(separator: "\n")
    }
}
