import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import GRDB
import Testing

@testable import FlightLogStore

/// An imported file of this device's glider (``OwnGlider``) is scored at the config's `[glider] index`, also where
/// its analysis was kept under the rule before (imported: never the config's) and where the club sync sends it.
@Suite struct OwnGliderStoreTests {
    static let own = OwnGlider(type: "ASK-21", registration: "D 1234", index: 95)

    /// Two imported ASK 21 flights, the owner's (D-1234) and the club's other one (D-5678), each analysed as the
    /// rule before had it: at the type's 92.
    private func logbook() throws -> (TempDirectory, FlightStore, owners: Int64, others: Int64) {
        let dir = try TempDirectory()
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        var ids: [Int64] = []
        for (n, registration) in ["D-1234", "D-5678"].enumerated() {
            let t = track(start: day0 + Int64(n) * 86_400_000 + 10 * 3_600_000, count: 1800)
            let f = flight(takeoff: t.fixes[100].time, minutes: 25, registration: registration)
            ids += try store.importFlights(track: t, fileName: "\(n).igc", sha256: "sha\(n)", flights: [f])
            #expect(try store.analysis(forFlight: ids[n], glider: OwnGlider(index: 95)).index == 92)
        }
        return (dir, store, ids[0], ids[1])
    }

    @Test func aKeptAnalysisOfTheOwnersImportedFlightIsRedoneAtTheConfiguredIndex() throws {
        let (dir, store, owners, others) = try logbook()
        defer { dir.cleanup() }
        let redone = try store.analysis(forFlight: owners, glider: Self.own)
        #expect(redone.index == 95 && redone.inputs.indexSource == "[glider] index")
        #expect(try store.storedAnalysis(forFlight: owners)?.index == 95)
        #expect(try store.analysis(forFlight: others, glider: Self.own).index == 92)
    }

    @Test func theClubSyncSendsTheConfiguredIndexForTheOwnersImportedFlight() throws {
        let (dir, store, owners, others) = try logbook()
        defer { dir.cleanup() }
        let uuids = try DatabaseQueue(path: dir.databasePath).read { db in
            try [owners, others].map {
                try String.fetchOne(db, sql: "SELECT uuid FROM flight WHERE id = ?", arguments: [$0])
            }
        }
        let sent = try store.clubContest(glider: Self.own)
        #expect(sent.first { $0.uuid == uuids[0] }?.contest?.index == 95)
        #expect(sent.first { $0.uuid == uuids[1] }?.contest?.index == 92)
        // Sent again with nothing left to analyse: both are current for the rule, so both are sent.
        #expect(Set(try store.clubContest(glider: Self.own, analyseAtMost: 0).map(\.uuid)) == Set(uuids))
    }

    /// The club sync judges a kept analysis by the index the analysis itself uses: a Ventus 3T of the 18 m class is
    /// the Ventus 3 (18 m) for both, so its current analysis is sent without a new one (the type alone fits two
    /// entries: the sync took the kept 122 for out of date, and with no analyses left to make, left it out).
    @Test func theClubSyncJudgesTheIndexAsTheAnalysisDoes() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let t = track(start: day0 + 10 * 3_600_000, count: 1800)
        var f = flight(takeoff: t.fixes[100].time, minutes: 25, glider: "Ventus 3T")
        f.competitionClass = "18-Meter"
        let id = try store.importFlights(track: t, fileName: "v3.igc", sha256: "v3", flights: [f])[0]
        #expect(try store.analysis(forFlight: id, glider: Self.own).index == 122)
        let sent = try store.clubContest(glider: Self.own, analyseAtMost: 0)
        #expect(sent.count == 1 && sent.first?.contest?.index == 122)
    }
}
