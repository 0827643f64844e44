/// Reads the tasks of a SeeYou CUP file (docs/TASKS.md, "Reading tasks"; bytes in, no I/O).
///
/// After the waypoints, a line `-----Related Tasks-----` starts the task section. A task is a line of quoted values,
/// `"name","take-off","start","TP1",…,"finish","landing"`, naming waypoints of the file, then its own lines:
/// `Options,TaskTime=…,WpDis=False,…`, `ObsZone=n,Style=…,R1=…` (n from 0, the start) and `Point=n,…` (a waypoint
/// written out in the waypoint columns, which a task may name too). A task naming a waypoint the file does not hold
/// is dropped with a message naming each unknown one; a damaged line is a numbered warning, never a failure.
package enum CUPTaskReader {
    package typealias Warning = BroughtText.LineWarning

    package struct Result: Sendable {
        package var tasks: [FlightTask] = []
        package var warnings: [Warning] = []
    }

    /// Tasks read from one file; later ones are counted in a warning.
    package static let maxTasks = 100
    /// Waypoints a task may name: take-off, start, 99 turnpoints, finish, landing (as an IGC declaration).
    package static let maxTaskWaypoints = 103

    package static func read(_ bytes: [UInt8]) -> Result {
        var result = Result()
        var waypoints: [String: Coordinate] = [:]
        var columns = (name: 0, latitude: 3, longitude: 4)
        var inTasks = false
        var current: Block?
        var skippedTasks = 0
        var taskLines = 0
        var lineNumber = 0
        func close() {
            guard let block = current else { return }
            current = nil
            switch block.task(waypoints: waypoints) {
            case .success(let task): result.tasks.append(task)
            case .failure(let problem): result.warnings.append(Warning(line: block.line, message: problem.message))
            }
        }
        for line in BroughtText.lines(BroughtText.decode(bytes)) {
            lineNumber += 1
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if !inTasks {
                if line.hasPrefix("-----") || line.lowercased().contains("related tasks") {
                    inTasks = true
                    continue
                }
                let values = CUPReader.csvValues(line)
                let lower = values.map { $0.trimmedText.lowercased() }
                if let name = lower.firstIndex(of: "name"), let lat = lower.firstIndex(of: "lat"),
                    let lon = lower.firstIndex(of: "lon")
                {
                    columns = (name, lat, lon)
                } else if let (name, coordinate) = waypoint(values, columns: columns), waypoints[name] == nil {
                    waypoints[name] = coordinate
                }
                continue
            }
            if line.hasPrefix("\"") || line.hasPrefix(",") {
                close()
                guard taskLines < maxTasks else {
                    skippedTasks += 1
                    continue
                }
                taskLines += 1
                current = Block(line: lineNumber, values: CUPReader.csvValues(line))
            } else if current != nil {
                result.warnings += current?.add(line, lineNumber: lineNumber) ?? []
            } else {
                result.warnings.append(Warning(line: lineNumber, message: "a task line must come first: ignored"))
            }
            if result.warnings.count > 10 * maxTasks { break }
        }
        close()
        if skippedTasks > 0 {
            result.warnings.append(
                Warning(line: lineNumber, message: "\(skippedTasks) tasks more than the \(maxTasks) read: ignored"))
        }
        return result
    }

    /// Name and position of a waypoint line in `columns`, `nil` when either is missing or damaged.
    static func waypoint(_ values: [Substring], columns: (name: Int, latitude: Int, longitude: Int)) -> (
        String, Coordinate
    )? {
        guard values.count > max(columns.name, columns.latitude, columns.longitude) else { return nil }
        let name = values[columns.name].trimmedText
        guard !name.isEmpty, let latitude = CUPReader.angle(values[columns.latitude], degreeDigits: 2),
            let longitude = CUPReader.angle(values[columns.longitude], degreeDigits: 3)
        else { return nil }
        return (name, Coordinate(latitude: latitude, longitude: longitude))
    }

    /// One task's lines as read.
    struct Block {
        var line: Int
        var values: [Substring]
        var zones: [Int: IGCSeeYouZone] = [:]
        var ownPoints: [String: Coordinate] = [:]
        var taskTimeSeconds: Int?
        var startOpensSeconds: Int?
        var assignedArea = false
        /// The warnings of this task's own lines (at most ``maxOwnWarnings``), which the task carries too: a pilot
        /// declaring it sees what was not kept (a zone left as the FAI one, a start gate left out).
        var ownWarnings: [Warning] = []
        static let maxOwnWarnings = 10

        /// Reads an `Options`, `ObsZone` or `Point` line; the warnings when it is damaged or unknown.
        mutating func add(_ line: Substring, lineNumber: Int) -> [Warning] {
            let found = read(line, lineNumber: lineNumber)
            ownWarnings += found.prefix(max(0, Self.maxOwnWarnings - ownWarnings.count))
            return found
        }

        /// ``add(_:lineNumber:)``'s reading: an `Options` line's damaged values each warn (at most two), and the
        /// line's other values are still read.
        private mutating func read(_ line: Substring, lineNumber: Int) -> [Warning] {
            let text = String(line)
            if text.hasPrefix("Options") {
                var warnings: [Warning] = []
                for (key, value) in IGCSeeYouZone.fields(text) {
                    if key == "WpDis" && value.lowercased() == "false" { assignedArea = true }
                    if key == "TaskTime" {
                        if let seconds = IGCSeeYouZone.seconds(value) {
                            taskTimeSeconds = seconds > 0 ? seconds : nil
                        } else {
                            warnings.append(
                                Warning(line: lineNumber, message: "task time \"\(value.prefix(20))\" is not a time"))
                        }
                    }
                    if key == "NoStart" {
                        if let seconds = IGCSeeYouZone.seconds(value) {
                            startOpensSeconds = seconds
                        } else {
                            warnings.append(
                                Warning(line: lineNumber, message: "start gate \"\(value.prefix(20))\" is not a time"))
                        }
                    }
                }
                return Array(warnings.prefix(2))
            } else if text.hasPrefix("ObsZone=") {
                guard zones.count < maxTaskWaypoints else { return [] }
                switch IGCSeeYouZone.parse(text) {
                case .success(let zone):
                    zones[zone.index] = zone
                    if zone.assignedArea { assignedArea = true }
                case .failure(let problem): return [Warning(line: lineNumber, message: "\(problem.message), ignored")]
                }
            } else if text.hasPrefix("Point=") {
                let values = Array(CUPReader.csvValues(line).dropFirst())
                guard let (name, coordinate) = waypoint(values, columns: (0, 3, 4)) else {
                    return [Warning(line: lineNumber, message: "task point without a name or a position: ignored")]
                }
                if ownPoints.count < maxTaskWaypoints { ownPoints[name] = coordinate }
            } else {
                return [Warning(line: lineNumber, message: "not a task line (Options, ObsZone, Point): ignored")]
            }
            return []
        }

        /// The task, or why not: unknown waypoints are named.
        func task(waypoints: [String: Coordinate]) -> Swift.Result<FlightTask, IGCTaskProblem> {
            var names = values.dropFirst().map { $0.trimmedText }
            if names.last?.isEmpty == true { names.removeLast() }  // StrePla's trailing comma
            let title = values.first.map { $0.trimmedText } ?? ""
            let called = title.isEmpty ? "task" : "task \"\(title.prefix(60))\""
            guard names.count <= maxTaskWaypoints else {
                return .failure(
                    IGCTaskProblem("\(called) names \(names.count) waypoints, more than \(maxTaskWaypoints): ignored"))
            }
            guard names.count >= 4 else {
                return .failure(
                    IGCTaskProblem(
                        "\(called) names \(names.count) waypoints; take-off, start, finish and landing needed"))
            }
            func find(_ name: String) -> Coordinate? { ownPoints[name] ?? waypoints[name] }
            let route = names.dropFirst().dropLast()
            let unknown = route.filter { find($0) == nil }
            guard unknown.isEmpty else {
                let list = unknown.prefix(10).map { "\"\($0.prefix(60))\"" }.joined(separator: ", ")
                return .failure(
                    IGCTaskProblem(
                        "\(called) names waypoint\(unknown.count == 1 ? "" : "s") the file does not hold: \(list)"
                            + (unknown.count > 10 ? " and \(unknown.count - 10) more" : "")))
            }
            var points = route.compactMap { name in
                find(name).map { TaskPoint(name: name, coordinate: $0, zone: .faiTurnpoint) }
            }
            points = FlightTask.withDeclarationZones(points)
            var task = FlightTask(
                source: .file, name: title.isEmpty ? nil : title,
                takeoff: find(names[0]).map { TaskPoint(name: names[0], coordinate: $0, zone: .cylinder(0)) },
                landing: find(names[names.count - 1]).map {
                    TaskPoint(name: names[names.count - 1], coordinate: $0, zone: .cylinder(0))
                }, points: points)
            IGCSeeYouZone.apply(zones, to: &task, firstIndex: 0)
            task.startOpensSeconds = startOpensSeconds
            if assignedArea {
                task.kind = .assignedArea
                task.minimumTimeSeconds = taskTimeSeconds
            }
            task.warnings += ownWarnings.map(\.description)
            for k in 1..<points.count where points[k].coordinate == points[k - 1].coordinate {
                task.warnings.append(
                    "\(called): leg \(k) from \(points[k - 1].name) to \(points[k].name) has no length")
            }
            return .success(task)
        }
    }
}

extension Substring {
    fileprivate var trimmedText: String { String(trimmingSpaces) }
}
