import FlightLogCore

/// Where a track was inside guarded airspace: laterally inside its outline and vertically between its floor and
/// ceiling (docs/AIRSPACE.md).
///
/// Heights: a flight level is compared with the pressure altitude (ICAO ISA, 1013.25 hPa: what flight levels are);
/// a height above mean sea level with the pressure altitude corrected to the pilot's QNH when one is given, else
/// with the GNSS altitude; a height above ground is unknown without terrain data and never guessed. A fix whose
/// height cannot be compared (no barometer for a flight level, no GNSS altitude, an AGL limit) is "unknown", and a
/// stretch inside laterally whose every fix is unknown is reported as possible, not as an infringement.
package struct AirspaceInfringement: Sendable, Hashable, Codable {
    /// Index of the airspace in the list searched.
    package var airspaceIndex: Int
    package var start: UTCMillis, end: UTCMillis
    /// First and last fix inside (indices into the fixes searched).
    package var startIndex: Int, endIndex: Int
    /// The deepest a fix went inside vertically: metres above the floor or below the ceiling, whichever is nearer;
    /// nil when no fix of the stretch had a height that could be compared.
    package var verticalDepth: Meters?
    /// The deepest a fix went inside the outline: metres from its nearest edge.
    package var lateralDepth: Meters
    /// false: laterally inside, but its height against the airspace is unknown (an AGL limit, a missing altitude).
    package var isCertain: Bool { verticalDepth != nil }
    package var seconds: Double { Double(end - start) / 1000 }
}

package enum AirspaceInfringements {
    /// Fixes further apart than this start a new stretch (a gap in the record is not time spent inside).
    static let maximumGapMillis: Int64 = 5 * 60_000

    /// Every stretch of `fixes` (time order, valid fixes only are judged) inside each guarded airspace of
    /// `airspaces`, in time order. `qnh`: the pilot's QNH, pascals, for limits above mean sea level.
    package static func find(in fixes: [Fix], airspaces: [Airspace], qnh: Pascals? = nil) -> [AirspaceInfringement] {
        let track = fixes.indices.filter { fixes[$0].isValid }
        guard !track.isEmpty else { return [] }
        var found: [AirspaceInfringement] = []
        let box = Box(track.map { fixes[$0].coordinate })
        // The same airspace twice (one file imported under two names, a record repeated in a file) is one
        // airspace: reported once, under its first index.
        var seen = Set<Airspace>()
        for (index, airspace) in airspaces.enumerated() where airspace.isGuarded {
            var plain = airspace
            plain.line = 0
            plain.file = nil
            guard seen.insert(plain).inserted else { continue }
            // A country file holds ~1,000 airspaces and a flight passes a few: skip those whose outline's box
            // misses the track's, before projecting the outline or looking at a single fix.
            let pole = enclosedPole(airspace.outline)
            let own = Box(airspace.outline, around: box.longitude0, enclosing: pole)
            guard box.overlaps(own) else { continue }
            let shape = Outline(airspace.outline, enclosing: pole)
            var open: AirspaceInfringement?
            var previousTime: UTCMillis?
            for i in track {
                let fix = fixes[i]
                defer { previousTime = fix.time }
                if let o = open, let previousTime, fix.time - previousTime > maximumGapMillis {
                    found.append(o)
                    open = nil
                }
                // A fix outside the airspace's own box is outside it: rejected with four comparisons before the
                // outline's projection and its every edge are looked at (a track spends most fixes outside).
                guard own.contains(fix.coordinate), let lateral = shape.depth(of: fix.coordinate),
                    let vertical = verticalDepth(of: fix, in: airspace, qnh: qnh)
                else {
                    if let o = open { found.append(o) }
                    open = nil
                    continue
                }
                let depth: Meters? = if case .inside(let metres) = vertical { metres } else { nil }
                if var o = open {
                    o.end = fix.time
                    o.endIndex = i
                    o.lateralDepth = max(o.lateralDepth, lateral)
                    if let depth { o.verticalDepth = max(o.verticalDepth ?? depth, depth) }
                    open = o
                } else {
                    open = AirspaceInfringement(
                        airspaceIndex: index, start: fix.time, end: fix.time, startIndex: i, endIndex: i,
                        verticalDepth: depth, lateralDepth: lateral)
                }
            }
            if let o = open { found.append(o) }
        }
        return found.sorted { ($0.start, $0.airspaceIndex) < ($1.start, $1.airspaceIndex) }
    }

    enum Vertical {
        case inside(Meters)
        case unknown
    }

    /// Whether `fix` is between the floor and the ceiling: inside (by how much), unknown, or nil when outside.
    static func verticalDepth(of fix: Fix, in airspace: Airspace, qnh: Pascals?) -> Vertical? {
        let aboveFloor = height(of: fix, over: airspace.floor, qnh: qnh, isFloor: true)
        let belowCeiling = height(of: fix, over: airspace.ceiling, qnh: qnh, isFloor: false)
        if let a = aboveFloor, a < 0 { return nil }
        if let b = belowCeiling, b < 0 { return nil }
        guard let a = aboveFloor, let b = belowCeiling else { return .unknown }
        return .inside(min(a, b))
    }

    /// How far the fix is on the inner side of `limit` (above a floor, below a ceiling), metres; negative outside;
    /// nil when unknown. A floor at the ground and an unlimited ceiling are always passed (+∞); a ceiling at the
    /// ground and an unlimited floor never (−∞: such an airspace holds no height at all, not every height).
    static func height(of fix: Fix, over limit: AirspaceLimit, qnh: Pascals?, isFloor: Bool) -> Meters? {
        let altitude: Meters?
        let level: Meters
        switch limit {
        case .ground: return isFloor ? .infinity : -.infinity
        case .unlimited: return isFloor ? -.infinity : .infinity
        case .aboveGround: return nil
        case .flightLevel(let flightLevel):
            altitude = fix.pressureAltitude
            level = Double(flightLevel) * 100 * AirspaceLimit.metresPerFoot
        case .meanSeaLevel(let metres):
            if let qnh, let pressure = fix.pressureAltitude {
                altitude = ISA.altitudeAboveQNH(pressureAltitude: pressure, qnh: qnh)
            } else {
                altitude = fix.gnssAltitude
            }
            level = metres
        }
        guard let altitude else { return nil }
        return isFloor ? altitude - level : level - altitude
    }

    /// The pole an outline goes around (90 or −90), or nil: its longitudes turn a whole circle when walked round.
    static func enclosedPole(_ outline: [Coordinate]) -> Double? {
        guard let last = outline.last else { return nil }
        var turned = 0.0, previous = last.longitude
        for point in outline {
            turned += Geodesy.headingChange(from: previous, to: point.longitude)
            previous = point.longitude
        }
        guard abs(turned) > 180 else { return nil }
        return outline.map(\.latitude).reduce(0, +) >= 0 ? 90 : -90
    }

    /// The latitudes and longitudes some points span, longitudes counted from `longitude0` (−180…180 around it, so
    /// that a box across 180° is not torn), widened by 0.01° (1.1 km) for the projections' small differences.
    struct Box {
        let longitude0: Double
        let latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>

        /// `enclosing`: the points are an outline around a pole (``enclosedPole(_:)``): the box reaches that pole
        /// and spans every longitude (the outline's highest point is not the highest inside it).
        init(_ points: [Coordinate], around longitude0: Double? = nil, enclosing pole: Double? = nil) {
            let l0 = longitude0 ?? points.first?.longitude ?? 0
            let lats = points.map(\.latitude) + (pole.map { [$0] } ?? [])
            let lons = points.map { ($0.longitude - l0 + 540).truncatingRemainder(dividingBy: 360) - 180 }
            self.longitude0 = l0
            latitudes = ((lats.min() ?? 0) - 0.01)...((lats.max() ?? 0) + 0.01)
            longitudes = pole != nil ? -181...181 : ((lons.min() ?? 0) - 0.01)...((lons.max() ?? 0) + 0.01)
        }

        /// Whether `c` lies inside (its longitude counted from ``longitude0`` as the box's are).
        func contains(_ c: Coordinate) -> Bool {
            latitudes.contains(c.latitude)
                && longitudes.contains((c.longitude - longitude0 + 540).truncatingRemainder(dividingBy: 360) - 180)
        }

        func overlaps(_ other: Box) -> Bool {
            latitudes.overlaps(other.latitudes) && longitudes.overlaps(other.longitudes)
        }
    }

    /// An outline projected to metres around its centre, with its bounding box for a quick rejection.
    struct Outline {
        let projection: LocalProjection
        let points: [(e: Double, n: Double)]
        let east: ClosedRange<Double>, north: ClosedRange<Double>
        /// Latitudes the outline spans, widened a little: fixes outside them are rejected without trigonometry.
        let latitudes: ClosedRange<Double>

        init(_ outline: [Coordinate], enclosing pole: Double? = nil) {
            let projection = LocalProjection(around: outline)
            let points = outline.map { projection.project($0) }
            self.projection = projection
            self.points = points
            east = (points.map(\.e).min() ?? 0)...(points.map(\.e).max() ?? 0)
            north = (points.map(\.n).min() ?? 0)...(points.map(\.n).max() ?? 0)
            let lats = outline.map(\.latitude) + (pole.map { [$0] } ?? [])
            latitudes = ((lats.min() ?? 0) - 0.01)...((lats.max() ?? 0) + 0.01)
        }

        /// Distance from `c` to the nearest edge when it is inside, nil when outside.
        func depth(of c: Coordinate) -> Meters? {
            guard latitudes.contains(c.latitude) else { return nil }
            let p = projection.project(c)
            guard east.contains(p.e), north.contains(p.n) else { return nil }
            var inside = false
            var nearest = Double.infinity
            var j = points.count - 1
            for i in points.indices {
                let a = points[j], b = points[i]
                if (a.n > p.n) != (b.n > p.n), p.e < (b.e - a.e) * (p.n - a.n) / (b.n - a.n) + a.e { inside.toggle() }
                nearest = min(nearest, Self.distance(p, a, b))
                j = i
            }
            return inside ? nearest : nil
        }

        /// Distance from `p` to the segment `a`–`b`, metres.
        static func distance(_ p: (e: Double, n: Double), _ a: (e: Double, n: Double), _ b: (e: Double, n: Double))
            -> Double
        {
            let de = b.e - a.e, dn = b.n - a.n
            let length = de * de + dn * dn
            let t = length > 0 ? max(0, min(1, ((p.e - a.e) * de + (p.n - a.n) * dn) / length)) : 0
            let x = a.e + t * de - p.e, y = a.n + t * dn - p.n
            return (x * x + y * y).squareRoot()
        }
    }
}
