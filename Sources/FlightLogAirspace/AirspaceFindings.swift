import FlightLogCore

/// A flight's infringements with their airspaces and the words every view uses (`show`, `show --json`, the phone's
/// flight page, the PDF report), so that they all say the same.
package struct AirspaceFindings: Sendable {
    package struct Item: Sendable {
        package var airspace: Airspace
        package var infringement: AirspaceInfringement
    }

    /// Every stretch inside, in time order (``AirspaceInfringements``).
    package var items: [Item]
    /// The same, one per airspace (``Group``), in the order of their first entries: what every view lists.
    package var groups: [Group]
    /// Which part of the flight the imported files cover: outside it nothing is judged.
    package var coverage: AirspaceCoverage
    /// The pilot's QNH (pascals) that heights above mean sea level were judged with; nil: GNSS altitude.
    package var qnh: Pascals?
    /// How many airspaces were searched (0: none imported).
    package var airspaceCount: Int

    /// The infringements of `flight` in `airspaces` (``AirspaceInfringements/find(in:airspaces:qnh:)``): `fixes`
    /// from takeoff to landing only (a glider standing on its field inside a control zone infringes nothing).
    package init(flight: Flight, fixes: [Fix], airspaces: [Airspace], qnh: Pascals? = nil) {
        let flown = fixes.filter { $0.time >= flight.takeoffTime && $0.time <= flight.landingTime }
        let found = airspaces.isEmpty ? [] : AirspaceInfringements.find(in: flown, airspaces: airspaces, qnh: qnh)
        items = found.map { Item(airspace: airspaces[$0.airspaceIndex], infringement: $0) }
        groups = Self.grouped(items)
        coverage = AirspaceCoverage(fixes: flown, airspaces: airspaces)
        self.qnh = qnh
        airspaceCount = airspaces.count
    }

    /// Whether the imported airspace says anything about this flight: some is imported and covers part of its
    /// area (heights and the listing then mean something).
    package var isJudged: Bool { airspaceCount > 0 && (coverage.extent != .none || !groups.isEmpty) }

    /// What the heights were compared with: "FL: pressure altitude; MSL: GNSS altitude (no QNH given); AGL: …".
    package var basisText: String {
        let msl = qnh.map { "pressure altitude at QNH \(decimal($0 / 100, 0)) hPa" } ?? "GNSS altitude (no QNH given)"
        return "FL: pressure altitude; MSL: \(msl); AGL: unknown (no terrain data)"
    }

    /// "MSL limits by GNSS altitude" or "MSL limits at QNH 1021 hPa".
    package var mslText: String {
        qnh.map { "MSL limits at QNH \(decimal($0 / 100, 0)) hPa" } ?? "MSL limits by GNSS altitude"
    }

    /// The verdict in one line, the same in every view: "2 found", or why there is nothing to list (no airspace
    /// imported; none covers the flight's area; none entered where it does).
    package var headline: String {
        let count = "\(airspaceCount) imported airspace\(airspaceCount == 1 ? "" : "s")"
        if airspaceCount == 0 { return "no airspace imported (flightlog airspace import FILE)" }
        if !groups.isEmpty { return "\(groups.count) found" }
        switch coverage.extent {
        case .none: return "no imported airspace covers this flight's area\(coverage.filesText)"
        case .partial:
            return "none where the imported airspace covers the flight: the track stayed outside the \(count)"
        case .full: return "none: the track stayed outside the \(count)"
        }
    }

    /// For a flight only partly covered: which part is not, "not covered by any imported file's area (files: …),
    /// nothing judged there: 12:05:00–12:40:00 local (35 min)"; nil when covered wholly or not at all (the
    /// ``headline`` says so). `offsetSeconds`: the flight's UTC offset, nil when unknown (then UTC).
    package func uncoveredText(offsetSeconds: Int?) -> String? {
        guard coverage.extent == .partial else { return nil }
        let zone = offsetSeconds == nil ? "UTC" : "local"
        func time(_ t: UTCMillis) -> String {
            CivilDateTime(utc: t, offsetSeconds: offsetSeconds ?? 0).hourMinuteSecond
        }
        let shown = 3
        var stretches = coverage.uncovered.prefix(shown).map { s in
            (s.start == s.end ? time(s.start) : "\(time(s.start))–\(time(s.end))") + " \(zone) "
                + "(\(RecordingFault.durationText(s.end - s.start)))"
        }
        if coverage.uncovered.count > shown {
            stretches.append(
                "and \(coverage.uncovered.count - shown) more, "
                    + "\(RecordingFault.durationText(coverage.uncoveredMillis)) in all")
        }
        return "not covered by any imported file's area\(coverage.filesText), nothing judged there: "
            + stretches.joined(separator: ", ")
    }
}

extension AirspaceFindings.Item {
    /// "GND–3500 ft MSL".
    package var limitsText: String { "\(airspace.floor)–\(airspace.ceiling)" }

    /// "3 min 20 s".
    package var durationText: String { RecordingFault.durationText(infringement.end - infringement.start) }

    /// "567 m inside vertically, 2.3 km inside the outline", or for an unknown height "possible: …".
    package var depthText: String {
        let lateral = infringement.lateralDepth
        let across = lateral >= 1000 ? "\(decimal(lateral / 1000, 1)) km" : "\(Int(lateral.rounded())) m"
        guard let vertical = infringement.verticalDepth else {
            return "possible: height against \(limitsText) unknown (AGL without terrain, or no altitude); "
                + "\(across) inside the outline"
        }
        // From the ground to no ceiling (GND–UNL) every height is inside: there is no nearer limit to measure.
        guard vertical.isFinite else { return "inside at every height, \(across) inside the outline" }
        return "\(Int(vertical.rounded())) m inside vertically, \(across) inside the outline"
    }

    /// Start and end in local time at the flight's offset: "12:04:10–12:07:30".
    package func localText(offsetSeconds: Int) -> String {
        "\(CivilDateTime(utc: infringement.start, offsetSeconds: offsetSeconds).hourMinuteSecond)–"
            + CivilDateTime(utc: infringement.end, offsetSeconds: offsetSeconds).hourMinuteSecond
    }

    /// Start and end in UTC: "10:04:10–10:07:30".
    package var utcText: String {
        "\(CivilDateTime(utc: infringement.start).hourMinuteSecond)–"
            + CivilDateTime(utc: infringement.end).hourMinuteSecond
    }
}
