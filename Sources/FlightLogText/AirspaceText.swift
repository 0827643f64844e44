import FlightLogAirspace
import FlightLogCore

/// `flightlog show`'s airspace block and `show --json`'s `"airspace"` entries (``AirspaceFindings``).
package enum AirspaceText {
    /// The block after the analysis: how heights were judged, then one line per infringement.
    package static func block(_ findings: AirspaceFindings, flight: Flight) -> String {
        var out = "Airspace: " + (findings.items.isEmpty ? findings.emptyText : "\(findings.items.count) found")
        if findings.airspaceCount > 0 { out += "\n  (\(findings.basisText))" }
        for item in findings.items {
            let local = flight.text(.utcOffset) { item.localText(offsetSeconds: flight.utcOffsetSeconds) }
            out += "\n  \(local) local (\(item.utcText) UTC), \(item.durationText): \(item.airspace.label), "
            out += "\(item.limitsText); \(item.depthText)"
        }
        return out
    }

    /// "CTR 2, D 1, R 3": how many airspaces of each class (`airspace import` and `airspace list`).
    package static func classCounts(_ airspaces: [Airspace]) -> String {
        var counts: [String: Int] = [:]
        for a in airspaces { counts[a.airspaceClass, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// One infringement in `show --json`.
    package struct Entry: Encodable {
        var name: String
        var airspaceClass: String
        var type: String?
        var floor: String
        var ceiling: String
        var start: String
        var end: String
        var durationSeconds: Int64
        /// Metres inside vertically (past the nearer of floor and ceiling); null: unknown, the entry is "possible".
        var verticalDepthMeters: Int?
        var lateralDepthMeters: Int
        /// false: inside the outline, but the height against an AGL limit (or without an altitude) is unknown.
        var certain: Bool

        init(_ item: AirspaceFindings.Item) {
            let a = item.airspace, i = item.infringement
            name = a.name
            airspaceClass = a.airspaceClass
            type = a.type
            floor = a.floor.description
            ceiling = a.ceiling.description
            start = iso8601UTC(i.start)
            end = iso8601UTC(i.end)
            durationSeconds = (i.end - i.start) / 1000
            // None for GND–UNL (every height inside: no limit to measure from), as for an unknown height.
            verticalDepthMeters = i.verticalDepth.flatMap { $0.isFinite ? Int($0.rounded()) : nil }
            lateralDepthMeters = Int(i.lateralDepth.rounded())
            certain = i.isCertain
        }

        package func encode(to encoder: any Encoder) throws {
            enum Key: String, CodingKey {
                case name, airspaceClass = "class", type, floor, ceiling, start, end, durationSeconds
                case verticalDepthMeters, lateralDepthMeters, certain
            }
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(name, forKey: .name)
            try c.encode(airspaceClass, forKey: .airspaceClass)
            try c.encode(type, forKey: .type)
            try c.encode(floor, forKey: .floor)
            try c.encode(ceiling, forKey: .ceiling)
            try c.encode(start, forKey: .start)
            try c.encode(end, forKey: .end)
            try c.encode(durationSeconds, forKey: .durationSeconds)
            try c.encode(verticalDepthMeters, forKey: .verticalDepthMeters)
            try c.encode(lateralDepthMeters, forKey: .lateralDepthMeters)
            try c.encode(certain, forKey: .certain)
        }
    }
}
