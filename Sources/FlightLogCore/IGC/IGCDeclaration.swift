/// The header of a declaration (IGC spec, C record): `C DDMMYY HHMMSS DDMMYY NNNN TT text`: when it was declared,
/// the intended flight date, the task number, the number of turnpoints and a free text.
struct IGCDeclarationHeader {
    /// `nil` when the date is `000000` or no date at all.
    var declaredAt: UTCMillis?
    /// The intended flight date and the task number as written (`DDMMYYNNNN`), kept for a rebuilt file.
    var dateAndNumber: String
    var turnpoints: Int
    var text: String

    /// `bytes`: the line without its leading `C`.
    static func parse(_ bytes: [UInt8]) -> Result<IGCDeclarationHeader, IGCTaskProblem> {
        guard bytes.count >= 24, bytes[0..<24].allSatisfy(isDigit), let turnpoints = IGCParser.number(bytes[22..<24])
        else {
            return .failure(IGCTaskProblem("the header is not 24 digits (date, time, flight date, task, turnpoints)"))
        }
        var declaredAt: UTCMillis?
        if let date = IGCParser.parseDate(Array(bytes[0..<6]))?.0, let h = IGCParser.number(bytes[6..<8]),
            let m = IGCParser.number(bytes[8..<10]), let s = IGCParser.number(bytes[10..<12]), h < 24, m < 60, s < 60
        {
            declaredAt = date.utcMidnight + Int64(h * 3600 + m * 60 + s) * 1000
        }
        let text = IGCText.decode(bytes[24...])
        return .success(
            IGCDeclarationHeader(
                declaredAt: declaredAt, dateAndNumber: String(decoding: bytes[12..<22], as: UTF8.self),
                turnpoints: turnpoints, text: text))
    }
}

/// A point line of a declaration: `C DDMMmmm N DDDMMmmm E name`, or the placeholder of all zero coordinates that
/// stands for "no point" (a take-off or landing not given).
enum IGCDeclarationPoint {
    case point(name: String, coordinate: Coordinate)
    case placeholder(name: String)
    case unreadable(String)

    /// `bytes`: the line without its leading `C`.
    static func parse(_ bytes: [UInt8]) -> IGCDeclarationPoint {
        guard bytes.count >= 17, bytes[0..<7].allSatisfy(isDigit), bytes[8..<16].allSatisfy(isDigit),
            let latitude = IGCParser.number(bytes[0..<7]), let longitude = IGCParser.number(bytes[8..<16])
        else { return .unreadable("not a point (DDMMmmmN DDDMMmmmE name)") }
        let north = bytes[7] | 0x20, east = bytes[16] | 0x20
        guard north == UInt8(ascii: "n") || north == UInt8(ascii: "s"),
            east == UInt8(ascii: "e") || east == UInt8(ascii: "w")
        else { return .unreadable("the hemisphere letters are not N/S and E/W") }
        let name = IGCText.decode(bytes[17...])
        if latitude == 0 && longitude == 0 { return .placeholder(name: name) }
        guard let lat = degrees(latitude, limit: 90), let lon = degrees(longitude, limit: 180) else {
            return .unreadable("coordinates out of range (minutes 60 or more, or beyond 90° / 180°)")
        }
        return .point(
            name: name,
            coordinate: Coordinate(
                latitude: north == UInt8(ascii: "s") ? -lat : lat, longitude: east == UInt8(ascii: "w") ? -lon : lon))
    }

    /// `DDMMmmm` (or `DDDMMmmm`) as degrees, `nil` when minutes reach 60 or the value passes `limit`.
    private static func degrees(_ value: Int, limit: Int) -> Degrees? {
        let whole = value / 100_000, thousandths = value % 100_000
        guard thousandths < 60_000 else { return nil }
        let result = Double(whole) + Double(thousandths) / 60_000
        return result <= Double(limit) ? result : nil
    }
}

/// A declaration's lines as a ``FlightTask``: take-off, start, turnpoints, finish, landing, with the FAI zones.
enum IGCDeclarationBuilder {
    static func task(_ block: IGCTaskLines.Block, source: FlightTask.Source) -> Result<FlightTask, IGCTaskProblem> {
        let what = source == .competition ? "competition task (LCU::C)" : "declaration (C records)"
        let at = "\(what) at line \(block.line)"
        guard let header = block.header else {
            return .failure(IGCTaskProblem("\(at) ignored: \(block.headerProblem ?? "no header")"))
        }
        if block.extraPoints > 0 {
            return .failure(
                IGCTaskProblem(
                    "\(at) ignored: it has \(block.points.count + block.extraPoints) point lines, more than the "
                        + "\(IGCTaskLines.maxPointLines) a declaration may have"))
        }
        if let bad = block.points.first(where: { if case .unreadable = $0.point { true } else { false } }),
            case .unreadable(let reason) = bad.point
        {
            return .failure(IGCTaskProblem("\(at) ignored: line \(bad.line): \(reason)"))
        }
        let lines = block.points
        guard lines.count >= 4 else {
            return .failure(
                IGCTaskProblem(
                    "\(at) ignored: \(lines.count) point line\(lines.count == 1 ? "" : "s"), fewer than take-off, "
                        + "start, finish and landing"))
        }
        var warnings: [String] = []
        if lines.count != header.turnpoints + 4 {
            warnings.append(
                "\(at): the header counts \(header.turnpoints) turnpoints but \(lines.count - 4) follow; read as they come"
            )
        }
        var points: [TaskPoint] = []
        // Sporting Code Section 3: a finish at the landing place need not be declared (docs/TASKS.md).
        let finishAtLanding: Bool
        if source == .declaration, case .placeholder = lines[lines.count - 2].point {
            finishAtLanding = true
        } else {
            finishAtLanding = false
        }
        for (index, (line, number)) in lines.dropFirst().dropLast().enumerated() {
            switch line {
            case .point(let name, let coordinate):
                points.append(TaskPoint(name: name, coordinate: coordinate, zone: .faiTurnpoint))
            case .placeholder where finishAtLanding && index == lines.count - 3:
                warnings.append("\(at): line \(number), the finish, is a placeholder: the finish is the landing place")
            case .placeholder:
                warnings.append("\(at): line \(number), point \(index + 1) of the task, is a placeholder: no point")
            case .unreadable: break
            }
        }
        guard points.count >= 2 else {
            return .failure(
                IGCTaskProblem(
                    "\(at) ignored: \(points.count) task point\(points.count == 1 ? "" : "s"), no start and finish"))
        }
        points = FlightTask.withDeclarationZones(points, finishAtLanding: finishAtLanding)
        for k in 1..<points.count where points[k].coordinate == points[k - 1].coordinate {
            warnings.append("\(at): leg \(k) from \(points[k - 1].name) to \(points[k].name) has no length")
        }
        var task = FlightTask(
            source: source, name: header.text.isEmpty ? nil : header.text, declaredAt: header.declaredAt,
            dateAndNumber: header.dateAndNumber, takeoff: taskPoint(lines[0].point),
            landing: taskPoint(lines[lines.count - 1].point), points: points, warnings: warnings)
        if finishAtLanding { task.finishAtLanding = true }
        return .success(task)
    }

    private static func taskPoint(_ line: IGCDeclarationPoint) -> TaskPoint? {
        guard case .point(let name, let coordinate) = line else { return nil }
        return TaskPoint(name: name, coordinate: coordinate, zone: .cylinder(0))
    }
}
