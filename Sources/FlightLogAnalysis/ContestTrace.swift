import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fixes a contest route may use, as unit vectors on the FAI sphere with the altitude the 1000 m rule reads.
///
/// Contest turnpoints are real fixes of the file (docs/CONTEST-AND-THERMALS.md, "Contest distance"): only valid (`A`) fixes
/// inside the scoring window, in time order. Distances are great-circle arcs in radians (`arc`); routes are
/// measured in metres on the FAI sphere (`faiRadius`), as the contests measure them.
package struct ContestTrace: Sendable {
    /// The FAI sphere's radius: contest distances are great circles on it (docs/CONTEST-AND-THERMALS.md).
    package static let faiRadius: Meters = 6_371_000

    package let x: [Double], y: [Double], z: [Double]
    /// Pressure altitude when the window has any (else GNSS altitude), metres; NaN where the fix lacks it, so
    /// that such a fix can be a turnpoint but never the start or finish the 1000 m rule compares.
    package let altitude: [Double]
    /// For each point, its index in the fixes the trace was built from.
    package let fixIndex: [Int]
    package var count: Int { x.count }

    /// The valid fixes of `fixes[window]` whose time is later than the previous one's.
    package init(fixes: [Fix], window: Range<Int>? = nil) {
        let window = window.map { $0.clamped(to: fixes.indices) } ?? fixes.indices
        let usesPressure = fixes[window].contains { $0.pressureAltitudeDm != nil }
        var latitudes = [Double](), longitudes = [Double](), altitudes = [Double](), indices = [Int]()
        var lastTime = UTCMillis.min
        for i in window where fixes[i].isValid && fixes[i].time > lastTime {
            let fix = fixes[i]
            lastTime = fix.time
            latitudes.append(fix.latitude)
            longitudes.append(fix.longitude)
            altitudes.append((usesPressure ? fix.pressureAltitude : fix.gnssAltitude) ?? .nan)
            indices.append(i)
        }
        self.init(latitudes: latitudes, longitudes: longitudes, altitudes: altitudes, fixIndex: indices)
    }

    package init(latitudes: [Double], longitudes: [Double], altitudes: [Double], fixIndex: [Int]? = nil) {
        precondition(latitudes.count == longitudes.count && latitudes.count == altitudes.count)
        var x = [Double](), y = [Double](), z = [Double]()
        x.reserveCapacity(latitudes.count)
        y.reserveCapacity(latitudes.count)
        z.reserveCapacity(latitudes.count)
        for (latitude, longitude) in zip(latitudes, longitudes) {
            let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
            x.append(cos(phi) * cos(lambda))
            y.append(cos(phi) * sin(lambda))
            z.append(sin(phi))
        }
        self.x = x
        self.y = y
        self.z = z
        self.altitude = altitudes
        self.fixIndex = fixIndex ?? Array(latitudes.indices)
    }

    /// Great-circle angle between points `i` and `j`, radians.
    @inline(__always)
    package func arc(_ i: Int, _ j: Int) -> Double {
        let dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j]
        return 2 * asin(min(1, (dx * dx + dy * dy + dz * dz).squareRoot() / 2))
    }

    /// Length in metres of the route through the points `indices`, on the FAI sphere.
    package func length(_ indices: [Int]) -> Meters {
        arcLength(indices) * Self.faiRadius
    }

    /// Length in radians of the route through the points `indices`: its legs' arcs, summed in order.
    package func arcLength(_ indices: [Int]) -> Double {
        zip(indices, indices.dropFirst()).reduce(0) { $0 + arc($1.0, $1.1) }
    }

    /// Whether a route from point `start` to point `finish` keeps the 1000 m rule: the finish at most `maxDrop`
    /// below the start, fix against fix.
    package func keepsHeight(start: Int, finish: Int, maxDrop: Meters) -> Bool {
        altitude[finish] >= altitude[start] - maxDrop
    }
}

/// A contest route: start, turnpoints and finish as points of a `ContestTrace`, and its length.
package struct ContestRoute: Sendable, Equatable {
    /// Indices into the trace (`ContestTrace.fixIndex` maps them to fixes).
    package var points: [Int]
    /// Metres on the FAI sphere.
    package var distance: Meters
    /// False when the search stopped at its work budget: the route is valid, but a longer one may exist.
    package var isProven: Bool
    /// No route is longer than this (metres): `distance` when proven, else the largest bound of the work left.
    package var upperBound: Meters

    package init(points: [Int], distance: Meters, isProven: Bool = true, upperBound: Meters? = nil) {
        self.points = points
        self.distance = distance
        self.isProven = isProven
        self.upperBound = max(distance, upperBound ?? distance)
    }
}
