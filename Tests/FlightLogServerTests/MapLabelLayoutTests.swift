import FlightLogCore
import FlightLogWeb
import Testing

/// The phone map's labels laid out together (MapLabelLayout): on a crowded map no label, turnpoint number or
/// airspace name covers another or a mark, at any width from the narrowest phone to the widest page; what does
/// not fit gives way by importance; airspace names only where their whole box lies inside the outline.
@Suite("Map label layout")
struct MapLabelLayoutTests {
    /// Two boxes that swap sides between the narrowest and the widest map cross in between: not apart.
    @Test func boxesThatSwapSidesAreNotApart() {
        let cell = ChartCell(widths: 300...640, heights: 200...400)
        // A 16 px square 59 px left of a point at 43 %, and a 10 px one centred at 32 %: the square lies left of
        // the other at 300 px and right of it at 640 px.
        let square = ChartLabel(text: "F", fx: 0.43, fy: 0.5, dx: -59, dy: -8, width: 16, height: 16)
        let symbol = ChartLabel(
            text: "", fx: 0.32, fy: 0.5, alignX: .center, alignY: .center, width: 10, height: 10)
        #expect(!cell.apart(square, symbol, gap: 1))
        let far = ChartLabel(text: "far", fx: 0.9, fy: 0.5, width: 10, height: 10)
        #expect(cell.apart(square, far, gap: 1))
    }

    /// The crowded corner of a real flight: take-off and landing on one field, the release beside them, S and F
    /// there too, three turnpoints a few pixels apart, airfields with long names and an airspace around it all.
    @Test func aCrowdedMapHasNoLabelOverAnotherOrAMark() throws {
        let (flight, fixes) = ChartLayoutTests.flight(minutes: 95, top: 1800)
        var map = try #require(MapChart(flight: flight, fixes: fixes, faults: []))
        map.takeoff = (0.10, 0.60)
        map.landing = (0.11, 0.61)
        map.release = MapChart.ReleaseMark(at: (0.115, 0.585), text: "Release 10:14")
        map.route = [(0.105, 0.6), (0.5, 0.3), (0.505, 0.302), (0.51, 0.298), (0.8, 0.7), (0.112, 0.608)].map {
            ($0.0 * MapChart.viewWidth, $0.1 * map.viewHeight)
        }
        map.airfields = [
            (0.1, 0.6, MapAirfields.Role.takeoffAndLanding, "Leverkusen"), (0.2, 0.62, .other, "Langenfeld-Wiescheid"),
            (0.49, 0.31, .other, "Bergisch Gladbach"), (0.3, 0.5, .other, "Wipperfürth-Neye"),
        ].map { MapChart.AirfieldSymbol(at: ($0.0, $0.1), role: $0.2, name: $0.3, title: $0.3, runwayHeadings: []) }
        map.layOutLabels()

        let marks =
            [map.takeoff, map.landing].map { box($0, MapChart.dotSize) } + [box(map.release!.at, 17)]
            + map.airfields.map { box($0.at, 10) }
        let corners = map.turnpoints.map { (name: $0.name, box: box($0.at, 8)) }
        let labels = map.labels + map.turnpointLabels + map.airfieldLabels + map.airspace.labels
        #expect(map.labels.contains { $0.text == "Release 10:14" }, "the release is named first")
        #expect(map.turnpointLabels.count == map.turnpoints.count, "\(map.turnpointLabels.map(\.text))")
        #expect(!map.leaders.isEmpty, "numbers moved off their crowded corners keep a line to them")
        for w in stride(from: MapChart.widths.lowerBound, through: MapChart.widths.upperBound, by: 5) {
            let h = w * map.aspect
            for (i, a) in labels.enumerated() {
                let p = a.box(width: w, height: h)
                #expect(p.x0 >= 0 && p.y0 >= 0 && p.x1 <= w && p.y1 <= h, "'\(a.text)' leaves the map at \(w)")
                for b in labels[(i + 1)...] {
                    #expect(!overlap(p, b.box(width: w, height: h)), "'\(a.text)' and '\(b.text)' at \(w) px")
                }
                for mark in marks {
                    #expect(!overlap(p, mark.box(width: w, height: h)), "'\(a.text)' covers a mark at \(w) px")
                }
                for corner in corners where !(a.style == "tp" && a.text == corner.name) {
                    #expect(!overlap(p, corner.box.box(width: w, height: h)), "'\(a.text)' covers \(corner.name)")
                }
            }
        }
    }

    /// An L-shaped airspace whose middle lies outside it: its name goes where the whole box is inside; a sliver
    /// too thin for the name gets none.
    @Test func airspaceNamesLieInsideTheirOutlines() {
        let l: [MapChart.Point] = [(100, 100), (900, 100), (900, 250), (250, 250), (250, 700), (100, 700)]
        let size = ChartText.labelSize("CTR Leverkusen")
        let spots = MapChart.nameSpots(size: size, inside: l, view: (100, 100, 900, 700))
        #expect(!spots.isEmpty)
        let units = MapChart.viewWidth / MapChart.widths.lowerBound
        for p in spots {
            let halfW = size.width / 2 * units, halfH = size.height / 2 * units
            let inArm = (p.y - halfH >= 100 && p.y + halfH <= 250 && p.x - halfW >= 100 && p.x + halfW <= 900)
            let inLeg = (p.x - halfW >= 100 && p.x + halfW <= 250 && p.y - halfH >= 100 && p.y + halfH <= 700)
            #expect(inArm || inLeg, "\(p) is not inside the L")
        }
        let sliver: [MapChart.Point] = [(100, 100), (900, 100), (900, 120), (100, 120)]
        #expect(MapChart.nameSpots(size: size, inside: sliver, view: (100, 100, 900, 120)).isEmpty)
    }

    func box(_ at: MapChart.Point, _ size: Double) -> ChartLabel {
        ChartLabel(text: "", fx: at.x, fy: at.y, alignX: .center, alignY: .center, width: size, height: size)
    }

    func overlap(_ a: LabelBox, _ b: LabelBox) -> Bool {
        min(a.x1, b.x1) > max(a.x0, b.x0) && min(a.y1, b.y1) > max(a.y0, b.y0)
    }
}

extension MapLabelLayoutTests {
    /// The task on the map keeps the layout's rule: its names and rings, beside the take-off, landing and release
    /// marks on one crowded field, cover no label and no mark at any width from 300 to 640 px (the maps of a
    /// 320 px phone, a 390 px one and a 1280 px page).
    @Test func aTaskOnACrowdedFieldCoversNoLabelOrMark() throws {
        let (flight, fixes) = ChartLayoutTests.flight(minutes: 95, top: 1800)
        let start = try #require(fixes.first).coordinate
        let far = Geodesy.destination(from: start, bearing: 60, distance: 3000)
        let task = FlightTask(
            source: .declaration, name: "Crowded",
            points: FlightTask.withDeclarationZones([
                TaskPoint(name: "Home field with a long name", coordinate: start, zone: .faiTurnpoint),
                TaskPoint(
                    name: "Near", coordinate: Geodesy.destination(from: start, bearing: 90, distance: 300),
                    zone: .faiTurnpoint),
                TaskPoint(name: "Far", coordinate: far, zone: .faiTurnpoint),
                TaskPoint(name: "Home field with a long name", coordinate: start, zone: .faiTurnpoint),
            ]))
        var map = try #require(
            MapChart(flight: flight, fixes: fixes, faults: [], including: task.points.map(\.coordinate)))
        map.release = MapChart.ReleaseMark(at: (map.takeoff.x + 0.01, map.takeoff.y - 0.01), text: "Release 10:14")
        map.addTask(task)
        #expect(map.task.points.count == 3, "one ring for the start and the finish at one place")
        #expect(map.task.zones.count == 4 && map.task.legs.count == 3)
        #expect(!map.task.labels.isEmpty)
        let labels = map.labels + map.turnpointLabels + map.task.labels + map.airfieldLabels
        let marks =
            [map.takeoff, map.landing].map { box($0, MapChart.dotSize) } + [box(map.release!.at, 17)]
            + map.task.points.map { box($0.at, 10) }
        for w in stride(from: MapChart.widths.lowerBound, through: MapChart.widths.upperBound, by: 10) {
            let h = w * map.aspect
            for (i, a) in labels.enumerated() {
                let p = a.box(width: w, height: h)
                #expect(p.x0 >= 0 && p.y0 >= 0 && p.x1 <= w && p.y1 <= h, "'\(a.text)' leaves the map at \(w)")
                for b in labels[(i + 1)...] {
                    #expect(!overlap(p, b.box(width: w, height: h)), "'\(a.text)' and '\(b.text)' at \(w) px")
                }
                for mark in marks {
                    #expect(!overlap(p, mark.box(width: w, height: h)), "'\(a.text)' covers a mark at \(w) px")
                }
            }
        }
    }
}
