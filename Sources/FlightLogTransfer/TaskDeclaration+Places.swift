import FlightLogCore
import FlightLogText

/// `--points`' places: a name that finds several takes the one near the task's other points, and a leg no glider
/// could fly is said (docs/TASKS.md, "Declaring a task").
extension TaskDeclaration {
    /// The longest leg a declaration takes without a warning: the FAI free distance record is 3,009 km (Klaus
    /// Ohlmann, 2003), a whole day's flight with up to three turnpoints; no glider has flown one leg that long.
    /// A longer leg is almost surely a name found on another continent (`Nowhere` in Texas for a field in Germany).
    package static let plausibleLegMeters: Meters = 3_000_000

    /// The field each of `names` finds (``AirfieldIndex/match(named:)``), and what to say about them.
    /// A name that finds several fields takes the one nearest to the fields the other names find alone, when every
    /// other candidate is at least twice as far from them; a warning names the one taken.
    /// - Throws: ``TransferRefusal`` naming a name that finds nothing, or several with none clearly nearest.
    static func fields(named names: [String], in index: AirfieldIndex) throws(TransferRefusal) -> (
        fields: [Airfield], warnings: [String]
    ) {
        let matches = names.map { index.match(named: $0) }
        let alone = matches.compactMap { if case .field(let field) = $0 { field.coordinate } else { nil } }
        var fields: [Airfield] = []
        var warnings: [String] = []
        for (name, match) in zip(names, matches) {
            switch match {
            case .field(let field): fields.append(field)
            case .none:
                throw TransferRefusal(
                    terminalSafe("--points: no airfield or waypoint is called '\(name)'")
                        + ": give its code or its name as `flightlog airfields list` shows it")
            case .ambiguous(let candidates):
                let near = candidates.map { field in
                    (field, alone.map { Geodesy.distance($0, field.coordinate) }.min() ?? .infinity)
                }.sorted { $0.1 < $1.1 }
                guard near[0].1.isFinite, near.dropFirst().allSatisfy({ $0.1 >= 2 * near[0].1 }) else {
                    let shown = candidates.prefix(8).map { place($0) }
                    let more = candidates.count > shown.count ? ", … and \(candidates.count - shown.count) more" : ""
                    throw TransferRefusal(
                        terminalSafe(
                            "--points: '\(name)' matches \(candidates.count) places: \(shown.joined(separator: "; "))"
                                + "\(more). Which one? give its code or more of its name"))
                }
                fields.append(near[0].0)
                warnings.append(
                    "'\(name)' matches \(candidates.count) places: took \(place(near[0].0)), "
                        + "\(decimal(near[0].1 / 1000, 0)) km from the task's other points "
                        + "(the next is \(decimal(near[1].1 / 1000, 0)) km away); give its code for another")
            }
        }
        return (fields, warnings)
    }

    /// A warning for each leg of `legs` (the task's, on the FAI sphere) longer than ``plausibleLegMeters``, naming
    /// both ends among `fields` and where each was found.
    static func longLegWarnings(_ fields: [Airfield], legs: [Meters]) -> [String] {
        zip(zip(fields, fields.dropFirst()), legs).enumerated().compactMap { (k, pair) in
            let (leg, length) = pair
            guard length > plausibleLegMeters else { return nil }
            return "leg \(k + 1) is \(decimal(length / 1000, 0)) km, from \(place(leg.0)) to \(place(leg.1)): longer "
                + "than any glider flight (the free distance record is about 3,000 km). Is each the place you "
                + "meant? give its code or more of its name"
        }
    }

    /// `Nowhere Airport (XS61) at 33.1234N 98.1234W, America/Chicago`: the field and where it is.
    private static func place(_ field: Airfield) -> String {
        "\(field.label) at \(field.coordinate.shortText)" + (field.zoneIdentifier.map { ", \($0)" } ?? "")
    }
}
