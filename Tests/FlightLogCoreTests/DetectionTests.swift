import FlightLogSimulation
import FlightLogTestSupport
import Testing

@testable import FlightLogCore

/// A deliberately simple, brute-force reading of the definitions (docs/DETECTION.md, rule T3), to check
/// the incremental detector against: ground speed between consecutive valid fixes; takeoff = first fix from
/// which every speed for the next 10 s is ≥ 10 m/s; landing = first later fix from which every speed for the
/// next 60 s (or until the end of the file, at least 10 s) is < 5 m/s.
enum ReferenceDetector {
    static func takeoffAndLanding(_ fixes: [Fix]) -> (takeoff: UTCMillis, landing: UTCMillis?)? {
        var points: [Fix] = []
        for fix in fixes where fix.isValid && fix.time > (points.last?.time ?? .min) { points.append(fix) }
        guard points.count > 2 else { return nil }
        let speeds = (1..<points.count).map { i in
            Geodesy.distance(points[i - 1].coordinate, points[i].coordinate)
                / (Double(points[i].time - points[i - 1].time) / 1000)
        }
        // Speed of segment i = from point i to point i + 1.
        func holds(from i: Int, seconds: Int64, orToEnd: Bool = false, _ ok: (Double) -> Bool) -> Bool {
            var j = i
            while j < speeds.count, points[j].time < points[i].time + seconds * 1000 {
                if !ok(speeds[j]) { return false }
                j += 1
            }
            return points[j].time >= points[i].time + seconds * 1000
                || (orToEnd && points[j].time >= points[i].time + 10_000)
        }
        guard let takeoff = (0..<speeds.count).first(where: { holds(from: $0, seconds: 10) { $0 >= 10 } }) else {
            return nil
        }
        let landing = (takeoff + 1..<speeds.count).first { holds(from: $0, seconds: 60, orToEnd: true) { $0 < 5 } }
        return (points[takeoff].time, landing.map { points[$0].time })
    }
}

/// One shared real flight and what is known about it (README.md of ../shared/flights).
struct SharedFlight: CustomTestStringConvertible, Sendable {
    var file: String
    var launch: LaunchMethod
    /// Approximate README times, ISO UTC.
    var takeoff: String
    var landing: String
    var isGlider = true
    var testDescription: String { file }

    static let all = [
        SharedFlight(
            file: "apf-bug554.igc", launch: .winch, takeoff: "2010-07-18T08:58:01Z", landing: "2010-07-18T11:40:51Z"),
        SharedFlight(
            file: "2016-11-08-xcs-aaa-02.igc", launch: .aerotow, takeoff: "2016-11-08T22:47:57Z",
            landing: "2016-11-09T04:42:16Z"),
        SharedFlight(
            file: "654G6NG1.IGC", launch: .aerotow, takeoff: "2016-05-04T08:12:42Z", landing: "2016-05-04T18:59:30Z"),
        SharedFlight(
            file: "01lz1hq1.igc", launch: .self, takeoff: "2010-01-21T00:40:29Z", landing: "2010-01-21T05:54:33Z"),
        SharedFlight(
            file: "complex_example_lxn.igc", launch: .aerotow, takeoff: "2022-08-05T09:11:42Z",
            landing: "2022-08-05T16:13:39Z"),
        SharedFlight(
            file: "H1_77flne21.IGC", launch: .aerotow, takeoff: "2017-07-15T10:07:19Z", landing: "2017-07-15T12:04:23Z"),
        SharedFlight(
            file: "T_77fv4np1.igc", launch: .aerotow, takeoff: "2017-07-15T09:42:30Z", landing: "2017-07-15T14:35:39Z"),
        SharedFlight(
            file: "xctrack-2020-09-04.igc", launch: .unknown, takeoff: "2020-09-04T16:28:10Z",
            landing: "2020-09-04T16:37:12Z",
            isGlider: false),
    ]
}

/// Parses `YYYY-MM-DDTHH:MM:SSZ`.
func utc(_ text: String) -> UTCMillis {
    let date = CivilDate(iso: String(text.prefix(10)))!
    let clock = text.dropFirst(11).prefix(8).split(separator: ":").map { Int64($0)! }
    return date.utcMillis + ((clock[0] * 60 + clock[1]) * 60 + clock[2]) * 1000
}

extension CivilDate {
    var utcMillis: UTCMillis { utcMidnight }
}

@Suite("FlightSegmenter on the shared real flights", .enabled(if: SharedFlights.available))
struct SharedFlightDetectionTests {
    @Test("one flight per file, times close to the reference and README", arguments: SharedFlight.all)
    func oneFlight(_ expected: SharedFlight) throws {
        let track = try SharedFlights.load(expected.file)
        let flights = FlightSegmenter.flightsForImport(track.fixes, extensions: track.recorder.extensions)
        try #require(flights.count == 1, "\(expected.file): \(flights.count) flights")
        let flight = flights[0]
        let readmeTakeoff = utc(expected.takeoff), readmeLanding = utc(expected.landing)
        var line =
            "\(expected.file): takeoff \(iso8601UTC(flight.takeoffTime)) landing \(iso8601UTC(flight.landingTime))"
        line += " launch \(flight.launch) release \(flight.releaseHeight.map { "\(Int($0)) m" } ?? "-")"
        line += " by \(flight.detectedBy?.name ?? "fallback"); README Δ \((flight.takeoffTime - readmeTakeoff) / 1000)s"
        line += " / \((flight.landingTime - readmeLanding) / 1000)s"
        if expected.isGlider {
            let reference = try #require(ReferenceDetector.takeoffAndLanding(track.fixes))
            let referenceLanding = try #require(reference.landing)
            line +=
                "; reference Δ \((flight.takeoffTime - reference.takeoff) / 1000)s / \((flight.landingTime - referenceLanding) / 1000)s"
            #expect(abs(flight.takeoffTime - reference.takeoff) <= 10_000)
            #expect(abs(flight.landingTime - referenceLanding) <= 10_000)
            #expect(flight.landingDetected)
            #expect(flight.detectedBy == .glider)
        }
        print(line)
        #expect(abs(flight.takeoffTime - readmeTakeoff) <= 120_000)
        #expect(abs(flight.landingTime - readmeLanding) <= 120_000)
        #expect(flight.launch == expected.launch)
        #expect(track.fixes[flight.takeoffIndex].time == flight.takeoffTime)
        #expect(track.fixes[flight.landingIndex].time == flight.landingTime)
    }

    @Test("flights across 0:00 UTC keep their UTC dates")
    func midnight() throws {
        let track = try SharedFlights.load("2016-11-08-xcs-aaa-02.igc")
        let flight = try #require(
            FlightSegmenter.flightsForImport(track.fixes, extensions: track.recorder.extensions).first)
        #expect(CivilDateTime(utc: flight.takeoffTime).date == CivilDate(year: 2016, month: 11, day: 8))
        #expect(CivilDateTime(utc: flight.landingTime).date == CivilDate(year: 2016, month: 11, day: 9))
        // Logbook date at Omarama (NZDT, UTC+13): 9 November.
        #expect(
            CivilDateTime(utc: flight.takeoffTime, offsetSeconds: 13 * 3600).date
                == CivilDate(year: 2016, month: 11, day: 9))
        let early = try SharedFlights.load("01lz1hq1.igc")
        let selfLaunch = try #require(
            FlightSegmenter.flightsForImport(early.fixes, extensions: early.recorder.extensions).first)
        #expect(CivilDateTime(utc: selfLaunch.takeoffTime).date == CivilDate(year: 2010, month: 1, day: 21))
        #expect(selfLaunch.launch == .self)
        let release = try #require(selfLaunch.releaseHeight)
        #expect(abs(release - 980) < 50)  // README: engine off ≈ 980 m above the field
    }
}

@Suite("FlightSegmenter")
struct FlightSegmenterTests {
    @Test("an import with no detectable flight falls back to the whole track")
    func wholeTrack() throws {
        let fixes: [Fix] = (0..<300).map { (s: Int) -> Fix in
            let step = Double(s)
            let time: UTCMillis = 1_700_000_000_000 + UTCMillis(s) * 1000
            return Fix(
                time: time, isValid: s != 0, latitude: 48 + step * 1e-6, longitude: 8,
                pressureAltitude: 500 - step, gnssAltitude: 560 - step)
        }
        #expect(FlightSegmenter.flights(in: fixes, extensions: []).isEmpty)
        let flights = FlightSegmenter.flightsForImport(fixes, extensions: [])
        try #require(flights.count == 1)
        #expect(flights[0].detectedBy == nil)
        #expect(!flights[0].landingDetected)
        #expect(flights[0].launch == LaunchMethod.unknown)
        #expect(flights[0].takeoffIndex == 1 && flights[0].landingIndex == 299)
        #expect(flights[0].takeoffAltitude == 499 && flights[0].maxAltitude == 499)
        #expect(FlightSegmenter.flightsForImport(Array(fixes.prefix(2)), extensions: []).isEmpty)
    }

    @Test("a track ending in the air gives a flight without a detected landing")
    func endsInAir() throws {
        let plan = SimulatedFlightPlan(flightMinutes: 30, seed: 5)
        let fixes = Array(FlightSimulator.simulate(plan).prefix(1200))
        let flights = FlightSegmenter.flights(in: fixes, extensions: FlightSimulator.extensions)
        try #require(flights.count == 1)
        #expect(!flights[0].landingDetected && flights[0].landingIndex == fixes.count - 1)
        #expect(flights[0].launch == .aerotow)
    }

    @Test("statistics: path, farthest point, altitudes")
    func statistics() {
        let fixes = (0...10).map { k in
            Fix(
                time: UTCMillis(k) * 10_000, latitude: 0, longitude: Double(k) * 0.001, pressureAltitude: Double(k * k),
                gnssAltitude: 0)
        }
        let stats = FlightSegmenter.statistics(fixes, from: 2, to: 10)
        #expect(abs(stats.pathLength - 8 * 111.195) < 0.01)
        #expect(abs(stats.maxDistanceFromTakeoff - 8 * 111.195) < 0.01)
        #expect(stats.takeoffAltitude == 4 && stats.maxAltitude == 100 && stats.usesPressureAltitude)
    }
}

/// Live detection and import agree on the same fixes.
@Suite struct LiveDetectionTests {
    func liveFlights(_ fixes: [Fix]) -> [(UTCMillis, UTCMillis)] {
        var detection = LiveDetection()
        var flights: [(UTCMillis, UTCMillis)] = []
        var takeoff: UTCMillis?
        for events in fixes.map({ detection.ingest($0) }) + [detection.finish()] {
            for event in events {
                switch event {
                case .glider(.takeoff(let time, _)): takeoff = time
                case .glider(.landing(let time, _)):
                    if let t = takeoff { flights.append((t, time)) }
                    takeoff = nil
                case .slowFlight(let t0, let t1):
                    let from = fixes.firstIndex { $0.time >= t0 }!, to = fixes.lastIndex { $0.time <= t1 }!
                    if FlightSegmenter.isSlowFlight(fixes, from: from, to: to) { flights.append((t0, t1)) }
                }
            }
        }
        return flights
    }

    @Test(.enabled(if: SharedFlights.available), arguments: SharedFlights.names)
    func liveFindsWhatImportFinds(name: String) throws {
        let file = try IGCReader.read(SharedFlights.bytes(name))
        let imported = FlightSegmenter.flightsForImport(file.track.fixes, extensions: file.track.recorder.extensions)
            .filter { $0.detectedBy != nil && $0.landingDetected }
        let live = liveFlights(file.track.fixes)
        #expect(live.map(\.0) == imported.map(\.takeoffTime), "\(name)")
        #expect(live.map(\.1) == imported.map(\.landingTime), "\(name)")
    }

    @Test func aCarTowAcrossTheFieldIsNoFlight() {
        // 5 m/s for 5 minutes at one altitude: the slow profile moves, but nothing climbs or glides.
        let fixes = (0..<600).map { s in
            Fix(
                time: UTCMillis(s) * 1000, latitude: 50,
                longitude: 6 + (s < 100 ? 0 : 5 * Double(min(s - 100, 300)) / 71_474),
                pressureAltitude: 100, gnssAltitude: 150)
        }
        #expect(liveFlights(fixes).isEmpty)
        let imported = FlightSegmenter.flightsForImport(fixes, extensions: [])
        #expect(imported.allSatisfy { $0.detectedBy == nil })
    }
}
