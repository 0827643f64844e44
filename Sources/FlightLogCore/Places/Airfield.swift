/// A place to take off and land: a field of the shipped data set or one from a pilot's SeeYou CUP file.
package struct Airfield: Sendable, Hashable {
    /// Where the entry came from; a pilot's entry wins over the data set at the same place.
    package enum Source: Sendable, Hashable {
        case dataSet
        case pilot
    }

    /// ICAO (or other) code, e.g. `EDKL`; nil for a gliding site without one.
    package var code: String?
    package var name: String
    package var coordinate: Coordinate
    /// Field elevation above mean sea level, when known.
    package var elevation: Meters?
    /// IANA zone, e.g. `Europe/Berlin`; nil when unknown (a CUP entry before it is merged with the data set).
    package var zoneIdentifier: String?
    package var source: Source
    /// The runways, when the data set's are read (``AirfieldDataSet/parse(_:region:runways:)``); else none.
    package var runways: [Runway] = []

    package init(
        code: String?, name: String, coordinate: Coordinate, elevation: Meters?, zoneIdentifier: String?,
        source: Source
    ) {
        self.code = code
        self.name = name
        self.coordinate = coordinate
        self.elevation = elevation
        self.zoneIdentifier = zoneIdentifier
        self.source = source
    }

    /// `Leverkusen Airport (EDKL)`, or the name alone without a code.
    package var label: String { code.map { "\(name) (\($0))" } ?? name }

    /// The name a pilot says: generic trailing words dropped and only the part before a `/`
    /// (`Wershofen/Eifel Airport` → `Wershofen`, `Jelenia Góra Glider Airport` → `Jelenia Góra`).
    package var shortName: String { Self.shortName(of: name) }

    /// ``shortName`` of any field name.
    package static func shortName(of name: String) -> String {
        var words = name.split(separator: " ").map(String.init)
        let generic: Set<String> = [
            "airport", "airfield", "aerodrome", "airstrip", "airpark", "glider", "gliding", "site",
        ]
        while words.count > 1, let last = words.last, generic.contains(last.lowercased()) { words.removeLast() }
        let joined = words.joined(separator: " ")
        let head = joined.split(separator: "/", maxSplits: 1).first.map(String.init) ?? joined
        return head.isEmpty ? name : head
    }
}

/// One of the eight compass points of a bearing (N = 337.5° ..< 22.5°).
package enum CompassPoint: String, Sendable, CaseIterable {
    case n = "N", ne = "NE", e = "E", se = "SE", s = "S", sw = "SW", w = "W", nw = "NW"

    package init(bearing: Degrees) {
        let sector = Int((Geodesy.normalizedDegrees(bearing) + 22.5) / 45) % 8
        self = CompassPoint.allCases[sector]
    }
}

/// Where a flight took off or landed: at a known field, or an outlanding described from the nearest field.
package struct Place: Sendable, Hashable {
    /// The field at the place (within the radius), or for an outlanding the nearest known field (nil when the
    /// index is empty).
    package var airfield: Airfield?
    package var isOutlanding: Bool
    /// Distance (m) and true bearing (°) from the field to the place.
    package var distance: Meters
    package var bearing: Degrees

    package init(airfield: Airfield?, isOutlanding: Bool, distance: Meters, bearing: Degrees) {
        self.airfield = airfield
        self.isOutlanding = isOutlanding
        self.distance = distance
        self.bearing = bearing
    }

    /// The IANA zone of the place: the field's zone; for an outlanding the nearest field's zone, which can be
    /// the neighbour country's near a border (no boundary data set here). Nil when no field has one.
    package var zoneIdentifier: String? { airfield?.zoneIdentifier }

    /// `Leverkusen Airport (EDKL)`, or `outlanding, 12 km NE of Wershofen (EDRV)` (``FlightPlace/description``).
    package var description: String { FlightPlace(self, zoneIdentifier: zoneIdentifier).description }
}

/// A takeoff or landing place as the logbook keeps it (recorded facts, not editable): the field (code, name)
/// within the radius, or for an outlanding the nearest field, the distance and bearing from it, and the IANA
/// zone of the place.
package struct FlightPlace: Sendable, Hashable {
    package var code: String?
    /// The field's name; nil when no field was known at all.
    package var name: String?
    /// Distance (m) and true bearing (°) from the field to the place.
    package var distance: Meters
    package var bearing: Degrees
    package var isOutlanding: Bool
    package var zoneIdentifier: String?

    package init(
        code: String?, name: String?, distance: Meters, bearing: Degrees, isOutlanding: Bool, zoneIdentifier: String?
    ) {
        self.code = code
        self.name = name
        self.distance = distance
        self.bearing = bearing
        self.isOutlanding = isOutlanding
        self.zoneIdentifier = zoneIdentifier
    }

    /// The place as found in an index, with the zone the caller settled on.
    package init(_ place: Place, zoneIdentifier: String?) {
        self.init(
            code: place.airfield?.code, name: place.airfield?.name, distance: place.distance, bearing: place.bearing,
            isOutlanding: place.isOutlanding, zoneIdentifier: zoneIdentifier)
    }

    /// `Leverkusen Airport (EDKL)`, or `outlanding, 12 km NE of Wershofen (EDRV)`: the distance rounded to whole
    /// km (to 0.1 km below 10 km), the 8-point direction from the nearest field.
    package var description: String {
        guard let name else { return "outlanding" }
        guard isOutlanding else { return code.map { "\(name) (\($0))" } ?? name }
        let short = Airfield.shortName(of: name)
        let field = code.map { "\(short) (\($0))" } ?? short
        return "outlanding, \(offsetText) of \(field)"
    }

    /// The place after the pilot typed `text` for it: the outlanding follows the place. Text naming the field
    /// (its code, its name, or its name and code) makes it a landing at that field, as the pilot knows better
    /// than the radius; text saying "outlanding" makes it one; any other text (or none) leaves it as recorded.
    package func named(_ text: String?) -> FlightPlace {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return self }
        var place = self
        let key = searchKey(text)
        if key.contains("outlanding") || key.contains("aussenlandung") {
            place.isOutlanding = true
        } else if let name {
            let fieldNames = [code, name, Airfield.shortName(of: name), code.map { "\(name) (\($0))" }]
            if fieldNames.contains(where: { $0.map(searchKey) == key }) { place.isOutlanding = false }
        }
        return place
    }

    /// For narrow columns: `EDKL` (or the short name without a code), `12 km NE EDRV` away from a field.
    package var compactText: String {
        guard let name else { return "outlanding" }
        let field = code ?? Airfield.shortName(of: name)
        return isOutlanding ? "\(offsetText) \(field)" : field
    }

    /// `12 km NE`, `4.2 km SW`: whole km from 10 km on.
    private var offsetText: String {
        let km = distance / 1000
        let distanceText = km < 9.95 ? "\(decimal(km, 1)) km" : "\(decimal(km, 0)) km"
        return "\(distanceText) \(CompassPoint(bearing: bearing).rawValue)"
    }
}
