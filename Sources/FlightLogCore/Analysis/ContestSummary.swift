/// What the printed logbook shows of a flight's analysis: its free distance and engine time, read from the stored
/// analysis alone (a logbook of years of flights never analyses them while it prints).
package struct ContestSummary: Sendable, Equatable {
    /// Free distance over up to 6 legs (OLC classic, WeGlide), km on the FAI sphere; nil without a route (too few
    /// fixes in the scoring window).
    package var freeKm: Double?
    /// Summed engine runs, seconds; nil when the file has no engine sensor.
    package var engineSeconds: Double?

    package init(freeKm: Double?, engineSeconds: Double?) {
        self.freeKm = freeKm
        self.engineSeconds = engineSeconds
    }

    /// The summary of `analysis`.
    package init(_ analysis: FlightAnalysis) {
        freeKm = analysis.freeSix?.kilometers
        engineSeconds = analysis.engineSensor == nil ? nil : analysis.engineRuns.reduce(0) { $0 + $1.seconds }
    }
}
