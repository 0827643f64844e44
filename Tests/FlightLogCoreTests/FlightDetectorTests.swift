import FlightLogSimulation
import Testing

@testable import FlightLogCore

@Suite("FlightDetector")
struct FlightDetectorTests {
    static let plan = SimulatedFlightPlan(launch: .aerotow, flightMinutes: 30, seed: 11)
    static let fixes = FlightSimulator.simulate(plan)

    func events(_ fixes: [Fix], profile: DetectionProfile = .glider) -> [DetectorEvent] {
        var detector = FlightDetector(profile: profile)
        return fixes.flatMap { detector.ingest($0) }
    }

    func times(_ events: [DetectorEvent]) -> [UTCMillis] {
        events.map {
            switch $0 {
            case .takeoff(let time, _), .landing(let time, _): time
            }
        }
    }

    /// Fixes moving east at `speed` m/s from `start`, at a constant altitude.
    func straight(from start: UTCMillis, seconds: Int, speed: Double, longitude: Double = 6.0) -> [Fix] {
        (0..<seconds).map { s in
            Fix(
                time: start + UTCMillis(s) * 1000, latitude: 50, longitude: longitude + speed * Double(s) / 71_474,
                pressureAltitude: 100, gnssAltitude: 150)
        }
    }

    @Test("a takeoff and a landing, in order, with indices of the fed fixes")
    func basic() throws {
        var detector = FlightDetector()
        var seen: [DetectorEvent] = []
        for fix in Self.fixes {
            let new = detector.ingest(fix)
            seen += new
            if case .takeoff? = new.last { #expect(detector.isFlying) }
        }
        #expect(!detector.isFlying)
        try #require(seen.count == 2)
        guard case .takeoff(let t0, let i0) = seen[0], case .landing(let t1, let i1) = seen[1] else {
            Issue.record("unexpected \(seen)")
            return
        }
        #expect(Self.fixes[i0].time == t0 && Self.fixes[i1].time == t1)
        #expect(abs(t0 - Self.plan.takeoffTime) <= 10_000 && abs(t1 - Self.plan.landingTime) <= 10_000)
    }

    @Test("a recording gap over an hour in the air ends the flight at the last fix before it")
    func longGapEndsTheFlight() throws {
        let fixes = Self.fixes
        let cut = fixes.firstIndex { $0.time >= Self.plan.takeoffTime + 10 * 60_000 }!
        var shifted = Array(fixes[..<cut])
        shifted += fixes[cut...].map { fix in
            var moved = fix
            moved.time += UTCMillis(FlightDetector.maximumFlightGap * 1000) + 60_000
            return moved
        }
        let found = events(shifted)
        try #require(found.count >= 2)
        guard case .landing(let time, let index) = found[1] else {
            Issue.record("unexpected \(found)")
            return
        }
        #expect(index == cut - 1 && time == fixes[cut - 1].time)
        // A gap just under the limit keeps one flight.
        var short = Array(fixes[..<cut])
        short += fixes[cut...].map { fix in
            var moved = fix
            moved.time += 600_000
            return moved
        }
        #expect(events(short).count == 2)
    }

    @Test("re-feeding stored fixes after a restart gives the same events")
    func restart() {
        let all = events(Self.fixes)
        let half = Self.fixes.count / 2
        let firstRun = events(Array(Self.fixes[..<half]))
        #expect(Array(all.prefix(firstRun.count)) == firstRun)
        #expect(events(Self.fixes) == all)
    }

    @Test("a GPS outage in flight (V fixes, frozen position) neither lands nor splits the flight")
    func outageInFlight() {
        var fixes = Self.fixes
        let from = Int((Self.plan.takeoffTime - Self.plan.start) / 1000) + 600
        for i in from..<(from + 240) {
            fixes[i].isValid = false
            fixes[i].latitudeE7 = fixes[from - 1].latitudeE7
            fixes[i].longitudeE7 = fixes[from - 1].longitudeE7
            fixes[i].gnssAltitudeDm = nil
        }
        #expect(times(events(fixes)) == times(events(Self.fixes)))
    }

    @Test("a long gap in flight is unknown, not a landing")
    func gapInFlight() {
        let from = Int((Self.plan.takeoffTime - Self.plan.start) / 1000) + 600
        var fixes = Self.fixes
        fixes.removeSubrange(from..<(from + 300))
        #expect(times(events(fixes)) == times(events(Self.fixes)))
    }

    @Test("single-fix jumps are dropped")
    func jumps() {
        var fixes = Self.fixes
        for i in stride(from: 50, to: fixes.count, by: 97) { fixes[i].latitudeE7 += 450_000 }  // 5 km north
        #expect(times(events(fixes)) == times(events(Self.fixes)))
    }

    @Test("backward and repeated times are ignored; indices still count every fed fix")
    func backwardTimes() throws {
        var fixes: [Fix] = []
        for (i, fix) in Self.fixes.enumerated() {
            fixes.append(fix)
            if i % 50 == 0 { fixes.append(fix) }
            if i % 333 == 0, i > 40 {
                var old = Self.fixes[i - 30]
                old.latitudeE7 += 100_000
                fixes.append(old)
            }
        }
        let found = events(fixes)
        #expect(times(found) == times(events(Self.fixes)))
        for case .takeoff(let time, let index) in found { #expect(fixes[index].time == time) }
    }

    @Test("taxiing or a tug run (no height gain, under 2 min) is not a flight")
    func taxiing() {
        let start: UTCMillis = 1_700_000_000_000
        let fixes =
            straight(from: start, seconds: 60, speed: 0)
            + straight(from: start + 60_000, seconds: 90, speed: 12)
            + straight(from: start + 150_000, seconds: 120, speed: 0, longitude: 6.0 + 12 * 90 / 71_474)
        #expect(events(fixes).isEmpty)
        // Still moving fast after 2 minutes: that is a flight (e.g. low ridge soaring without gain).
        let long =
            straight(from: start, seconds: 60, speed: 0) + straight(from: start + 60_000, seconds: 200, speed: 12)
        #expect(events(long).count == 1)
    }

    @Test("a warp (over 1° of latitude) ends the flight and later data gives its own flight")
    func warp() throws {
        let cut = Int((Self.plan.takeoffTime - Self.plan.start) / 1000) + 900
        var second = SimulatedFlightPlan(launch: .winch, flightMinutes: 20, seed: 12)
        second.start = Self.fixes[cut].time + 60_000
        second.field = Coordinate(latitude: 48.0, longitude: 8.0)
        let fixes = Array(Self.fixes[..<cut]) + FlightSimulator.simulate(second)
        let found = events(fixes)
        try #require(found.count == 4)
        #expect(found[1] == .landing(time: fixes[cut - 1].time, index: cut - 1))
        #expect(abs(times(found)[2] - second.takeoffTime) <= 10_000)
        #expect(abs(times(found)[3] - second.landingTime) <= 10_000)
    }

    @Test("negative pressure altitudes and GNSS-only tracks")
    func altitudeSources() throws {
        let low = SimulatedFlightPlan(fieldElevation: -5, flightMinutes: 20, seed: 4, qnh: 104_000)
        let lowFixes = FlightSimulator.simulate(low)
        #expect((lowFixes.first?.pressureAltitude ?? 0) < -200)
        #expect(times(events(lowFixes)).count == 2)
        let noBaro = Self.fixes.map { fix -> Fix in
            var f = fix
            f.pressureAltitudeDm = nil
            return f
        }
        let found = times(events(noBaro))
        try #require(found.count == 2)
        #expect(abs(found[0] - Self.plan.takeoffTime) <= 10_000 && abs(found[1] - Self.plan.landingTime) <= 10_000)
    }

    @Test("landing speed is lowered high above takeoff")
    func heightThresholds() {
        let p = DetectionProfile.glider
        #expect(p.landingSpeed(atHeightAboveTakeoff: 100) == 5)
        #expect(abs(p.landingSpeed(atHeightAboveTakeoff: 300) - 10.0 / 3) < 1e-9)
        #expect(p.landingSpeed(atHeightAboveTakeoff: 600) == 2.5)
        #expect(p.landingSpeed(atHeightAboveTakeoff: 1500) == 1.25)
    }

    @Test("detection time of a 10-hour 1 Hz flight (printed, not asserted)")
    func speed() {
        let plan = SimulatedFlightPlan(flightMinutes: 600, seed: 21)
        let fixes = FlightSimulator.simulate(plan)
        let clock = ContinuousClock()
        var flights: [DetectedFlight] = []
        let elapsed = clock.measure {
            flights = FlightSegmenter.flights(in: fixes, extensions: FlightSimulator.extensions)
        }
        print("10 h at 1 Hz: \(fixes.count) fixes, \(flights.count) flight(s), detection + analysis \(elapsed)")
        #expect(flights.count == 1)
    }
}

@Suite("Geodesy")
struct GeodesyTests {
    @Test("distances and bearings")
    func basics() {
        let origin = Coordinate(latitude: 0, longitude: 0)
        #expect(abs(Geodesy.distance(origin, Coordinate(latitude: 1, longitude: 0)) - 111_195.08) < 0.1)
        #expect(abs(Geodesy.distance(origin, Coordinate(latitude: 0, longitude: 1)) - 111_195.08) < 0.1)
        #expect(Geodesy.distance(origin, origin) == 0)
        // Lasham (UK) to Aachen-Merzbrück (DE): about 560 km.
        let d = Geodesy.distance(
            Coordinate(latitude: 51.19, longitude: -1.03), Coordinate(latitude: 50.82, longitude: 6.18))
        #expect(d > 500_000 && d < 520_000)
        #expect(abs(Geodesy.bearing(origin, Coordinate(latitude: 1, longitude: 0))) < 1e-9)
        #expect(abs(Geodesy.bearing(origin, Coordinate(latitude: 0, longitude: 1)) - 90) < 1e-9)
        #expect(abs(Geodesy.bearing(origin, Coordinate(latitude: -1, longitude: 0)) - 180) < 1e-9)
        #expect(abs(Geodesy.bearing(origin, Coordinate(latitude: 0, longitude: -1)) - 270) < 1e-9)
        #expect(Geodesy.headingChange(from: 350, to: 10) == 20)
        #expect(Geodesy.headingChange(from: 10, to: 350) == -20)
    }

    @Test("destination is the inverse of distance and bearing")
    func destination() {
        let start = Coordinate(latitude: -44.49, longitude: 169.99)
        for bearing in stride(from: 0.0, to: 360, by: 45) {
            let end = Geodesy.destination(from: start, bearing: bearing, distance: 70_000)
            #expect(abs(Geodesy.distance(start, end) - 70_000) < 0.01)
            #expect(abs(Geodesy.headingChange(from: bearing, to: Geodesy.bearing(start, end))) < 1e-6)
        }
    }
}

@Suite("KalmanVario")
struct KalmanVarioTests {
    @Test("steady pressure: no vario; a steady 2 m/s climb is tracked")
    func climb() {
        var filter = KalmanVario()
        for i in 0..<100 { filter.update(pressureAltitude: 500, at: Double(i) * 0.1) }
        #expect(abs(filter.vario) < 0.01)
        #expect(abs(filter.altitude - 500) < 0.01)
        for i in 100..<400 {
            let t = Double(i) * 0.1
            filter.update(pressureAltitude: 500 + 2 * (t - 10), at: t)
        }
        #expect(abs(filter.vario - 2) < 0.05)
        #expect(abs(filter.altitude - (500 + 2 * 29.9)) < 0.5)
    }

    @Test("a gap longer than the maximum interval restarts the filter at the new measurement")
    func reset() {
        var filter = KalmanVario(maxInterval: 5)
        for i in 0..<50 { filter.update(pressureAltitude: 1000 + Double(i), at: Double(i)) }
        #expect(filter.vario > 0.5)
        filter.update(pressureAltitude: 300, at: 100)
        #expect(abs(filter.altitude - 300) < 0.01)
        #expect(filter.vario == 0)
    }
}
