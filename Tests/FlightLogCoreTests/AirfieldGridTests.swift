import Testing

@testable import FlightLogCore

/// The grid's ring search (the merge of a big CUP file) answers exactly as measuring every field does.
@Suite struct AirfieldGridTests {
    /// Fields scattered over Europe, a few near the date line and near the north pole, and (`duplicates`) ten
    /// exact duplicates, whose tie the lowest position breaks.
    static func scattered(_ count: Int, seed: UInt64, duplicates: Bool = true) -> [Coordinate] {
        var random = SeededRandom(seed: seed)
        var points = (0..<count).map { _ in
            Coordinate(
                latitude: Double.random(in: 36...60, using: &random),
                longitude: Double.random(in: -9...30, using: &random))
        }
        for i in 0..<20 {
            points.append(Coordinate(latitude: Double(i) - 10, longitude: i % 2 == 0 ? 179.95 : -179.97))
            points.append(Coordinate(latitude: 88.5 + Double(i) * 0.07, longitude: Double(i) * 17))
        }
        if duplicates { points += points.prefix(10) }
        return points
    }

    static func bruteNearest(_ fields: [Coordinate], _ point: Coordinate) -> (index: Int, distance: Meters) {
        var best = (index: -1, distance: Meters.infinity)
        for (i, field) in fields.enumerated() {
            let d = Geodesy.distance(point, field)
            if d < best.distance { best = (i, d) }
        }
        return best
    }

    @Test func nearestAndWithinEqualMeasuringEveryField() throws {
        let fields = Self.scattered(6000, seed: 38)
        let grid = try #require(AirfieldGrid(latitudes: fields.map(\.latitude), longitudes: fields.map(\.longitude)))
        // Points among the fields, on them, across the date line and around the pole.
        var probes = Self.scattered(400, seed: 39) + fields.prefix(50)
        probes += [
            Coordinate(latitude: -9.5, longitude: -179.99), Coordinate(latitude: 89.9, longitude: 100),
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 70, longitude: 60),
        ]
        var answered = 0
        for point in probes {
            let brute = Self.bruteNearest(fields, point)
            if let found = grid.nearest(to: point) {
                answered += 1
                #expect(found.index == brute.index, "nearest to \(point)")
                #expect(found.distance == brute.distance)
            }
            for radius: Meters in [1000, 25_000] {
                let expected = fields.indices.filter { Geodesy.distance(point, fields[$0]) <= radius }
                if let within = grid.indices(within: radius, of: point) {
                    #expect(within == expected, "within \(radius) m of \(point)")
                }
            }
        }
        // The grid answers all but the points near the pole and those with no field within 10°.
        #expect(answered >= probes.count - 30)
    }

    @Test func mergedIndexMatchesTheBandSearch() {
        var random = SeededRandom(seed: 7)
        let base = Self.scattered(AirfieldGrid.leastFields + 500, seed: 40, duplicates: false).enumerated().map {
            i, point in
            Airfield(
                code: "B\(i)", name: "Base \(i)", coordinate: point, elevation: 0, zoneIdentifier: "Zone/\(i)",
                source: .dataSet)
        }
        // Pilots' fields: half beside a data-set field (within 0-2 km: some replace it), half anywhere.
        let pilots = (0..<1000).map { i -> Airfield in
            let point =
                i % 2 == 0
                ? Geodesy.destination(
                    from: base[Int.random(in: 0..<base.count, using: &random)].coordinate,
                    bearing: Double.random(in: 0..<360, using: &random),
                    distance: Double.random(in: 0...2000, using: &random))
                : Coordinate(
                    latitude: Double.random(in: 30...65, using: &random),
                    longitude: Double.random(in: -15...35, using: &random))
            return Airfield(
                code: "P\(i)", name: "Pilot \(i)", coordinate: point, elevation: 0, zoneIdentifier: nil, source: .pilot)
        }
        let merged = AirfieldIndex(dataSet: base, pilots: pilots)
        let coordinates = base.map(\.coordinate)
        for field in merged.fields where field.source == .pilot {
            #expect(field.zoneIdentifier == "Zone/\(Self.bruteNearest(coordinates, field.coordinate).index)")
        }
        let replaced = base.filter { b in
            pilots.contains { Geodesy.distance($0.coordinate, b.coordinate) <= AirfieldIndex.samePlaceDistance }
        }
        #expect(merged.fields.count == base.count - replaced.count + pilots.count)
        #expect(replaced.count > 50)
        let kept = Set(merged.fields.filter { $0.source == .dataSet }.compactMap(\.code))
        #expect(replaced.allSatisfy { !kept.contains($0.code!) })
    }
}
