import FlightLogCore

/// The report map's labels, placed so that none covers another or a mark: the take-off and landing names first,
/// then the route's turnpoint names, then the task's points; each on the first side of its point where it stays inside the map and off
/// every dot, ring, diamond and label already placed, else left out (a turnpoint's name before an end's).
extension Charts {
    /// A box on the page, points: left, top, right, bottom.
    typealias PageBox = (x0: Double, y0: Double, x1: Double, y1: Double)

    static func overlap(_ a: PageBox, _ b: PageBox) -> Bool {
        a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
    }

    /// Where a label of `size` goes beside `p`, by preference: above left, right, left, below right, above right,
    /// below left (`first` rotates the list: the landing prefers below right), 6 pt from it, then farther (14 and
    /// 24 pt) when marks crowd it. The box includes the label's halo.
    static func labelBoxes(_ size: (width: Double, height: Double), at p: (x: Double, y: Double), first: Int)
        -> [PageBox]
    {
        let w = size.width + 4, h = size.height + 2
        return [6.0, 14, 24].flatMap { d -> [PageBox] in
            let boxes: [PageBox] = [
                (p.x - d - w, p.y - d - h, p.x - d, p.y - d), (p.x + d, p.y - h / 2, p.x + d + w, p.y + h / 2),
                (p.x - d - w, p.y - h / 2, p.x - d, p.y + h / 2), (p.x + d, p.y + d, p.x + d + w, p.y + d + h),
                (p.x + d, p.y - d - h, p.x + d + w, p.y - d), (p.x - d - w, p.y + d, p.x - d, p.y + d + h),
            ]
            return Array(boxes[first...]) + Array(boxes[..<first])
        }
    }

    /// The boxes of the marks no label may cover: the take-off and landing dots, the route's rings, the release,
    /// the task's points and the dots where they were reached.
    static func markBoxes(
        ends: [(x: Double, y: Double)], route: [(x: Double, y: Double)], release: (x: Double, y: Double)?,
        task: [(x: Double, y: Double)] = []
    ) -> [PageBox] {
        func around(_ p: (x: Double, y: Double), _ r: Double) -> PageBox { (p.x - r, p.y - r, p.x + r, p.y + r) }
        return ends.map { around($0, 5) } + route.map { around($0, 4.5) } + (release.map { [around($0, 5.5)] } ?? [])
            + task.map { around($0, 3.5) }
    }

    /// Places `texts` (text, point, preferred side) in order inside `frame`, off `taken` and each other; nil for
    /// a label that fits nowhere.
    static func placeLabels(
        _ texts: [(size: (width: Double, height: Double), at: (x: Double, y: Double), first: Int)],
        frame: PageBox, taken: [PageBox]
    ) -> [PageBox?] {
        var taken = taken
        return texts.map { text in
            let box = labelBoxes(text.size, at: text.at, first: text.first).first { b in
                b.x0 >= frame.x0 + 2 && b.y0 >= frame.y0 + 2 && b.x1 <= frame.x1 - 2 && b.y1 <= frame.y1 - 2
                    && !taken.contains { overlap(b, $0) }
            }
            if let box { taken.append(box) }
            return box
        }
    }

    /// Writes the take-off and landing names, the route's turnpoint names and the task's point names where each
    /// covers nothing (``placeLabels(_:frame:taken:)``); `task`: its labels and the dots where its points were
    /// reached; `taken`: the map's furniture (scale bar, key, north arrow). Returns what a later label must keep
    /// clear of: `taken`, the marks and the labels written.
    @discardableResult
    func mapLabels(
        ends: [(text: String, at: (x: Double, y: Double), color: Color)],
        route: [(text: String, at: (x: Double, y: Double))],
        task: (labels: [(text: String, at: (x: Double, y: Double))], reached: [(x: Double, y: Double)]) = ([], []),
        release: (x: Double, y: Double)?, frame: PageBox, taken: [(Double, Double, Double, Double)]
    ) -> [PageBox] {
        let endStyle = TextStyle(size: 7, bold: true), routeStyle = TextStyle(size: 7, bold: true)
        let texts: [(size: (width: Double, height: Double), at: (x: Double, y: Double), first: Int)] =
            ends.enumerated().map { n, end in (canvas.measure(end.text, endStyle), end.at, n == 0 ? 0 : 3) }
            + route.map { (canvas.measure($0.text, routeStyle), $0.at, 4) }
            + task.labels.map { (canvas.measure($0.text, routeStyle), $0.at, 1) }
        let marks = Self.markBoxes(
            ends: ends.map(\.at), route: route.map(\.at), release: release,
            task: task.labels.map(\.at) + task.reached)
        let kept: [PageBox] = marks + taken.map { ($0.0, $0.1, $0.2, $0.3) }
        let boxes = Self.placeLabels(texts, frame: frame, taken: kept)
        let all =
            ends.map { ($0.text, $0.color) } + route.map { ($0.text, Color.route) }
            + task.labels.map { ($0.text, Color.task) }
        for ((text, color), box) in zip(all, boxes) {
            guard let box else { continue }
            label(text, x: box.x0 + 2, y: box.y0 + 1, rightAligned: false, color)
        }
        return kept + boxes.compactMap { $0 }
    }
}
