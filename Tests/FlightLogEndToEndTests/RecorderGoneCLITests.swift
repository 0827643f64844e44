import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

/// A logbook copied off a Pi whose recorder never came back: its last flight is still marked in progress. The real
/// `flightlog` (list, show, the phone pages) shows it as "recording ended in flight", never as an outlanding at the
/// last stored position.
@Suite("a flight no running recorder owns", .serialized, .timeLimit(.minutes(3)))
struct RecorderGoneCLITests {
    @Test func aFlightLeftInProgressReadsAsEndedInFlight() async throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("copy.sqlite")
        do {
            let store = try FlightStore(path: db.path, mode: .readWrite)
            let recorder = RecorderInfo(
                manufacturer: "XFL", serial: "GONE", recorderType: "flightlog", pressureSensor: "BMP280", extensions: []
            )
            let recording = try store.beginRecording(recorder: recorder)
            let start: UTCMillis = 1_749_895_500_000
            let fixes = (0..<600).map { i in
                Fix(
                    time: start + Int64(i) * 1000, isValid: true, latitude: 50.8 + Double(i) * 1e-4, longitude: 6.18,
                    pressureAltitude: 400 + Double(i), gnssAltitude: 450 + Double(i))
            }
            try store.append(fixes: fixes, toRecording: recording)
            var flight = Flight(
                takeoffTime: start + 10_000, landingTime: start + 599_000, takeoffCoordinate: fixes[10].coordinate,
                landingCoordinate: fixes[599].coordinate, utcOffsetSeconds: 7200)
            flight.landingLocation = FlightPlace(
                code: nil, name: "Wershofen", distance: 12_000, bearing: 45, isOutlanding: true, zoneIdentifier: nil)
            _ = try store.insertFlight(flight, recording: recording, inProgress: true)
            _ = try store.checkpoint()
        }
        let listed = try CLI.run(["list", "--json"], database: db, in: dir)
        let object = try #require(
            (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])?.first,
            "\(listed.stdout) \(listed.stderr)")
        #expect(object["endedInFlight"] as? Bool == true && object["outlanding"] as? Bool == false, "\(object)")
        let table = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": "200"]).stdout
        #expect(table.contains("recording ended in flight") && !table.contains("outlanding"), "\(table)")
        let show = try CLI.run(["show", "1"], database: db, in: dir).stdout
        #expect(show.contains("(the last fix)") && show.contains("recording ended in flight"), "\(show)")
        let outlandings = try CLI.run(["list", "--outlanding"], database: db, in: dir)
        #expect(outlandings.stdout.isEmpty && outlandings.stderr.contains("No flights match"), "\(outlandings.stdout)")
        try await UnknownValuesTests.withServer(db, dir) { port in
            let page = String(decoding: try await ServeFaultTests.get(port, "/flights/1").body, as: UTF8.self)
            #expect(page.contains(Flight.endedInFlightLabel) && !page.contains("badge out"), "\(page)")
        }
    }
}
