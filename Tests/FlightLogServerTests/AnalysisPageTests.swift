import FlightLogAnalysis
import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

/// The flight analysis on the phone flight page: the facts block, the thermal list, the scored route and thermal
/// circles on the map and thermal bands on the barogram, for a synthetic flight whose one thermal is known.
@Suite("Flight analysis on the phone page", .serialized, .timeLimit(.minutes(3)))
struct AnalysisPageTests {
    static let start = CivilDate(year: 2025, month: 6, day: 14).utcMidnight + 10 * 3_600_000

    /// 1 Hz: 5 min straight east (−1 m/s), 3 min circling right at 12°/s climbing 2 m/s, 5 min straight north.
    /// The thermal is the L's corner: 300–480 s, +360 m, right.
    static func thermalTrack(start: UTCMillis = start) -> Track {
        var fixes: [Fix] = []
        var position = Coordinate(latitude: 51.0, longitude: 6.2), heading: Degrees = 90, altitude: Meters = 1000
        func log(_ second: Int) {
            fixes.append(
                Fix(
                    time: start + UTCMillis(second) * 1000, latitude: position.latitude,
                    longitude: position.longitude, pressureAltitude: altitude, gnssAltitude: altitude + 50))
        }
        log(0)
        for second in 1...780 {
            let circling = second > 300 && second <= 480
            let turn: Double = circling ? 12 : 0
            if second == 481 { heading = 0 }
            position = Geodesy.destination(from: position, bearing: heading + turn / 2, distance: 25)
            heading = Geodesy.normalizedDegrees(heading + turn)
            altitude += circling ? 2 : -1
            log(second)
        }
        return Track(recorder: TestLogbook.track(start: start).recorder, fixes: fixes)
    }

    /// A winch circuit: straight 3 min, two 90° turns at 3°/s with a minute between, a minute to the landing.
    static func circuitTrack(start: UTCMillis) -> Track {
        var fixes: [Fix] = []
        var position = Coordinate(latitude: 51.0, longitude: 6.2), heading: Degrees = 90, altitude: Meters = 400
        for second in 0...330 {
            let turn: Double = (180..<210).contains(second) || (270..<300).contains(second) ? -3 : 0
            position = Geodesy.destination(from: position, bearing: heading + turn / 2, distance: 28)
            heading = Geodesy.normalizedDegrees(heading + turn)
            altitude -= 1
            fixes.append(
                Fix(
                    time: start + UTCMillis(second) * 1000, latitude: position.latitude,
                    longitude: position.longitude, pressureAltitude: altitude, gnssAltitude: altitude + 50))
        }
        return Track(recorder: TestLogbook.track(start: start).recorder, fixes: fixes)
    }

    static let details = FlightDetails(
        pilot: "Jürgen Müller", gliderType: "LS 4", registration: "D-1445", launchMethod: .winch,
        takeoffPlace: "Aachen-Merzbrück")

    /// The numbers of `name="…"` attributes of every `<tag class="kind"` element in `html`.
    static func attributes(_ html: String, tag: String, kind: String, _ name: String) -> [String] {
        html.components(separatedBy: "<\(tag) class=\"\(kind)\"").dropFirst().compactMap { element in
            let head = element.prefix { $0 != ">" }
            guard let range = head.range(of: " \(name)=\"") else { return nil }
            return String(head[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func aFlightWithAThermalShowsItInTheBlockTheListTheMapAndTheBarogram() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let id = try logbook.addFlight(store: store, track: Self.thermalTrack(), details: Self.details)
        #expect(try store.storedAnalysis(forFlight: id) == nil, "not analysed before the page is asked for")
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            // No-break spaces keep numbers with their units; read as plain spaces here.
            let page = try await client.get("/flights/\(id)").text.replacing("\u{a0}", with: " ")
            let reader = try FlightStore(path: logbook.databasePath, mode: .readOnly)
            // The page stored what it computed (the test's database is writable), and shows that.
            let analysis = try #require(try reader.storedAnalysis(forFlight: id))
            let inputs = FlightAnalysis.inputs(of: try reader.flight(id: id), fixCount: 781, glider: OwnGlider())
            #expect(analysis.isCurrent(for: inputs))
            let thermal = try #require(analysis.phases.thermals.first)
            #expect(analysis.phases.thermals.count == 1)
            #expect(abs(Double(thermal.start - Self.start) / 1000 - 300) <= 20 && thermal.direction == .right)
            #expect(thermal.gain > 300 && thermal.gain < 380 && abs(thermal.climbRate - 2) < 0.25)

            // The block: contest distance and points, the scoring window, the thermals and glides.
            #expect(page.contains("<h2>Analysis</h2><section class=\"analysis\" id=\"analysis\">"))
            let six = try #require(analysis.freeSix)
            #expect(six.kilometers > 12 && six.kilometers < 17, "two 7.5 km legs, zigzags in the circle")
            #expect(page.contains("<dt>Free distance</dt><dd>\(decimal(six.kilometers, 1)) km (6 legs: OLC classic"))
            #expect(page.contains("<dt>Points</dt><dd>OLC-Plus \(decimal(analysis.olcPlusPoints, 1)) · WeGlide "))
            let window = try #require(analysis.scoringWindow)
            let from = window.startsAt == .release ? "Release" : "Take-off"
            let local = CivilDateTime(utc: window.start, offsetSeconds: 7200).hourMinute
            #expect(page.contains("<dt>Scored from</dt><dd>\(from) \(local)</dd>"), "\(from) \(local)")
            #expect(page.contains("<dt>Scored to</dt><dd>Landing "))
            #expect(page.contains("<dt>Thermals</dt><dd>1, average +\(decimal(thermal.climbRate, 1)) m/s"))
            #expect(page.contains("<dt>Circling</dt><dd>") && page.contains("<dt>Glides</dt><dd>2, "))
            // One line per thermal: local time, minutes, gain, climb, direction.
            let at = CivilDateTime(utc: thermal.start, offsetSeconds: 7200).hourMinute
            #expect(
                page.contains(
                    "<ol class=\"thermals\" id=\"thermals\"><li><b>\(at)</b><span>3 min</span>"
                        + "<span>+\(decimal(thermal.gain, 0)) m</span>"
                        + "<span>+\(decimal(thermal.climbRate, 1)) m/s</span>"
                        + "<span>right</span></li></ol>"))

            // The map: one thermal circle sized by ThermalMark, at the L's corner, where the route turns.
            let cx = Self.attributes(page, tag: "circle", kind: "thermal", "cx").compactMap(Double.init)
            let cy = Self.attributes(page, tag: "circle", kind: "thermal", "cy").compactMap(Double.init)
            let r = Self.attributes(page, tag: "circle", kind: "thermal", "r").compactMap(Double.init)
            #expect(cx.count == 1 && cy.count == 1 && r.count == 1)
            let radius = try #require(
                ThermalMark.radius(climbRate: thermal.climbRate, minimumRadius: 4, maximumRadius: 12))
            #expect(abs((r.first ?? 0) - radius * 1000 / 300) < 0.1, "CSS px on the narrowest (300 px) map")
            let points = try #require(Self.attributes(page, tag: "polyline", kind: "scored", "points").first)
                .split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
            #expect(points.count == six.turnpoints.count && points.allSatisfy { $0.count == 2 })
            // The track spans 7.5 km each way on 860 map units: the corner's circle (119 m radius) is ~14 units
            // from its centre; the route's start is far west of it, its finish far north.
            let corner = points.map { hypot($0[0] - (cx.first ?? 0), $0[1] - (cy.first ?? 0)) }
            #expect(corner.contains { $0 < 25 }, "a turnpoint at the thermal: \(corner)")
            #expect(points.first.map { $0[0] < (cx.first ?? 0) - 500 } == true, "the start lies west")
            #expect(points.last.map { $0[1] < (cy.first ?? 0) - 500 } == true, "the finish lies north (up)")

            // The barogram: the thermal's time span (300–480 s of 780) shaded, and named in the legend.
            let x = Self.attributes(page, tag: "rect", kind: "thermal-band", "x").compactMap(Double.init)
            let width = Self.attributes(page, tag: "rect", kind: "thermal-band", "width").compactMap(Double.init)
            #expect(x.count == 1 && width.count == 1)
            #expect(abs((x.first ?? 0) - 300.0 / 780 * 1000) < 30, "starts at 300 s: \(x)")
            #expect(abs((x.first ?? 0) + (width.first ?? 0) - 480.0 / 780 * 1000) < 30, "ends at 480 s: \(width)")
            #expect(page.contains("</i>Thermals</li>"))
        }
    }

    /// A winch circuit gets the block without thermals and no marks; a flight entered by hand reads as before.
    @Test func aCircuitHasNoThermalMarksAndAHandEnteredFlightNoBlock() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let circuit = try logbook.addFlight(
            store: store, track: Self.circuitTrack(start: Self.start), details: Self.details)
        let manual = try store.addManualFlight(
            Flight(
                takeoffTime: Self.start + 3_600_000, landingTime: Self.start + 4_000_000,
                takeoffCoordinate: Coordinate(latitude: 0, longitude: 0),
                landingCoordinate: Coordinate(latitude: 0, longitude: 0),
                details: FlightDetails(pilot: "Paper Pilot", launchMethod: .winch, takeoffPlace: "Hintertupfing"),
                source: .manual, hasBarometer: false, utcOffsetSeconds: 7200))
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/flights/\(circuit)").text.replacing("\u{a0}", with: " ")
            #expect(page.contains("<h2>Analysis</h2>") && page.contains("<dt>Thermals</dt><dd>none</dd>"))
            #expect(!page.contains("class=\"thermal\"") && !page.contains("thermal-band"))
            #expect(!page.contains("<ol class=\"thermals\"") && !page.contains("</i>Thermals</li>"))
            let hand = try await client.get("/flights/\(manual)")
            #expect(hand.status == 200 && hand.text.contains("No track"))
            #expect(!hand.text.contains("Analysis") && !hand.text.contains("class=\"analysis\""))
        }
    }
}
