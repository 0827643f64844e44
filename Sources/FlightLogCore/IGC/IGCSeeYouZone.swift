/// One SeeYou observation zone line, `OZ=n,Style=s,R1=500m,A1=180,R2=…,A2=…,A12=…,Line=1,AAT=1`, as written in IGC L
/// records (`LSEEYOU OZ=`) and in the CUP task section (`ObsZone=`). `n` numbers the task points from -1 (the start)
/// in the IGC file, from 0 (the start) in a CUP file. Style: 0 fixed bearing `A12`, 1 symmetric, 2 towards the next
/// point, 3 towards the previous point, 4 towards the start. R1/A1 the outer radius and half angle, R2/A2 the inner
/// ones (a keyhole), `Line=1` a line of half length R1.
package struct IGCSeeYouZone: Sendable, Hashable {
    /// The largest radius read: 1,000 km (a bigger one is a typo or hostile).
    package static let maxRadius: Meters = 1_000_000

    package var index: Int
    package var zone: TaskZone
    package var assignedArea: Bool

    /// `text`: from `OZ=` (or `ObsZone=`) on.
    package static func parse(_ text: String) -> Result<IGCSeeYouZone, IGCTaskProblem> {
        let fields = fields(text)
        guard let first = fields.first, first.key == "OZ" || first.key == "ObsZone", let index = Int(first.value),
            (-1...IGCTaskLines.maxZoneLines).contains(index)
        else { return .failure(IGCTaskProblem("zone line without a zone number (OZ=n)")) }
        var style = 1
        var radius: Meters?
        var halfAngle: Degrees = 180
        var innerRadius: Meters?
        var innerHalfAngle: Degrees?
        var bearing: Degrees = 0
        var isLine = false
        var assignedArea = false
        for (key, value) in fields.dropFirst() {
            switch key {
            case "Style":
                guard let number = Int(value), (0...4).contains(number) else {
                    return .failure(IGCTaskProblem("zone \(index): style \"\(value)\" is not 0 to 4"))
                }
                style = number
            case "R1", "R2":
                guard let metres = Self.metres(value) else {
                    return .failure(IGCTaskProblem("zone \(index): radius \"\(value)\" is not 0 to 1000 km"))
                }
                if key == "R1" { radius = metres } else { innerRadius = metres > 0 ? metres : nil }
            case "A1", "A2", "A12":
                guard let angle = Double(value), angle.isFinite, (0...360).contains(angle) else {
                    return .failure(IGCTaskProblem("zone \(index): angle \"\(value)\" is not 0 to 360°"))
                }
                if key == "A1" { halfAngle = min(angle, 180) }
                if key == "A2" { innerHalfAngle = min(angle, 180) }
                if key == "A12" { bearing = angle }
            case "Line": isLine = value == "1"
            case "AAT": assignedArea = value == "1"
            default: break  // SpeedStyle, MaxAlt, Reduce, Move, Autonext…: nothing the scoring reads
            }
        }
        guard let radius, radius > 0 else {
            return .failure(IGCTaskProblem("zone \(index): no radius (R1)"))
        }
        let orientations: [TaskZone.Orientation] = [.fixed(bearing), .symmetric, .toNext, .toPrevious, .toStart]
        var zone = TaskZone(
            radius: radius, halfAngle: isLine ? 90 : halfAngle, innerRadius: innerRadius,
            innerHalfAngle: innerRadius == nil ? nil : (innerHalfAngle ?? 180), orientation: orientations[style],
            isLine: isLine)
        if zone.innerHalfAngle == 0 {
            zone.innerRadius = nil
            zone.innerHalfAngle = nil
        }
        return .success(IGCSeeYouZone(index: index, zone: zone, assignedArea: assignedArea))
    }

    /// Sets the zones of `task`'s points: zone `n` (from -1) to point `n + 1`. Zones past the last point are
    /// reported; points without a zone keep theirs.
    static func apply(_ zones: [Int: IGCSeeYouZone], to task: inout FlightTask) {
        for (index, zone) in zones.sorted(by: { $0.key < $1.key }) {
            guard index + 1 < task.points.count else {
                task.warnings.append("zone \(index) has no task point (the task has \(task.points.count)): ignored")
                continue
            }
            task.points[index + 1].zone = zone.zone
        }
    }

    /// `key=value` pairs separated by commas (spaces around them dropped); a field without `=` has an empty value.
    package static func fields(_ text: String) -> [(key: String, value: String)] {
        text.split(separator: ",").map { part in
            let pair = part.split(separator: "=", maxSplits: 1)
            let key = IGCText.trimmed(String(pair.first ?? ""))
            return (key, pair.count > 1 ? IGCText.trimmed(String(pair[1])) : "")
        }
    }

    /// `500m`, `5km`, `2.5 km`, `500`: metres, `nil` when not a number or outside 0…``maxRadius``.
    package static func metres(_ text: String) -> Meters? {
        var number = Substring(text.lowercased())
        var scale = 1.0
        if number.hasSuffix("km") {
            number = number.dropLast(2)
            scale = 1000
        } else if number.hasSuffix("m") {
            number = number.dropLast()
        }
        guard let value = Double(IGCText.trimmed(String(number))), value.isFinite else { return nil }
        let metres = value * scale
        return (0...maxRadius).contains(metres) ? metres : nil
    }

    /// `HH:MM:SS` or `HH:MM` as seconds, `nil` when not a time within a day.
    package static func seconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2 || parts.count == 3, let h = parts[0], let m = parts[1], (0..<24).contains(h),
            (0..<60).contains(m)
        else { return nil }
        let s = parts.count == 3 ? parts[2] : 0
        guard let s, (0..<60).contains(s) else { return nil }
        return h * 3600 + m * 60 + s
    }
}
