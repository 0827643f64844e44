/// Which airfields a flight's map shows, and in what order (the first get their names when labels compete): the
/// take-off and landing fields, then the bigger fields (by their longest runway, a field with an ICAO code
/// counting as mid-sized), then the nearer to the map's centre. Pure: the caller finds the candidates (a region
/// around the view) and says what lies on the map.
package enum MapAirfields {
    /// Most fields one map draws: more would hide the track on a phone.
    package static let limit = 30

    package enum Role: Sendable, Hashable {
        case takeoff, landing, takeoffAndLanding, other
    }

    package struct Mark: Sendable, Hashable {
        package var airfield: Airfield
        package var role: Role
    }

    /// The fields of `candidates` for which `onMap` holds, ranked, at most `limit`. The field nearest to the
    /// take-off (landing) within `radius` is the take-off (landing) field.
    package static func select(
        _ candidates: [Airfield], takeoff: Coordinate?, landing: Coordinate?, radius: Meters, centre: Coordinate,
        limit: Int = limit, onMap: (Coordinate) -> Bool
    ) -> [Mark] {
        func nearest(_ point: Coordinate?) -> Airfield? {
            guard let point else { return nil }
            return candidates.map { ($0, Geodesy.distance(point, $0.coordinate)) }.filter { $0.1 <= radius }
                .min { $0.1 < $1.1 }?.0
        }
        let from = nearest(takeoff), to = nearest(landing)
        func role(_ field: Airfield) -> Role {
            switch (field == from, field == to) {
            case (true, true): .takeoffAndLanding
            case (true, false): .takeoff
            case (false, true): .landing
            default: .other
            }
        }
        let ranked = candidates.filter { onMap($0.coordinate) }.map { field in
            (
                mark: Mark(airfield: field, role: role(field)), size: size(field),
                distance: Geodesy.distance(centre, field.coordinate)
            )
        }.sorted { a, b in
            let aEnd = a.mark.role != .other, bEnd = b.mark.role != .other
            if aEnd != bEnd { return aEnd }
            if a.size != b.size { return a.size > b.size }
            return a.distance < b.distance
        }
        return ranked.prefix(max(0, limit)).map(\.mark)
    }

    /// A field's name for a map label: ``Airfield/shortName`` without a leading word that only says what kind of
    /// field it is (`Sonderlandeplatz Morschenich` → `Morschenich`, `UL-Flugplatz Linnich` → `Linnich`).
    package static func mapName(_ field: Airfield) -> String {
        var words = field.shortName.split(separator: " ").map(String.init)
        let kinds: Set<String> = [
            "sonderlandeplatz", "segelfluggelände", "segelfluggelande", "ul-flugplatz", "flugplatz",
            "verkehrslandeplatz", "landeplatz", "segelflugplatz", "aérodrome", "aerodrome", "airfield", "airstrip",
        ]
        while words.count > 1, kinds.contains(words[0].lowercased()) { words.removeFirst() }
        return words.joined(separator: " ")
    }

    /// 3 for a field with a runway of 1500 m or more, 2 from 800 m or with an ICAO-style code (four letters),
    /// 1 with any runway, else 0.
    static func size(_ field: Airfield) -> Int {
        let longest = field.runways.compactMap(\.length).max() ?? 0
        if longest >= 1500 { return 3 }
        let icao = field.code.map { $0.count == 4 && $0.allSatisfy { $0.isASCII && $0.isLetter } } ?? false
        if longest >= 800 || icao { return 2 }
        return field.runways.isEmpty ? 0 : 1
    }
}
