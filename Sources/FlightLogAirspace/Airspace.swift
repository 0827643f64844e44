import FlightLogCore

/// One airspace: a horizontal outline between a floor and a ceiling (docs/AIRSPACE.md).
package struct Airspace: Sendable, Hashable, Codable {
    package var name: String
    /// The `AC` class as written, upper-cased: "D", "CTR", "R", "Q" (danger), "P", "GP" (no gliders), "E" …
    package var airspaceClass: String
    /// The `AY` type of the extended format ("CTR", "TMZ", "GLIDING_SECTOR" …), when the file gives one.
    package var type: String?
    package var floor: AirspaceLimit
    package var ceiling: AirspaceLimit
    /// The outline, closed implicitly (the last point joins the first); arcs and circles as points ≤ 1° apart
    /// seen from their centre (a 10 km radius strays under a metre from the true arc).
    package var outline: [Coordinate]
    /// Line of its `AC` record in the file it came from (1-based), for messages.
    package var line: Int
    /// The name of the imported file it came from (``AirspaceCoverage`` judges which part of a flight each file
    /// covers); nil when read from bytes with no name.
    package var file: String?

    package init(
        name: String, airspaceClass: String, type: String? = nil, floor: AirspaceLimit, ceiling: AirspaceLimit,
        outline: [Coordinate], line: Int = 0, file: String? = nil
    ) {
        self.name = name
        self.airspaceClass = airspaceClass
        self.type = type
        self.floor = floor
        self.ceiling = ceiling
        self.outline = outline
        self.line = line
        self.file = file
    }

    /// Classes and types a glider may not enter (or not without a clearance, a transponder or a radio call):
    /// every other class (E, F, G, wave windows, gliding sectors, FIR, unclassified) is drawn but never reported
    /// as an infringement.
    package static let guardedKinds: Set<String> = [
        "A", "B", "C", "D", "CTR", "R", "Q", "P", "GP", "TMZ", "RMZ", "TRA", "TSA", "ATZ", "MATZ", "CTA", "TMA",
        "RESTRICTED", "DANGER", "PROHIBITED",
    ]

    /// Whether being inside it is an infringement worth reporting (``guardedKinds``, by class or type).
    package var isGuarded: Bool {
        Self.guardedKinds.contains(airspaceClass) || type.map { Self.guardedKinds.contains($0) } == true
    }

    /// "CTR Hahn (D)": the name with the class, and the type when it says more.
    package var label: String {
        let kind = [type, airspaceClass].compactMap { $0 }.filter { !name.uppercased().hasPrefix($0) }
        return kind.isEmpty ? name : "\(name) (\(Array(Set(kind)).sorted().joined(separator: ", ")))"
    }
}

/// A floor or a ceiling.
package enum AirspaceLimit: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The ground (`GND`, `SFC`, `0 AGL`).
    case ground
    /// Above mean sea level, metres (`3500ft`, `1000m MSL`, `MSL` = 0).
    case meanSeaLevel(Meters)
    /// Above the ground, metres (`1000ft AGL`): unknown without terrain data, never guessed.
    case aboveGround(Meters)
    /// A flight level: pressure altitude in hundreds of feet (`FL95`).
    case flightLevel(Int)
    /// No ceiling (`UNL`, `UNLIM`).
    case unlimited

    package static let metresPerFoot = 0.3048

    package var description: String {
        switch self {
        case .ground: "GND"
        case .meanSeaLevel(let m): "\(Self.feet(m)) ft MSL"
        case .aboveGround(let m): "\(Self.feet(m)) ft AGL"
        case .flightLevel(let level): "FL \(level)"
        case .unlimited: "UNL"
        }
    }

    private static func feet(_ metres: Meters) -> Int { Int((metres / metresPerFoot).rounded()) }
}
