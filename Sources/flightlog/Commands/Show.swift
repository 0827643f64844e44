import ArgumentParser
import FlightLogCore
import FlightLogStore

extension FlightLogCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show every detail of one flight, with a small barogram.",
            discussion: "Example: flightlog show 12")

        @OptionGroup var store: StoreOptions

        @Argument(help: "The flight id (see flightlog list).")
        var id: Int64

        @Flag(name: .long, help: "Print the flight as a JSON object.")
        var json = false

        func run() async throws {
            let owner = try store.loadConfig().owner.flatMap(LogbookOwner.init)
            let db = try store.open(.readOnly)
            let flight = try db.flight(id: id)
            let track = try db.track(forFlight: id)
            let faults = RecordingFaults.of(flight, fixes: track.fixes)
            let analysis = flight.hasTrack ? try db.analysis(forFlight: id) : nil
            if json {
                var object = FlightJSON.object(flight, owner: owner)
                if case .recorded = flight.source { object.faults = faults.map(FlightJSON.Fault.init) }
                object.analysis = analysis.map(AnalysisOutput.Object.init)
                print(FlightJSON.encode(object))
                return
            }
            let history = try db.history(id: id)
            print(
                terminalSafe(
                    FlightDetailsText.render(
                        flight, fixes: track.fixes, faults: faults, analysis: analysis, history: history, owner: owner),
                    keepNewlines: true))
        }
    }
}

/// The text of `flightlog show`.
enum FlightDetailsText {
    static func render(
        _ f: Flight, fixes: [Fix], faults: [RecordingFault] = [], analysis: FlightAnalysis? = nil,
        history: [FieldChange], owner: LogbookOwner? = nil
    ) -> String {
        let d = f.details
        var rows: [(String, String)] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { rows.append((label, terminalSafe(value))) }
        }
        let unknown = Flight.unknownText
        add("Date", "\(f.dateText) (local at the takeoff place, \(f.zoneLabel))")
        add(
            "Takeoff",
            "\(f.localText(.takeoffTime, \.hourMinuteSecond)) local, \(f.utcText(.takeoffTime, iso8601UTC))"
                + place(f.takeoffPlaceText))
        add(
            "Landing",
            "\(f.localText(.landingTime, \.hourMinuteSecond)) local, \(f.utcText(.landingTime, iso8601UTC))"
                + f.landingTimeNote + place(f.landingPlaceText))
        add("Flight time", f.flightTimeText)
        add(
            "Glider",
            [d.gliderType, d.registration, d.competitionId.map { "(\($0))" }].compactMap { $0 }.joined(separator: " "))
        add("Pilot", d.pilot)
        add("Second person", f.secondPersonText)
        if let owner {
            let role = OwnerRole.of(f, owner: owner)
            add(
                "Your role",
                role.words + (d.ownerRole == nil ? " (from the crew names)" : " (set by hand)")
                    + " — \(owner.name)'s logbook")
        }
        var launch = d.launchMethod.words
        if f.unknown.contains(.launches) {
            launch += ", \(unknown) launches"
        } else if d.launches > 1 {
            launch += ", \(d.launches) launches"
        }
        // A self-launcher has no release: its launch ends when the engine stops.
        let launchEnd = d.launchMethod == .self ? "engine off" : "release"
        if let h = d.releaseHeight { launch += ", \(launchEnd) at \(decimal(h, 0)) m above takeoff" }
        if f.unknown.contains(.releaseHeight) { launch += ", \(launchEnd) at \(unknown) m above takeoff" }
        if let r = f.releaseTime {
            let local = f.text(.utcOffset) { CivilDateTime(utc: r, offsetSeconds: f.utcOffsetSeconds).hourMinuteSecond }
            launch += " (\(local) local)"
        }
        if f.unknown.contains(.releaseTime) { launch += " (released at \(unknown))" }
        add("Launch", launch)
        let altitudeKind = f.hasBarometer ? "pressure altitude, ISA 1013.25 hPa" : "GNSS altitude: no barometer"
        if !f.hasTrack {
            add("Track", "none: no track (entered by hand with flightlog add)")
            add("Remarks", d.remarks)
            return rowsText(rows) + historyText(history, d)
        }
        let maxUnknown = f.unknown.contains(.maxAltitude) ? unknown : nil
        add("Max altitude", f.maxAltitude.map { "\(decimal($0, 0)) m (\(altitudeKind))" } ?? maxUnknown)
        let farthest = f.text(.maxDistance) { decimal(f.maxDistanceFromTakeoff / 1000, 1) }
        let flown = f.text(.pathLength) { decimal(f.pathLength / 1000, 1) }
        add("Distance", "\(farthest) km farthest from takeoff, \(flown) km flown")
        add("Track", "\(fixes.count) fixes" + (f.hasBarometer ? "" : " — NO BAROMETRIC ALTITUDE in this recording"))
        switch f.source {
        case .recorded: add("Source", "recorded by flightlogd")
        case .imported(let name, let sha): add("Source", "imported from \(name) (sha256 \(sha.prefix(16))…)")
        case .manual: break
        }
        add("Remarks", d.remarks)
        var out = rowsText(rows)
        if let analysis {
            out += "\n\nAnalysis (distances on the FAI sphere):\n" + rowsText(AnalysisOutput.rows(analysis, flight: f))
        }
        if case .recorded = f.source {
            out += "\n\nFaults: " + (faults.isEmpty ? "none (no GPS, barometer or power loss of 10 s or more)" : "")
            for fault in faults { out += "\n  " + fault.text }
        }
        let chart = TerminalBarogram.render(fixes: fixes, flight: f)
        if !chart.isEmpty { out += "\n\n" + chart }
        return out + historyText(history, d)
    }

    static func rowsText(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        // An empty label continues the row above.
        return rows.map { "\(fit($0.0.isEmpty ? "" : $0.0 + ":", width + 1)) \($0.1)" }.joined(separator: "\n")
    }

    /// The edit history in a pilot's words (`launch: winch → aerotow`).
    static func historyText(_ history: [FieldChange], _ d: FlightDetails) -> String {
        guard !history.isEmpty else { return "" }
        return "\n\nEdits:"
            + FieldChange.lines(history, currentRole: d.secondPersonRole).map {
                "\n  \(iso8601UTC($0.change.editedAt))  \(terminalSafe($0.text))"
            }.joined()
    }

    private static func place(_ text: String) -> String { text.isEmpty ? "" : " — \(text)" }
}

/// A barogram in text: one column per time slice, the altitude as a bar of block characters.
enum TerminalBarogram {
    static let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    static func render(fixes: [Fix], flight: Flight, columns: Int = 64, rows: Int = 8) -> String {
        let samples = fixes.filter { $0.time >= flight.takeoffTime && $0.time <= flight.landingTime }
            .compactMap { fix -> (UTCMillis, Double)? in
                guard let alt = flight.hasBarometer ? fix.pressureAltitude : fix.gnssAltitude else { return nil }
                return (fix.time, alt)
            }
        guard samples.count >= 2, flight.flightTimeKnown, flight.duration > 0 else { return "" }
        var maxPerColumn = [Double?](repeating: nil, count: columns)
        for (t, alt) in samples {
            let c = min(columns - 1, Int(Double(t - flight.takeoffTime) / Double(flight.duration) * Double(columns)))
            maxPerColumn[c] = max(maxPerColumn[c] ?? alt, alt)
        }
        var last = samples[0].1
        let filled = maxPerColumn.map { v -> Double in
            if let v { last = v }
            return last
        }
        // The labels are the flight's real lowest and highest altitude (each column shows its highest sample, so
        // the lowest column would be higher than the lowest point: 649 m where the glider was at 169 m).
        let altitudes = samples.map(\.1)
        let lo = altitudes.min()!, hi = max(altitudes.max()!, lo + 1)
        var lines: [String] = []
        for row in (0..<rows).reversed() {
            let label =
                row == rows - 1
                ? fit(decimal(hi, 0) + " m", 8, alignRight: true)
                : (row == 0 ? fit(decimal(lo, 0) + " m", 8, alignRight: true) : String(repeating: " ", count: 8))
            var line = label + " │"
            for v in filled {
                let level = (v - lo) / (hi - lo) * Double(rows)
                let eighths = Int(((level - Double(row)) * 8).rounded())
                line.append(blocks[max(0, min(8, eighths))])
            }
            lines.append(line)
        }
        let start = flight.localText(.takeoffTime, \.hourMinute), end = flight.localText(.landingTime, \.hourMinute)
        lines.append(String(repeating: " ", count: 9) + "└" + String(repeating: "─", count: columns))
        lines.append(String(repeating: " ", count: 10) + fit(start, columns - end.count) + end)
        return "Barogram (\(flight.hasBarometer ? "pressure altitude" : "GNSS altitude"), local time):\n"
            + lines.joined(separator: "\n")
    }
}
