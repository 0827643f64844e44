#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every known airfield, sorted by latitude, for the nearest field to a position.
///
/// A field within distance `r` of a point lies within `r / R` radians of latitude of it (great circle ≥ the
/// meridian arc), so the search scans the latitude band of a radius and widens it (×4) until the best field
/// found is inside that radius: exact for any position, poles and the date line included (longitude is not
/// used to widen). Within the band a field is measured only when its longitude is inside the radius's box
/// (``longitudeReach(_:at:)``), so that 200,000 fields from a pilot's CUP file cost a comparison each, not a
/// great-circle distance. About 45,000 fields: a lookup measures a few dozen in Europe.
package struct AirfieldIndex: Sendable {
    /// The default radius within which a takeoff or landing is "at" a field.
    package static let defaultRadius: Meters = 3000
    /// A pilot's field replaces data-set fields within this distance (or with its code): the same field's
    /// reference point differs between sources by a few hundred metres.
    package static let samePlaceDistance: Meters = 1000

    /// The fields, ascending by latitude.
    package let fields: [Airfield]
    /// The fields' coordinates, in the same order: the scans read these, never copying a field.
    private let latitudes: [Degrees]
    private let longitudes: [Degrees]

    package init(_ fields: [Airfield]) {
        self.fields = fields.filter { $0.coordinate.latitude.isFinite && $0.coordinate.longitude.isFinite }
            .sorted { $0.coordinate.latitude < $1.coordinate.latitude }
        latitudes = self.fields.map(\.coordinate.latitude)
        longitudes = self.fields.map(\.coordinate.longitude)
    }

    /// The data set with the pilots' fields added; a pilot's field wins over data-set fields at the same place
    /// (within ``samePlaceDistance`` or with the same code). A pilot's field without a zone takes the zone of the
    /// data set's nearest field (the field it replaces, or its neighbour).
    ///
    /// With `region` (`dataSet` holds only its fields), only the pilots' fields that can change an answer at the
    /// region's points are merged: those within its radius and ``samePlaceDistance`` more (they may replace a
    /// field inside it); a code still replaces a data-set field wherever the pilot's field is. Merging the others
    /// (a CUP file of 200,000 fields) cost an import seconds and answered nothing.
    package init(dataSet: [Airfield], pilots: [Airfield], region: AirfieldDataSet.Region? = nil) {
        let wider = region.map { AirfieldDataSet.Region(points: $0.points, radius: $0.radius + Self.samePlaceDistance) }
        let base = AirfieldIndex(dataSet)
        // One search per pilot's field (200,000 in a big CUP file): in the whole data set by the grid's rings, not
        // a latitude band each; a region's few hundred fields (an import's) are scanned by band as quickly.
        let grid =
            pilots.isEmpty || base.fields.count < AirfieldGrid.leastFields
            ? nil : AirfieldGrid(latitudes: base.latitudes, longitudes: base.longitudes)
        var replacedCodes = Set<String>()
        var replaced = Set<Int>()
        var added: [Airfield] = []
        for var field in Self.withoutRepeats(pilots) {
            if let code = field.code { replacedCodes.insert(code.uppercased()) }
            let point = field.coordinate
            if let wider, !wider.contains(point) { continue }
            let near =
                grid?.indices(within: Self.samePlaceDistance, of: point)
                ?? base.indices(within: Self.samePlaceDistance, of: point)
            for i in near { replaced.insert(i) }
            if field.zoneIdentifier == nil {
                let nearest =
                    grid?.nearest(to: point).map { base.fields[$0.index] } ?? base.nearest(to: point)?.airfield
                field.zoneIdentifier = nearest?.zoneIdentifier
            }
            added.append(field)
        }
        var kept: [Airfield] = []
        kept.reserveCapacity(base.fields.count + added.count)
        for (i, field) in base.fields.enumerated()
        where !replaced.contains(i) && !(field.code.map { replacedCodes.contains($0.uppercased()) } ?? false) {
            kept.append(field)
        }
        self.init(kept + added)
    }

    /// `pilots` with each field kept once: a later entry with the same code (or, without one, the same name) within
    /// ``samePlaceDistance`` replaces an earlier one, in the order the files are read (a later file, the user's
    /// after the system's). The same field in two CUP files (a club's and a country's, last year's and this year's)
    /// was two fields of one code: `--takeoff-place EDXY` then named both and asked for the code it was given.
    /// A key's first 16 places are compared (a hostile file of 200,000 fields of one name costs 16 each, not 200,000).
    static func withoutRepeats(_ pilots: [Airfield]) -> [Airfield] {
        var seen: [String: [Coordinate]] = [:]
        var kept: [Airfield] = []
        for field in pilots.reversed() {
            let key = field.code.map { "code " + $0.uppercased() } ?? "name " + nameKey(field.name)
            let places = seen[key, default: []]
            if places.contains(where: { Geodesy.distance($0, field.coordinate) <= samePlaceDistance }) { continue }
            if places.count < 16 { seen[key] = places + [field.coordinate] }
            kept.append(field)
        }
        return kept.reversed()
    }

    /// The nearest field and its distance (m), nil only when the index is empty.
    package func nearest(to point: Coordinate) -> (airfield: Airfield, distance: Meters)? {
        guard !fields.isEmpty, point.latitude.isFinite, point.longitude.isFinite else { return nil }
        var radius: Meters = 5000
        while true {
            if let best = best(within: radius, of: point) { return best }
            if radius > Geodesy.earthRadius * .pi { return nil }
            radius *= 4
        }
    }

    /// The nearest field within `radius` metres, nil when there is none.
    package func nearest(to point: Coordinate, within radius: Meters) -> (airfield: Airfield, distance: Meters)? {
        best(within: radius, of: point)
    }

    /// Every field within `radius` metres, nearest first.
    package func fields(within radius: Meters, of point: Coordinate) -> [(airfield: Airfield, distance: Meters)] {
        indices(within: radius, of: point).map { (fields[$0], Geodesy.distance(point, fields[$0].coordinate)) }
            .sorted { $0.1 < $1.1 }.map { (airfield: $0.0, distance: $0.1) }
    }

    /// The place of a takeoff or landing at `point`: the nearest field within `radius`, else an outlanding
    /// described from the nearest field anywhere.
    package func place(at point: Coordinate, radius: Meters = defaultRadius) -> Place {
        guard let (field, distance) = nearest(to: point) else {
            return Place(airfield: nil, isOutlanding: true, distance: 0, bearing: 0)
        }
        return Place(
            airfield: field, isOutlanding: distance > radius, distance: distance,
            bearing: Geodesy.bearing(field.coordinate, point))
    }

    /// The IANA zone of `point` as the fields tell it: the zone of the nearest field that has one (a pilot's
    /// CUP site has none of its own), searched out to `limit` metres; nil beyond.
    package func zoneIdentifier(near point: Coordinate, limit: Meters = 200_000) -> String? {
        // The widening search finds the nearest field in a few kilometres' band, not the whole limit's.
        if let (field, distance) = nearest(to: point), distance <= limit, let zone = field.zoneIdentifier {
            return zone
        }
        return fields(within: limit, of: point).first { $0.airfield.zoneIdentifier != nil }?.airfield.zoneIdentifier
    }

    private func best(within radius: Meters, of point: Coordinate) -> (airfield: Airfield, distance: Meters)? {
        var bestIndex: Int?
        var bestDistance = Meters.infinity
        for i in indices(within: radius, of: point) {
            let d = distance(point, i)
            if d < bestDistance { (bestIndex, bestDistance) = (i, d) }
        }
        return bestIndex.map { (fields[$0], bestDistance) }
    }

    private func distance(_ point: Coordinate, _ i: Int) -> Meters {
        Geodesy.distance(point, Coordinate(latitude: latitudes[i], longitude: longitudes[i]))
    }

    /// How far in longitude (degrees) a point within `radius` of a point at `latitude` can lie: the bounding box
    /// of a spherical cap, asin(sin δ / cos φ) for the angular radius δ; nil (no bound) when the cap reaches a
    /// pole or half the globe. Slightly widened, so that rounding never leaves out a field on the circle.
    static func longitudeReach(_ radius: Meters, at latitude: Degrees) -> Degrees? {
        let angle = radius / Geodesy.earthRadius
        let cosLatitude = cos(latitude * .pi / 180)
        guard angle < .pi / 2, sin(angle) < cosLatitude * 0.999_999 else { return nil }
        return asin(sin(angle) / cosLatitude) * 180 / .pi * 1.000_001 + 1e-9
    }

    /// Positions in `fields` of the fields within `radius` of `point`.
    private func indices(within radius: Meters, of point: Coordinate) -> [Int] {
        guard radius >= 0, point.latitude.isFinite, point.longitude.isFinite else { return [] }
        let band = radius / Geodesy.earthRadius * 180 / .pi
        let reach = Self.longitudeReach(radius, at: point.latitude)
        var i = firstIndex(atOrAbove: point.latitude - band)
        var found: [Int] = []
        while i < latitudes.count, latitudes[i] <= point.latitude + band {
            defer { i += 1 }
            if let reach {
                let apart = abs(longitudes[i] - point.longitude)
                if min(apart, 360 - apart) > reach { continue }  // the short way round, across the date line too
            }
            if distance(point, i) <= radius { found.append(i) }
        }
        return found
    }

    /// Binary search: the first position whose latitude is ≥ `latitude`.
    private func firstIndex(atOrAbove latitude: Degrees) -> Int {
        var low = 0, high = fields.count
        while low < high {
            let mid = (low + high) / 2
            if latitudes[mid] < latitude { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
