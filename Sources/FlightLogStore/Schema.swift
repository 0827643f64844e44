import FlightLogAnalysis
import FlightLogCore
import Foundation
import GRDB

/// The schema, as named migrations. A shipped migration is never edited; changes are new migrations.
enum Schema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 recordings, track chunks, flights, edits") { db in
            try db.execute(
                sql: """
                    -- One recording: a live recording of flightlogd or an imported IGC file.
                    CREATE TABLE recording (
                        id INTEGER PRIMARY KEY,
                        kind TEXT NOT NULL CHECK (kind IN ('recorded', 'imported')),
                        fileName TEXT,
                        sha256 TEXT UNIQUE,
                        recorder TEXT NOT NULL,      -- RecorderInfo as JSON
                        createdAt INTEGER NOT NULL   -- machine clock, ms since 1970 (bookkeeping only)
                    );
                    -- Fixes of a recording in time order, TrackCodec blobs.
                    CREATE TABLE trackChunk (
                        recordingId INTEGER NOT NULL REFERENCES recording(id) ON DELETE CASCADE,
                        firstTime INTEGER NOT NULL,
                        lastTime INTEGER NOT NULL,
                        fixCount INTEGER NOT NULL,
                        data BLOB NOT NULL,
                        PRIMARY KEY (recordingId, firstTime)
                    );
                    CREATE TABLE flight (
                        id INTEGER PRIMARY KEY,
                        recordingId INTEGER NOT NULL REFERENCES recording(id),
                        inProgress INTEGER NOT NULL DEFAULT 0,
                        takeoffTime INTEGER NOT NULL,
                        landingTime INTEGER NOT NULL,
                        takeoffLatitude REAL NOT NULL,
                        takeoffLongitude REAL NOT NULL,
                        landingLatitude REAL NOT NULL,
                        landingLongitude REAL NOT NULL,
                        releaseTime INTEGER,
                        maxAltitude REAL,
                        takeoffAltitude REAL,
                        maxDistanceFromTakeoff REAL NOT NULL,
                        pathLength REAL NOT NULL,
                        hasBarometer INTEGER NOT NULL,
                        timeZoneIdentifier TEXT,
                        utcOffsetSeconds INTEGER NOT NULL,
                        localDate TEXT NOT NULL,     -- YYYY-MM-DD at the takeoff place
                        pilot TEXT,
                        secondPerson TEXT,
                        secondPersonRole TEXT,
                        gliderType TEXT,
                        registration TEXT,
                        competitionId TEXT,
                        launchMethod TEXT NOT NULL,
                        releaseHeight REAL,
                        takeoffPlace TEXT,
                        landingPlace TEXT,
                        remarks TEXT,
                        -- Search keys (FlightLogCore searchKey / registrationKey) for the filters.
                        pilotKey TEXT,
                        secondPersonKey TEXT,
                        gliderTypeKey TEXT,
                        registrationKey TEXT
                    );
                    CREATE INDEX flight_takeoffTime ON flight(takeoffTime);
                    CREATE INDEX flight_localDate ON flight(localDate);
                    CREATE INDEX flight_recordingId ON flight(recordingId);
                    CREATE INDEX flight_inProgress ON flight(inProgress) WHERE inProgress;
                    CREATE TABLE flightEdit (
                        id INTEGER PRIMARY KEY,
                        flightId INTEGER NOT NULL REFERENCES flight(id) ON DELETE CASCADE,
                        field TEXT NOT NULL,
                        oldValue TEXT,
                        newValue TEXT,
                        editedAt INTEGER NOT NULL
                    );
                    CREATE INDEX flightEdit_flightId ON flightEdit(flightId);
                    """)
        }
        migrator.registerMigration("v2 original files") { db in
            try db.execute(
                sql: """
                    -- The bytes of an imported IGC file exactly as they were read: `export --igc` gives
                    -- them back, G record and all. Files imported before this migration have none.
                    CREATE TABLE recordingFile (
                        recordingId INTEGER PRIMARY KEY REFERENCES recording(id) ON DELETE CASCADE,
                        bytes BLOB NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v3 places") { db in
            try db.execute(
                sql: """
                    -- Takeoff and landing places from the airfield index: the field within the radius,
                    -- or for an outlanding the nearest one; distance (m) and bearing (°) from it; the place's IANA
                    -- zone. NULL until placed: flightlogd places older flights when it starts.
                    ALTER TABLE flight ADD COLUMN takeoffPlaceCode TEXT;
                    ALTER TABLE flight ADD COLUMN takeoffPlaceName TEXT;
                    ALTER TABLE flight ADD COLUMN takeoffPlaceDistance REAL;
                    ALTER TABLE flight ADD COLUMN takeoffPlaceBearing REAL;
                    ALTER TABLE flight ADD COLUMN takeoffOutlanding INTEGER;
                    ALTER TABLE flight ADD COLUMN takeoffPlaceZone TEXT;
                    ALTER TABLE flight ADD COLUMN landingPlaceCode TEXT;
                    ALTER TABLE flight ADD COLUMN landingPlaceName TEXT;
                    ALTER TABLE flight ADD COLUMN landingPlaceDistance REAL;
                    ALTER TABLE flight ADD COLUMN landingPlaceBearing REAL;
                    ALTER TABLE flight ADD COLUMN landingOutlanding INTEGER;
                    ALTER TABLE flight ADD COLUMN landingPlaceZone TEXT;
                    CREATE INDEX flight_landingOutlanding ON flight(landingOutlanding) WHERE landingOutlanding;
                    """)
        }
        migrator.registerMigration("v4 glider type and registration keys without separators") { db in
            // Glider types match ignoring spaces, `_` and `-` (designationKey), registrations also ignore `_`.
            let rows = try Row.fetchAll(db, sql: "SELECT id, gliderType, registration FROM flight")
            for row in rows {
                let type: String? = row["gliderType"], registration: String? = row["registration"]
                try db.execute(
                    sql: "UPDATE flight SET gliderTypeKey = ?, registrationKey = ? WHERE id = ?",
                    arguments: [type.map(designationKey), registration.map(registrationKey), row["id"] as Int64])
            }
        }
        migrator.registerMigration("v5 logbook: owner role, launches, flights without a track") { db in
            // SQLite cannot change a CHECK constraint in place, so `recording` is rebuilt (the documented
            // create-copy-drop-rename procedure; GRDB runs migrations with foreign keys off and checks them
            // before committing). Ids are kept, so trackChunk, flight and recordingFile still point right.
            try db.execute(
                sql: """
                    -- 'manual': a flight entered by hand (flightlog add): a recording with no fixes.
                    CREATE TABLE recording_v4 (
                        id INTEGER PRIMARY KEY,
                        kind TEXT NOT NULL CHECK (kind IN ('recorded', 'imported', 'manual')),
                        fileName TEXT,
                        sha256 TEXT UNIQUE,
                        recorder TEXT NOT NULL,      -- RecorderInfo as JSON
                        createdAt INTEGER NOT NULL   -- machine clock, ms since 1970 (bookkeeping only)
                    );
                    INSERT INTO recording_v4 (id, kind, fileName, sha256, recorder, createdAt)
                        SELECT id, kind, fileName, sha256, recorder, createdAt FROM recording;
                    DROP TABLE recording;
                    ALTER TABLE recording_v4 RENAME TO recording;
                    -- The owner's function set by hand (pic, dual, instructor, passenger); NULL: from the crew names.
                    ALTER TABLE flight ADD COLUMN ownerRole TEXT;
                    -- Launches logged with the flight (a paper logbook line may hold several).
                    ALTER TABLE flight ADD COLUMN launches INTEGER NOT NULL DEFAULT 1 CHECK (launches >= 1);
                    """)
        }
        migrator.registerMigration("v6 imported headers read as people write them") { db in
            // Flights imported before HeaderValues: placeholders become nobody, capitals a name, unless
            // the pilot edited the field. Plain SQL on the columns of this version (later ones may add more).
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT f.id, f.pilot, f.secondPerson, f.secondPersonRole, f.gliderType, f.registration, f.competitionId
                    FROM flight f JOIN recording r ON r.id = f.recordingId WHERE r.kind = 'imported'
                    """)
            for row in rows {
                let id: Int64 = row["id"]
                let edited = Set(
                    try String.fetchAll(
                        db, sql: "SELECT DISTINCT field FROM flightEdit WHERE flightId = ?", arguments: [id]))
                func value(_ name: String, _ clean: (String?) -> String?) -> String? {
                    let raw: String? = row[name]
                    return edited.contains(name) ? raw : clean(raw)
                }
                let pilot = value("pilot", HeaderValues.personName)
                let second = value("secondPerson", HeaderValues.personName)
                var role: String? = row["secondPersonRole"]
                if second == nil, !edited.contains("secondPersonRole") { role = nil }  // "undefined" crew: nobody
                let glider = value("gliderType", HeaderValues.gliderType)
                let registration = value("registration", HeaderValues.registration)
                try db.execute(
                    sql: """
                        UPDATE flight SET pilot = ?, secondPerson = ?, secondPersonRole = ?, gliderType = ?,
                            registration = ?, competitionId = ?, pilotKey = ?, secondPersonKey = ?, gliderTypeKey = ?,
                            registrationKey = ?
                        WHERE id = ?
                        """,
                    arguments: [
                        pilot, second, role, glider, registration, value("competitionId", HeaderValues.meaningful),
                        pilot.map(searchKey), second.map(searchKey), glider.map(designationKey),
                        registration.map(registrationKey), id,
                    ])
            }
        }
        migrator.registerMigration("v7 live fixes in a table of their own") { db in
            // flightlogd commits each second's fix here: one small row at the end of one B-tree (WITHOUT ROWID:
            // no separate key index), so a commit writes one page to the disk, not two or three (an SD card wears
            // by pages written). Compaction moves the rows into trackChunk every 10 min and when flightlogd stops.
            try db.execute(
                sql: """
                    CREATE TABLE liveChunk (
                        recordingId INTEGER NOT NULL REFERENCES recording(id) ON DELETE CASCADE,
                        firstTime INTEGER NOT NULL,
                        lastTime INTEGER NOT NULL,
                        fixCount INTEGER NOT NULL,
                        data BLOB NOT NULL,
                        PRIMARY KEY (recordingId, firstTime)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v8 sync ids") { db in
            // The club logbook: every recording, flight and edit gets a stable UUID, the same on every
            // device and on the server, so that a sync repeated after any interruption finds what it already
            // sent. Existing rows get one here; new rows get one where they are inserted.
            for table in ["recording", "flight", "flightEdit"] {
                try db.execute(
                    sql: """
                        ALTER TABLE \(table) ADD COLUMN uuid TEXT;
                        UPDATE \(table) SET uuid = \(randomUUIDSQL);
                        CREATE UNIQUE INDEX \(table)_uuid ON \(table)(uuid);
                        """)
            }
            try db.execute(
                sql: """
                    -- NULL: made on this device; else the device whose edit sync pulled (it is in the history too).
                    ALTER TABLE flightEdit ADD COLUMN deviceUuid TEXT;
                    -- 1 once the server committed it (pulled edits come in as 1).
                    ALTER TABLE flightEdit ADD COLUMN pushed INTEGER NOT NULL DEFAULT 0;
                    CREATE INDEX flightEdit_unpushed ON flightEdit(id) WHERE NOT pushed;
                    -- This device (one row, made once): the id each row on the server carries, and the server's
                    -- sequence number of the last edit pulled.
                    CREATE TABLE syncDevice (
                        uuid TEXT NOT NULL,
                        editCursor INTEGER NOT NULL DEFAULT 0
                    );
                    INSERT INTO syncDevice (uuid) VALUES (\(randomUUIDSQL));
                    -- What the server holds of each recording: a fingerprint of its chunks, file and finished flights
                    -- as last committed there. A recording whose fingerprint changed is pushed again.
                    CREATE TABLE syncRecording (
                        recordingId INTEGER PRIMARY KEY REFERENCES recording(id) ON DELETE CASCADE,
                        fingerprint TEXT NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v9 sync deletions") { db in
            // A flight deleted here (`flightlog delete`) leaves its UUID, so the next sync removes it from the club
            // logbook too; the row goes once the server has taken it.
            try db.execute(
                sql: """
                    CREATE TABLE syncDeletion (
                        flightUuid TEXT PRIMARY KEY,
                        deletedAt INTEGER NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v10 flight ids are never reused") { db in
            // A flight's id names its files (a USB stick, an export folder, a bookmark on the phone): after
            // `flightlog delete` its id must not come back as a new flight's. SQLite gives a plain INTEGER PRIMARY
            // KEY the largest id + 1, so deleting the last flight reused its id; AUTOINCREMENT never does. SQLite
            // cannot add it in place: the table is rebuilt from its own current definition (every column added
            // since, whatever later migrations add), ids and indexes kept (create-copy-drop-rename, as in v5).
            guard
                let create = try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'flight'"),
                let key = create.range(of: "id INTEGER PRIMARY KEY,")
            else { return }
            let indexes = try String.fetchAll(
                db,
                sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'flight' AND sql IS NOT NULL")
            let columns = create.replacingCharacters(in: key, with: "id INTEGER PRIMARY KEY AUTOINCREMENT,")
            try db.execute(sql: "CREATE TABLE flight_v10 " + columns[columns.firstIndex(of: "(")!...])
            // also sets sqlite_sequence to the largest id
            try db.execute(sql: "INSERT INTO flight_v10 SELECT * FROM flight")
            try db.execute(sql: "DROP TABLE flight")
            try db.execute(sql: "ALTER TABLE flight_v10 RENAME TO flight")
            for index in indexes { try db.execute(sql: index) }
        }
        migrator.registerMigration("v11 recording ended in flight") { db in
            // 1: the recording stopped in the air; the landing time and position are the last fix's, not a landing
            // (no landing place, not an outlanding). Flights stored before keep 0: they were taken as landed.
            try db.execute(sql: "ALTER TABLE flight ADD COLUMN endedInFlight INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v12 flight analysis") { db in
            // Each flight's analysis (contest routes, scoring window) as JSON, computed once and kept; it goes with
            // its flight. Nothing is computed here: a flight without a row is analysed on first use.
            try db.execute(
                sql: """
                    CREATE TABLE flightAnalysis (
                        flightId INTEGER PRIMARY KEY REFERENCES flight(id) ON DELETE CASCADE,
                        data BLOB NOT NULL
                    )
                    """)
        }
        migrator.registerMigration("v13 airspace files") { db in
            // OpenAir files of `flightlog airspace import`, byte for byte, one set per file name; read again on
            // use, so that the reader is their one interpreter and a better reader improves the sets kept.
            try db.execute(
                sql: """
                    CREATE TABLE airspaceFile (
                        name TEXT PRIMARY KEY,
                        bytes BLOB NOT NULL,
                        importedAt INTEGER NOT NULL   -- machine clock, ms since 1970 (bookkeeping only)
                    )
                    """)
        }
        migrator.registerMigration("v14 WeGlide uploads") { db in
            // Where a flight is on WeGlide (`flightlog upload`): its WeGlide id and when (machine clock, ms), and
            // the moment an upload began whose answer never came back (a crash or a cut connection after sending):
            // such a flight may be on WeGlide, so it is reported, never sent again blindly.
            try db.execute(sql: "ALTER TABLE flight ADD COLUMN weglideFlightId INTEGER")
            try db.execute(sql: "ALTER TABLE flight ADD COLUMN weglideUploadedAt INTEGER")
            try db.execute(sql: "ALTER TABLE flight ADD COLUMN weglidePendingSince INTEGER")
        }
        migrator.registerMigration("v15 declared tasks") { db in
            // The task declared with `flightlog task declare` and not flown yet (one at most: id 1), and the task a
            // recorded flight was declared with (set when the recorder creates the flight); both `FlightTask` as
            // JSON. An imported flight's declaration stays in its file's C records.
            try db.execute(sql: "CREATE TABLE pendingTask (id INTEGER PRIMARY KEY CHECK (id = 1), data BLOB NOT NULL)")
            try db.execute(sql: "ALTER TABLE flight ADD COLUMN declaredTask BLOB")
        }
        migrator.registerMigration("v16 the imported file's competition class") { db in
            // The class an imported file names (HFCCL, "18-Meter"): it settles the span of a glider type that names
            // none, for the contest index. Flights imported before get theirs from their kept file, read whole as the
            // importer read it (an H record may follow B records); a file imported before v2 was not kept, and its
            // flight stays without one.
            try db.execute(sql: "ALTER TABLE flight ADD COLUMN competitionClass TEXT")
            // One file at a time: years of flights' files together would not fit a Pi Zero's memory.
            let ids = try Int64.fetchAll(
                db, sql: "SELECT f.id FROM flight f JOIN recordingFile o ON o.recordingId = f.recordingId")
            for id in ids {
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT o.bytes AS head
                        FROM flight f JOIN recordingFile o ON o.recordingId = f.recordingId WHERE f.id = ?
                        """, arguments: [id])
                let head = row.flatMap { Data.fromDatabaseValue($0["head"] as DatabaseValue) }.map { [UInt8]($0) } ?? []
                guard let value = HeaderValues.meaningful(IGCReader.headers(head).competitionClass) else { continue }
                try db.execute(sql: "UPDATE flight SET competitionClass = ? WHERE id = ?", arguments: [value, id])
            }
        }
        migrator.registerMigration("v17 task results") { db in
            // Each flight's task result for `list` (FlightTaskResult as JSON, with the declared task it was computed
            // with), kept as the analysis is. A flight that cannot have a task gets its empty result here: no
            // declared task and no kept file, or a kept file without a C record or a competition task line (one
            // search of the bytes, no file parsed). The others are scored on first use (`list`, import, landing).
            try db.execute(
                sql: """
                    CREATE TABLE flightTaskResult (
                        flightId INTEGER PRIMARY KEY REFERENCES flight(id) ON DELETE CASCADE,
                        declaredTask BLOB,
                        data BLOB NOT NULL
                    )
                    """)
            try db.execute(
                sql: """
                    INSERT INTO flightTaskResult (flightId, declaredTask, data)
                    SELECT f.id, NULL, json_object('version', ?, 'inputs',
                        json_object('takeoff', f.takeoffTime, 'landing', f.landingTime), 'task', NULL)
                    FROM flight f LEFT JOIN recordingFile o ON o.recordingId = f.recordingId
                    WHERE f.declaredTask IS NULL AND (o.bytes IS NULL OR (instr(o.bytes, X'0A43') = 0
                        AND instr(o.bytes, X'0D43') = 0 AND instr(o.bytes, CAST('LCU::C' AS BLOB)) = 0))
                    """, arguments: [FlightTaskResult.currentVersion])
        }
        migrator.registerMigration("v18 no results of deleted flights") { db in
            // A flight deleted with foreign keys off (by hand, in the sqlite3 shell) left its analysis and task
            // result behind, never read and never removed; `delete` and the cascades remove them with the flight.
            try db.execute(sql: "DELETE FROM flightAnalysis WHERE flightId NOT IN (SELECT id FROM flight)")
            try db.execute(sql: orphanedTaskResultsSQL)
        }
        return migrator
    }()

    /// Removes the task results of flights that no longer exist (v18, and each time `list` keeps results).
    static let orphanedTaskResultsSQL = "DELETE FROM flightTaskResult WHERE flightId NOT IN (SELECT id FROM flight)"

    /// A random (version 4) UUID in lower-case text, as an SQL expression (evaluated per row).
    static let randomUUIDSQL = """
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' \
        || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
        """
}
