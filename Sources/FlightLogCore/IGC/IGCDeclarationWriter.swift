/// A declared task as IGC C records (spec A3.5), written by ``IGCWriter`` after the I record and before any L or B
/// record, so the signature covers it:
///
/// ```
/// C DDMMYY HHMMSS 000000 0001 TT name     declared (UTC), flight date "use the declaration's", task 1, turnpoints
///                                         (a declaration read from a file keeps its flight date and task number)
/// C DDMMmmmN DDDMMmmmE name               take-off (all zeros when not given)
/// C …                                     start, each turnpoint, finish (all zeros: the landing place)
/// C …                                     landing (all zeros when not given)
/// ```
///
/// `TT` counts the turnpoints between start and finish. A declaration without a time (not yet stamped from GPS)
/// writes `000000000000`, which readers take as "no date".
extension IGCWriter {
    /// The C lines of `task` without CR LF, each at most 99 characters (names folded to IGC text and cut).
    package static func declarationLines(_ task: FlightTask) -> [String] {
        var header = "C"
        if let declaredAt = task.declaredAt {
            let time = CivilDateTime(utc: declaredAt)
            header += pad(time.date.day, 2) + pad(time.date.month, 2) + pad(time.date.year % 100, 2)
            header += pad(time.hour, 2) + pad(time.minute, 2) + pad(time.second, 2)
        } else {
            header += "000000000000"
        }
        let kept = task.dateAndNumber.flatMap { $0.utf8.count == 10 && $0.utf8.allSatisfy(isDigit) ? $0 : nil }
        let atLanding = task.finishAtLanding == true
        header += (kept ?? "000000" + "0001") + pad(min(max(task.points.count - (atLanding ? 1 : 2), 0), 99), 2)
        var lines = [header + folded(task.name ?? "")]
        lines.append(pointLine(task.takeoff, placeholder: "TAKEOFF"))
        for point in task.points { lines.append(pointLine(point, placeholder: "")) }
        // A finish at the landing place is an all-zero finish line, as it was read.
        if atLanding { lines.append(pointLine(nil, placeholder: "FINISH")) }
        lines.append(pointLine(task.landing, placeholder: "LANDING"))
        return lines.map { String($0.prefix(maxLineLength)) }
    }

    /// `C` + `DDMMmmmN` + `DDDMMmmmE` + name, or the all-zero placeholder with `placeholder` as its text.
    static func pointLine(_ point: TaskPoint?, placeholder: String) -> String {
        guard let point else { return "C0000000N00000000E" + placeholder }
        let latitude = igcCoordinate(e7(point.coordinate.latitude), extraDigits: 0)
        let longitude = igcCoordinate(e7(point.coordinate.longitude), extraDigits: 0)
        return "C" + pad(latitude.thousandths / 60000, 2) + pad(latitude.thousandths % 60000, 5)
            + (latitude.negative ? "S" : "N") + pad(longitude.thousandths / 60000, 3)
            + pad(longitude.thousandths % 60000, 5) + (longitude.negative ? "W" : "E") + folded(point.name)
    }

    private static func e7(_ degrees: Degrees) -> Int32 {
        Int32((min(max(degrees, -180), 180) * 10_000_000).rounded())
    }

    private static func folded(_ text: String) -> String { String(decoding: IGCText.fold(text), as: UTF8.self) }
}

extension FlightTask {
    /// Whether C records hold all of this task: a racing task with a plain declaration's zones, no start gate and
    /// no minimum time. Such a task is a declaration wherever it came from (`--points`, the phone, a CUP task
    /// without `ObsZone` lines): every reader of the IGC file it is written into scores it by the Sporting Code.
    package var isPlainDeclaration: Bool {
        kind == .racing && minimumTimeSeconds == nil && startOpensSeconds == nil && hasDeclarationZones
    }

    /// A recorded flight's declared task as its exported IGC file gives it back: for a plain declaration
    /// (``isPlainDeclaration``), its C records (``IGCWriter/declarationLines(_:)``) read by ``IGCReader``: source
    /// `declaration`, points at the records' 1/1000 minute, names folded to IGC text, the time to the second; the
    /// warnings stay the task's own.
    /// So the logbook scores the flight as a re-import of its file does (docs/TASKS.md, "Declaring a task"). A task
    /// the records cannot hold whole (a task file's own zones, an area task, a start gate) is itself.
    package var asWrittenInIGC: FlightTask {
        guard isPlainDeclaration else { return self }
        let lines = IGCWriter.declarationLines(self).map { $0 + "\r\n" }.joined()
        guard var read = IGCReader.tasks(Array(lines.utf8))?.declarations.first else { return self }
        read.warnings = warnings
        return read
    }
}
