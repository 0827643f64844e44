import FlightLogAnalysis
import FlightLogCore
import FlightLogStore
import FlightLogTaskFile
import FlightLogText
import Foundation

/// `flightlog task declare|show|clear`: the pending declared task (docs/TASKS.md, "Declaring a task"). Start and
/// finish are 1 km lines, turnpoints the FAI keyhole (`TaskZone.faiTurnpoint`), as a plain C-record declaration.
package enum TaskDeclaration {
    /// A task of `names` (start, turnpoints, finish; `--points`), each found as `add` finds a place: its code, its
    /// whole name or a part of its name only it has, among the shipped fields and the pilot's CUP files
    /// (``fields(named:in:)``). A declaration: scored by the Sporting Code, as its C records are wherever read.
    /// The warnings name a place taken among several and a leg no glider could fly (``longLegWarnings(_:)``).
    /// - Throws: ``TransferRefusal`` naming a name that finds nothing, or several with none clearly nearest.
    package static func task(points names: [String], in index: AirfieldIndex) throws(TransferRefusal) -> FlightTask {
        let wanted = names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard wanted.count >= 2 else {
            throw TransferRefusal("--points needs at least a start and a finish, e.g. --points EDKL,EDKA,EDKL")
        }
        guard wanted.count <= CUPTaskReader.maxTaskWaypoints - 2 else {
            throw TransferRefusal("--points names \(wanted.count) points, more than a declaration holds (101)")
        }
        let (fields, warnings) = try fields(named: wanted, in: index)
        let points = fields.map { TaskPoint(name: $0.label, coordinate: $0.coordinate, zone: .faiTurnpoint) }
        var task = FlightTask(source: .declaration, points: FlightTask.withDeclarationZones(points))
        task.warnings = warnings + longLegWarnings(fields, legs: task.legDistances())
        return try scorable(task, "--points")
    }

    /// `task`, unless no flight could be scored against it: a sector or line whose direction comes from a
    /// neighbour at the same place (a place named twice in a row, a start that is also the finish with nothing
    /// between) would make every flight's result "not scored" (docs/TASKS.md, "Zones and their orientation").
    /// - Throws: ``TransferRefusal`` with the scoring's words, prefixed by `what`.
    static func scorable(_ task: FlightTask, _ what: String) throws(TransferRefusal) -> FlightTask {
        do { _ = try TaskScoring(task: task, fixes: []) } catch {
            throw TransferRefusal(
                terminalSafe("\(what): \(error)") + "; no flight could be scored against this task: "
                    + "go round another place between the two, or name the place once")
        }
        return task
    }

    /// The task of a CUP file's task section: the one called `name` (case ignored), else the only one.
    /// - Throws: ``TransferRefusal`` listing the file's tasks when it holds several and none was chosen (or the
    ///   name is not one of them), and saying why when it holds none.
    package static func task(cup bytes: [UInt8], file: String, name: String?) throws(TransferRefusal) -> FlightTask {
        let read = CUPTaskReader.read(bytes)
        let shownFile = terminalSafe(file)
        guard !read.tasks.isEmpty else {
            let why = read.warnings.prefix(3).map { "line \($0.line): \($0.message)" }.joined(separator: "; ")
            throw TransferRefusal(
                terminalSafe("\(shownFile) holds no task" + (why.isEmpty ? "" : " (\(why))"))
                    + ": a CUP task section starts with a line -----Related Tasks-----")
        }
        let names = read.tasks.map { $0.name ?? "(no name)" }
        let list = names.map { "  \($0)" }.joined(separator: "\n")
        if let name {
            let found = read.tasks.filter { $0.name?.lowercased() == name.lowercased() }
            guard let task = found.first else {
                throw TransferRefusal(terminalSafe("\(shownFile) holds no task called '\(name)'; its tasks:\n\(list)"))
            }
            return task
        }
        guard read.tasks.count == 1 else {
            throw TransferRefusal(
                terminalSafe("\(shownFile) holds \(read.tasks.count) tasks: choose one with --name\n\(list)"))
        }
        return read.tasks[0]
    }

    /// The task of a task file: an XCSoar `.tsk` (by its name, or XML content), else a CUP file's task section.
    /// A `.tsk` holds one task, without a name: `name` names it, else the file's name without `.tsk`.
    /// - Throws: ``TransferRefusal``: the reader's reason with the line, or the CUP file's (``task(cup:file:name:)``).
    package static func task(file bytes: [UInt8], path: String, name: String?) throws(TransferRefusal) -> FlightTask {
        guard isXCSoarTask(bytes, path: path) else {
            return try scorable(try task(cup: bytes, file: path, name: name), path)
        }
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let read: FlightTask
        do {
            read = try XCSoarTaskReader.read(bytes, name: name ?? (base.isEmpty ? nil : base))
        } catch {
            throw TransferRefusal(terminalSafe("\(path) is not an XCSoar task file flightlog can use: \(error)"))
        }
        return try scorable(read, path)
    }

    /// The most a task file may hold: a CUP file's bound (a `.tsk` reader has its own, smaller one).
    package static let maxTaskFileBytes = max(CUPReader.maxFileSize, XCSoarTaskReader.maxFileSize)

    /// An XCSoar task file: named `.tsk`, or starting with `<` (after a byte order mark and white space).
    static func isXCSoarTask(_ bytes: [UInt8], path: String) -> Bool {
        if path.lowercased().hasSuffix(".tsk") { return true }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes.dropFirst(start).first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }

    /// The declaration time from the recorder's status file at `statusPath`: its GPS UTC (``RecorderStatus``'s
    /// `updatedAt`) plus the file's age, when the file is fresh and its recorder running; else `nil`, and the
    /// recorder stamps the task with its first consistent GPS UTC. The system clock only measures the file's age.
    package static func declarationTime(statusPath: String, now: Date = Date()) -> UTCMillis? {
        guard let snapshot = RecorderStatusFile.read(at: statusPath), let status = snapshot.status, !status.stopped,
            let gps = status.updatedAt.flatMap(RecorderStatus.utcMillis(iso:))
        else { return nil }
        let age = snapshot.age(now: now)
        guard !RecorderStatus.isStale(fileAgeSeconds: age) else { return nil }
        return gps + UTCMillis((max(0, age) * 1000).rounded())
    }

    /// Stores `task` as the pending declaration, dated from the status file beside the database; what to say.
    package static func declare(_ task: FlightTask, in store: FlightStore, now: Date = Date()) throws(LogbookError)
        -> String
    {
        var task = task
        // Written as C records alone, a plain declaration is read back as one: say so before it is scored.
        if task.isPlainDeclaration { task.source = .declaration }
        task.declaredAt = declarationTime(statusPath: RecorderStatusFile.path(besideDatabase: store.path), now: now)
        try store.declare(task)
        return "Declared:\n" + text(task)
    }

    /// `flightlog task declare`: the task of `points` (comma-separated names, ``task(points:in:)``, among the fields
    /// the config's radius places with) or else of the task `file` (read with `readFile`, ``task(file:path:name:)``),
    /// declared in the logbook at `location` (``declare(_:in:now:)``); what to say.
    /// - Throws: ``TransferRefusal`` for a name, a file or a config that gives no task, the store's error else.
    package static func declare(
        points: String?, file: String?, name: String?, location: LogbookLocation,
        readFile: (String, Int) throws -> [UInt8]?, warn: (String) -> Void
    ) throws -> String {
        let task: FlightTask
        if let points {
            let radius = try location.loadConfig(warn: warn).airfieldRadiusMeters
            task = try Self.task(
                points: points.split(separator: ",").map(String.init),
                in: FlightPlacing.load(radius: radius).placing.index)
        } else if let file {
            guard let bytes = try readFile(file, maxTaskFileBytes) else {
                throw TransferRefusal("cannot read \(file): check that the file exists and is readable")
            }
            task = try Self.task(file: bytes, path: file, name: name)
        } else {
            throw TransferRefusal("Give a task file (.cup, .tsk) or --points, one of them.")
        }
        return try declare(task, in: location.open(.readWrite, warn: warn))
    }

    /// `flightlog task clear`: what to say.
    package static func clear(in store: FlightStore) throws(LogbookError) -> String {
        try store.clearPendingTask() ? "The declared task is cleared." : "No task was declared."
    }

    /// `flightlog task show`: the points, each leg (and a task file's own zones), the total on the FAI sphere, and
    /// the declaration time.
    package static func text(_ task: FlightTask?) -> String {
        guard let task else { return "No task is declared. Declare one: flightlog task declare --points A,B,C" }
        var lines: [String] = []
        if let name = task.name { lines.append("Task: \(name)") }
        if task.kind == .assignedArea {
            lines.append(
                "Assigned area task"
                    + (task.minimumTimeSeconds.map { String(format: ", minimum time %d:%02d", $0 / 3600, $0 / 60 % 60) }
                        ?? ""))
        }
        let legs = task.legDistances()
        // A task file's own zones are named (a plain declaration's are the command's help: lines and FAI keyholes).
        let words = task.hasDeclarationZones ? nil : FlightTaskReport(unscored: task)
        for (k, point) in task.points.enumerated() {
            let role = k == 0 ? "start" : k == task.points.count - 1 ? "finish" : "TP\(k)"
            let leg = k == 0 ? "" : String(format: "  leg %.1f km", legs[k - 1] / 1000)
            let zone = words.map { "  (\($0.zoneWords(k)))" } ?? ""
            lines.append("  \(role.padding(toLength: 6, withPad: " ", startingAt: 0)) \(point.name)\(leg)\(zone)")
        }
        lines.append(String(format: "Total: %.1f km (FAI sphere, R = 6371 km)", legs.reduce(0, +) / 1000))
        if let at = task.declaredAt {
            lines.append("Declared at \(iso8601UTC(at)) (GPS time).")
        } else {
            lines.append("No GPS time yet: flightlogd stamps the declaration with its first GPS time.")
        }
        lines += task.warnings.prefix(10).map { "warning: \($0)" }
        if task.warnings.count > 10 { lines.append("and \(task.warnings.count - 10) more warnings") }
        return terminalSafe(lines.joined(separator: "\n"), keepNewlines: true)
    }
}
