/// The phone map's labels placed one at a time, the most important first (``MapChart/layOutLabels()``): each on
/// the first of its candidate places where it stays inside the map and clear of every mark and every label placed
/// before it, at every width the map takes (``ChartCell``); a label that fits nowhere is left out, so a less
/// important name gives way rather than covering a route mark or another label.
///
/// Candidates (``candidates(_:at:clearance:style:bold:)``): beside the mark on eight sides, then on the same eight
/// sides farther out, joined to the mark by a leader line (``MapChart/Leader``).
package struct MapLabelLayout: Sendable {
    package let cell: ChartCell
    /// The boxes no label may cover: the marks, then each label placed.
    package private(set) var taken: [ChartLabel]
    /// The leader lines of the labels placed away from their marks.
    package private(set) var leaders: [MapChart.Leader] = []

    /// A place for a label: its box, and the leader line that joins it to its mark when it lies farther out.
    package struct Candidate: Sendable {
        package var label: ChartLabel
        package var leader: MapChart.Leader?
    }

    /// Distances (CSS px, beyond the first ring) of the rings a label may take with a leader line.
    static let leaderRings = [18.0, 36.0]
    /// The gap kept between a label and anything taken, CSS px.
    static let gap = 1.0

    package init(cell: ChartCell, marks: [ChartLabel]) {
        self.cell = cell
        taken = marks
    }

    /// Whether `label` lies inside the map and clear of everything taken (except `ignoring`, a mark the label may
    /// cover: a turnpoint's number over its own corner).
    package func fits(_ label: ChartLabel, ignoring: ChartLabel? = nil) -> Bool {
        cell.contains(label) && taken.allSatisfy { $0 == ignoring || cell.apart($0, label, gap: Self.gap) }
    }

    /// Takes the first candidate that fits, with its leader line; nil (and nothing taken) when none fits.
    package mutating func place(_ candidates: [Candidate], ignoring: ChartLabel? = nil) -> ChartLabel? {
        guard let chosen = candidates.first(where: { fits($0.label, ignoring: ignoring) }) else { return nil }
        take(chosen.label)
        if let leader = chosen.leader { leaders.append(leader) }
        return chosen.label
    }

    /// Marks `label` as taken without a check (a mark added after the first labels).
    package mutating func take(_ label: ChartLabel) { taken.append(label) }

    /// The places of a label for `text` beside the point `at` (fractions of the map) whose mark reaches
    /// `clearance` CSS px from its centre: right, left, above, below, then the four corners; then the same eight
    /// farther out with a leader line. `size` overrides the text's measured size (a turnpoint's square).
    package static func candidates(
        _ text: String, at: MapChart.Point, clearance: Double, style: String, bold: Bool = true,
        size: (width: Double, height: Double)? = nil
    ) -> [Candidate] {
        let size = size ?? ChartText.labelSize(text, bold: bold)
        // Direction (unit steps) and the alignment that puts the box on that side of its anchor.
        let sides: [(x: Double, y: Double, alignX: LabelAlign, alignY: LabelAlign)] = [
            (1, 0, .start, .center), (-1, 0, .end, .center), (0, -1, .center, .end), (0, 1, .center, .start),
            (1, -1, .start, .end), (1, 1, .start, .start), (-1, -1, .end, .end), (-1, 1, .end, .start),
        ]
        return ([0] + leaderRings).flatMap { ring in
            sides.map { side in
                // The corners sit a little closer: a box's corner beside a mark clears it sooner.
                let step = side.x != 0 && side.y != 0 ? clearance + 2 + ring * 0.75 : clearance + 3 + ring
                let label = ChartLabel(
                    text: text, fx: at.x, fy: at.y, dx: side.x * step, dy: side.y * step, alignX: side.alignX,
                    alignY: side.alignY, width: size.width, height: size.height, style: style)
                let leader =
                    ring == 0
                    ? nil : MapChart.Leader(at: at, from: clearance, dx: side.x * step, dy: side.y * step)
                return Candidate(label: label, leader: leader)
            }
        }
    }
}

extension MapChart {
    /// A thin line from a mark (``at``, starting `from` CSS px off its centre) to its label, `dx`, `dy` CSS px away.
    package struct Leader: Sendable {
        package var at: Point
        package var from: Double
        package var dx: Double
        package var dy: Double
    }
}
