import FlightLogTaskFile

@testable import FlightLogCore

/// The code path of the task fuzz target (`Fuzz/task.swift`, built by `scripts/fuzz.sh`), shared with
/// `TaskFuzzRegressionTests`: the bytes read as an IGC file's task lines (C records, `LCU::C`, `LSEEYOU`), as
/// the task section of a CUP file and as an XCSoar task file (`.tsk`, XML through libxml2).
/// Invariants: the task lines change nothing else (the file read without them has the same fixes, or fails
/// alike), every task is sound (coordinates in range, 2 to 101 points, zones with finite sizes), the warnings are
/// bounded, the declaration that counts is one of the file's for any take-off time, and a `.tsk` is a sound task or
/// a refusal that names a line of the file.
enum TaskFuzzPipeline {
    static func run(_ bytes: [UInt8]) -> FuzzOutcome {
        let cup = CUPTaskReader.read(bytes)
        for task in cup.tasks {
            if let problem = unsound(task) { return FuzzOutcome("cup", violation: problem) }
        }
        guard cup.tasks.count <= CUPTaskReader.maxTasks, cup.warnings.count <= 12 * CUPTaskReader.maxTasks else {
            return FuzzOutcome("cup", violation: "unbounded: \(cup.tasks.count) tasks, \(cup.warnings.count) warnings")
        }
        let tsk = tskOutcome(bytes)
        if tsk.violation != nil { return tsk }
        let igc = igcOutcome(bytes)
        if igc.violation != nil { return igc }
        return FuzzOutcome(
            igc.summary + (cup.tasks.isEmpty ? "" : "; cup: \(cup.tasks.count) tasks")
                + (tsk.summary == "refused" ? "" : "; tsk: \(tsk.summary)"))
    }

    static func tskOutcome(_ bytes: [UInt8]) -> FuzzOutcome {
        do {
            let task = try XCSoarTaskReader.read(bytes)
            if let problem = unsound(task) { return FuzzOutcome("tsk", violation: problem) }
            guard task.warnings.count <= 8 * XCSoarTaskReader.maxPoints + 8 else {
                return FuzzOutcome("tsk", violation: "unbounded: \(task.warnings.count) warnings")
            }
            return FuzzOutcome("\(task.points.count) points")
        } catch {
            let lines = bytes.count { $0 == 0x0A } + 1
            if let line = error.line, !(1...lines).contains(line) {
                return FuzzOutcome("tsk", violation: "refusal names line \(line) of \(lines): \(error)")
            }
            return FuzzOutcome("refused")
        }
    }

    static func igcOutcome(_ bytes: [UInt8]) -> FuzzOutcome {
        let file: IGCFile
        do {
            file = try IGCReader.read(bytes)
        } catch {
            if (try? IGCReader.read(withoutTaskLines(bytes))) != nil {
                return FuzzOutcome("igc", violation: "task lines made a readable file fail: \(error)")
            }
            return FuzzOutcome("igc rejected")
        }
        if let plain = try? IGCReader.read(withoutTaskLines(bytes)), plain.track.fixes != file.track.fixes {
            return FuzzOutcome("igc", violation: "task lines changed the fixes")
        }
        // A kept file's task is read from its task lines alone (``IGCReader/tasks(_:)``): they must say the same.
        if let alone = IGCReader.tasks(bytes),
            alone.declarations != file.declarations || alone.competitionTask != file.competitionTask
                || alone.taskWarnings != file.taskWarnings
        {
            return FuzzOutcome("igc", violation: "the task lines read alone differ from the whole file's")
        }
        let tasks = file.declarations + (file.competitionTask.map { [$0] } ?? [])
        for task in tasks {
            if let problem = unsound(task) { return FuzzOutcome("igc", violation: problem) }
        }
        guard file.declarations.count <= IGCTaskLines.maxDeclarations,
            file.taskWarnings.count <= IGCReader.maxWarnings + 2 + 2 * IGCTaskLines.maxDeclarations
        else {
            return FuzzOutcome(
                "igc",
                violation: "unbounded: \(file.declarations.count) declarations, \(file.taskWarnings.count) warnings")
        }
        let times = [nil, Int64.min, 0, Int64.max] + file.track.fixes.prefix(1).map(\.time)
        for time in times {
            let choice = file.declarationThatCounts(takeoff: time)
            if let task = choice.task, !file.declarations.contains(where: { $0.points == task.points }) {
                return FuzzOutcome("igc", violation: "the declaration that counts is none of the file's")
            }
        }
        return FuzzOutcome("igc: \(file.declarations.count) declarations, \(file.taskWarnings.count) warnings")
    }

    /// Why `task` is not sound, `nil` when it is.
    static func unsound(_ task: FlightTask) -> String? {
        guard (2...IGCTaskLines.maxPointLines - 2).contains(task.points.count) else {
            return "task with \(task.points.count) points"
        }
        for point in task.points + [task.takeoff, task.landing].compactMap({ $0 }) {
            let c = point.coordinate
            guard (-90...90).contains(c.latitude), (-180...180).contains(c.longitude) else {
                return "point \(point.name) at \(c.latitude),\(c.longitude)"
            }
            let zone = point.zone
            let sizes = [zone.radius, zone.innerRadius].compactMap { $0 }
            guard sizes.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= IGCSeeYouZone.maxRadius }),
                (0...180).contains(zone.halfAngle), (zone.innerHalfAngle ?? 0).isFinite
            else { return "zone of \(point.name): \(zone)" }
        }
        if let time = task.minimumTimeSeconds, !(1..<86_400).contains(time) { return "task time \(time) s" }
        return nil
    }

    /// `bytes` without the lines that start with C or L.
    static func withoutTaskLines(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var lineStart = true
        var skipping = false
        for byte in bytes {
            if lineStart { skipping = byte == UInt8(ascii: "C") || byte == UInt8(ascii: "L") }
            let ends = byte == 0x0A || byte == 0x0D
            if !skipping || ends { out.append(byte) }
            lineStart = ends
        }
        return out
    }
}
