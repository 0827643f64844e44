import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogStore

/// The local side of `flightlog sync`: stable ids on every row, what is pending, what was pushed.
@Suite struct SyncBookkeepingTests {
    @Test func anOldLogbookGetsIdsForEveryRowAndADeviceIdOnce() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let path = dir.path + "/old.sqlite"
        try FileManager.default.copyItem(
            atPath: packageRoot.appendingPathComponent("Tests/Fixtures/schema-v3-by-main.sqlite").path,
            toPath: path)
        let store = try FlightStore(path: path, mode: .readWrite)
        let device = try store.syncDevice()
        #expect(UUID(uuidString: device.uuid) != nil && device.uuid == device.uuid.lowercased())
        #expect(device.editCursor == 0)
        let pending = try store.recordingsToPush()
        #expect(!pending.isEmpty)
        var ids: Set<String> = []
        for outline in pending {
            let recording = try store.recordingToPush(id: outline.id)
            #expect(recording.fingerprint == outline.fingerprint)
            for uuid in [recording.uuid] + recording.flights.map(\.uuid) {
                #expect(UUID(uuidString: uuid) != nil, "\(uuid)")
                #expect(ids.insert(uuid).inserted)
            }
        }
        // Opening it again keeps the device id.
        #expect(try FlightStore(path: path, mode: .readWrite).syncDevice().uuid == device.uuid)
    }

    @Test func everyWayOfAddingAFlightGivesItsRowsIds() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let imported = try store.importFlights(
            track: track(start: day0, count: 4000), fileName: "a.igc", sha256: "a", original: [1, 2, 3],
            flights: [flight(takeoff: day0 + 60_000, minutes: 30)])[0]
        let manual = try store.addManualFlight(flight(takeoff: day0 + 86_400_000))
        let recording = try store.beginRecording(recorder: recorder)
        try store.append(fixes: track(start: day0 + 2 * 86_400_000, count: 3000).fixes, toRecording: recording)
        let live = try store.insertFlight(
            flight(takeoff: day0 + 2 * 86_400_000 + 60_000, minutes: 20), recording: recording, inProgress: true)

        // The flight in progress is not offered; the others are, once, until something changes.
        let pending = try store.recordingsToPush()
        #expect(pending.count == 2)
        for outline in pending {
            let recording = try store.recordingToPush(id: outline.id)
            #expect(recording.flights.allSatisfy { UUID(uuidString: $0.uuid) != nil })
            try store.markPushed(recording: outline.id, fingerprint: outline.fingerprint)
        }
        #expect(try store.recordingsToPush().isEmpty)
        try store.updateRecordedFacts(
            of: live, from: flight(takeoff: day0 + 2 * 86_400_000 + 60_000, minutes: 20), inProgress: false)
        let landed = try store.recordingsToPush()
        #expect(landed.map(\.id) == [recording])
        let package = try store.recordingToPush(id: recording)
        #expect(package.chunks.allSatisfy(\.live) && !package.chunks.isEmpty)  // not compacted yet
        #expect(package.chunks.reduce(0) { $0 + $1.fixCount } == 3000)
        try store.markPushed(recording: recording, fingerprint: package.fingerprint)
        try store.compactRecording(id: recording)
        #expect(try store.recordingsToPush().map(\.id) == [recording])  // the chunks changed

        // Edits: each with its own id, pending until marked.
        var details = try store.flight(id: imported).details
        details.pilot = "Someone Else"
        details.remarks = "x"
        _ = try store.updateDetails(id: imported, to: details, editedAt: 5)
        details.launches = 2
        _ = try store.updateDetails(id: manual, to: details, editedAt: 6)
        let edits = try store.editsToPush()
        #expect(edits.count == 2 + 3)
        #expect(Set(edits.map(\.uuid)).count == edits.count && edits.allSatisfy { $0.deviceUuid == nil })
        try store.markEditsPushed(edits.prefix(2).map(\.uuid))
        #expect(try store.editsToPush().map(\.uuid) == edits.dropFirst(2).map(\.uuid))
    }

    @Test func pulledEditsAreAddedOnceAndTheLatestWins() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let id = try store.addManualFlight(flight(takeoff: day0, pilot: "Anna Huber"))
        let flightUuid = try store.recordingToPush(id: try store.recordingsToPush()[0].id).flights[0].uuid
        var details = try store.flight(id: id).details
        details.pilot = "Local Late"
        _ = try store.updateDetails(id: id, to: details, editedAt: 3000)
        let other = UUID().uuidString.lowercased()
        let pulled = [
            SyncEdit(
                uuid: UUID().uuidString.lowercased(), flightUuid: flightUuid, deviceUuid: other, field: "pilot",
                oldValue: "Anna Huber", newValue: "Club Early", editedAt: 2000),
            SyncEdit(
                uuid: UUID().uuidString.lowercased(), flightUuid: flightUuid, deviceUuid: other,
                field: "registration", oldValue: "D-1234", newValue: "D-9999", editedAt: 2500),
            SyncEdit(
                uuid: UUID().uuidString.lowercased(), flightUuid: UUID().uuidString.lowercased(),
                deviceUuid: other, field: "pilot", oldValue: nil, newValue: "Nobody's flight", editedAt: 1),
        ]
        #expect(try store.applyPulledEdits(pulled, cursor: 17).added == 2)
        #expect(try store.applyPulledEdits(pulled, cursor: 17).added == 0)  // again: nothing new
        let now = try store.flight(id: id)
        #expect(now.details.pilot == "Local Late")
        #expect(now.details.registration == "D-9999")
        #expect(try store.count(matching: FlightFilter(registration: "d9999")) == 1)  // search keys follow
        #expect(try store.history(id: id).count == 3)
        #expect(try store.syncDevice().editCursor == 17)
        #expect(try store.editsToPush().count == 1)  // only the local one
    }
}
