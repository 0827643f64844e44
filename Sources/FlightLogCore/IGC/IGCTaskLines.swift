/// The task lines of an IGC file (docs/TASKS.md, "Reading tasks"), collected while the file is read: C-record
/// declarations, and the competition task that SeeYou and competition sites write into L records (`LCU::C` points
/// in C-record form, `LSEEYOU OZ=` zones, `LSEEYOU TSK` options). Never fails: a line it cannot use becomes a
/// warning, a declaration it cannot trust is dropped with one. Bounded: ``maxPointLines`` points per declaration,
/// ``maxDeclarations`` declarations per file.
struct IGCTaskLines {
    /// Point lines kept per declaration: the spec's two-digit turnpoint count (99) plus take-off, start, finish and
    /// landing. A declaration with more is dropped.
    static let maxPointLines = 103
    /// Declarations (C headers, and `LCU::C` headers apart) kept per file; later ones are counted, not read.
    static let maxDeclarations = 20
    /// SeeYou zone lines kept (`OZ=-1` for the start up to the finish of a 99-turnpoint task).
    static let maxZoneLines = 102

    /// One declaration as read: its header and the point lines after it.
    struct Block {
        var line: Int
        /// `nil` when the points came without a header, or the header was unreadable (`headerProblem`).
        var header: IGCDeclarationHeader?
        var headerProblem: String?
        var points: [(point: IGCDeclarationPoint, line: Int)] = []
        /// Point lines past ``maxPointLines``.
        var extraPoints = 0
    }

    var declarations: [Block] = []
    var competition: [Block] = []
    /// `LSEEYOU OZ=` lines by zone index (-1 = the start).
    var zones: [Int: IGCSeeYouZone] = [:]
    var taskTimeSeconds: Int?
    /// `LSEEYOU TSK,NoStart=HH:MM:SS`: the start gate, local seconds of the day.
    var startOpensSeconds: Int?
    var assignedArea = false
    var warnings: [String] = []
    var ignoredDeclarations = 0
    var unnotedWarnings = 0
    /// The points after a header past ``maxDeclarations`` are skipped with it.
    private var skippingPoints = false

    mutating func parse(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) {
        let letter = line.first
        if letter == UInt8(ascii: "C") {
            var blocks = declarations
            declarations = []  // one owner while it grows: no copy per line
            add(line[1...], lineNumber: lineNumber, to: &blocks)
            declarations = blocks
        } else if letter == UInt8(ascii: "L") {
            let cPrefix = Array("LCU::C".utf8)
            let seeYou = Array("LSEEYOU ".utf8)
            if line.starts(with: cPrefix) {
                var blocks = competition
                competition = []
                add(line[cPrefix.count...], lineNumber: lineNumber, to: &blocks)
                competition = blocks
            } else if line.starts(with: seeYou) {
                parseSeeYou(IGCText.latin1(line[seeYou.count...]), lineNumber: lineNumber)
            }
        }
    }

    /// A C line without its `C`: a header when its 8th byte is a digit (a point line has N or S there).
    private mutating func add(_ body: Slice<UnsafeBufferPointer<UInt8>>, lineNumber: Int, to blocks: inout [Block]) {
        let bytes = Array(body)
        if bytes.count >= 8 && isDigit(bytes[7]) {
            skippingPoints = blocks.count >= Self.maxDeclarations
            guard !skippingPoints else {
                ignoredDeclarations += 1
                return
            }
            switch IGCDeclarationHeader.parse(bytes) {
            case .success(let header): blocks.append(Block(line: lineNumber, header: header))
            case .failure(let problem): blocks.append(Block(line: lineNumber, headerProblem: problem.message))
            }
            return
        }
        guard !skippingPoints else { return }
        if blocks.isEmpty { blocks.append(Block(line: lineNumber, headerProblem: "point lines without a header")) }
        let last = blocks.count - 1
        if blocks[last].points.count < Self.maxPointLines {
            blocks[last].points.append((IGCDeclarationPoint.parse(bytes), lineNumber))
        } else {
            blocks[last].extraPoints += 1
        }
    }

    private mutating func parseSeeYou(_ text: String, lineNumber: Int) {
        if text.hasPrefix("OZ=") {
            guard zones.count < Self.maxZoneLines else { return }
            switch IGCSeeYouZone.parse(text) {
            case .success(let zone):
                zones[zone.index] = zone
                if zone.assignedArea { assignedArea = true }
            case .failure(let problem): note("line \(lineNumber): \(problem.message), zone ignored")
            }
        } else if text.hasPrefix("TSK") {
            for (key, value) in IGCSeeYouZone.fields(text) where key == "TaskTime" || key == "NoStart" {
                let seconds = IGCSeeYouZone.seconds(value)
                if key == "NoStart", let seconds {
                    startOpensSeconds = seconds
                } else if let seconds, seconds > 0 {
                    taskTimeSeconds = seconds
                } else {
                    let what = key == "NoStart" ? "start gate" : "task time"
                    note("line \(lineNumber): \(what) \"\(value.prefix(20))\" is not a time of day, ignored")
                }
            }
        }
    }

    /// Keeps the first ``IGCReader/maxWarnings`` line warnings, counts the rest.
    private mutating func note(_ warning: String) {
        if warnings.count < IGCReader.maxWarnings { warnings.append(warning) } else { unnotedWarnings += 1 }
    }

    /// The declarations read (the trusted ones), the competition task, and what was noticed.
    func finish() -> (declarations: [FlightTask], competition: FlightTask?, warnings: [String]) {
        var warnings = warnings
        if unnotedWarnings > 0 { warnings.append("\(unnotedWarnings) more task lines ignored") }
        if ignoredDeclarations > 0 {
            warnings.append(
                "file holds \(ignoredDeclarations) declarations more than the \(Self.maxDeclarations) read: ignored")
        }
        var tasks: [FlightTask] = []
        for block in declarations {
            switch IGCDeclarationBuilder.task(block, source: .declaration) {
            case .success(let task): tasks.append(task)
            case .failure(let problem): warnings.append(problem.message)
            }
        }
        var competitionTask: FlightTask?
        for block in competition {
            switch IGCDeclarationBuilder.task(block, source: .competition) {
            case .success(let task): competitionTask = task
            case .failure(let problem): warnings.append(problem.message)
            }
        }
        if competitionTask == nil && !zones.isEmpty, var last = tasks.last {
            last.source = .competition
            competitionTask = last
        }
        if var task = competitionTask {
            IGCSeeYouZone.apply(zones, to: &task, firstIndex: -1)
            task.startOpensSeconds = startOpensSeconds
            if assignedArea || taskTimeSeconds != nil {
                task.kind = .assignedArea
                task.minimumTimeSeconds = taskTimeSeconds
            }
            competitionTask = task
        }
        return (tasks, competitionTask, warnings)
    }
}

/// Why a line or a declaration could not be used: the words a pilot reads.
package struct IGCTaskProblem: Error, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
