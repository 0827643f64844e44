/// A runway of the shipped data set (`ident:length_m:width_m:surface`, e.g. `07/25:1200:30:G`): enough to draw it
/// as a short line through its field's reference point. The data set has no threshold positions, so a runway's
/// direction comes from its designator: `07/25` is 70° (magnetic: a few degrees off true in Europe, invisible at a
/// map's scale), `N/S` and `NE/SW` are compass points; a designator without a direction (`H1`, `ALL`) has none.
package struct Runway: Sendable, Hashable {
    package var ident: String
    /// Length in metres; nil when the data set does not give it.
    package var length: Meters?
    /// `P` paved, `G` grass, `U` other unpaved, `W` water; nil when unknown.
    package var surface: Character?

    package init(ident: String, length: Meters?, surface: Character?) {
        self.ident = ident
        self.length = length
        self.surface = surface
    }

    /// The direction of the runway (0 ..< 180°, north = 0, clockwise), from its first designator.
    package var heading: Degrees? {
        let first = ident.split(separator: "/").first.map { String($0).uppercased() } ?? ""
        let compass: [String: Degrees] = ["N": 0, "S": 0, "NE": 45, "SW": 45, "E": 90, "W": 90, "SE": 135, "NW": 135]
        if let degrees = compass[first] { return degrees }
        let digits = first.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(digits.count), first.dropFirst(digits.count).allSatisfy({ "LRC".contains($0) }),
            let number = Int(digits), (1...36).contains(number)
        else { return nil }
        return Degrees(number * 10 % 180)
    }

    /// The runways of a data set line's last column (`,`-separated; empty or damaged entries are skipped: the
    /// column only adds to a map).
    package static func list(_ column: String) -> [Runway] {
        column.split(separator: ",").compactMap { entry in
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 4, !parts[0].isEmpty else { return nil }
            let length = Double(parts[1]).flatMap { $0 > 0 && $0 < 10_000 ? $0 : nil }
            return Runway(ident: String(parts[0]), length: length, surface: parts[3].first)
        }
    }
}
