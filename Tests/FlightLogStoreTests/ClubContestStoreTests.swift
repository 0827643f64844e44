import FlightLogAnalysis
import FlightLogCore
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// The club's contest figures (``FlightStore/clubContest(glider:analyseAtMost:)``) from a real SQLite file with
/// damaged rows: a flight whose row cannot be read now is left out and the others are sent; a track chunk that
/// cannot be decoded costs only its own fixes, as everywhere else.
@Suite struct ClubContestStoreTests {
    @Test func aDamagedRowIsLeftOutAndTheOthersAreSent() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        var ids: [Int64] = []
        for n in 0..<3 {
            let t = track(start: day0 + Int64(n) * 86_400_000 + 10 * 3_600_000, count: 3000)
            let f = flight(takeoff: t.fixes[100].time, minutes: 45)
            ids += try store.importFlights(track: t, fileName: "\(n).igc", sha256: "sha\(n)", flights: [f])
            // Analysed by an older flightlog: out of date, so the club's figures are made again now.
            var old = try store.analysis(forFlight: ids[n], glider: OwnGlider())
            old.version -= 1
            try store.store(old, forFlight: ids[n])
        }
        let queue = try DatabaseQueue(path: dir.databasePath)
        let uuids = try queue.read { try String.fetchAll($0, sql: "SELECT uuid FROM flight ORDER BY id") }
        try #require(uuids.count == 3)
        try queue.write { db in
            // Flight 2's recording row damaged: its track cannot be read at all.
            try db.execute(
                sql: """
                    UPDATE recording SET recorder = 'not json'
                    WHERE id = (SELECT recordingId FROM flight WHERE id = ?)
                    """,
                arguments: [ids[1]])
            // Flight 3 loses one chunk of its fixes: the rest is analysed.
            try db.execute(
                sql: """
                    UPDATE trackChunk SET data = x'01ff00' WHERE rowid = (SELECT c.rowid FROM trackChunk c
                        JOIN flight f ON f.recordingId = c.recordingId WHERE f.id = ? ORDER BY c.firstTime
                        LIMIT 1 OFFSET 1)
                    """, arguments: [ids[2]])
        }
        #expect(throws: LogbookError.self) { try store.track(forFlight: ids[1]) }

        let sent = try store.clubContest(glider: OwnGlider())
        #expect(sent.map(\.uuid) == [uuids[0], uuids[2]], "the damaged flight is left out, not the sync")
        #expect(sent.allSatisfy { $0.contest != nil })
        #expect(try store.storedAnalysis(forFlight: ids[1])?.version == FlightAnalysis.currentVersion - 1)
        for id in [ids[0], ids[2]] {
            #expect(try store.storedAnalysis(forFlight: id)?.version == FlightAnalysis.currentVersion)
        }
        let fewer = try #require(try store.storedAnalysis(forFlight: ids[2]))
        #expect(fewer.inputs.fixCount < (try store.storedAnalysis(forFlight: ids[0])?.inputs.fixCount ?? 0))

        // Sent again: the two are current now, and the damaged one is still left out.
        #expect(try store.clubContest(glider: OwnGlider(), analyseAtMost: 0).map(\.uuid) == [uuids[0], uuids[2]])
    }

    /// A stored analysis that is not JSON (a damaged row, a hand edit) or larger than any analysis is no analysis
    /// to read, but the flight was analysed: it is analysed again, as every other view does, and the club keeps
    /// figures for it, rather than being told the flight has none.
    @Test func aDamagedStoredAnalysisIsMadeAgainNotCleared() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        var ids: [Int64] = []
        for n in 0..<2 {
            let t = track(start: day0 + Int64(n) * 86_400_000 + 10 * 3_600_000, count: 1200)
            let f = flight(takeoff: t.fixes[100].time, minutes: 15)
            ids += try store.importFlights(track: t, fileName: "\(n).igc", sha256: "sha\(n)", flights: [f])
            _ = try store.analysis(forFlight: ids[n], glider: OwnGlider())
        }
        let queue = try DatabaseQueue(path: dir.databasePath)
        try queue.write { db in
            try db.execute(
                sql: "UPDATE flightAnalysis SET data = CAST('{\"version\": ' AS BLOB) WHERE flightId = ?",
                arguments: [ids[0]])
            try db.execute(
                sql: "UPDATE flightAnalysis SET data = zeroblob(2000000) WHERE flightId = ?",
                arguments: [ids[1]])
        }
        let sent = try store.clubContest(glider: OwnGlider())
        #expect(sent.count == 2 && sent.allSatisfy { $0.contest != nil }, "\(sent)")
        for id in ids { #expect(try store.storedAnalysis(forFlight: id)?.version == FlightAnalysis.currentVersion) }
    }

    /// 150 flights out of date at once (an upgrade): one call makes 100 of them again and leaves 50 out (the club
    /// keeps what it has), the next makes the rest; none is ever sent without figures.
    @Test func outOfDateFlightsAreMadeAgainAtMostSoManyACall() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        var ids: [Int64] = []
        for n in 0..<150 {
            let t = track(start: day0 + Int64(n) * 86_400_000 + 10 * 3_600_000, count: 200)
            let f = flight(takeoff: t.fixes[20].time, minutes: 2)
            ids += try store.importFlights(track: t, fileName: "\(n).igc", sha256: "sha\(n)", flights: [f])
        }
        for id in ids {  // analysed by an older flightlog
            var old = try store.analysis(forFlight: id, glider: OwnGlider())
            old.version -= 1
            try store.store(old, forFlight: id)
        }
        let first = try store.clubContest(glider: OwnGlider())
        #expect(first.count == 100 && first.allSatisfy { $0.contest != nil })
        let second = try store.clubContest(glider: OwnGlider())
        #expect(second.count == 150 && second.allSatisfy { $0.contest != nil })
    }

    /// A flight over 24 h from take-off to landing (a recorder's broken clock) is not analysed: the club gets no
    /// figures for it (its list shows "—"), not a distance of 0.
    @Test func aFlightOverADaySendsNoFigures() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let t = track(start: day0 + 10 * 3_600_000, count: 1200)
        let id = try store.importFlights(
            track: t, fileName: "long.igc", sha256: "long", flights: [flight(takeoff: t.fixes[100].time, minutes: 15)]
        )[0]
        let queue = try DatabaseQueue(path: dir.databasePath)
        try queue.write { try $0.execute(sql: "UPDATE flight SET landingTime = landingTime + 25 * 3600000") }
        let refused = try store.analysis(forFlight: id, glider: OwnGlider())
        try #require(!refused.wasAnalysed && refused.freeSix == nil)
        let sent = try store.clubContest(glider: OwnGlider())
        #expect(sent.count == 1 && sent[0].contest == nil)
    }
}
