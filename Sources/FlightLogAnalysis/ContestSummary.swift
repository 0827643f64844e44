import FlightLogCore

/// The few numbers of a flight's stored analysis that the logbook lists show (`flightlog list`, `stats`): read for
/// all flights in one query without decoding each analysis (`FlightStore.contestSummaries()`).
package struct ContestSummary: Sendable, Hashable {
    /// The free distance over up to 6 legs (OLC classic, WeGlide distance), metres; 0 when the scoring window held
    /// too few fixes for a route.
    package var freeSixMeters: Double
    /// The engine's running time, seconds; nil when the file has no engine sensor (ENL, MOP or RPM).
    package var engineSeconds: Double?
    /// Nil when the free distance is proven the longest; else no route is longer than this (metres): its search
    /// stopped at its work budget (``FlightAnalysis/freeSixUpperBound``).
    package var freeSixUpperBoundMeters: Double?
    /// False when another contest search stopped at its work budget: the 4-leg distance or the FAI triangle
    /// (``FlightAnalysis/contestProven``, with the free distance's own bound apart).
    package var othersProven: Bool

    package init(
        freeSixMeters: Double, engineSeconds: Double?, freeSixUpperBoundMeters: Double? = nil, othersProven: Bool = true
    ) {
        self.freeSixMeters = freeSixMeters
        self.engineSeconds = engineSeconds
        self.freeSixUpperBoundMeters = freeSixUpperBoundMeters
        self.othersProven = othersProven
    }

    /// Every contest route proven the longest (``FlightAnalysis/contestProven``).
    package var contestProven: Bool { freeSixUpperBoundMeters == nil && othersProven }

    /// The summary of `analysis`; nil when the flight was not analysed (over ``FlightAnalysis/longestFlight``): its
    /// distance is unknown, not 0.
    package init?(_ analysis: FlightAnalysis) {
        guard analysis.wasAnalysed else { return nil }
        freeSixMeters = analysis.freeSix?.meters ?? 0
        engineSeconds = analysis.engineSensor == nil ? nil : analysis.engineRuns.reduce(0) { $0 + $1.seconds }
        freeSixUpperBoundMeters = analysis.freeSixUpperBound
        othersProven = analysis.freeFourUpperBound == nil && analysis.faiTriangleProven
    }

    package var freeSixKm: Double { freeSixMeters / 1000 }
}

/// One logbook year's contest distances (`flightlog stats`): the sum of the free distances and the best flights.
/// Only flights with a track that the owner flew count (PIC, dual or instructor: ``OwnerRole/flies``), as for the
/// flight time; a flight with no current stored analysis is counted apart as not analysed yet.
package struct ContestSeason: Sendable {
    package struct Best: Sendable {
        package var flight: Flight
        package var km: Double
    }

    package var year: Int
    /// The free distances (6 legs) of the analysed flights added up, km.
    package var totalKm: Double
    /// Flights with a current analysis.
    package var analysed: Int
    /// Flights with a track but no current analysis yet: not in `totalKm`.
    package var notAnalysed: Int
    /// The analysed flights with the longest free distance, longest first (the earlier flight first on a tie).
    package var best: [Best]

    /// One season per year that has counted flights, ascending; `contest` by flight id.
    package static func seasons(_ entries: [LogbookEntry], contest: [Int64: ContestSummary], top: Int = 5)
        -> [ContestSeason]
    {
        let counted = entries.filter { $0.flight.hasTrack && $0.role.flies }
        return Dictionary(grouping: counted, by: { $0.flight.localDate.year }).map { year, entries in
            var season = ContestSeason(year: year, totalKm: 0, analysed: 0, notAnalysed: 0, best: [])
            for entry in entries {
                guard let summary = entry.flight.id.flatMap({ contest[$0] }) else {
                    season.notAnalysed += 1
                    continue
                }
                season.analysed += 1
                season.totalKm += summary.freeSixKm
                if summary.freeSixMeters > 0 { season.best.append(Best(flight: entry.flight, km: summary.freeSixKm)) }
            }
            season.best.sort { ($0.km, $1.flight.takeoffTime) > ($1.km, $0.flight.takeoffTime) }
            season.best = Array(season.best.prefix(top))
            return season
        }
        .sorted { $0.year < $1.year }
    }
}
