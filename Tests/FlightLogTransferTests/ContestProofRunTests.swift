import FlightLogAnalysis
import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `flightlog analyse --prove` as a library call, on a real SQLite file: a flight whose stored free distance is not
/// proven (its search stopped at a tiny budget) is proven, in steps each stored as it ends.
@Suite("contest proof run", .serialized, .timeLimit(.minutes(2)))
struct ContestProofRunTests {
    /// A logbook holding one straight glide (100 minutes losing 2,900 m, a fix every 40 s) whose stored analysis
    /// had a work budget of 1: not proven.
    static func logbook(in dir: URL) throws -> (store: FlightStore, id: Int64, stored: FlightAnalysis) {
        let fixes = SyntheticTracks.straightGlide(hours: 100.0 / 60, loss: 2900).enumerated()
            .filter { $0.offset % 40 == 0 }.map(\.element)
        let recorder = RecorderInfo(manufacturer: "XFL", serial: "GLD", pressureSensor: "BMP280")
        let flight = Flight(
            takeoffTime: fixes[0].time, landingTime: fixes[fixes.count - 1].time,
            takeoffCoordinate: fixes[0].coordinate, landingCoordinate: fixes[fixes.count - 1].coordinate,
            details: FlightDetails(pilot: "Glide, Gerda"), maxAltitude: 3000, hasBarometer: true,
            timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 7200)
        let store = try FlightStore(path: dir.appendingPathComponent("flightlog.sqlite").path, mode: .readWrite)
        let id = try store.importFlights(
            track: Track(recorder: recorder, fixes: fixes), fileName: "glide.igc", sha256: "glide", flights: [flight]
        )[0]
        let stored = FlightAnalysis.compute(
            flight: try store.flight(id: id), track: try store.track(forFlight: id), glider: OwnGlider(), budget: 1)
        try #require(!stored.freeDistanceProven)
        try store.store(stored, forFlight: id)
        return (store, id, stored)
    }

    @Test func anUnprovenFlightIsProvenWithinItsBound() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, id, before) = try Self.logbook(in: dir)
        #expect(try store.flightsWithUnprovenContest() == [id])
        #expect(try store.contestSummaries()[id]?.freeSixUpperBoundMeters == before.freeSixUpperBound)
        var said: [String] = []
        let open = try ContestProofRun.run(
            store: store, ids: [], glider: OwnGlider(), seconds: { 0 }, say: { said.append($0) })
        let after = try #require(try store.storedAnalysis(forFlight: id))
        #expect(open == 0 && after.freeDistanceProven)
        let meters = try #require(after.freeSix?.meters)
        let bound = try #require(before.freeSixUpperBound)
        #expect(meters >= before.freeSix!.meters && meters <= bound, "\(meters) m, before \(before.freeSix!.meters)")
        #expect((after.freeFour?.meters ?? 0) >= (before.freeFour?.meters ?? 0))
        // The optimum, as the search with the whole default budget finds it at once.
        let exact = FlightAnalysis.compute(
            flight: try store.flight(id: id), track: try store.track(forFlight: id), glider: OwnGlider())
        // The same length (a plateau of ties: maybe another route, summed in another order).
        #expect(abs(meters - exact.freeSix!.meters) < 1e-6)
        #expect(abs(after.freeFour!.meters - exact.freeFour!.meters) < 1e-6)
        #expect(said == ["flight \(id): free distance \(decimal(meters / 1000, 1)) km, proven (0 s)"])
        #expect(try store.flightsWithUnprovenContest().isEmpty)
        #expect(try store.contestSummaries()[id]?.freeSixUpperBoundMeters == nil)
        said = []
        try ContestProofRun.run(store: store, ids: [], glider: OwnGlider(), say: { said.append($0) })
        #expect(said == ["Nothing to prove: every analysed flight's free distance is proven."])
        try ContestProofRun.run(store: store, ids: [id], glider: OwnGlider(), say: { said.append($0) })
        #expect(said.last == "flight \(id): free distance \(decimal(meters / 1000, 1)) km, proven (already)")
    }

    /// Stopped at a work limit (as the master switch stops it), the steps done are kept: the next run goes on
    /// from the last one, not from the start.
    @Test func aRunStoppedAtTheLimitKeepsItsStepsAndTheNextGoesOn() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, id, before) = try Self.logbook(in: dir)
        var said: [String] = []
        let open = try ContestProofRun.run(
            store: store, ids: [id], glider: OwnGlider(), limit: 16, say: { said.append($0) })
        let kept = try #require(try store.storedAnalysis(forFlight: id))
        #expect(open == 1 && !kept.freeDistanceProven && kept.freeDistanceBudget == 16)
        #expect(kept.freeSix!.meters >= before.freeSix!.meters)
        #expect(kept.freeSixUpperBound! <= before.freeSixUpperBound!)
        #expect(said.count == 1 && said[0].hasPrefix("flight \(id): free distance "), "\(said)")
        #expect(said[0].contains(", not proven yet: at most ") && said[0].hasSuffix("; stopped at the work limit"))
        try ContestProofRun.run(store: store, ids: [], glider: OwnGlider(), say: { _ in })
        let proven = try #require(try store.storedAnalysis(forFlight: id))
        #expect(proven.freeDistanceProven && proven.freeDistanceBudget! > 16)
    }

    /// A flight whose free distance is proven but whose FAI triangle search stopped at its node limit is one to
    /// prove (issue 38: it was not, and `contestProven` said true); the run proves the triangle.
    @Test func anOpenTriangleIsProvenToo() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixes = SyntheticTracks.fixes(.circling, hours: 0.5, every: 2)
        let flight = Flight(
            takeoffTime: fixes[0].time, landingTime: fixes[fixes.count - 1].time,
            takeoffCoordinate: fixes[0].coordinate, landingCoordinate: fixes[fixes.count - 1].coordinate,
            details: FlightDetails(pilot: "Kreis, Karl"), maxAltitude: 1500, hasBarometer: true,
            timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 7200)
        let store = try FlightStore(path: dir.appendingPathComponent("flightlog.sqlite").path, mode: .readWrite)
        let id = try store.importFlights(
            track: Track(recorder: RecorderInfo(manufacturer: "XFL", serial: "CIR"), fixes: fixes),
            fileName: "circles.igc", sha256: "circles", flights: [flight])[0]
        let stored = FlightAnalysis.compute(
            flight: try store.flight(id: id), track: try store.track(forFlight: id), glider: OwnGlider(),
            triangleNodes: 1000)
        try #require(stored.freeDistanceProven && !stored.faiTriangleProven)
        try store.store(stored, forFlight: id)
        #expect(try store.flightsWithUnprovenContest() == [id])
        #expect(try store.contestSummaries()[id]?.contestProven == false)
        var said: [String] = []
        let open = try ContestProofRun.run(
            store: store, ids: [], glider: OwnGlider(), seconds: { 0 }, say: { said.append($0) })
        let after = try #require(try store.storedAnalysis(forFlight: id))
        #expect(open == 0 && after.faiTriangleProven && after.contestProven, "\(said)")
        #expect(said.count == 1 && said[0].hasSuffix(", proven (0 s)"), "\(said)")
        #expect(try store.flightsWithUnprovenContest().isEmpty)
        #expect(try store.contestSummaries()[id]?.contestProven == true)
    }

    /// Ids with no flight are said and skipped, the others proven; the run then throws, naming them all.
    @Test func missingIdsDoNotStopTheOthers() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, id, _) = try Self.logbook(in: dir)
        var said: [String] = []
        do {
            try ContestProofRun.run(
                store: store, ids: [999, id, 998], glider: OwnGlider(), seconds: { 0 }, say: { said.append($0) })
            Issue.record("no error for the missing ids")
        } catch {
            #expect(error.code == .notFound && error.message.hasPrefix("no flights with ids 999, 998 "), "\(error)")
        }
        #expect(said.first == "flight 999: no such flight" && said.contains("flight 998: no such flight"), "\(said)")
        #expect(said.contains { $0.hasPrefix("flight \(id): free distance ") && $0.hasSuffix(", proven (0 s)") })
        #expect(try store.storedAnalysis(forFlight: id)?.freeDistanceProven == true)
    }

    @Test func aFlightWithoutATrackIsSaidSo() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try TransferLogbook.logbook(in: dir)
        let store = try FlightStore(path: db.path, mode: .readWrite)
        var said: [String] = []
        try ContestProofRun.run(store: store, ids: [4], glider: OwnGlider(), say: { said.append($0) })
        #expect(said == ["flight 4: not analysed (no track, or over 24 h from take-off to landing)"])
        #expect(throws: LogbookError.self) {
            try ContestProofRun.run(store: store, ids: [99], glider: OwnGlider(), say: { _ in })
        }
    }

    /// The command's run: the logbook and glider index from where the options say, the lines as `run` says them.
    @Test func theCommandProvesTheLogbookItsOptionsName() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let location = try TransferLogbook.location(in: dir).location
        var said: [String] = []
        try ContestProofRun.command(ids: [4], location: location, idle: false, say: { said.append($0) }, warn: { _ in })
        #expect(said == ["flight 4: not analysed (no track, or over 24 h from take-off to landing)"])
        #expect(throws: LogbookError.self) {
            try ContestProofRun.command(ids: [99], location: location, idle: false, say: { _ in }, warn: { _ in })
        }
    }
}
