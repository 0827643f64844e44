import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `TaskDeclaration`, what `flightlog task` does, without a process: the points found by name, a CUP file's task
/// chosen, the time from the recorder's status file, and the declaration stored, shown and cleared.
@Suite struct TaskDeclarationTests {
    static func field(_ code: String?, _ name: String, _ lat: Double, _ lon: Double) -> Airfield {
        Airfield(
            code: code, name: name, coordinate: Coordinate(latitude: lat, longitude: lon), elevation: nil,
            zoneIdentifier: nil, source: .dataSet)
    }

    let index = AirfieldIndex([
        field("EDKL", "Leverkusen Airport", 51.015, 7.005),
        field("EDRA", "Bad Neuenahr-Ahrweiler Airfield", 50.557, 7.136),
        field("EDKA", "Aachen-Merzbrück Airport", 50.823, 6.186),
        field(nil, "Dahlemer Binz North", 50.41, 6.53),
        field(nil, "Dahlemer Binz South", 50.40, 6.53),
    ])

    @Test func pointsAreFoundAsAddFindsPlacesWithLinesAndKeyholes() throws {
        let task = try TaskDeclaration.task(points: ["EDKL", " Bad Neuenahr ", "merzbrueck", "edkl"], in: index)
        #expect(
            task.points.map(\.name) == [
                "Leverkusen Airport (EDKL)", "Bad Neuenahr-Ahrweiler Airfield (EDRA)",
                "Aachen-Merzbrück Airport (EDKA)",
                "Leverkusen Airport (EDKL)",
            ])
        #expect(task.points[0].zone == .line(length: 1000, orientation: .toNext))
        #expect(task.points[3].zone == .line(length: 1000, orientation: .toPrevious))
        #expect(task.points[1].zone == .faiTurnpoint && task.points[2].zone == .faiTurnpoint)
        // A declaration, scored by the Sporting Code as its exported C records are (issue 41; it was `.file`).
        #expect(task.source == .declaration && task.declaredAt == nil)
        #expect(task.warnings.isEmpty, "\(task.warnings)")
    }

    @Test func anAmbiguousNameTakesTheFieldNearTheOtherPointsWhenClearlyNearer() throws {
        let index = AirfieldIndex(
            self.index.fields + [Self.field("FAKE", "Bad Neuenahr Springs", -33.9, 18.6)])
        let task = try TaskDeclaration.task(points: ["EDKL", "Bad Neuenahr", "EDKL"], in: index)
        #expect(task.points[1].name == "Bad Neuenahr-Ahrweiler Airfield (EDRA)")
        #expect(task.warnings.count == 1 && task.warnings[0].contains("took Bad Neuenahr-Ahrweiler Airfield (EDRA)"))
        // The other one is named when asked for by its code: a leg no glider flies is said, naming both ends.
        let far = try TaskDeclaration.task(points: ["EDKL", "FAKE"], in: index)
        #expect(far.warnings.count == 1, "\(far.warnings)")
        #expect(far.warnings[0].hasPrefix("leg 1 is 9") && far.warnings[0].contains("Bad Neuenahr Springs (FAKE)"))
    }

    /// A recorded flight's plain declaration is scored as the re-import of its exported file scores it: the task
    /// that counts is the one its C records give back, whether it was kept as `file` (before issue 41) or not.
    @Test func aRecordedFlightsDeclarationCountsAsItsCRecordsReadBack() throws {
        var stored = try TaskDeclaration.task(points: ["EDKL", "Bad Neuenahr", "Merzbrück", "EDKL"], in: index)
        stored.source = .file
        stored.declaredAt = 1_780_000_000_123
        let lines = IGCWriter.declarationLines(stored).map { $0 + "\r\n" }.joined()
        let fromFile = try #require(IGCReader.tasks(Array(lines.utf8))?.declarations.first)
        #expect(stored.asWrittenInIGC == fromFile)
        #expect(fromFile.source == .declaration && fromFile.declaredAt == 1_780_000_000_000)
        #expect(fromFile.points[2].name == "Aachen-Merzbruck Airport (EDKA)")
        // A task file's own zones are not what C records hold: kept as given.
        var own = stored
        own.points[1].zone = .cylinder(25_000)
        #expect(own.asWrittenInIGC == own)
    }

    @Test func anUnknownOrAmbiguousNameIsRefusedByName() {
        #expect(throws: TransferRefusal.self) { try TaskDeclaration.task(points: ["EDKL"], in: index) }
        do {
            _ = try TaskDeclaration.task(points: ["EDKL", "Hintertupfing"], in: index)
            Issue.record("an unknown name was declared")
        } catch {
            #expect(error.description.contains("'Hintertupfing'"))
        }
        do {
            _ = try TaskDeclaration.task(points: ["EDKL", "Dahlemer"], in: index)
            Issue.record("an ambiguous name was declared")
        } catch {
            #expect(error.description.contains("'Dahlemer'"))
            #expect(
                error.description.contains("Dahlemer Binz North") && error.description.contains("Dahlemer Binz South"))
        }
    }

    static let cup = """
        name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc
        "Leverkusen",EDKL,DE,5100.900N,00700.300E,49.0m,5,,,,
        "Bad Neuenahr",EDRA,DE,5033.420N,00708.160E,206.0m,5,,,,
        "Merzbrueck",EDKA,DE,5049.383N,00611.767E,189.0m,5,,,,
        -----Related Tasks-----
        "Triangle","Leverkusen","Leverkusen","Bad Neuenahr","Merzbrueck","Leverkusen","Leverkusen"
        "Out and return","Leverkusen","Leverkusen","Bad Neuenahr","Leverkusen","Leverkusen"
        """

    @Test func aCUPFilesTaskIsChosenByNameElseTheOnlyOneElseListed() throws {
        let bytes = Array(Self.cup.utf8)
        let chosen = try TaskDeclaration.task(cup: bytes, file: "club.cup", name: "out AND return")
        #expect(
            chosen.name == "Out and return"
                && chosen.points.map(\.name) == ["Leverkusen", "Bad Neuenahr", "Leverkusen"])
        for name in [nil, "Goal"] {
            do {
                _ = try TaskDeclaration.task(cup: bytes, file: "club.cup", name: name)
                Issue.record("no task chosen, yet one was declared")
            } catch {
                #expect(error.description.contains("Triangle") && error.description.contains("Out and return"))
            }
        }
        let one = Self.cup.split(separator: "\n").dropLast().joined(separator: "\n")
        #expect(try TaskDeclaration.task(cup: Array(one.utf8), file: "one.cup", name: nil).name == "Triangle")
        let none = Self.cup.split(separator: "\n").prefix(4).joined(separator: "\n")
        #expect(throws: TransferRefusal.self) {
            try TaskDeclaration.task(cup: Array(none.utf8), file: "n.cup", name: nil)
        }
    }

    /// A place named twice in a row leaves the zone between them without a direction: every flight against the task
    /// would be "not scored", so the declaration is refused in the scoring's words; cylinders at one place are kept.
    @Test func aTaskNoFlightCouldBeScoredAgainstIsRefused() throws {
        for names in [["EDKL", "EDKA", "EDKA", "EDKL"], ["EDKL", "EDKL"]] {
            do {
                _ = try TaskDeclaration.task(points: names, in: index)
                Issue.record("\(names) was declared")
            } catch {
                #expect(error.description.contains("has no direction"), "\(error)")
                #expect(error.description.contains("no flight could be scored"), "\(error)")
            }
        }
        let cup =
            Self.cup + "\n\"Twice\",\"Leverkusen\",\"Leverkusen\",\"Merzbrueck\",\"Merzbrueck\",\"Leverkusen\",\"\""
        #expect(throws: TransferRefusal.self) {
            try TaskDeclaration.task(file: Array(cup.utf8), path: "club.cup", name: "Twice")
        }
        #expect(try TaskDeclaration.task(file: Array(cup.utf8), path: "club.cup", name: "Triangle").points.count == 4)
        func tsk(_ zone: String) -> [UInt8] {
            let point = { (type: String, lat: String) in
                "<Point type=\"\(type)\"><Waypoint name=\"P\(lat)\"><Location latitude=\"\(lat)\" longitude=\"7\"/>"
                    + "</Waypoint><ObservationZone \(zone)/></Point>"
            }
            return Array(
                ("<Task type=\"RT\">" + point("Start", "51") + point("Turn", "50.5") + point("Turn", "50.5")
                    + point("Finish", "51") + "</Task>").utf8)
        }
        #expect(
            try TaskDeclaration.task(file: tsk(#"type="Cylinder" radius="500""#), path: "c.tsk", name: nil).points.count
                == 4)
        #expect(throws: TransferRefusal.self) {
            try TaskDeclaration.task(file: tsk(#"type="FAISector""#), path: "s.tsk", name: nil)
        }
    }

    /// A task file's own zones are shown with its points (an AAT's 25 km areas, its 20 km start line); a plain
    /// declaration's lines and keyholes are not repeated on every line.
    @Test func showNamesATaskFilesOwnZones() throws {
        func point(_ type: String, _ lat: String, _ zone: String) -> String {
            "<Point type=\"\(type)\"><Waypoint name=\"P\(lat)\"><Location latitude=\"\(lat)\" longitude=\"13\"/>"
                + "</Waypoint><ObservationZone \(zone)/></Point>"
        }
        let tsk =
            "<Task type=\"AAT\" aat_min_time=\"10800\">" + point("Start", "51.3", #"type="Line" length="20000""#)
            + point("Area", "51.8", #"type="Cylinder" radius="25000""#)
            + point("Finish", "51.3", #"type="Line" length="10000""#) + "</Task>"
        let shown = TaskDeclaration.text(try TaskDeclaration.task(file: Array(tsk.utf8), path: "aat.tsk", name: nil))
        #expect(shown.contains("start  P51.3  (line 20 km)"), "\(shown)")
        #expect(shown.contains("TP1    P51.8  leg 55.6 km  (area: cylinder 25 km)"), "\(shown)")
        #expect(shown.contains("finish P51.3  leg 55.6 km  (line 10 km)"), "\(shown)")
        let plain = TaskDeclaration.text(try TaskDeclaration.task(points: ["EDKL", "EDRA", "EDKL"], in: index))
        #expect(!plain.contains("(line") && !plain.contains("keyhole"), "\(plain)")
    }

    @Test func theDeclarationTimeIsTheRecordersGPSTimeWhileItsStatusIsFresh() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(RecorderStatusFile.fileName).path
        #expect(TaskDeclaration.declarationTime(statusPath: path) == nil)
        var status = RecorderStatus()
        let gps = try #require(RecorderStatus.utcMillis(iso: "2025-06-14T08:30:00Z"))
        status.updatedAt = iso8601UTC(gps)
        try status.write(to: path)
        let written = try #require(RecorderStatusFile.read(at: path)).modified
        let later = written.addingTimeInterval(3)
        #expect(TaskDeclaration.declarationTime(statusPath: path, now: later) == gps + 3000)
        #expect(TaskDeclaration.declarationTime(statusPath: path, now: written.addingTimeInterval(60)) == nil)
        status.stopped = true
        try status.write(to: path)
        #expect(TaskDeclaration.declarationTime(statusPath: path) == nil)
        status.stopped = false
        status.updatedAt = nil  // no GPS time yet
        try status.write(to: path)
        #expect(TaskDeclaration.declarationTime(statusPath: path) == nil)
    }

    @Test func aDeclarationIsStoredShownWithItsLegsAndCleared() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try FlightStore(path: dir.appendingPathComponent("flightlog.sqlite").path, mode: .readWrite)
        let task = try TaskDeclaration.task(points: ["EDKL", "EDRA", "EDKA", "EDKL"], in: index)
        let said = try TaskDeclaration.declare(task, in: store)
        let stored = try #require(try store.pendingTask())
        #expect(stored.points == task.points && stored.declaredAt == nil)
        let legs = zip(task.points, task.points.dropFirst()).map { haversineMetres($0.coordinate, $1.coordinate) }
        let shown = TaskDeclaration.text(stored)
        #expect(said.hasSuffix(shown))
        for leg in legs { #expect(shown.contains(String(format: "leg %.1f km", leg / 1000))) }
        #expect(shown.contains(String(format: "Total: %.1f km", legs.reduce(0, +) / 1000)))
        #expect(shown.contains("No GPS time yet"))
        #expect(try TaskDeclaration.clear(in: store).contains("cleared"))
        #expect(try store.pendingTask() == nil)
        #expect(try TaskDeclaration.clear(in: store).contains("No task"))
        #expect(TaskDeclaration.text(nil).contains("No task is declared"))
    }

    /// `task declare FILE`: the file read through the command's reader, its task declared in the logbook where the
    /// options say; a file that cannot be read, or no file and no points, is refused and nothing is declared.
    @Test func declareReadsTheTaskFileIntoTheLogbookItsOptionsName() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("flightlog.toml")
        try Data().write(to: config)
        let db = dir.appendingPathComponent("flightlog.sqlite").path
        let location = LogbookLocation(database: db, config: config.path, environment: [:])
        var asked: [(String, Int)] = []
        let read = { (path: String, max: Int) -> [UInt8]? in
            asked.append((path, max))
            return path == "club.cup" ? Array(Self.cup.utf8) : nil
        }
        func declare(_ file: String?) throws -> String {
            try TaskDeclaration.declare(
                points: nil, file: file, name: "Triangle", location: location, readFile: read, warn: { _ in })
        }
        for file in [nil, "gone.cup"] {
            do {
                _ = try declare(file)
                Issue.record("declared without a task file")
            } catch let refusal as TransferRefusal {
                #expect(file == nil || refusal.description.contains("cannot read gone.cup"), "\(refusal)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: db), "a refused declaration opened the logbook")
        #expect(try declare("club.cup").hasPrefix("Declared:\nTask: Triangle"))
        #expect(
            asked.map(\.0) == ["gone.cup", "club.cup"] && asked.allSatisfy { $0.1 == TaskDeclaration.maxTaskFileBytes })
        let stored = try #require(try FlightStore(path: db, mode: .readOnly).pendingTask())
        #expect(stored.name == "Triangle" && stored.points.count == 4)
    }
}
