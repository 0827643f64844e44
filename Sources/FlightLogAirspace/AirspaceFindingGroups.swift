import FlightLogCore

extension AirspaceFindings {
    /// Every stretch inside one airspace, as one line: a track that weaves along a boundary enters it again and
    /// again (three stretches within a minute, one of a single fix), and the pilot wants the airspace, how long in
    /// all, when first and how deep at the worst. One airspace: the same name, class, type, floor and ceiling
    /// (pieces of one zone drawn as separate outlines under one name are one airspace too).
    package struct Group: Sendable {
        package var airspace: Airspace
        /// In time order; at least one.
        package var entries: [AirspaceInfringement]

        /// First entry.
        package var start: UTCMillis { entries[0].start }
        /// Last exit.
        package var end: UTCMillis { entries.map(\.end).max() ?? start }
        /// Time inside in all: the sum of the stretches (a single fix counts 0 s).
        package var insideMillis: Int64 { entries.reduce(0) { $0 + ($1.end - $1.start) } }
        /// The deepest any entry went inside vertically; nil when no entry's height could be compared.
        package var verticalDepth: Meters? { entries.compactMap(\.verticalDepth).max() }
        /// The deepest any entry went inside the outline.
        package var lateralDepth: Meters { entries.map(\.lateralDepth).max() ?? 0 }
        /// Whether any entry is certain (its height compared and inside); else every entry is only possible.
        package var isCertain: Bool { verticalDepth != nil }
        /// Every entry a single fix: touched, not flown through.
        package var isTouch: Bool { insideMillis == 0 }
    }

    /// The items grouped by airspace (``Group``), in the order of their first entries.
    static func grouped(_ items: [Item]) -> [Group] {
        struct Key: Hashable {
            var name: String, airspaceClass: String, type: String?
            var floor: AirspaceLimit, ceiling: AirspaceLimit
        }
        var groups: [Group] = []
        var index: [Key: Int] = [:]
        for item in items {
            let a = item.airspace
            let key = Key(
                name: a.name, airspaceClass: a.airspaceClass, type: a.type, floor: a.floor, ceiling: a.ceiling)
            if let i = index[key] {
                groups[i].entries.append(item.infringement)
            } else {
                index[key] = groups.count
                groups.append(Group(airspace: a, entries: [item.infringement]))
            }
        }
        return groups
    }
}

extension AirspaceFindings.Group {
    /// "GND–3500 ft MSL".
    package var limitsText: String { "\(airspace.floor)–\(airspace.ceiling)" }

    /// "2 min 46 s", "3 entries, 1 min 10 s in all", "touched (one fix)", "touched 3 times (one fix each)".
    package var durationText: String {
        let count = entries.count
        if isTouch { return count == 1 ? "touched (one fix)" : "touched \(count) times (one fix each)" }
        let inside = RecordingFault.durationText(insideMillis)
        return count == 1 ? inside : "\(count) entries, \(inside) in all"
    }

    /// "567 m inside vertically, 2.3 km inside the outline" ("worst" first for several entries), or for an
    /// unknown height "possible: …".
    package var depthText: String {
        let lateral = lateralDepth
        let across = lateral >= 1000 ? "\(decimal(lateral / 1000, 1)) km" : "\(Int(lateral.rounded())) m"
        guard let vertical = verticalDepth else {
            return "possible: height against \(limitsText) unknown (AGL without terrain, or no altitude); "
                + "\(across) inside the outline"
        }
        // From the ground to no ceiling (GND–UNL) every height is inside: there is no nearer limit to measure.
        guard vertical.isFinite else { return "inside at every height, \(across) inside the outline" }
        return (entries.count > 1 ? "worst " : "") + "\(Int(vertical.rounded())) m inside vertically, "
            + "\(across) inside the outline"
    }

    /// First entry to last exit in local time at the flight's offset: "12:04:10–12:07:30", or "12:04:10" for a
    /// single fix.
    package func localText(offsetSeconds: Int) -> String {
        span { CivilDateTime(utc: $0, offsetSeconds: offsetSeconds).hourMinuteSecond }
    }

    /// First entry to last exit in UTC: "10:04:10–10:07:30", or "10:04:10" for a single fix.
    package var utcText: String { span { CivilDateTime(utc: $0).hourMinuteSecond } }

    private func span(_ text: (UTCMillis) -> String) -> String {
        start == end ? text(start) : "\(text(start))–\(text(end))"
    }
}
