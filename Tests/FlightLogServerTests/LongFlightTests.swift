import FlightLogCore
import FlightLogServer
import FlightLogSimulation
import FlightLogStore
import Foundation
import Testing

/// Long tracks stay light on the phone: the page of a 10-hour flight at 1 Hz, or of a "flight" spanning
/// decades (a receiver with a broken clock), is at most 1 MB; the downloads still hold every fix.
@Suite("Long flights over HTTP", .serialized, .timeLimit(.minutes(3)))
struct LongFlightTests {
    static let recorder = RecorderInfo(
        manufacturer: "XFL", serial: "LNG", gpsReceiver: "u-blox NEO-M8N", pressureSensor: "Bosch,BMP280,9000m")

    /// A simulated 10-hour flight, one fix per second.
    static func tenHours() -> Track {
        var plan = SimulatedFlightPlan.demo
        plan.flightMinutes = 600
        plan.fixIntervalMillis = 1000
        plan.groundMinutesBefore = 1
        plan.groundMinutesAfter = 1
        return Track(recorder: recorder, fixes: FlightSimulator.simulate(plan))
    }

    /// 20,000 fixes whose clock jumps 15 hours between each (about 305,000 hours from first to last).
    static func brokenClock() -> Track {
        let start = CivilDate(year: 2025, month: 5, day: 3).utcMidnight
        let fixes = (0..<20_000).map { (i: Int) -> Fix in
            let time: UTCMillis = start + Int64(i) * 55_000_000
            let latitude = 51.1 + Double(i % 100) * 0.001
            let longitude = 6.4 + Double(i % 37) * 0.001
            let altitude = Double(300 + i % 700)
            return Fix(
                time: time, latitude: latitude, longitude: longitude, pressureAltitude: altitude,
                gnssAltitude: altitude + 40)
        }
        return Track(recorder: recorder, fixes: fixes)
    }

    @Test(arguments: [("10 h at 1 Hz", tenHours()), ("broken clock", brokenClock())])
    func flightPageIsBoundedAndDownloadsAreComplete(name: String, track: Track) async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let id = try logbook.addFlight(store: store, track: track, details: FlightDetails(pilot: "Jürgen Müller"))
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let clock = ContinuousClock()
            var page = HTTPReply(status: 0, headers: [:], body: [])
            let elapsed = try await clock.measure { page = try await client.get("/flights/\(id)") }
            #expect(page.status == 200)
            #expect(page.text.contains("<svg"), "map and barogram are there")
            #expect(page.body.count <= 1_000_000, "\(name): page is \(page.body.count) bytes")
            print("LongFlightTests: \(name): \(track.fixes.count) fixes, page \(page.body.count) bytes in \(elapsed)")

            let igc = try await client.get("/flights/\(id)/igc")
            #expect(igc.status == 200)
            let records = igc.text.split(separator: "\r\n").filter { $0.hasPrefix("B") }
            #expect(records.count == track.fixes.count, "\(name): every fix in the IGC download")
            let gpx = try await client.get("/flights/\(id)/track.gpx")
            #expect(gpx.text.components(separatedBy: "<trkpt").count - 1 == track.fixes.count, "every fix in the GPX")
        }
    }
}
