import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogStore

/// The store's side of `flightlog analyse --prove`: which flights hold a current analysis whose free distance is not
/// proven, and a proof step's result written only over the analysis it began from.
@Suite struct ContestProofStoreTests {
    private func logbook() throws -> (TempDirectory, FlightStore, Int64, FlightAnalysis) {
        let dir = try TempDirectory()
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let id = try store.importFlights(
            track: track(start: day0, count: 900), fileName: "a.igc", sha256: "a",
            flights: [flight(takeoff: day0 + 60_000, minutes: 12)])[0]
        return (dir, store, id, try store.analysis(forFlight: id, glider: OwnGlider()))
    }

    @Test func onlyCurrentAnalysesNotProvenAreListed() throws {
        let (dir, store, id, proven) = try logbook()
        defer { dir.cleanup() }
        #expect(try store.flightsWithUnprovenContest().isEmpty)
        var open = proven
        open.freeFourUpperBound = (proven.freeFour?.meters ?? 0) + 1000
        try store.store(open, forFlight: id)
        #expect(try store.flightsWithUnprovenContest() == [id])
        // An analysis of another version is computed again before anything reads it: not listed.
        open.version -= 1
        try store.store(open, forFlight: id)
        #expect(try store.flightsWithUnprovenContest().isEmpty)
    }

    @Test func aStepIsStoredOnlyOverTheAnalysisItBeganFrom() throws {
        let (dir, store, id, proven) = try logbook()
        defer { dir.cleanup() }
        var begun = proven
        begun.freeSixUpperBound = (proven.freeSix?.meters ?? 0) + 1000
        try store.store(begun, forFlight: id)
        var other = begun
        other.dmstPoints += 1  // another process stored another analysis meanwhile
        try store.store(other, forFlight: id)
        #expect(try !store.store(proven, forFlight: id, ifStill: begun))
        #expect(try store.storedAnalysis(forFlight: id) == other)
        #expect(try store.store(proven, forFlight: id, ifStill: other))
        #expect(try store.storedAnalysis(forFlight: id) == proven)
    }

    @Test func aProvenFlightNeedsNoStep() throws {
        let (dir, store, id, proven) = try logbook()
        defer { dir.cleanup() }
        guard case .done(let analysis) = try store.proofStep(forFlight: id, glider: OwnGlider()) else {
            Issue.record("a proven flight was stepped")
            return
        }
        #expect(analysis == proven)
    }
}
