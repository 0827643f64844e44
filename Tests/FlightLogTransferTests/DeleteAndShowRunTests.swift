import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `flightlog delete` and `flightlog show` on a real SQLite file, without a process.
@Suite struct DeleteAndShowRunTests {
    @Test func deleteAsksAndKeepsTheFlightOnNo() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try FlightStore(path: try TransferLogbook.logbook(in: dir).db.path, mode: .readWrite)
        var asked: [String] = []
        let kept = try DeleteRun.run(
            id: 2, store: store, yes: false,
            ask: {
                asked.append($0)
                return false
            })
        #expect(asked.count == 1 && asked[0].hasPrefix("Delete flight 2 (2025-06-14 "), "\(asked)")
        #expect(asked[0].hasSuffix("? This cannot be undone. [y/N] "))
        #expect(kept.hasPrefix("Kept flight 2 (") && kept.hasSuffix(")."), "\(kept)")
        #expect(try store.flights(matching: FlightFilter()).count == 4)
        let deleted = try DeleteRun.run(id: 2, store: store, yes: false, ask: { _ in true })
        #expect(deleted.hasPrefix("Deleted flight 2 ("), "\(deleted)")
        #expect(try store.flights(matching: FlightFilter()).map(\.id) == [1, 3, 4])
    }

    @Test func deleteWithoutATerminalNeedsYes() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try FlightStore(path: try TransferLogbook.logbook(in: dir).db.path, mode: .readWrite)
        #expect(throws: TransferRefusal.self) { try DeleteRun.run(id: 3, store: store, yes: false, ask: nil) }
        #expect(try store.flights(matching: FlightFilter()).count == 4)
        #expect(try DeleteRun.run(id: 3, store: store, yes: true, ask: nil).hasPrefix("Deleted flight 3 ("))
        #expect(try store.flights(matching: FlightFilter()).count == 3)
    }

    @Test func showGivesTheTextOrTheJSONObjectOfOneFlight() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try FlightStore(path: try TransferLogbook.logbook(in: dir).db.path, mode: .readOnly)
        let text = try ShowRequest(id: 1, qnhHectopascals: nil, json: false).output(store: store, config: .init())
        #expect(text.contains("2025-05-03"), "\(text)")
        let json = try ShowRequest(id: 1, qnhHectopascals: 1013.25, json: true).output(store: store, config: .init())
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["id"] as? Int == 1, "\(json.prefix(200))")
        let hand = try ShowRequest(id: 4, qnhHectopascals: nil, json: false).output(store: store, config: .init())
        #expect(hand.contains("2025-08-01"))
        #expect(throws: (any Error).self) {
            try ShowRequest(id: 99, qnhHectopascals: nil, json: false).output(store: store, config: .init())
        }
    }
}
