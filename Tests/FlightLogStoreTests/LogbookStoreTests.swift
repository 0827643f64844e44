import FlightLogCore
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// Schema v4: an older database migrates with every row kept; flights entered by hand are stored,
/// read, edited and deleted like any other.
@Suite struct LogbookStoreTests {
    /// A database as main's code (schema v3) leaves it: the shipped migrations up to v3, an imported recording
    /// with its fixes, kept file, a flight and an edit.
    func makeV3Database(_ path: String) throws -> (flightId: Int64, recordingId: Int64) {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v3 places")
        return try queue.write { db in
            #expect(try !db.columns(in: "flight").contains { $0.name == "launches" })
            // As v3 wrote it (today's Recordings.insert also fills columns of later versions).
            try db.execute(
                sql: "INSERT INTO recording (kind, fileName, sha256, recorder, createdAt) VALUES (?, ?, ?, ?, 0)",
                arguments: [
                    "imported", "old.igc", "abc", String(decoding: try JSONEncoder().encode(recorder), as: UTF8.self),
                ])
            let recordingId = db.lastInsertedRowID
            try Recordings.insertChunks(track(start: day0, count: 600).fixes, recordingId: recordingId, into: db)
            try db.execute(
                sql: "INSERT INTO recordingFile (recordingId, bytes) VALUES (?, ?)",
                arguments: [recordingId, Data("AXXX".utf8)])
            try db.execute(
                sql: """
                    INSERT INTO flight (recordingId, takeoffTime, landingTime, takeoffLatitude, takeoffLongitude,
                        landingLatitude, landingLongitude, maxDistanceFromTakeoff, pathLength, hasBarometer,
                        utcOffsetSeconds, localDate, pilot, pilotKey, launchMethod, takeoffPlaceCode, takeoffPlaceDistance,
                        takeoffPlaceBearing, takeoffOutlanding)
                    VALUES (?, ?, ?, 50, 7, 50, 7, 100, 200, 1, 3600, '2025-01-01', 'Anna Huber', 'anna huber', 'winch',
                        'EDKL', 10, 90, 0)
                    """, arguments: [recordingId, day0 + 60_000, day0 + 500_000])
            let flightId = db.lastInsertedRowID
            try db.execute(
                sql:
                    "INSERT INTO flightEdit (flightId, field, oldValue, newValue, editedAt) VALUES (?, 'pilot', NULL, 'Anna Huber', 5)",
                arguments: [flightId])
            return (flightId, recordingId)
        }
    }

    @Test("a v3 database migrates to v4: ids, fixes, kept file, edits and places intact; defaults for the new columns")
    func migratesV3() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let (id, recordingId) = try makeV3Database(dir.databasePath)
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let flight = try store.flight(id: id)
        #expect(flight.details.pilot == "Anna Huber" && flight.details.launches == 1 && flight.details.ownerRole == nil)
        #expect(flight.source == .imported(fileName: "old.igc", sha256: "abc") && flight.hasTrack)
        #expect(flight.takeoffLocation?.code == "EDKL")
        #expect(try store.track(forFlight: id).fixes.count > 400)
        #expect(try store.originalFile(forFlight: id)?.bytes == Array("AXXX".utf8))
        #expect(try store.history(id: id).map(\.field) == ["pilot"])
        #expect(try store.flightIds(importedWithSHA256: "abc") == [id])
        let queue = try DatabaseQueue(path: dir.databasePath)
        let (integrity, foreignKeyProblems, ids) = try queue.read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA integrity_check"),
                try Row.fetchAll(db, sql: "PRAGMA foreign_key_check"),
                try Int64.fetchAll(db, sql: "SELECT id FROM recording")
            )
        }
        #expect(integrity == "ok" && foreignKeyProblems.isEmpty && ids == [recordingId])
        // The relaxed CHECK still refuses what is no recording kind.
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try db.execute(sql: "INSERT INTO recording (kind, recorder, createdAt) VALUES ('bogus', '{}', 0)")
            }
        }
        // A read-only user opens the migrated file, and an added flight sits next to the old one.
        let added = try store.addManualFlight(manual())
        let reader = try FlightStore(path: dir.databasePath, mode: .readOnly)
        #expect(try reader.flights(matching: FlightFilter()).map(\.id) == [id, added])
    }

    func manual() -> Flight {
        Flight(
            takeoffTime: day0 + 86_400_000, landingTime: day0 + 86_400_000 + 1_800_000,
            takeoffCoordinate: Coordinate(latitude: 0, longitude: 0),
            landingCoordinate: Coordinate(latitude: 0, longitude: 0),
            details: FlightDetails(
                pilot: "Jürgen Müller", launchMethod: .winch, takeoffPlace: "Hintertupfing", launches: 3),
            source: .manual, hasBarometer: false, utcOffsetSeconds: 7200)
    }

    @Test(
        "a flight entered by hand: no fixes, counted with its launches, edited with history, deleted with its recording"
    )
    func manualFlightLifecycle() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let id = try store.addManualFlight(manual())
        let flight = try store.flight(id: id)
        #expect(flight.source == .manual && !flight.hasTrack && flight.details.launches == 3)
        #expect(try store.track(forFlight: id).fixes.isEmpty)
        #expect(try store.totals(matching: FlightFilter()).launches == 3)
        #expect(throws: LogbookError.self) {
            try igcExport(flightId: id, store: store, config: FlightLogConfig()) { nil }
        }
        var details = flight.details
        details.ownerRole = .dual
        details.launches = 2
        let changes = try store.updateDetails(id: id, to: details, editedAt: 10)
        #expect(Set(changes.map(\.field)) == ["ownerRole", "launches"])
        #expect(try store.flight(id: id).details.ownerRole == .dual)
        // Placing never touches it (it has no coordinates).
        #expect(try store.unplacedFlightCount() == 0)
        try store.delete(id: id)
        let counts = try DatabaseQueue(path: dir.databasePath).read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM recording"),
                try Int.fetchOne(db, sql: "SELECT count(*) FROM flightEdit")
            )
        }
        #expect(counts.0 == 0 && counts.1 == 0)
    }
}
