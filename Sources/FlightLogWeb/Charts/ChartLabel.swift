/// Labels of the phone charts, placed for every size the chart may take on screen.
///
/// The web charts are HTML labels (sized in CSS px) around SVG plots that stretch with the page. A label sits in
/// one rectangular cell of the chart (the plot, the axis beside it, the strip above it) at a fraction of that
/// cell's width and height plus a fixed offset in CSS px, so it keeps its size while the cell grows. Positions are
/// linear in the cell's size, so a label that lies inside its cell and apart from another at the smallest and at
/// the largest size does so at every size in between (``ChartCell``).

/// Where a label's box sits relative to its anchor: `start` = the box begins at it (left / top edge), `center`,
/// `end` = the box ends at it.
package enum LabelAlign: Sendable, Hashable {
    case start, center, end

    /// The box's offset from the anchor, as a fraction of its extent (0, −½, −1).
    var shift: Double {
        switch self {
        case .start: 0
        case .center: -0.5
        case .end: -1
        }
    }
}

/// A box in CSS px: `x0 < x1`, `y0 < y1`.
package struct LabelBox: Sendable, Hashable {
    package var x0, y0, x1, y1: Double
}

/// One chart label: its text, anchor (fractions of the cell plus CSS px), alignment and estimated size.
package struct ChartLabel: Sendable, Hashable {
    package var text: String
    /// Anchor as fractions (0...1) of the cell's width and height.
    package var fx: Double
    package var fy: Double
    /// Offset from the anchor in CSS px.
    package var dx: Double = 0
    package var dy: Double = 0
    package var alignX: LabelAlign = .start
    package var alignY: LabelAlign = .start
    /// Estimated size in CSS px (``ChartText/width(_:size:bold:)`` plus padding).
    package var width: Double
    package var height: Double
    /// CSS class (colour, weight) and an optional colour for the label's edge mark.
    package var style: String = ""
    package var color: String? = nil

    package init(
        text: String, fx: Double, fy: Double, dx: Double = 0, dy: Double = 0, alignX: LabelAlign = .start,
        alignY: LabelAlign = .start, width: Double, height: Double, style: String = "", color: String? = nil
    ) {
        (self.text, self.fx, self.fy, self.dx, self.dy) = (text, fx, fy, dx, dy)
        (self.alignX, self.alignY, self.width, self.height, self.style, self.color) = (
            alignX, alignY, width, height, style, color
        )
    }

    /// The same label with another CSS class.
    package func adding(style extra: String) -> ChartLabel {
        var label = self
        label.style = style.isEmpty ? extra : style + " " + extra
        return label
    }

    /// The label's box in a cell of `width` × `height` CSS px.
    package func box(width w: Double, height h: Double) -> LabelBox {
        let x = fx * w + dx + alignX.shift * width
        let y = fy * h + dy + alignY.shift * height
        return LabelBox(x0: x, y0: y, x1: x + width, y1: y + height)
    }
}

/// The sizes a chart cell takes on screen, from the narrowest phone to the widest page, in CSS px.
package struct ChartCell: Sendable, Hashable {
    package var widths: ClosedRange<Double>
    package var heights: ClosedRange<Double>

    package init(widths: ClosedRange<Double>, heights: ClosedRange<Double>) {
        self.widths = widths
        self.heights = heights
    }

    /// The four extreme sizes.
    var corners: [(w: Double, h: Double)] {
        [
            (widths.lowerBound, heights.lowerBound), (widths.lowerBound, heights.upperBound),
            (widths.upperBound, heights.lowerBound), (widths.upperBound, heights.upperBound),
        ]
    }

    /// True when `label` lies inside the cell at every size (`margin` px from the edges).
    package func contains(_ label: ChartLabel, margin: Double = 0) -> Bool {
        corners.allSatisfy { size in
            let b = label.box(width: size.w, height: size.h)
            return b.x0 >= -margin && b.y0 >= -margin && b.x1 <= size.w + margin && b.y1 <= size.h + margin
        }
    }

    /// True when `a` and `b` are apart by at least `gap` px at every size: separated along the same axis, in the
    /// same order, at both ends of its range (each gap is linear in the cell's size; `a` left of `b` on the
    /// narrowest map and right of it on the widest crosses it in between).
    package func apart(_ a: ChartLabel, _ b: ChartLabel, gap: Double = 2) -> Bool {
        /// -1: `a` before `b` (left or above), 1: after it, 0: not apart.
        func order(_ p: (Double, Double), _ q: (Double, Double)) -> Int {
            p.1 + gap <= q.0 ? -1 : q.1 + gap <= p.0 ? 1 : 0
        }
        func xOrder(_ w: Double) -> Int {
            let p = a.box(width: w, height: 0), q = b.box(width: w, height: 0)
            return order((p.x0, p.x1), (q.x0, q.x1))
        }
        func yOrder(_ h: Double) -> Int {
            let p = a.box(width: 0, height: h), q = b.box(width: 0, height: h)
            return order((p.y0, p.y1), (q.y0, q.y1))
        }
        let x = xOrder(widths.lowerBound), y = yOrder(heights.lowerBound)
        return (x != 0 && x == xOrder(widths.upperBound)) || (y != 0 && y == yOrder(heights.upperBound))
    }

    /// The labels in order, leaving out each that would leave the cell or come near one already kept: a tick
    /// label is dropped rather than overlap.
    package func keepingApart(_ labels: [ChartLabel]) -> [ChartLabel] {
        var kept: [ChartLabel] = []
        for label in labels where contains(label) && kept.allSatisfy({ apart($0, label) }) {
            kept.append(label)
        }
        return kept
    }
}

/// Chart text sizes and width estimates (CSS px).
package enum ChartText {
    /// Every chart label's font size: 13 CSS px (the page's body text is 17 px).
    package static let size = 13.0
    /// A label's line box: the font size plus padding.
    package static let lineHeight = 17.0
    /// Horizontal padding inside a label (both sides together).
    package static let padding = 6.0

    /// A generous estimate of `text`'s advance width in a sans-serif font (DejaVu Sans, the widest common one,
    /// has digits of 0.64 em): the measurement in Chromium (scripts/measure-pages.py) checks it holds.
    package static func width(_ text: String, size: Double = size, bold: Bool = false) -> Double {
        var em = 0.0
        for c in text.unicodeScalars {
            switch c.value {
            case 0x20: em += 0.33
            case 0x30...0x39: em += 0.65
            case 0x41...0x5A: em += 0.74
            case 0x69, 0x6A, 0x6C, 0x2E, 0x3A, 0x2C, 0x27: em += 0.3  // i j l . : , '
            case 0x66, 0x74, 0x72: em += 0.42  // f t r
            case 0x6D, 0x77, 0x4D, 0x57: em += 0.95
            case 0x61...0x7A: em += 0.62
            default: em += 0.7
            }
        }
        return em * size * (bold ? 1.1 : 1)
    }

    /// A label's box size: text width plus padding, line height.
    package static func labelSize(_ text: String, bold: Bool = false) -> (width: Double, height: Double) {
        (width(text, bold: bold) + padding, lineHeight)
    }
}
