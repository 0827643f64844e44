import FlightLogCore
import Foundation
import Testing

@testable import FlightLogAnalysis

/// A declaration whose finish is the landing place (docs/TASKS.md, "The finish at the landing place"): its finish
/// line is all zeros, the landing is the finish, and the distance and the speed count to the landing point.
@Suite struct TaskLandingFinishTests {
    typealias T = TaskScoringTests
    static let a = Coordinate(latitude: 51, longitude: 7)
    static let b = Coordinate(latitude: 51, longitude: 7 + 40.0 / 60)
    static let c = Coordinate(latitude: 51 + 25.0 / 60, longitude: 7 + 20.0 / 60)
    /// 2 km behind the start line (west of A), where the tow released.
    static let behind = Geodesy.destination(from: a, bearing: 270, distance: 2000)
    /// Where the glider lands: 20 km beyond C, away from A.
    static let landed = Geodesy.destination(from: c, bearing: 0, distance: 20_000)

    /// Take-off A, start A, turnpoints B and C, finish all zeros, landing all zeros.
    static func declaration() throws -> FlightTask {
        let lines = [
            "AXFLABC", "HFDTEDATE:150724,01", "C150724080000000000000102Landing finish", "C5100000N00700000ETAKEOFF",
            "C5100000N00700000EA", "C5100000N00740000EB", "C5125000N00720000EC", "C0000000N00000000E",
            "C0000000N00000000E", "B1000005100000N00700000EA0028000421",
        ]
        let file = try IGCReader.read(Array(lines.map { $0 + "\r\n" }.joined().utf8), strict: true)
        return try #require(file.declarations.first)
    }

    static func landing(_ fixes: [Fix]) -> TaskFlightEvents {
        TaskFlightEvents(
            landing: .init(time: fixes[fixes.count - 1].time, coordinate: fixes[fixes.count - 1].coordinate))
    }

    @Test func aPlaceholderFinishIsTheLandingPlace() throws {
        let task = try Self.declaration()
        #expect(task.finishAtLanding == true)
        #expect(task.points.map(\.name) == ["A", "B", "C"])
        #expect(task.points[2].zone == .faiTurnpoint)
        #expect(task.warnings.contains { $0.contains("the finish, is a placeholder: the finish is the landing place") })
        // Written back as it was read: the finish line all zeros, two turnpoints counted.
        let lines = IGCWriter.declarationLines(task)
        #expect(lines[0].hasPrefix("C150724080000000000000102"))
        #expect(lines[lines.count - 2] == "C0000000N00000000EFINISH")
        let again = try IGCReader.read(
            Array(
                (["AXFLABC", "HFDTEDATE:150724,01"] + lines + ["B1000005100000N00700000EA0028000421"])
                    .map { $0 + "\r\n" }.joined().utf8), strict: true)
        #expect(again.declarations.first?.points == task.points)
        #expect(again.declarations.first?.finishAtLanding == true)
    }

    /// Start, B and C reached, landed 20 km beyond C: completed at the landing, the distance through the landing
    /// point and the speed to it. (Read as before, the finish was C's line: 20 km shorter, finished at C.)
    @Test func theFlightFinishesAtItsLanding() throws {
        let task = try Self.declaration()
        let fixes = SyntheticTracks.route([Self.behind, Self.a, Self.b, Self.c, Self.landed], speed: 50, every: 2)
        let scoring = try TaskScoring(task: task, fixes: fixes, events: Self.landing(fixes))
        let s = scoring.score(utcOffsetSeconds: 0)
        #expect(s.completed, "\(s.reason ?? "")")
        #expect(s.reached.count == 4 && scoring.task.points.count == 4)
        let finish = try #require(s.reached[3])
        #expect(finish.millis == fixes[fixes.count - 1].time)
        #expect(abs(finish.latitude - Self.landed.latitude) < 1e-6)
        let official = T.fai(Self.a, Self.b) + T.fai(Self.b, Self.c) + T.fai(Self.c, Self.landed)
        #expect(abs(s.distanceKm - official / 1000) < 0.002, "\(s.distanceKm) \(official)")
        let start = try #require(s.reached[0])
        let seconds = Double(finish.millis - start.millis) / 1000
        #expect(abs(try #require(s.speedKmh) - official / seconds * 3.6) < 0.05)
    }

    /// Landed between B and C: C is missed, the distance counts to the nearest the track came to C.
    @Test func aLandingBeforeTheLastTurnpointIsNotAFinish() throws {
        let task = try Self.declaration()
        let short = Geodesy.destination(from: Self.b, bearing: Geodesy.bearing(Self.b, Self.c), distance: 20_000)
        let fixes = SyntheticTracks.route([Self.behind, Self.a, Self.b, short], speed: 50, every: 2)
        let s = try TaskScoring(task: task, fixes: fixes, events: Self.landing(fixes)).score(utcOffsetSeconds: 0)
        #expect(!s.completed && s.reached[1] != nil && s.reached[2] == nil)
        #expect(s.reason?.hasPrefix("turnpoint 2 C missed by") == true, "\(s.reason ?? "")")
        let expected = T.fai(Self.a, Self.b) + 20_000
        #expect(abs(s.scoredKm - expected / 1000) < 0.01, "\(s.scoredKm) \(expected)")
    }

    /// An engine started after C and before the landing: the landing is not the finish (the performance ended at
    /// the engine start), so the task is not completed.
    @Test func anEngineRunBeforeTheLandingEndsIt() throws {
        let task = try Self.declaration()
        let fixes = SyntheticTracks.route([Self.behind, Self.a, Self.b, Self.c, Self.landed], speed: 50, every: 2)
        var events = Self.landing(fixes)
        events.engineStarts = [fixes[fixes.count - 100].time]
        let s = try TaskScoring(task: task, fixes: fixes, events: events).score(utcOffsetSeconds: 0)
        #expect(!s.completed && s.reached[2] != nil && s.reached[3] == nil)
        #expect(s.reason?.hasPrefix("engine run at") == true, "\(s.reason ?? "")")
    }

    /// The landing comes from the flight's events as the analysis finds them: the last valid fix at or before the
    /// landing time, not the fixes rolled after it.
    @Test func theLandingIsTheFlightsLanding() throws {
        let fixes = SyntheticTracks.route([Self.behind, Self.a, Self.b, Self.c, Self.landed], speed: 50, every: 2)
        let landing = fixes[fixes.count - 10]
        let events = TaskFlightEvents.of(fixes, extensions: [], takeoff: fixes[0].time, landing: landing.time)
        #expect(events.landing == .init(time: landing.time, coordinate: landing.coordinate))
        let s = try TaskScoring(task: try Self.declaration(), fixes: fixes, events: events).score()
        #expect(s.completed && s.reached[3]?.millis == landing.time)
    }
}
