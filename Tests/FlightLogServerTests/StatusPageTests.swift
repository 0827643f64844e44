import FlightLogCore
import FlightLogServer
import FlightLogStore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The phone's Status page from a real status file through the real server: the headline first, then the sections
/// as wrapping definition lists in words, never the file's raw keys; an old file says it is old.
@Suite("Status page in words", .serialized, .timeLimit(.minutes(1)))
struct StatusPageTests {
    /// What a live flightlogd (this test process) writes while flight `flightId` is in the air.
    static func flyingStatus(flight: Flight) -> RecorderStatus {
        var status = RecorderStatus()
        status.pid = Int(getpid())
        status.updatedAt = iso8601UTC(flight.landingTime)
        status.gpsdConnected = true
        status.gpsMode = 3
        status.satellitesUsed = 11
        status.lastFixTime = iso8601UTC(flight.landingTime)
        status.lastFixAgeSeconds = 0.6
        status.latitude = 51.1
        status.longitude = 6.4
        status.barometerDevice = "bmp280"
        status.pressureAltitudeMeters = 1234
        status.flying = true
        status.flyingSince = iso8601UTC(flight.takeoffTime)
        status.flightId = flight.id
        status.fixToDiskMillisP50 = 3
        status.fixToDiskMillisP99 = 789.5
        return status
    }

    @Test func aLiveRecorderInFlightReadsAsWords() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        let statusPath = logbook.folder + "/" + RecorderStatusFile.fileName
        let flight = try FlightStore(path: logbook.databasePath, mode: .readOnly).flight(id: ids[2])
        try RecorderStatusFile.write(Self.flyingStatus(flight: flight), to: statusPath)
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/status").text
            // The takeoff was 11:00 UTC at UTC+2, on a day that is not today.
            let headline = "<h1 class=\"headline ok\">Recording, in flight since 2025-06-12 13:00</h1>"
            #expect(page.contains("<main>\n" + headline), "the headline comes first: \(page)")
            let order = ["<h2>GPS</h2>", "<h2>Barometer</h2>", "<h2>Storage</h2>", "<h2>Last flight</h2>"].map {
                page.range(of: $0)?.lowerBound
            }
            #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(), "\(page)")
            #expect(page.contains("<div><dt>Fix</dt><dd>3D fix, 11 satellites</dd></div>"), "\(page)")
            #expect(page.contains("<div><dt>Pressure altitude</dt><dd>1234 m (ISA"), "\(page)")
            #expect(page.contains("<div><dt>Fix to disk</dt><dd>3 ms typically, 99 % within 790 ms</dd></div>"))
            #expect(page.contains("<dd><a href=\"/flights/\(ids[2])\">2025-06-12, flight \(ids[2])</a></dd>"))
            #expect(page.contains("<div><dt>Flights</dt><dd>3</dd></div>"))
            for raw in ["gpsdConnected", "barometerConfigured", "fixToDiskMillisP99", "recordedFixes", "<ul class"] {
                #expect(!page.contains(raw), "no raw key or problem list: \(raw)")
            }
        }
    }

    @Test func aYearOldFileSaysItIsOld() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        let statusPath = logbook.folder + "/" + RecorderStatusFile.fileName
        let flight = try FlightStore(path: logbook.databasePath, mode: .readOnly).flight(id: ids[2])
        var status = Self.flyingStatus(flight: flight)
        status.lastFixAgeSeconds = 2.9
        try RecorderStatusFile.write(status, to: statusPath)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -365 * 86_400)], ofItemAtPath: statusPath)
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/status").text
            #expect(
                page.contains("<h1 class=\"headline stopped\">Status is 1 year old: flightlogd is not running</h1>"))
            #expect(page.contains("<ul class=\"problems\"><li><b>flightlogd rewrites its status every 2 s"), "\(page)")
            #expect(page.contains("<div><dt>Last fix</dt><dd>1 year ago, at 2025-06-12 11:19:58 UTC</dd></div>"))
            #expect(!page.contains("2.9 s") && !page.contains("3D fix") && !page.contains("in flight"), "\(page)")
        }
    }
}
