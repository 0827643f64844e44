#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Positions of fields in cells of ``cell`` degrees, for many nearest-field searches over one set of fields (the
/// merge of a pilot's CUP file: one search per field, 200,000 of them).
///
/// Cells of a quarter degree hold a field or two in Europe's data set. A search visits rings of cells around the
/// point's cell, nearest first, and stops once no field of the next ring can be nearer than the best found. A field
/// in ring k (k ≥ 2) differs from the point by more than (k − 1) cells in latitude or in longitude, so it is at
/// least asin(cos φ · sin((k − 1) · cell)) of arc away (the distance from a point at latitude φ to the meridian that
/// far round): exact anywhere. Near a pole that bound grows too slowly; after ``maxRing`` rings the search gives up
/// (nil), and the caller asks the index.
struct AirfieldGrid {
    static let cell: Degrees = 0.25
    /// The widest search (10°): beyond it, or near a pole, the index's own band search answers.
    static let maxRing = 40
    /// Fewer fields are searched by band as quickly (most rings would be empty).
    static let leastFields = 4096
    private static let columns = Int(360 / cell)
    private static let rows = Int(180 / cell) + 1

    private let latitudes: [Degrees]
    private let longitudes: [Degrees]
    /// The positions (into `latitudes`) of cell c are `positions[start[c]..<start[c + 1]]`, ascending.
    private let start: [Int32]
    private let positions: [Int32]

    /// Nil when a field is off the globe's coordinates (the index's band search still answers for it).
    init?(latitudes: [Degrees], longitudes: [Degrees]) {
        guard zip(latitudes, longitudes).allSatisfy(Self.fits), latitudes.count < Int32.max else { return nil }
        self.latitudes = latitudes
        self.longitudes = longitudes
        let cells = latitudes.indices.map { Self.key(Self.cell(latitudes[$0], longitudes[$0])) }
        var start = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
        for c in cells { start[c + 1] += 1 }
        for c in 0..<Self.rows * Self.columns { start[c + 1] += start[c] }
        var next = start
        var positions = [Int32](repeating: 0, count: cells.count)
        for (i, c) in cells.enumerated() {
            positions[Int(next[c])] = Int32(i)
            next[c] += 1
        }
        self.start = start
        self.positions = positions
    }

    private static func fits(_ latitude: Degrees, _ longitude: Degrees) -> Bool {
        abs(latitude) <= 90 && abs(longitude) <= 360
    }

    private static func cell(_ latitude: Degrees, _ longitude: Degrees) -> (row: Int, column: Int) {
        (Int((latitude / cell).rounded(.down)) + rows / 2, column(Int((longitude / cell).rounded(.down))))
    }

    private static func column(_ c: Int) -> Int { ((c % columns) + columns) % columns }
    private static func key(_ cell: (row: Int, column: Int)) -> Int { cell.row * columns + cell.column }

    /// Calls `visit` with the position of every field of ring `k` around (row, column).
    private func ring(_ k: Int, _ row: Int, _ column: Int, _ visit: (Int) -> Void) {
        func at(_ r: Int, _ c: Int) {
            guard r >= 0, r < Self.rows else { return }
            let key = Self.key((r, Self.column(c)))
            for p in start[key]..<start[key + 1] { visit(Int(positions[Int(p)])) }
        }
        if k == 0 { return at(row, column) }
        for c in column - k...column + k {
            at(row - k, c)
            at(row + k, c)
        }
        for r in row - k + 1..<row + k {
            at(r, column - k)
            at(r, column + k)
        }
    }

    /// The least distance (m) of a field of ring `k` from a point at `latitude`.
    private static func ringDistance(_ k: Int, latitude: Degrees) -> Meters {
        guard k >= 2 else { return 0 }
        let apart = Double(k - 1) * cell * .pi / 180
        // A hair under, so that rounding never stops a search before a field on the bound.
        return Geodesy.earthRadius * asin(min(1, cos(latitude * .pi / 180) * sin(apart))) * (1 - 1e-9)
    }

    private func distance(_ point: Coordinate, _ i: Int) -> Meters {
        Geodesy.distance(point, Coordinate(latitude: latitudes[i], longitude: longitudes[i]))
    }

    /// The nearest field's position and distance, the lowest position among equally near ones (as the index's
    /// scan); nil when the rings up to ``maxRing`` cannot tell (near a pole, or no field within about 10°).
    func nearest(to point: Coordinate) -> (index: Int, distance: Meters)? {
        guard Self.fits(point.latitude, point.longitude) else { return nil }
        let (row, column) = Self.cell(point.latitude, point.longitude)
        var best = -1, bestDistance = Meters.infinity
        for k in 0...Self.maxRing {
            if Self.ringDistance(k, latitude: point.latitude) > bestDistance { return (best, bestDistance) }
            ring(k, row, column) { i in
                let d = distance(point, i)
                if d < bestDistance || (d == bestDistance && i < best) { (best, bestDistance) = (i, d) }
            }
        }
        return nil
    }

    /// The positions of the fields within `radius` of `point`, ascending; nil when the rings up to ``maxRing``
    /// cannot tell.
    func indices(within radius: Meters, of point: Coordinate) -> [Int]? {
        guard Self.fits(point.latitude, point.longitude), radius >= 0 else { return nil }
        let (row, column) = Self.cell(point.latitude, point.longitude)
        var found: [Int] = []
        for k in 0...Self.maxRing {
            if Self.ringDistance(k, latitude: point.latitude) > radius { return found.sorted() }
            ring(k, row, column) { i in
                if distance(point, i) <= radius { found.append(i) }
            }
        }
        return nil
    }
}
