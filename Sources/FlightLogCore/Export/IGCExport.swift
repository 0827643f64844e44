/// An IGC file of a flight, as `flightlog export --igc` and `flightlog serve` give it.
package struct IGCExport: Sendable {
    package var fileName: String
    package var bytes: [UInt8]
    /// The imported file itself, byte for byte (its recorder's G record intact), rather than one we wrote.
    package var isOriginal: Bool
    /// Flights the original file holds (it is given whole for each of them); 1 for a written file.
    package var flightsInFile: Int
}

/// The pieces of an IGC export, pure: the SQLite logbook (FlightLogStore's `igcExport`) and the club's logbook both
/// build their files from them.
package enum IGCExportParts {
    /// The flight written from its track (the body of ``igcExport(flightId:store:config:rebuild:signer:)``):
    /// headers, comments, faults among the B records, the standard long file name; the task it was declared with
    /// as C records (docs/TASKS.md), covered by the signature; unsigned when `signer` is nil.
    package static func written(
        _ flight: Flight, track: Track, serial: String, flightNumberOfDay number: Int, task: FlightTask? = nil,
        signer: IGCSigner?
    ) -> IGCExport {
        let date = CivilDateTime(utc: track.fixes.first?.time ?? flight.takeoffTime).date
        let bytes = IGCWriter.write(
            fixes: track.fixes, extensions: track.recorder.extensions, headers: headers(flight, track: track),
            serial: serial, flightNumberOfDay: number, comments: comments(flight, track: track),
            timedComments: RecordingFaults.of(flight, fixes: track.fixes).map { ($0.to, $0.igcComment) }, task: task,
            signer: signer)
        return IGCExport(
            fileName: IGCWriter.fileName(date: date, serial: serial, flightNumberOfDay: number), bytes: bytes,
            isOriginal: false, flightsInFile: 1)
    }

    /// The declaration a written file carries as C records: the task flight was declared with when recorded here
    /// (`recorded`), else, for an imported flight, the declaration that counts in its own file
    /// (``IGCFile/declarationThatCounts(takeoff:)``), so that a rebuilt file keeps it; nil when there is none.
    package static func declaration(_ flight: Flight, recorded: FlightTask?, originalFile: [UInt8]?) -> FlightTask? {
        if let recorded { return recorded }
        guard let originalFile, let file = IGCReader.tasks(originalFile) else { return nil }
        guard var task = file.declarationThatCounts(takeoff: flight.known(.takeoffTime, flight.takeoffTime)).task
        else { return nil }
        task.warnings = []  // what the reader said of the old file, not part of the task
        return task
    }

    /// An imported flight's own file, byte for byte, under its name made safe (``safeFileName(_:id:)``).
    package static func original(fileName: String, bytes: [UInt8], flights: Int, flightId id: Int64) -> IGCExport {
        IGCExport(fileName: safeFileName(fileName, id: id), bytes: bytes, isOriginal: true, flightsInFile: flights)
    }

    /// Our own recordings keep their 3-character serial; anything else gets the configured one (or `FLG`).
    package static func serial(track: Track, config: FlightLogConfig) -> String {
        if track.recorder.manufacturer == "XFL", track.recorder.serial.count == 3 { return track.recorder.serial }
        return config.recorderSerial ?? "FLG"
    }

    package static func headers(_ flight: Flight, track: Track) -> IGCHeaderValues {
        let d = flight.details
        let ours = track.recorder.manufacturer == "XFL"
        return IGCHeaderValues(
            pilot: d.pilot, crew: d.secondPerson, gliderType: d.gliderType, registration: d.registration,
            competitionId: d.competitionId, competitionClass: flight.competitionClass,
            gpsReceiver: track.recorder.gpsReceiver ?? "unknown",
            pressureSensor: flight.hasBarometer || !ours
                ? (track.recorder.pressureSensor ?? (flight.hasBarometer ? "unknown,unknown,max9000m" : nil)) : nil,
            timeZoneOffsetHours: Double(flight.utcOffsetSeconds) / 3600)
    }

    package static func comments(_ flight: Flight, track: Track) -> [String] {
        var lines: [String] = []
        if case .imported(let name, let sha) = flight.source {
            lines.append(
                "IMPORTED FROM \(name) SHA256 \(sha.prefix(16)) RECORDER \(track.recorder.manufacturer)\(track.recorder.serial)"
            )
        }
        if let role = flight.details.secondPersonRole {
            lines.append("SECOND PERSON ROLE \(role.rawValue.uppercased())")
        }
        lines.append("LAUNCH \(flight.details.launchMethod.rawValue.uppercased())")
        return lines
    }

    /// An imported file's own name as a plain file name: letters, digits, `.`, `-`, `_` (others become `_`), never
    /// hidden, `.` or `..`.
    package static func safeFileName(_ name: String, id: Int64) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let kept = String(name.map { allowed.contains($0) ? $0 : "_" })
        let trimmed = kept.drop { $0 == "." || $0 == "-" }
        return trimmed.count == kept.count && !kept.isEmpty
            ? kept : "flight-\(id)-\(trimmed.isEmpty ? "file.igc" : trimmed)"
    }
}
