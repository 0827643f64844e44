import FlightLogAnalysis
import FlightLogCore

/// The text of `flightlog show`.
package enum FlightDetailsText {
    /// ``render(_:fixes:faults:analysis:history:owner:)`` made safe for a terminal, as `show` prints it.
    package static func text(
        _ f: Flight, fixes: [Fix], faults: [RecordingFault] = [], analysis: FlightAnalysis? = nil,
        history: [FieldChange], owner: LogbookOwner? = nil, task: String? = nil
    ) -> String {
        terminalSafe(
            render(f, fixes: fixes, faults: faults, analysis: analysis, history: history, owner: owner, task: task),
            keepNewlines: true)
    }

    package static func render(
        _ f: Flight, fixes: [Fix], faults: [RecordingFault] = [], analysis: FlightAnalysis? = nil,
        history: [FieldChange], owner: LogbookOwner? = nil, task: String? = nil
    ) -> String {
        let d = f.details
        var rows: [(String, String)] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { rows.append((label, terminalSafe(value))) }
        }
        let unknown = Flight.unknownText
        add("Date", "\(f.dateText) (local at the take-off place, \(f.zoneLabel))")
        add(
            "Take-off",
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
        if let h = d.releaseHeight { launch += ", \(launchEnd) at \(decimal(h, 0)) m above take-off" }
        if f.unknown.contains(.releaseHeight) { launch += ", \(launchEnd) at \(unknown) m above take-off" }
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
        add("Distance", "\(farthest) km farthest from take-off, \(flown) km flown")
        add("Track", "\(fixes.count) fixes" + (f.hasBarometer ? "" : " — NO BAROMETRIC ALTITUDE in this recording"))
        switch f.source {
        case .recorded: add("Source", "recorded by flightlogd")
        case .imported(let name, let sha): add("Source", "imported from \(name) (sha256 \(sha.prefix(16))…)")
        case .manual: break
        }
        add("Remarks", d.remarks)
        add("WeGlide", f.weglide.words(flight: f.id ?? 0))
        var out = rowsText(rows)
        if let analysis {
            let summary = AnalysisSummary(analysis, flight: f, times: .hourMinuteSecond)
            out += "\n\nAnalysis (distances on the FAI sphere, times local):\n"
            out += rowsText(summary.rows.map { ($0.label, $0.value) })
        }
        // The task block (``FlightTaskReport/block(_:flight:)``), a block of its own after the analysis.
        if let task { out += "\n\n" + task }
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
