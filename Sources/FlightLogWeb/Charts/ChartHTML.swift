import FlightLogCore

/// The phone charts as HTML: SVG plots that stretch with the page (lines keep their width), with labels as HTML
/// text of ``ChartText/size`` CSS px at the places ``BarogramChart`` and ``MapChart`` chose. No script.
package enum ChartHTML {
    /// A number for SVG and CSS: at most one decimal, no exponent.
    static func n(_ value: Double) -> String { decimal(value.isFinite ? value : 0, value.magnitude >= 100 ? 0 : 1) }

    /// A percentage with two decimals.
    static func percent(_ fraction: Double) -> String { decimal((fraction.isFinite ? fraction : 0) * 100, 2) + "%" }

    /// A fraction of the cell plus CSS px: `35.20%` or `calc(35.20% + 4px)`.
    static func place(_ fraction: Double, _ offset: Double) -> String {
        offset == 0
            ? percent(fraction) : "calc(\(percent(fraction)) \(offset < 0 ? "-" : "+") \(n(offset.magnitude))px)"
    }

    /// `left:calc(35.20% + 4px)`-style placement of a label in its cell.
    static func label(_ l: ChartLabel, extraStyle: String = "") -> String {
        let shift =
            (l.alignX.shift != 0 || l.alignY.shift != 0)
            ? ";transform:translate(\(Int(l.alignX.shift * 100))%,\(Int(l.alignY.shift * 100))%)" : ""
        var style = "left:\(place(l.fx, l.dx));top:\(place(l.fy, l.dy))\(shift)"
        if let color = l.color { style += ";border-color:\(color);color:\(color)" }
        let side = l.color == nil ? "" : l.alignX == .end ? " edge-end" : " edge-start"
        return "<span class=\"lb \(l.style)\(side)\" style=\"\(style)\(extraStyle)\">\(esc(l.text))</span>"
    }

    static func polyline(_ points: [(x: Double, y: Double)], color: String, width: Double) -> String {
        let list = points.map { "\(decimal($0.x, 1)),\(decimal($0.y, 1))" }.joined(separator: " ")
        return "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(n(width))\" "
            + "stroke-linejoin=\"round\" stroke-linecap=\"round\" vector-effect=\"non-scaling-stroke\"/>"
    }

    package static func barogram(_ c: BarogramChart) -> String {
        var html = "<div class=\"chart baro\" id=\"barogram\">"
        html +=
            "<ul class=\"legend\">"
            + c.legend.map { "<li><i style=\"background:\($0.color)\"></i>\(esc($0.text))</li>" }.joined()
        if let note = c.note { html += "<li class=\"muted\">\(esc(note))</li>" }
        html += "</ul><div class=\"baro-grid\" style=\"grid-template-columns:\(n(c.yAxisWidth))px 1fr\">"
        html +=
            "<div class=\"events\" style=\"height:\(n(Double(c.eventRows) * BarogramChart.eventRowHeight))px\">"
            + c.events.map { label($0) }.joined() + "</div>"
        html += "<div class=\"yaxis\">" + c.yLabels.map { label($0) }.joined() + "</div>"
        html +=
            "<svg class=\"plot\" viewBox=\"0 0 1000 1000\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"Barogram\"><title>\(esc(c.title))</title>"
        for band in c.thermalBands {
            html +=
                "<rect class=\"thermal-band\" x=\"\(n(band.x0 * 1000))\" y=\"0\" "
                + "width=\"\(n(max(1, (band.x1 - band.x0) * 1000)))\" height=\"1000\" "
                + "fill=\"\(BarogramChart.thermalColor)\"/>"
        }
        for band in c.engineBands {
            html +=
                "<rect class=\"engine-band\" x=\"\(n(band.x0 * 1000))\" y=\"0\" "
                + "width=\"\(n(max(1, (band.x1 - band.x0) * 1000)))\" height=\"1000\" "
                + "fill=\"\(BarogramChart.engineColor)\"/>"
        }
        for band in c.bands {
            html +=
                "<rect x=\"\(n(band.x0 * 1000))\" y=\"0\" width=\"\(n(max(1, (band.x1 - band.x0) * 1000)))\" height=\"1000\" fill=\"#fde3b3\" class=\"fault-band\"/>"
        }
        // Two sets of time ticks when wide pages have room for more: the stylesheet shows one.
        let dense = !c.wideGridX.isEmpty
        func grid(_ d: String, _ set: String = "") -> String {
            "<path\(set.isEmpty ? "" : " class=\"\(set)\"") d=\"\(d)\" stroke=\"#c9ccd1\" stroke-width=\"1\" fill=\"none\" "
                + "vector-effect=\"non-scaling-stroke\"/>"
        }
        func vertical(_ xs: [Double]) -> String { xs.map { "M\(n($0 * 1000)) 0V1000" }.joined() }
        html += grid(c.gridY.map { "M0 \(n($0 * 1000))H1000" }.joined())
        html += grid(vertical(c.gridX), dense ? "narrow" : "")
        if dense { html += grid(vertical(c.wideGridX), "wide") }
        for curve in c.curves {
            let width = curve.color == BarogramChart.pressureColor ? 2.5 : 1.5
            html += curve.lines.filter { !$0.isEmpty }.map { polyline($0, color: curve.color, width: width) }.joined()
        }
        for marker in c.markers {
            html +=
                "<path d=\"M\(n(marker.fx * 1000)) 0V1000\" stroke=\"\(marker.color)\" stroke-width=\"1.5\" "
                + "stroke-dasharray=\"5 4\" vector-effect=\"non-scaling-stroke\"/>"
        }
        html += "</svg><div class=\"tcap\"><span class=\"strong\">local</span><span>UTC</span></div>"
        html +=
            "<div class=\"taxis\" style=\"height:\(n(BarogramChart.timeAxisHeight))px\">"
            + c.timeLabels.map { label(dense ? $0.adding(style: "narrow") : $0) }.joined()
            + c.wideTimeLabels.map { label($0.adding(style: "wide")) }.joined() + "</div>"
        return html + "</div></div>"
    }

    /// The map; its ``MapChart/tiles`` (if any) as images from `/tiles/z/x/y.<tileFormat>` (or `tileURL`'s
    /// address) under the track, which then gets a white edge, and the tiles' `attribution` below.
    package static func map(
        _ c: MapChart, tileFormat: String = "png", attribution: String = "",
        tileURL: ((_ z: Int, _ x: Int, _ y: Int) -> String)? = nil
    ) -> String {
        var html =
            "<div class=\"chart map\" id=\"map\"><div class=\"mapbox\" style=\"aspect-ratio:1000/\(n(c.viewHeight))\">"
        html +=
            "<svg viewBox=\"0 0 1000 \(n(c.viewHeight))\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"Track map\">"
        for t in c.tiles {  // a hair larger, so that no seam shows between neighbours
            html +=
                "<image href=\"\(esc(tileURL?(t.z, t.x, t.y) ?? "/tiles/\(t.z)/\(t.x)/\(t.y).\(tileFormat)"))\" "
                + "x=\"\(decimal(t.left, 1))\" y=\"\(decimal(t.top, 1))\" "
                + "width=\"\(decimal(t.size + 0.6, 1))\" height=\"\(decimal(t.size + 0.6, 1))\" preserveAspectRatio=\"none\"/>"
        }
        html += airspaceOutlines(c)
        if !c.tiles.isEmpty { html += c.paths.map { polyline($0.points, color: "#fff", width: 5) }.joined() }
        html += c.paths.map { polyline($0.points, color: $0.color, width: 2.5) }.joined()
        html += taskShapes(c) + analysisMarks(c) + "</svg>" + mapLayer(c) + taskMarks(c)
        for (point, kind) in c.showsEnds ? [(c.takeoff, "takeoff"), (c.landing, "landing")] : [] {
            html += "<i class=\"dot \(kind)\" style=\"left:\(percent(point.x));top:\(percent(point.y))\"></i>"
        }
        html += airspaceLabels(c) + (c.labels + c.task.labels + c.airfieldLabels).map { label($0) }.joined() + "</div>"
        let ramp = c.rampColors.joined(separator: ",")
        html +=
            "<div class=\"mapkey\"><span class=\"scale\" style=\"width:\(percent(c.scaleFraction))\"></span>"
            + "<span>\(esc(c.scaleText))</span><span class=\"north\">N ↑</span>"
        if !c.rampColors.isEmpty {
            html +=
                "<div class=\"rampkey\"><span>\(esc(c.lowText))</span>"
                + "<span class=\"ramp\" style=\"background:linear-gradient(90deg,\(ramp))\"></span>"
                + "<span>\(esc(c.highText))</span></div>"
        }
        html += "</div>"
        if !c.tiles.isEmpty, !attribution.isEmpty {
            html += "<p class=\"attribution\">Map: \(esc(attribution.replacing(/<[^>]*>/, with: "")))</p>"
        }
        return html + "</div>"
    }

    /// The scored route (black over a white edge) and the thermals (purple circles, in
    /// map units: they grow with the map) over the track.
    static func analysisMarks(_ c: MapChart) -> String {
        var html = ""
        for t in c.thermals {
            html +=
                "<circle class=\"thermal\" cx=\"\(decimal(t.center.x, 1))\" cy=\"\(decimal(t.center.y, 1))\" "
                + "r=\"\(decimal(t.radius, 1))\" fill=\"\(thermalColor)\" fill-opacity=\"0.3\" "
                + "stroke=\"\(thermalColor)\" stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\">"
                + "<title>\(esc(t.title))</title></circle>"
        }
        guard c.route.count >= 2 else { return html }
        html += "<g class=\"route\">" + polyline(c.route, color: "#fff", width: 4.5)
        html += polyline(c.route, color: routeColor, width: 2)
            .replacing("<polyline ", with: "<polyline class=\"scored\" ")
        return html + "</g>"  // the turnpoints: numbered squares of a fixed size over the SVG (``mapLayer``)
    }

    static let routeColor = "#111", thermalColor = "#7b2fbf"

    /// The pressure curve on a dark page: the light one's blue, lighter (readable on the dark panel).
    static let darkPressureColor = "#6fa8ff"

    /// The charts' part of the stylesheet. In dark mode the same marks get lighter colours: CSS overrides the SVG's
    /// presentation attributes (`stroke`, `fill`), and `!important` the legend swatches' inline colour.
    static let stylesheet = """
        .chart{margin:.5rem 0;font-size:13px;line-height:17px;color:var(--fg);--panel:#fff;--plot:#fafbfe;--frame:#9aa0a8;\
        --mapbg:#f6f8f6;--halo:rgba(255,255,255,.88)}
        .chart .lb{position:absolute;white-space:nowrap;padding:0 3px;font-size:13px;line-height:17px}
        .chart .strong{font-weight:700}
        .chart .legend{list-style:none;margin:0 0 .35rem;padding:0;display:flex;flex-wrap:wrap;gap:.2rem 1rem;\
        color:var(--fg);font-size:13px}
        .chart .legend i{display:inline-block;width:18px;height:4px;margin-right:6px;vertical-align:middle;border-radius:2px}
        .chart.baro{container-type:inline-size}
        .baro-grid{display:grid;background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:6px 10px 4px 0}
        .baro-grid .events{grid-column:2;position:relative}
        .baro-grid .yaxis{grid-column:1;position:relative}
        .baro-grid .plot{grid-column:2;width:100%;height:clamp(180px,32vw,300px);display:block;background:var(--plot);\
        border:0;border-radius:0;outline:1px solid var(--frame);touch-action:pan-y;cursor:crosshair}
        .baro-grid .plot:focus-visible{outline:3px solid var(--accent)}
        .baro-grid .tcap{grid-column:1;display:flex;flex-direction:column;align-items:flex-end;padding:2px 4px 0 0;gap:2px}
        .baro-grid .taxis{grid-column:2;position:relative;margin-top:2px}
        .chart .tick{color:var(--muted)}
        .baro-grid .wide{display:none}
        @container (min-width:\(BarogramChart.wideViewport)px){.baro-grid .wide{display:inline}.baro-grid .narrow{display:none}}
        .chart .event{font-weight:700;background:var(--panel)}
        .chart .edge-start{border-left:2px solid;padding-left:1px}
        .chart .edge-end{border-right:2px solid;padding-right:1px}
        .chart.map{max-width:640px}
        .mapbox{position:relative;width:100%;background:var(--mapbg);border:1px solid var(--line);border-radius:10px;overflow:hidden}
        .mapbox svg{position:absolute;inset:0;width:100%;height:100%;display:block}
        .mapbox .dot{position:absolute;width:12px;height:12px;margin:-6px 0 0 -6px;border:2px solid #111;border-radius:50%}
        .mapbox .dot.takeoff{background:#1a9933}
        .mapbox .dot.landing{background:#cc2626;border-radius:2px}
        .mapbox .lb{font-weight:700;background:var(--halo);border-radius:4px}
        .mapbox .takeoff{color:#0f6b22}
        .mapbox .landing{color:#a31c1c}
        .mapkey{display:flex;flex-wrap:wrap;align-items:center;gap:.3rem .6rem;margin-top:.35rem;color:var(--fg)}
        .mapkey .scale{flex:none;height:6px;border:1.5px solid var(--fg);border-top:0;min-width:20px}
        .mapkey .north{font-weight:700;margin-right:.4rem}
        .mapkey .rampkey{display:flex;align-items:center;gap:.4rem}
        .mapkey .ramp{width:90px;height:8px;border-radius:2px}
        .chart .attribution{margin:.2rem 0 0;color:var(--muted);font-size:13px}
        .chart .readout{margin:0 0 .35rem;min-height:40px;font-size:14px;line-height:20px;\
        font-variant-numeric:tabular-nums;position:sticky;top:0;z-index:2;background:var(--bg)}
        .baro-grid .cursor-line{stroke:var(--fg);stroke-width:1.5;fill:none}
        .mapbox .dot.cursor{width:16px;height:16px;margin:-8px 0 0 -8px;background:#ffd400;border:3px solid #111;\
        box-shadow:0 0 0 2px #fff;pointer-events:none}
        @media (prefers-color-scheme:dark){
        .chart{--panel:#16171a;--plot:#1d1f23;--frame:#5a5f66;--mapbg:#1b1e1c;--halo:rgba(13,13,13,.85)}
        .baro-grid path[stroke="#c9ccd1"]{stroke:#3a3d42}
        .baro-grid polyline[stroke="\(BarogramChart.pressureColor)"]{stroke:\(darkPressureColor)}
        .chart .legend i[style*="\(BarogramChart.pressureColor)"]{background:\(darkPressureColor)!important}
        .baro-grid rect[fill="\(BarogramChart.thermalColor)"]{fill:#1f4029}
        .chart .legend i[style*="\(BarogramChart.thermalColor)"]{background:#1f4029!important}
        .baro-grid rect[fill="\(BarogramChart.engineColor)"]{fill:#3b2f4d}
        .chart .legend i[style*="\(BarogramChart.engineColor)"]{background:#3b2f4d!important}
        .baro-grid rect[fill="#fde3b3"]{fill:#4d3512}
        .chart .event{filter:brightness(1.6)}
        .mapbox .takeoff{color:#7ddc9a}
        .mapbox .landing{color:#ff8f80}
        .mapbox .dot{border-color:#f5f5f5}
        .route polyline:not(.scored){stroke:#000}
        .route polyline.scored,.route rect{stroke:#f0f0f0}
        .route rect{fill:#000}}
        """
}
