/// The phone map's labels, laid out together (``MapLabelLayout``) so that none covers another or a mark: the marks
/// (take-off and landing dots, the release diamond, the turnpoints' corners, airfield symbols) stay where they
/// are, and the labels are placed by importance, a less important one moved or left out rather than overlap:
/// the release's time, the turnpoints' numbers (S and F first), the take-off and landing names, the task's points'
/// names, the airfields' names, the airspace names.
extension MapChart {
    /// Sizes in CSS px of the boxes labels keep clear of: a turnpoint's corner (its small square and edge) and
    /// the release diamond (a 12 px square turned by 45°).
    static let turnpointCornerSize = 8.0, releaseBox = 17.0

    /// A mark's box: `size` CSS px square, centred on `at`.
    static func box(_ at: Point, _ size: Double, text: String = "", style: String = "") -> ChartLabel {
        ChartLabel(
            text: text, fx: at.x, fy: at.y, alignX: .center, alignY: .center, width: size, height: size,
            style: style)
    }

    /// The dot at a point, as a box that labels keep clear of.
    static func dot(_ point: Point) -> ChartLabel { box(point, dotSize) }

    /// Places every label of the map again, from the marks it has now (the init, ``addAirspace(_:)`` and
    /// ``addAirfields(_:)`` each call it).
    package mutating func layOutLabels() {
        let corners = turnpoints.map { Self.box($0.at, Self.turnpointCornerSize) }
        var marks = (showsEnds ? [Self.dot(takeoff), Self.dot(landing)] : []) + corners
        marks += airfields.map { Self.box($0.at, Self.airfieldSize) }
        marks += task.points.map { Self.box($0.at, MapTaskLayer.pointSize) }
        marks += task.reached.map { Self.box($0.at, MapTaskLayer.reachedSize) }
        if let release { marks.append(Self.box(release.at, Self.releaseBox)) }
        var layout = MapLabelLayout(cell: cell, marks: marks)
        labels = []
        if let release,
            let label = layout.place(
                MapLabelLayout.candidates(
                    release.text, at: release.at, clearance: Self.releaseBox / 2, style: "release"))
        {
            labels.append(label)
        }
        // S and F first, then the turnpoints between; each number on its corner, else beside it.
        turnpointLabels = []
        let order = turnpoints.indices.sorted { a, b in
            let endA = a == 0 || a == turnpoints.count - 1, endB = b == 0 || b == turnpoints.count - 1
            return endA != endB ? endA : a < b
        }
        let square = (width: Self.turnpointSize, height: Self.turnpointSize)
        for i in order {
            let tp = turnpoints[i]
            let on = MapLabelLayout.Candidate(
                label: Self.box(tp.at, Self.turnpointSize, text: tp.name, style: "tp"), leader: nil)
            let beside = MapLabelLayout.candidates(
                tp.name, at: tp.at, clearance: Self.turnpointCornerSize / 2, style: "tp", size: square)
            if let label = layout.place([on] + beside, ignoring: corners[i]) { turnpointLabels.append(label) }
        }
        let from = airfields.first { $0.role == .takeoff || $0.role == .takeoffAndLanding }?.name
        let to = airfields.first { $0.role == .landing || $0.role == .takeoffAndLanding }?.name
        var texts: [EndTexts] = []
        if from != nil || to != nil {
            texts.append(
                (
                    from.map { "Take-off \($0)" } ?? "Take-off", to.map { "Landing \($0)" } ?? "Landing",
                    from == to ? "Take-off · Landing \(from!)" : "Take-off · Landing"
                ))
        }
        texts.append(("Take-off", "Landing", "Take-off · Landing"))
        if showsEnds { labels += Self.placeEnds(takeoff: takeoff, landing: landing, texts: texts, in: &layout) }
        taskNames(in: &layout)
        airfieldNames(in: &layout)
        airspace.labels = []
        for spots in airspace.spots where airspace.labels.count < MapAirspaceLayer.maxLabels {
            let candidates = spots.map { MapLabelLayout.Candidate(label: $0, leader: nil) }
            if let label = layout.place(candidates) { airspace.labels.append(label) }
        }
        leaders = layout.leaders
    }

    /// The words of the take-off label, the landing label, and the one label for both.
    package typealias EndTexts = (takeoff: String, landing: String, both: String)

    /// The take-off and landing labels in the first words of `texts` that fit (a field's name dropped from one
    /// label, then from both, before a label is left out): one label for both beside the two dots when those lie
    /// close together, else a label each; each on its own where it fits when no pair does.
    static func placeEnds(takeoff: Point, landing: Point, texts: [EndTexts], in layout: inout MapLabelLayout)
        -> [ChartLabel]
    {
        func candidates(_ text: String, _ at: Point, _ style: String) -> [MapLabelLayout.Candidate] {
            MapLabelLayout.candidates(text, at: at, clearance: dotSize / 2, style: style)
        }
        if !layout.cell.apart(dot(takeoff), dot(landing), gap: 24) {
            // Close together: one label beside the dot farther right (then the other).
            let anchors = takeoff.x >= landing.x ? [takeoff, landing] : [landing, takeoff]
            for text in texts {
                for anchor in anchors {
                    if let one = layout.place(candidates(text.both, anchor, "takeoff")) { return [one] }
                }
            }
        }
        // Both named first, then one name dropped, then both.
        let last = texts.count - 1
        let pairs = (0...2 * last).flatMap { sum in
            (max(0, sum - last)...min(sum, last)).reversed().map { (texts[$0].takeoff, texts[sum - $0].landing) }
        }
        for (t, l) in pairs {
            var trial = layout
            if let a = trial.place(candidates(t, takeoff, "takeoff")),
                let b = trial.place(candidates(l, landing, "landing"))
            {
                layout = trial
                return [a, b]
            }
        }
        let plain = texts[last]
        return [
            layout.place(candidates(plain.takeoff, takeoff, "takeoff")),
            layout.place(candidates(plain.landing, landing, "landing")),
        ].compactMap { $0 }
    }

    /// "Take-off" and "Landing" (or `texts`) beside their dots on a map with nothing else on it.
    package static func placeLabels(
        takeoff: Point, landing: Point, cell: ChartCell,
        texts: EndTexts = ("Take-off", "Landing", "Take-off · Landing")
    ) -> [ChartLabel] {
        var layout = MapLabelLayout(cell: cell, marks: [dot(takeoff), dot(landing)])
        return placeEnds(takeoff: takeoff, landing: landing, texts: [texts], in: &layout)
    }

    /// The airfields' names beside their symbols (near, no leader lines), highest ranked first, at most
    /// ``maxAirfieldLabels``; the take-off and landing fields' only when the end labels do not name them.
    private mutating func airfieldNames(in layout: inout MapLabelLayout) {
        airfieldLabels = []
        for field in airfields where airfieldLabels.count < Self.maxAirfieldLabels {
            if field.role != .other && labels.contains(where: { $0.text.hasSuffix(" " + field.name) }) { continue }
            let style =
                switch field.role {
                case .takeoff, .takeoffAndLanding: "af takeoff"
                case .landing: "af landing"
                case .other: "af"
                }
            let near = MapLabelLayout.candidates(
                field.name, at: field.at, clearance: Self.airfieldSize / 2, style: style, bold: field.role != .other
            ).prefix(8)
            if let label = layout.place(Array(near)) { airfieldLabels.append(label) }
        }
    }
}
