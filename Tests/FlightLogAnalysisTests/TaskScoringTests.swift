import FlightLogCore
import Foundation
import Testing

@testable import FlightLogAnalysis

/// The task scoring on synthetic tracks whose answers follow from the geometry (docs/TASKS.md, "Scoring").
@Suite struct TaskScoringTests {
    static let a = Coordinate(latitude: 51, longitude: 7)
    static let b = Geodesy.destination(from: a, bearing: 90, distance: 50_000)
    static let c = Geodesy.destination(from: a, bearing: 30, distance: 50_000)

    /// FAI-sphere distance, the independent formula (haversine, R = 6371 km).
    static func fai(_ p: Coordinate, _ q: Coordinate) -> Double {
        let r = Double.pi / 180
        let h =
            pow(sin((q.latitude - p.latitude) * r / 2), 2) + cos(p.latitude * r) * cos(q.latitude * r)
            * pow(sin((q.longitude - p.longitude) * r / 2), 2)
        return 2 * 6_371_000 * asin(h.squareRoot())
    }

    static func triangle(_ zone: TaskZone = .cylinder(500), source: FlightTask.Source = .file) -> FlightTask {
        FlightTask(
            source: source,
            points: [
                TaskPoint(name: "A", coordinate: a, zone: .cylinder(1234)),
                TaskPoint(name: "B", coordinate: b, zone: zone),
                TaskPoint(name: "C", coordinate: c, zone: zone),
                TaskPoint(name: "A", coordinate: a, zone: .cylinder(1000)),
            ])
    }

    static func score(_ task: FlightTask, _ fixes: [Fix], offset: Int? = nil) throws -> TaskScore {
        try TaskScoring(task: task, fixes: fixes).score(utcOffsetSeconds: offset)
    }

    /// Round the triangle through the points at 50 m/s, a fix every 10 s: completed, the start interpolated at the
    /// 1234 m rim (24.68 s, between two fixes), the finish at the 1000 m rim, speed = distance / time.
    @Test func aRacingTriangleIsCompletedWithInterpolatedTimes() throws {
        let fixes = SyntheticTracks.route([Self.a, Self.b, Self.c, Self.a], speed: 50, every: 10)
        let s = try Self.score(Self.triangle(), fixes)
        let legs = Self.fai(Self.a, Self.b) + Self.fai(Self.b, Self.c) + Self.fai(Self.c, Self.a)
        #expect(s.completed && s.reason == nil)
        #expect(abs(s.distanceKm - legs / 1000) < 0.001)
        #expect(s.scoredKm == s.distanceKm)
        let t0 = fixes[0].time
        let start = try #require(s.reached[0]).millis, finish = try #require(s.reached[3]).millis
        #expect(abs(Double(start - t0) - 1234.0 / 50 * 1000) < 20)
        #expect(abs(Double(finish - t0) - (legs - 1000) / 50 * 1000) < 20)
        let speed = legs / (Double(finish - start) / 1000) * 3.6
        #expect(abs(try #require(s.speedKmh) - speed) < 0.01)
        #expect(s.startTime == iso8601UTC(start))
    }

    /// Passing 4.2 km wide of C: not completed, the reason names it, how far and when; scored: the first leg and
    /// the progress on the second (its length less the closest distance to C afterwards).
    @Test func aMissedTurnpointIsNamedWithItsDistance() throws {
        let wide = Geodesy.destination(from: Self.c, bearing: 210, distance: 4700)
        let fixes = SyntheticTracks.route([Self.a, Self.b, wide, Self.a], speed: 50, every: 1)
        let s = try Self.score(Self.triangle(), fixes, offset: 7200)
        #expect(!s.completed && s.reached[2] == nil && s.reached[1] != nil)
        let reason = try #require(s.reason)
        #expect(reason.hasPrefix("turnpoint 2 C missed by 4.2 km (closest "), "\(reason)")
        #expect(reason.hasSuffix(" local)"))
        let closest = fixes.map { Self.fai($0.coordinate, Self.c) }.min()!
        let expected = Self.fai(Self.a, Self.b) + Self.fai(Self.b, Self.c) - closest
        #expect(abs(s.scoredKm - expected / 1000) < 0.002)
    }

    /// Sporting Code: 2 km past B on the outer side is in B's FAI sector (no fix within 500 m): a declaration is
    /// completed, the same points as 500 m cylinders of a competition are not.
    @Test func theFAISectorCountsForADeclaration() throws {
        let b = Self.b,
            bisectorOut =
                Geodesy.bearing(b, Self.a) + 180 + (Geodesy.bearing(b, Self.c) - Geodesy.bearing(b, Self.a)) / 2
        let past = Geodesy.destination(from: b, bearing: bisectorOut, distance: 2000)
        let fixes = SyntheticTracks.route([Self.a, past, Self.c, Self.a], speed: 50, every: 2)
        let declared = try Self.score(Self.triangle(source: .declaration), fixes)
        #expect(declared.completed, "\(declared.reason ?? "")")
        #expect(declared.rules == .sportingCode)
        let competition = try Self.score(Self.triangle(), fixes)
        #expect(!competition.completed)
        #expect(competition.reason?.hasPrefix("turnpoint 1 B missed by 0.5 km") == true, "\(competition.reason ?? "")")
    }

    /// A start line counts only crossed towards the first leg; the last start before the first turnpoint counts.
    @Test func theLastStartBeforeTheFirstTurnpointCounts() throws {
        let behind = Geodesy.destination(from: Self.a, bearing: 270, distance: 3000)
        let ahead = Geodesy.destination(from: Self.a, bearing: 90, distance: 3000)
        var task = Self.triangle()
        task.points[0].zone = .line(length: 2000, orientation: .toNext)
        let fixes = SyntheticTracks.route([behind, ahead, behind, Self.a, Self.b, Self.c, Self.a], speed: 50, every: 3)
        let s = try Self.score(task, fixes)
        #expect(s.completed)
        // Crossed at 3 km (60 s), back across it at 9 km (180 s, the wrong way: no start), again at 15 km (300 s).
        let start = try #require(s.reached[0]).millis - fixes[0].time
        #expect(abs(Double(start) - 300_000) < 20)
        let backwards = SyntheticTracks.route([ahead, behind], speed: 50, every: 3)
        #expect(try Self.score(task, backwards).reason?.contains("never crossed") == true)
    }

    /// AAT of two 20 km areas: the achieved distance equals the best pair of fixes found by brute force over every
    /// fix in each area, and the speed counts at least the minimum time.
    @Test func anAssignedAreaTaskTakesTheLongestAchievedPoints() throws {
        let deepB = Geodesy.destination(from: Self.b, bearing: 100, distance: 15_000)
        let deepC = Geodesy.destination(from: Self.c, bearing: 10, distance: 12_000)
        let area = TaskZone.cylinder(20_000)
        var task = Self.triangle(area)
        task.kind = .assignedArea
        task.minimumTimeSeconds = 6 * 3600
        let fixes = SyntheticTracks.route([Self.a, deepB, Self.b, deepC, Self.a], speed: 50, every: 5)
        let s = try Self.score(task, fixes)
        #expect(s.completed)
        let inB = fixes.filter { Self.fai($0.coordinate, Self.b) <= 20_000 && Self.fai($0.coordinate, Self.c) > 20_000 }
        let inC = fixes.filter { Self.fai($0.coordinate, Self.c) <= 20_000 }
        var best = 0.0
        for p in inB {
            for q in inC where q.time > p.time {
                best = max(
                    best,
                    Self.fai(Self.a, p.coordinate) + Self.fai(p.coordinate, q.coordinate)
                        + Self.fai(q.coordinate, Self.a))
            }
        }
        #expect(abs(try #require(s.achievedKm) - best / 1000) < 0.002)
        #expect(s.nominalKm == s.distanceKm && s.scoredKm == s.achievedKm)
        #expect(abs(try #require(s.speedKmh) - best / (6 * 3600) * 3.6) < 0.01)
    }

    /// A task over the North Pole and one across 180°: scored, distances on the sphere, no crash.
    @Test func aTaskThroughThePoleAndAcross180IsScored() throws {
        let p = Coordinate(latitude: 89.5, longitude: 0), q = Coordinate(latitude: 89.5, longitude: 180)
        let pole = FlightTask(
            source: .file,
            points: [
                TaskPoint(name: "P", coordinate: p, zone: .line(length: 1000, orientation: .toNext)),
                TaskPoint(name: "N", coordinate: Coordinate(latitude: 90, longitude: 0), zone: .faiSector),
                TaskPoint(name: "Q", coordinate: q, zone: .cylinder(500)),
            ])
        let overPole = try Self.score(pole, SyntheticTracks.route([p, q], speed: 50, every: 1))
        #expect(abs(overPole.distanceKm - Self.fai(p, q) / 1000) < 0.001)
        #expect(overPole.reached.count == 3)
        let east = Coordinate(latitude: -40, longitude: 179.9), west = Coordinate(latitude: -40, longitude: -179.9)
        let dateline = FlightTask(
            source: .file,
            points: [
                TaskPoint(name: "E", coordinate: east, zone: .cylinder(500)),
                TaskPoint(name: "W", coordinate: west, zone: .faiSector),
                TaskPoint(name: "E", coordinate: east, zone: .cylinder(500)),
            ])
        let beyond = Geodesy.destination(from: west, bearing: 90, distance: 1000)
        let s = try Self.score(dateline, SyntheticTracks.route([east, beyond, east], speed: 50, every: 1))
        #expect(s.completed, "\(s.reason ?? "")")
        #expect(abs(s.distanceKm - 2 * Self.fai(east, west) / 1000) < 0.001 && s.distanceKm < 40)
    }

    /// Zero-length legs: cylinders score; a sector pointing at its twin has no direction, said in words.
    @Test func zeroLengthLegsAreScoredOrRefusedInWords() throws {
        let twice = FlightTask(
            source: .file,
            points: [
                TaskPoint(name: "A", coordinate: Self.a, zone: .cylinder(1000)),
                TaskPoint(name: "B", coordinate: Self.b, zone: .cylinder(500)),
                TaskPoint(name: "B", coordinate: Self.b, zone: .cylinder(500)),
                TaskPoint(name: "A", coordinate: Self.a, zone: .cylinder(1000)),
            ])
        let s = try Self.score(twice, SyntheticTracks.route([Self.a, Self.b, Self.a], speed: 50, every: 4))
        #expect(s.completed)
        var sectors = twice
        sectors.points[1].zone = .faiSector
        #expect(throws: TaskScoringError.noDirection(point: "B", reason: "the next point B is at the same place")) {
            try TaskScoring(task: sectors, fixes: [])
        }
        let one = FlightTask(source: .file, points: [TaskPoint(name: "A", coordinate: Self.a, zone: .cylinder(1))])
        #expect(throws: TaskScoringError.tooFewPoints(1)) { try TaskScoring(task: one, fixes: []) }
        let nothing = try Self.score(Self.triangle(), [])
        #expect(!nothing.completed && nothing.scoredKm == 0)
    }

    /// 1,000 points: scored in one pass (no search), every point reached in order.
    @Test func aThousandPointsAreScored() throws {
        let (task, fixes) = SyntheticTracks.taskFlight(points: 1000, hours: 2, radius: 100_000)
        let s = try Self.score(task, fixes)
        #expect(s.completed, "\(s.reason ?? "")")
        let times = s.reached.compactMap { $0?.millis }
        #expect(times.count == 1000 && times == times.sorted())
    }

    /// The JSON keys `show --json` prints, times in ISO 8601 UTC.
    @Test func theScoreEncodesAsTheDocumentedJSON() throws {
        let s = try Self.score(Self.triangle(), SyntheticTracks.route([Self.a, Self.b, Self.c, Self.a], speed: 50))
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(s)) as? [String: Any])
        for key in ["completed", "startTime", "finishTime", "speedKmh", "reached", "distanceKm", "scoredKm"] {
            #expect(json[key] != nil, "\(key)")
        }
        let first = try #require((json["reached"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["name", "time", "latitude", "longitude"])
        #expect((first["time"] as? String)?.hasSuffix("Z") == true)
        #expect(try JSONDecoder().decode(TaskScore.self, from: JSONEncoder().encode(s)).completed)
    }
}
