import FlightLogCore
import Foundation
import Testing

@testable import FlightLogAnalysis

/// The rules beyond the zones (docs/TASKS.md): the start gate, a Sporting Code start at the release point, and an
/// engine run ending the task, on synthetic tracks whose answers follow from the geometry and the clock.
@Suite struct TaskRulesTests {
    typealias T = TaskScoringTests
    /// 2025-06-15T15:06:40Z; with the offset below 17:06:40 local.
    static let t0: UTCMillis = 1_750_000_000_000
    static let offset = 7200

    /// Local seconds of the day at `millis` after the first fix.
    static func local(_ millis: UTCMillis) -> Int { Int(((t0 + millis) / 1000 + Int64(offset)) % 86_400) }

    static func triangleFixes(every: Double = 2) -> [Fix] {
        SyntheticTracks.route([T.a, T.b, T.c, T.a], speed: 50, every: every)
    }

    // MARK: Start gate

    /// The only start (leaving the 1234 m cylinder at 24.7 s) is before a gate at 30 s: not started, and the reason
    /// says the gate; a gate at 20 s keeps it. Without a gate (the old scoring) it is completed either way.
    @Test func aStartBeforeTheGateDoesNotCount() throws {
        let fixes = Self.triangleFixes()
        var task = T.triangle()
        task.startOpensSeconds = Self.local(30_000)
        let late = try TaskScoring(task: task, fixes: fixes).score(utcOffsetSeconds: Self.offset)
        #expect(!late.completed && late.reached.allSatisfy { $0 == nil })
        #expect(late.reason?.contains("before the start gate opened at 17:07:10 local") == true, "\(late.reason ?? "")")
        task.startOpensSeconds = Self.local(20_000)
        let open = try TaskScoring(task: task, fixes: fixes).score(utcOffsetSeconds: Self.offset)
        #expect(open.completed)
        #expect(abs(Double(try #require(open.reached[0]).millis - Self.t0) - 24_680) < 20)
    }

    /// The gate is a local time of day: without the UTC offset it is read as UTC, so the same gate falls two hours
    /// later and the start is before it.
    @Test func theGateIsInTheTasksLocalTime() throws {
        let fixes = Self.triangleFixes()
        var task = T.triangle()
        task.startOpensSeconds = Self.local(30_000)
        // In UTC (offset unknown) the same gate is two hours later: every start is before it.
        let utc = try TaskScoring(task: task, fixes: fixes).score(utcOffsetSeconds: nil)
        #expect(!utc.completed)
        task.startOpensSeconds = Self.local(20_000) - Self.offset
        #expect(try TaskScoring(task: task, fixes: fixes).score(utcOffsetSeconds: nil).completed)
    }

    // MARK: Start at the release point

    /// 2 km beyond A on the way in from C: past the finish line.
    static let pastA = Geodesy.destination(from: T.a, bearing: Geodesy.bearing(T.c, T.a), distance: 2000)

    /// A declaration whose start is the take-off place: released 3 km out along the first leg, past the start line,
    /// which the track never crosses. By the line alone (the old scoring) not started; by the Sporting Code's
    /// release option completed, the first leg measured from the release point, and the note says so.
    @Test func aDeclarationStartsAtTheReleasePoint() throws {
        let release = Geodesy.destination(from: T.a, bearing: Geodesy.bearing(T.a, T.b), distance: 3000)
        let fixes = SyntheticTracks.route([release, T.b, T.c, T.a, Self.pastA], speed: 50, every: 2)
        let points = FlightTask.withDeclarationZones([
            TaskPoint(name: "A", coordinate: T.a, zone: .faiTurnpoint),
            TaskPoint(name: "B", coordinate: T.b, zone: .faiTurnpoint),
            TaskPoint(name: "C", coordinate: T.c, zone: .faiTurnpoint),
            TaskPoint(name: "A", coordinate: T.a, zone: .faiTurnpoint),
        ])
        let task = FlightTask(source: .declaration, points: points)
        let byLine = try TaskScoring(task: task, fixes: fixes).score(utcOffsetSeconds: Self.offset)
        #expect(!byLine.completed && byLine.reached[0] == nil)

        let events = TaskFlightEvents(
            release: .init(time: fixes[0].time, coordinate: release, isEngineStop: false))
        let s = try TaskScoring(task: task, fixes: fixes, events: events).score(utcOffsetSeconds: Self.offset)
        #expect(s.completed, "\(s.reason ?? "")")
        #expect(s.note == "started at the release point, 17:06 local")
        #expect(try #require(s.reached[0]).millis == fixes[0].time)
        let official = T.fai(release, T.b) + T.fai(T.b, T.c) + T.fai(T.c, T.a)
        #expect(abs(s.distanceKm - official / 1000) < 0.002)
        let seconds = Double(try #require(s.reached[3]).millis - fixes[0].time) / 1000
        #expect(abs(try #require(s.speedKmh) - official / seconds * 3.6) < 0.05)

        // A competition task has no such option: its start is its zone.
        let competition = try TaskScoring(task: task, fixes: fixes, rules: .competition, events: events).score()
        #expect(!competition.completed && competition.reached[0] == nil)
    }

    /// A start line crossed and the task completed: the release option is not taken over it.
    @Test func aCompletedLineStartKeepsTheLine() throws {
        let before = Geodesy.destination(from: T.a, bearing: Geodesy.bearing(T.a, T.b) + 180, distance: 2000)
        let fixes = SyntheticTracks.route([before, T.a, T.b, T.c, T.a, Self.pastA], speed: 50, every: 2)
        let task = FlightTask(
            source: .declaration,
            points: FlightTask.withDeclarationZones(
                [T.a, T.b, T.c, T.a].map { TaskPoint(name: "P", coordinate: $0, zone: .faiTurnpoint) }))
        let events = TaskFlightEvents(release: .init(time: fixes[0].time, coordinate: before, isEngineStop: false))
        let s = try TaskScoring(task: task, fixes: fixes, events: events).score()
        #expect(s.completed && s.note == nil)
        #expect(try #require(s.reached[0]).millis > fixes[0].time + 30_000)
    }

    // MARK: Engine run

    /// The engine starts after B is reached, before C: C (reached later by the track) does not count; the scored
    /// distance is the first leg and the progress on the second up to the engine start; the reason says so.
    @Test func anEngineRunEndsTheTask() throws {
        let fixes = SyntheticTracks.route([T.a, T.b, T.c, T.a], speed: 50, every: 1)
        let atB = try #require(fixes.firstIndex { T.fai($0.coordinate, T.b) < 1 })
        let engine = fixes[atB + 300].time  // 15 km along the second leg
        let events = TaskFlightEvents(engineStarts: [engine])
        let old = try TaskScoring(task: T.triangle(), fixes: fixes).score()
        #expect(old.completed)
        let s = try TaskScoring(task: T.triangle(), fixes: fixes, events: events).score(utcOffsetSeconds: Self.offset)
        #expect(!s.completed && s.reached[1] != nil && s.reached[2] == nil)
        let reason = try #require(s.reason)
        let clock = CivilDateTime(utc: engine, offsetSeconds: Self.offset).hourMinute
        #expect(reason.hasPrefix("engine run at \(clock) local ended the task: turnpoint 2 C missed by "), "\(reason)")
        let closest = fixes[..<(atB + 300)].map { T.fai($0.coordinate, T.c) }.min()!
        let expected = T.fai(T.a, T.b) + T.fai(T.b, T.c) - closest
        #expect(abs(s.scoredKm - expected / 1000) < 0.002, "\(s.scoredKm) \(expected)")
        // An engine run after the finish changes nothing.
        let after = TaskFlightEvents(engineStarts: [fixes[fixes.count - 1].time + 60_000])
        #expect(try TaskScoring(task: T.triangle(), fixes: fixes, events: after).score().completed)
    }

    /// The events come from the engine sensor as the analysis reads it: an ENL run of 2 minutes in the middle of
    /// the flight is an engine start at its first loud fix.
    @Test func engineStartsComeFromTheSensor() throws {
        var fixes = SyntheticTracks.route([T.a, T.b, T.c, T.a], speed: 50, every: 1)
        let loud = 2000..<2120
        for i in fixes.indices {
            fixes[i].extensions = loud.contains(i) ? "900" : "010"
        }
        let events = TaskFlightEvents.of(
            fixes, extensions: [FixExtension(code: "ENL", length: 3)], takeoff: fixes[0].time,
            landing: fixes[fixes.count - 1].time)
        #expect(events.engineStarts == [fixes[2000].time])
    }
}
