import FlightLogAirspace
import FlightLogCore

/// `flightlog show`'s airspace block and `show --json`'s `"airspace"` entries (``AirspaceFindings``).
package enum AirspaceText {
    /// The block after the analysis: the verdict (``AirspaceFindings/headline``), how heights were judged, one
    /// line per airspace entered (``AirspaceFindings/Group``), then the part of the flight no imported file covers.
    package static func block(_ findings: AirspaceFindings, flight: Flight) -> String {
        var out = "Airspace: " + findings.headline
        if findings.isJudged { out += "\n  (\(findings.basisText))" }
        for group in findings.groups {
            let local = flight.text(.utcOffset) { group.localText(offsetSeconds: flight.utcOffsetSeconds) }
            out += "\n  \(local) local (\(group.utcText) UTC), \(group.durationText): \(group.airspace.label), "
            out += "\(group.limitsText); \(group.depthText)"
        }
        if let uncovered = findings.uncoveredText(offsetSeconds: flight.known(.utcOffset, flight.utcOffsetSeconds)) {
            out += "\n  " + uncovered
        }
        return out
    }

    /// "CTR 2, D 1, R 3": how many airspaces of each class (`airspace import` and `airspace list`).
    package static func classCounts(_ airspaces: [Airspace]) -> String {
        var counts: [String: Int] = [:]
        for a in airspaces { counts[a.airspaceClass, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// `show --json`'s `"airspaceSummary"`: whether the imported airspace covers the flight, and one entry per
    /// airspace entered (the `"airspace"` array keeps one entry per stretch inside, as before).
    package struct Summary: Encodable {
        /// `full`, `partial` or `none` (no imported file's area holds a fix of the flight: nothing was judged);
        /// `noAirspace` when none is imported.
        var coverage: String
        var files: [String]
        /// The stretches of the flight outside every imported file's area.
        var uncovered: [Span]
        var airspaces: [Grouped]

        struct Span: Encodable {
            var start: String, end: String
            var durationSeconds: Int64
        }

        /// One airspace entered: its stretches inside taken together.
        struct Grouped: Encodable {
            var name: String
            var airspaceClass: String
            var type: FlightJSON.OrNull<String>
            var floor: String, ceiling: String
            /// First entry, last exit.
            var start: String, end: String
            var entries: Int
            var insideSeconds: Int64
            /// Every entry a single fix.
            var touched: Bool
            /// The worst of the entries; null: unknown (every entry "possible"), or GND–UNL.
            var verticalDepthMeters: FlightJSON.OrNull<Int>
            var lateralDepthMeters: Int
            var certain: Bool

            enum CodingKeys: String, CodingKey {
                case name, airspaceClass = "class", type, floor, ceiling, start, end, entries, insideSeconds
                case touched, verticalDepthMeters, lateralDepthMeters, certain
            }
        }

        package init(_ findings: AirspaceFindings) {
            coverage = findings.airspaceCount == 0 ? "noAirspace" : findings.coverage.extent.rawValue
            files = findings.coverage.files
            uncovered = findings.coverage.uncovered.map {
                Span(start: iso8601UTC($0.start), end: iso8601UTC($0.end), durationSeconds: ($0.end - $0.start) / 1000)
            }
            airspaces = findings.groups.map { g in
                Grouped(
                    name: g.airspace.name, airspaceClass: g.airspace.airspaceClass, type: .init(g.airspace.type),
                    floor: g.airspace.floor.description, ceiling: g.airspace.ceiling.description,
                    start: iso8601UTC(g.start), end: iso8601UTC(g.end), entries: g.entries.count,
                    insideSeconds: g.insideMillis / 1000, touched: g.isTouch,
                    verticalDepthMeters: .init(wholeMeters(g.verticalDepth)),
                    lateralDepthMeters: Int(g.lateralDepth.rounded()), certain: g.isCertain)
            }
        }
    }

    /// One infringement in `show --json`.
    package struct Entry: Encodable {
        var name: String
        var airspaceClass: String
        var type: FlightJSON.OrNull<String>
        var floor: String
        var ceiling: String
        var start: String
        var end: String
        var durationSeconds: Int64
        /// Metres inside vertically (past the nearer of floor and ceiling); null: unknown, the entry is "possible".
        var verticalDepthMeters: FlightJSON.OrNull<Int>
        var lateralDepthMeters: Int
        /// false: inside the outline, but the height against an AGL limit (or without an altitude) is unknown.
        var certain: Bool

        enum CodingKeys: String, CodingKey {
            case name, airspaceClass = "class", type, floor, ceiling, start, end, durationSeconds
            case verticalDepthMeters, lateralDepthMeters, certain
        }

        init(_ item: AirspaceFindings.Item) {
            let a = item.airspace, i = item.infringement
            name = a.name
            airspaceClass = a.airspaceClass
            type = .init(a.type)
            floor = a.floor.description
            ceiling = a.ceiling.description
            start = iso8601UTC(i.start)
            end = iso8601UTC(i.end)
            durationSeconds = (i.end - i.start) / 1000
            verticalDepthMeters = .init(wholeMeters(i.verticalDepth))
            lateralDepthMeters = Int(i.lateralDepth.rounded())
            certain = i.isCertain
        }
    }

    /// A vertical depth in whole metres; none for GND–UNL (every height inside: no limit to measure from), as for
    /// an unknown height.
    static func wholeMeters(_ depth: Double?) -> Int? {
        depth.flatMap { $0.isFinite ? Int($0.rounded()) : nil }
    }
}
