import FlightLogAnalysis
import FlightLogCore
import Foundation

/// The phone page's track map, laid out for the screen: the track coloured by altitude in an SVG that keeps its
/// proportions (north up, one scale), take-off and landing as fixed-size dots with labels placed so that they
/// stay inside the map and clear of each other and of every mark at every width (``MapLabelLayout``), and below
/// it a scale bar and the colour legend. Pure geometry; ``ChartHTML`` writes it out. Map units: 1000 across, ``viewHeight`` down.
package struct MapChart: Sendable {
    package typealias Point = (x: Double, y: Double)

    /// The map's widths on screen (narrowest phone to its widest, `.chart.map{max-width}`).
    package static let widths: ClosedRange<Double> = 300...640
    package static let viewWidth = 1000.0
    /// Colour bins of the track.
    package static let bins = 24
    package static let maxPoints = 2000
    /// The take-off and landing dots' size, CSS px.
    package static let dotSize = 12.0

    package struct Path: Sendable {
        package var color: String
        package var points: [Point]
    }

    /// A background map tile (slippy-map address) and its square in map units.
    package struct Tile: Sendable, Hashable {
        package var z, x, y: Int
        package var left, top, size: Double
    }

    /// Most background tiles drawn (the zoom is chosen for about 4 across; a file's zoom range may force more).
    package static let maxTiles = 64

    /// Height of the map in map units (its width is ``viewWidth``): the track's proportions, 0.55 to 1.
    package var viewHeight = 750.0
    package var paths: [Path] = []
    /// Take-off and landing as fractions of the map's width and height.
    package var takeoff: Point = (0, 0)
    package var landing: Point = (0, 0)
    /// The release's label and the take-off and landing names (``layOutLabels()``), and their cell (the map at
    /// every width).
    package var labels: [ChartLabel] = []
    /// The turnpoints' numbered squares where they fit: on their corner of the route, else beside it.
    package var turnpointLabels: [ChartLabel] = []
    /// Lines from marks to the labels placed away from them.
    package var leaders: [Leader] = []
    package var cell: ChartCell {
        ChartCell(widths: Self.widths, heights: Self.widths.lowerBound * aspect...Self.widths.upperBound * aspect)
    }
    package var aspect: Double { viewHeight / Self.viewWidth }
    /// The scale bar: its length as a fraction of the map's width, and its words (`2 km`).
    package var scaleFraction = 0.25
    package var scaleText = ""
    /// Altitude colour legend: the ends and the colours of the bins.
    package var lowText = "", highText = ""
    package var rampColors: [String] = []
    /// Background tiles covering the map (only with `tileZooms`), west to east, north to south.
    package var tiles: [Tile] = []
    /// Whether the take-off and landing dots are drawn (a flight's map; not the task page's).
    package var showsEnds = true
    /// The task drawn over the track (MapChart+Task.swift).
    package var task = MapTaskLayer()

    /// A thermal's mark: its centre and radius in map units (``ThermalMark``), and words for its `<title>`.
    package struct ThermalCircle: Sendable {
        package var center: Point
        package var radius: Double
        package var title: String
    }

    /// The scored route (free distance over 6 legs) in map units, start first; empty without an analysis.
    package var route: [Point] = []
    /// The thermals, weakest first (so that a strong one's mark lies on top).
    package var thermals: [ThermalCircle] = []
    /// Where any place falls on this map (the projection the track was drawn with): for the layers drawn over
    /// or under the track (airfields, airspace).
    package var placement = MapPlacement(
        local: LocalProjection(around: []), webMercator: false, mid: (0, 0), scale: 1, viewHeight: 750)
    /// The imported airspace under the track (``addAirspace(_:)``).
    package var airspace = MapAirspaceLayer()
    /// The shipped layer (MapChart+Airfields.swift): airfields in view, the names that fit, the release point.
    package var airfields: [AirfieldSymbol] = []
    package var airfieldLabels: [ChartLabel] = []
    package var release: ReleaseMark?
    /// Thermal marks' radii in CSS px on the narrowest map (``widths``); they grow with the map.
    package static let thermalRadii = (minimum: 4.0, maximum: 12.0)

    /// The map of `fixes` (only known positions, broken at faults); `nil` without any. With `tileZooms` (the zoom
    /// levels of a tile file) the map is drawn in Web Mercator and lists the ``tiles`` under it.
    /// With `analysis`, the scored ``route`` and the ``thermals`` are projected onto the same map. `including`
    /// (a task's points) widens the view to hold those places too.
    package init?(
        flight: Flight, fixes: [Fix], faults: [RecordingFault], tileZooms: ClosedRange<Int>? = nil,
        analysis: FlightAnalysis? = nil, including: [Coordinate] = []
    ) {
        let runs = RecordingFaults.positionedRuns(fixes, faults: faults)
        let points = runs.flatMap { fixes[$0] }
        guard !points.isEmpty else { return nil }
        let marks = flight.mapEnds(points.map(\.coordinate))
        let screen = frame(
            around: points.map(\.coordinate), also: [marks.takeoff, marks.landing] + including, tileZooms: tileZooms)
        let unit = placement.point

        // One simplified line per stretch, coloured by altitude in bins.
        var offset = 0
        var stretches: [[Int]] = []
        let parts = runs.map { run -> [TrackSimplification.Point] in
            defer { offset += run.count }
            return screen[offset..<(offset + run.count)].map { TrackSimplification.Point(x: $0.x, y: $0.y) }
        }
        offset = 0
        for (run, kept) in zip(runs, TrackSimplification.lines(parts, maxPoints: Self.maxPoints, tolerance: 0.3)) {
            stretches.append(kept.map { $0 + offset })
            offset += run.count
        }
        let values = points.map { (flight.hasBarometer ? $0.pressureAltitude : nil) ?? $0.gnssAltitude ?? 0 }
        let (lo, hi) = ChartRamp.altitudeRange(values, maximum: flight.maxAltitude)
        for kept in stretches {
            for path in ChartRamp.binnedPaths(kept: kept, values: values, lo: lo, hi: hi, bins: Self.bins) {
                paths.append(Path(color: Self.binColor(path.bin), points: path.indices.map { screen[$0] }))
            }
        }
        lowText = "\(decimal(lo, 0)) m"
        highText = "\(decimal(hi, 0)) m"
        rampColors = (0..<Self.bins).map(Self.binColor)

        if let analysis {
            route = (analysis.freeSix?.turnpoints ?? []).map {
                unit(Coordinate(latitude: $0.latitude, longitude: $0.longitude))
            }
            let units = Self.viewWidth / Self.widths.lowerBound  // map units per CSS px on the narrowest map
            thermals = analysis.phases.thermals.sorted { $0.climbRate < $1.climbRate }.compactMap { th in
                guard
                    let r = ThermalMark.radius(
                        climbRate: th.climbRate, minimumRadius: Self.thermalRadii.minimum,
                        maximumRadius: Self.thermalRadii.maximum)
                else { return nil }
                let start = CivilDateTime(utc: th.start, offsetSeconds: flight.utcOffsetSeconds).hourMinute
                return ThermalCircle(
                    center: unit(th.center), radius: r * units,
                    title: "Thermal \(start): \(ThermalMark.label(climbRate: th.climbRate)), "
                        + "\(Int(th.gain.rounded())) m")
            }
        }
        let t = unit(marks.takeoff), l = unit(marks.landing)
        takeoff = (t.x / Self.viewWidth, t.y / viewHeight)
        landing = (l.x / Self.viewWidth, l.y / viewHeight)
        release = Self.releaseMark(flight: flight, fixes: points, analysis: analysis, placement: placement)
        layOutLabels()
    }

    /// A map of the places of a task alone (the task page): no track, no take-off or landing; `nil` without any.
    package init?(places: [Coordinate], tileZooms: ClosedRange<Int>? = nil) {
        guard !places.isEmpty else { return nil }
        _ = frame(around: places, also: [], tileZooms: tileZooms)
        showsEnds = false
    }

    /// Frames the map around `coordinates` and `also` (the projection is centred on `coordinates`): its size, scale
    /// and ``placement``, the scale bar and the ``tiles``. Returns `coordinates` in map units.
    private mutating func frame(around coordinates: [Coordinate], also: [Coordinate], tileZooms: ClosedRange<Int>?)
        -> [Point]
    {
        let local = LocalProjection(around: coordinates)
        // Tiles stop at ±85°: a map beyond is drawn without them.
        let tileZooms = (coordinates + also).allSatisfy { abs($0.latitude) < 85 } ? tileZooms : nil
        // Projected metres per true metre: 1 for the local projection, 1 / cos φ for Web Mercator.
        let stretch = tileZooms == nil ? 1 : WebMercator.stretch(atLatitude: local.latitude0)
        func project(_ c: Coordinate) -> (e: Double, n: Double) {
            tileZooms == nil ? local.project(c) : WebMercator.project(local.unwrapped(c))
        }
        let projected = coordinates.map(project)
        let extra = also.map(project)
        let es = projected.map(\.e) + extra.map(\.e), ns = projected.map(\.n) + extra.map(\.n)
        let minE = es.min()!, maxE = es.max()!, minN = ns.min()!, maxN = ns.max()!
        let spanE = max(maxE - minE, 500 * stretch), spanN = max(maxN - minN, 500 * stretch)
        viewHeight = (Self.viewWidth * min(1, max(0.55, spanN / spanE))).rounded()
        let inset = 0.07 * Self.viewWidth
        let scale = min((Self.viewWidth - 2 * inset) / spanE, (viewHeight - 2 * inset) / spanN)  // units per metre
        let midE = (minE + maxE) / 2, midN = (minN + maxN) / 2
        let viewHeight = viewHeight
        placement = MapPlacement(
            local: local, webMercator: tileZooms != nil, mid: (midE, midN), scale: scale, viewHeight: viewHeight)
        let metres = Scale.niceBelow(Self.viewWidth / 3 / (scale * stretch))
        scaleFraction = metres * scale * stretch / Self.viewWidth
        scaleText =
            metres >= 1000
            ? "\(decimal(metres / 1000, metres < 2000 && metres != 1000 ? 1 : 0)) km" : "\(Int(metres)) m"
        if let tileZooms {
            tiles = Self.tiles(zooms: tileZooms, scale: scale, centre: (midE, midN), viewHeight: viewHeight)
        }
        return projected.map { p in
            (Self.viewWidth / 2 + (p.e - midE) * scale, viewHeight / 2 - (p.n - midN) * scale)
        }
    }

    /// The tiles covering a map of ``viewWidth`` × `viewHeight` units around `centre` (projected metres) at
    /// `scale` units per projected metre: the zoom that puts about 4 tiles across (within `zooms`); none when
    /// that would take more than ``maxTiles``.
    static func tiles(zooms: ClosedRange<Int>, scale: Double, centre: (e: Double, n: Double), viewHeight: Double)
        -> [Tile]
    {
        let across = viewWidth / scale
        let wanted = Int(log2(4 * 2 * WebMercator.halfWorld / across).rounded(.down))
        let z = min(max(wanted, zooms.lowerBound), zooms.upperBound)
        let span = WebMercator.tileSpan(zoom: z)
        let northWest = WebMercator.tile(
            containing: (centre.e - across / 2, centre.n + viewHeight / 2 / scale), zoom: z)
        let southEast = WebMercator.tile(
            containing: (centre.e + across / 2, centre.n - viewHeight / 2 / scale), zoom: z)
        // Columns are counted on past 180° (the track's longitudes are unwrapped around its centre); each is the
        // tile of its column modulo the world's width.
        let columns = 1 << z
        func column(_ e: Double) -> Int { Int(((e + WebMercator.halfWorld) / span).rounded(.down)) }
        let westColumn = column(centre.e - across / 2), eastColumn = column(centre.e + across / 2)
        let count = (eastColumn - westColumn + 1) * (southEast.y - northWest.y + 1)
        guard eastColumn - westColumn < columns, count <= maxTiles else { return [] }
        return (northWest.y...southEast.y).flatMap { y in
            (westColumn...eastColumn).map { column in
                let x = (column % columns + columns) % columns
                let west = -WebMercator.halfWorld + Double(column) * span
                let north = WebMercator.halfWorld - Double(y) * span
                return Tile(
                    z: z, x: x, y: y, left: viewWidth / 2 + (west - centre.e) * scale,
                    top: viewHeight / 2 - (north - centre.n) * scale, size: span * scale)
            }
        }
    }

    static func binColor(_ bin: Int) -> String { ChartRamp.hex((Double(bin) + 0.5) / Double(bins)) }
}
