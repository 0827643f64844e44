import FlightLogCore

/// The one rule for which flights are analysed and with what inputs, for every place that computes an analysis
/// (the store's get-or-compute, the club logbook's pages): a flight with a track, known takeoff and landing
/// times and at most ``longestFlight`` between them is analysed over its fixes; any other gets none.
extension FlightAnalysis {
    /// Longer than this from takeoff to landing is a recorder's broken clock, not a flight to score: no glider
    /// flight lasts a day, and the exact route search on such a track's fixes (years apart, packed in a few km)
    /// prunes badly (minutes for 20,000 fixes).
    package static let longestFlight: UTCMillis = 24 * 3_600_000

    /// Whether `flight` can be analysed: it has a track, both its takeoff and landing times could be read, and it
    /// lasted at most ``longestFlight``.
    package static func isAnalysable(_ flight: Flight) -> Bool {
        flight.hasTrack && flight.unknown.isDisjoint(with: [.takeoffTime, .landingTime])
            && flight.landingTime - flight.takeoffTime <= longestFlight
    }

    /// False for the analysis of a flight over ``longestFlight`` from takeoff to landing: its fixes were not looked
    /// at, so it has no route, and its distance is unknown rather than 0.
    package var wasAnalysed: Bool { inputs.landing - inputs.takeoff <= Self.longestFlight }

    /// The inputs of `flight`'s analysis over `fixCount` fixes, with the handicap
    /// ``index(_:source:gliderType:registration:competitionClass:)`` gives it.
    package static func inputs(of flight: Flight, fixCount: Int, glider: OwnGlider) -> Inputs {
        let d = flight.details
        let (index, source) = Self.index(
            glider, source: flight.source, gliderType: d.gliderType, registration: d.registration,
            competitionClass: flight.competitionClass)
        return Inputs(
            takeoff: flight.takeoffTime, landing: flight.landingTime, release: flight.releaseTime,
            fixCount: fixCount, index: index, indexSource: source)
    }

    /// The handicap a flight is scored at and where it is from, for its analysis and the club sync's figures
    /// alike: `glider`'s `[glider] index` where the flight is this device's glider's (``configuredIndex(_:for:)``),
    /// else its glider type's entry in ``GliderIndex`` (its span settled by the file's competition class where
    /// the type names none), else unknown (nil; the source may still say why: a type that fits two entries).
    package static func index(
        _ glider: OwnGlider, source: FlightSource, gliderType: String?, registration: String?,
        competitionClass: String?
    ) -> (index: Double?, source: String?) {
        if let index = configuredIndex(glider, source: source, gliderType: gliderType, registration: registration) {
            return (index, "[glider] index")
        }
        guard let gliderType else { return (nil, nil) }
        return GliderIndex.figure(gliderType: gliderType, competitionClass: competitionClass)
    }

    /// The config's `[glider] index` where it applies to `flight`: only to this device's glider's flights
    /// (``OwnGlider/flew(_:)``), so a stranger's imported ASG 29 is scored at its own type's figure, not at the
    /// owner's ASK 21's, and an imported file of the owner's own glider (its other recorder) at the owner's.
    package static func configuredIndex(_ glider: OwnGlider, for flight: Flight) -> Double? {
        let d = flight.details
        return configuredIndex(glider, source: flight.source, gliderType: d.gliderType, registration: d.registration)
    }

    /// ``configuredIndex(_:for:)`` for a flight known by its stored columns.
    package static func configuredIndex(
        _ glider: OwnGlider, source: FlightSource, gliderType: String?, registration: String?
    ) -> Double? {
        glider.flew(source: source, gliderType: gliderType, registration: registration) ? glider.index : nil
    }

    /// The analysis of `flight` over `track` (nil for a track the flight does not have: see ``isAnalysable(_:)``).
    /// `budget`: the work each free distance search may do; `triangleNodes`: the FAI triangle search's.
    package static func compute(
        flight: Flight, track: Track?, glider: OwnGlider, budget: Int = FreeDistance.defaultBudget,
        triangleNodes: Int = ClosedTriangle.defaultNodeLimit
    ) -> FlightAnalysis {
        let fixes = isAnalysable(flight) ? track?.fixes ?? [] : []
        return compute(
            fixes: fixes, extensions: isAnalysable(flight) ? track?.recorder.extensions ?? [] : [],
            inputs: inputs(of: flight, fixCount: fixes.count, glider: glider), budget: budget,
            triangleNodes: triangleNodes)
    }
}
