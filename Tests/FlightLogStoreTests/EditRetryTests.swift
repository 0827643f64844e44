import FlightLogCore
import FlightLogTestSupport
import Testing

@testable import FlightLogStore

/// `flightlog edit`'s save: an edit that meets another process's write is made again on what is stored now, so
/// neither is lost.
@Suite struct EditRetryTests {
    @Test func anEditThatMeetsAnotherWriteIsMadeAgainOnItAndKeepsBoth() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let id = try store.addManualFlight(flight(takeoff: day0))
        var attempts: [Int] = []
        let saved = try store.editDetails(id: id, now: { day0 + 86_400_000 }) { stored, attempt in
            attempts.append(attempt)
            if attempt == 1 {  // another process writes between this read and the write
                var other = stored.details
                other.remarks = "from the phone"
                _ = try store.updateDetails(id: id, to: other, editedAt: day0 + 3_600_000)
            }
            var new = stored.details
            new.gliderType = "LS 4"
            return (new, false)
        }
        #expect(attempts == [1, 2])
        #expect(saved.changes.count == 1 && saved.details.gliderType == "LS 4")
        let now = try store.flight(id: id).details
        #expect(now.gliderType == "LS 4" && now.remarks == "from the phone")
    }

    @Test func anEditThatAlwaysMeetsAnotherWriteGivesUpWithChangedElsewhere() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let id = try store.addManualFlight(flight(takeoff: day0))
        var count = 0
        #expect {
            try store.editDetails(id: id, attempts: 3, now: { day0 + 86_400_000 }) { stored, _ in
                count += 1
                var other = stored.details
                other.remarks = "write \(count)"
                _ = try store.updateDetails(id: id, to: other, editedAt: day0 + Int64(count) * 60_000)
                var new = stored.details
                new.gliderType = "LS 4"
                return (new, false)
            }
        } throws: { error in
            (error as? LogbookError)?.code == .changedElsewhere
        }
        #expect(count == 3)
    }
}
