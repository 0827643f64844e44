import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogStore

/// A flight stays marked in progress in the database until flightlogd closes it. When no running recorder owns it
/// (no fresh status file beside the database naming it: the Pi never powered again, the logbook copied off it, the
/// recorder stopped), every view reads it as "recording ended in flight", never as a flight going on or an
/// outlanding at the last fix. Real database file, real status file.
@Suite struct RecorderGoneTests {
    /// A recording with a flight still in progress whose last stored position was placed as an outlanding.
    func logbook(_ dir: TempDirectory) throws -> (FlightStore, Int64) {
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let recording = try store.beginRecording(recorder: recorder)
        try store.append(fixes: track(start: day0, count: 1500).fixes, toRecording: recording)
        var cut = flight(takeoff: day0 + 60_000, minutes: 20)
        cut.landingLocation = FlightPlace(
            code: nil, name: "Wershofen", distance: 12_000, bearing: 45, isOutlanding: true, zoneIdentifier: nil)
        return (store, try store.insertFlight(cut, recording: recording, inProgress: true))
    }

    func writeStatus(_ dir: TempDirectory, flightId: Int64?, stopped: Bool = false, age: TimeInterval = 0) throws {
        var status = RecorderStatus()
        status.flying = flightId != nil
        status.flightId = flightId
        status.stopped = stopped
        let path = RecorderStatusFile.path(besideDatabase: dir.databasePath)
        try status.write(to: path)
        try FileManager.default.setAttributes([.modificationDate: Date() - age], ofItemAtPath: path)
    }

    func expectEndedInFlight(_ store: FlightStore, _ id: Int64, _ ended: Bool, _ why: Comment) throws {
        let flight = try store.flight(id: id)
        #expect(flight.endedInFlight == ended, why)
        #expect(!flight.isOutlanding, why)
        #expect(try store.flights(matching: FlightFilter()).map(\.endedInFlight) == [ended], why)
        #expect(try store.flights(matching: FlightFilter(outlanding: true)).isEmpty, why)
        if ended { #expect(flight.landingPlaceLabel == Flight.endedInFlightLabel, why) }
    }

    @Test func aFlightNoRunningRecorderOwnsEndedInFlight() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let (store, id) = try logbook(dir)
        try expectEndedInFlight(store, id, true, "no status file: the recorder never came back")
        try writeStatus(dir, flightId: id, age: 3600)
        try expectEndedInFlight(store, id, true, "an hour-old status file is a stopped recorder's")
        try writeStatus(dir, flightId: id, stopped: true)
        try expectEndedInFlight(store, id, true, "the recorder stopped")
        try writeStatus(dir, flightId: id + 1)
        try expectEndedInFlight(store, id, true, "the running recorder flies another flight")
        // Only the running recorder's own flight goes on.
        try writeStatus(dir, flightId: id)
        #expect(store.liveFlightId() == id)
        try expectEndedInFlight(store, id, false, "flightlogd is recording it now")
    }
}
