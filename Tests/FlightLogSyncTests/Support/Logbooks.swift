import FlightLogCore
import FlightLogStore
import Foundation

/// Local logbooks ("Pis") for the sync tests, written through the store API as import, `add` and flightlogd write.
struct Logbook {
    let store: FlightStore
    let path: String

    /// A new database in `directory`.
    init(_ directory: String, name: String) throws {
        path = "\(directory)/\(name).sqlite"
        store = try FlightStore(path: path, mode: .readWrite)
    }

    var device: String { get throws { try store.syncDevice().uuid } }

    /// Imports a file of `flights` one-hour flights from `start` (its own track, original bytes and hash).
    @discardableResult
    func importFile(start: UTCMillis, flights: Int = 1, pilot: String = "Anna Huber") throws -> [Int64] {
        let track = Self.track(start: start, minutes: 90 * flights)
        let original =
            Array("AXFL\(start)\r\nHFPLTPILOT:\(pilot)\r\n".utf8)
            + (0..<2000).map { UInt8(($0 * 7 + Int(start % 251)) % 256) }
        let found = (0..<flights).map { Self.flight(takeoff: start + Int64($0) * 90 * 60_000 + 60_000, pilot: pilot) }
        return try store.importFlights(
            track: track, fileName: "f\(start).igc", sha256: "sha-\(start)-\(UUID().uuidString)", original: original,
            flights: found)
    }

    /// A live recording as flightlogd writes it: one finished flight, then (optionally) one still in progress,
    /// its last minutes still in `liveChunk`.
    @discardableResult
    func record(start: UTCMillis, withFlightInProgress: Bool = false) throws -> Int64 {
        let recording = try store.beginRecording(recorder: Self.recorder)
        let fixes = Self.track(start: start, minutes: withFlightInProgress ? 150 : 70).fixes
        for batch in stride(from: 0, to: fixes.count - 300, by: 600) {
            try store.append(fixes: Array(fixes[batch..<min(batch + 600, fixes.count - 300)]), toRecording: recording)
        }
        try store.compactRecording(id: recording)
        for fix in fixes.suffix(300) { try store.append(fixes: [fix], toRecording: recording) }  // 1 s commits
        let done = Self.flight(takeoff: start + 120_000, minutes: 64, pilot: "Jürgen Müller")  // ends in the live rows
        let id = try store.insertFlight(done, recording: recording, inProgress: true)
        try store.updateRecordedFacts(of: id, from: done, inProgress: false)
        if withFlightInProgress {
            _ = try store.insertFlight(
                Self.flight(takeoff: start + 80 * 60_000, minutes: 30), recording: recording, inProgress: true)
        }
        return id
    }

    static let recorder = RecorderInfo(
        manufacturer: "XFL", serial: "SYN", recorderType: "flightlog", pressureSensor: "BMP280",
        extensions: [FixExtension(code: "FXA", length: 3)])

    /// A 1 Hz track: climbing circles with FXA extensions.
    static func track(start: UTCMillis, minutes: Int) -> Track {
        let fixes = (0..<(minutes * 60)).map { (i: Int) -> Fix in
            let angle = Double(i) / 40
            let climb = Double(i % 1200) / 2
            return Fix(
                time: start + Int64(i) * 1000, isValid: true, latitude: 50.8 + 0.01 * sin(angle),
                longitude: 6.1 + 0.01 * cos(angle), pressureAltitude: 180 + climb, gnssAltitude: 200 + climb,
                extensions: "0\(10 + i % 20)")
        }
        return Track(recorder: recorder, fixes: fixes)
    }

    static func flight(takeoff: UTCMillis, minutes: Int64 = 60, pilot: String = "Anna Huber") -> Flight {
        Flight(
            takeoffTime: takeoff, landingTime: takeoff + minutes * 60_000,
            takeoffCoordinate: Coordinate(latitude: 50.8, longitude: 6.1),
            landingCoordinate: Coordinate(latitude: 50.81, longitude: 6.11), releaseTime: takeoff + 45_000,
            details: FlightDetails(
                pilot: pilot, gliderType: "ASK 21", registration: "D-1234", launchMethod: .winch, releaseHeight: 380,
                takeoffPlace: "Aachen-Merzbrück"),
            maxAltitude: 780, takeoffAltitude: 180, maxDistanceFromTakeoff: 9_000, pathLength: 60_000,
            hasBarometer: true, timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 7200)
    }
}

/// 2025-06-14T08:00Z
let june14: UTCMillis = 1_749_888_000_000
