/// Header values of an IGC file, as far as the logbook needs them.
package struct IGCHeaders: Sendable, Hashable {
    /// UTC date of the first fix (`HFDTE`).
    package var date: CivilDate?
    /// `NN` of `HFDTEDATE:DDMMYY,NN`.
    package var flightNumberOfDay: Int?
    package var pilot: String?
    /// `CM2`; `nil` when empty or `NIL`.
    package var crew: String?
    package var gliderType: String?
    package var registration: String?
    package var competitionId: String?
    package var competitionClass: String?
    /// `HFTZN` / `HFTZO`, hours east of UTC.
    package var timeZoneOffsetHours: Double?
}

/// The content of an IGC file.
package struct IGCFile: Sendable {
    package var headers: IGCHeaders
    /// Recorder info from A/HFFTY/HFGPS/HFPRS, extensions from the I record; fixes strictly increasing.
    package var track: Track
    /// Every fix has pressure altitude == GNSS altitude (`apf-bug554.igc`): the pressure column is not real.
    package var pressureCopiesGNSS: Bool
    /// `false` when the pressure column is all `00000` (then every `pressureAltitudeDm` is nil) or copies GNSS.
    /// Else a stretch of `00000` among readings far from 0 m is nil too (``IGCReader/withoutPressureDropouts(_:)``).
    package var hasBarometer: Bool
    /// B records dropped: duplicate times and small backward steps.
    package var skippedFixes: Int
    /// Lines the tolerant reader skipped (damaged B records, implausible times, over-long lines), first
    /// ``IGCReader/maxWarnings`` of them; ``skippedLines`` counts them all.
    package var warnings: [IGCError] = []
    package var skippedLines: Int = 0
    /// The declarations of the C records that could be read, in file order (``declarationThatCounts(takeoff:)``
    /// picks the one that counts).
    package var declarations: [FlightTask] = []
    /// The competition task of the L records (`LCU::C` points, `LSEEYOU` zones), when the file has one.
    package var competitionTask: FlightTask?
    /// Task lines that could not be used (a declaration dropped, a zone line ignored): never a reason to refuse the
    /// file, even in strict mode.
    package var taskWarnings: [String] = []
}

/// A tolerant IGC reader (docs/IGC-FORMAT.md, "Reading"): any CR/LF line ends, Latin-1 bytes, odd headers, every date
/// form, duplicates and midnight wrap. A damaged line (a file cut off by a power cut, a bad byte) is skipped with a
/// warning naming it; `strict` rejects the whole file at the first one instead. It throws for files without a date or
/// without a single usable B record.
///
/// Time only moves forward: a midnight wrap is accepted when it steps forward by at most
/// ``maxForwardStepSeconds``; a bigger jump forward is kept only when the next fix confirms it (a gap in the
/// recording), a jump backwards is skipped with a warning.
package enum IGCReader {
    /// The years a two-digit `HFDTE` year stands for (as XCSoar; ``IGCParser/parseDate(_:)``): a recording of any
    /// other year reads back as another century.
    package static let twoDigitYears: ClosedRange<Int> = 1990...2089
    /// Largest forward step between two fixes taken without confirmation (also bounds a midnight wrap).
    package static let maxForwardStepSeconds: Int64 = 4 * 3600
    /// A fix after a bigger jump is confirmed by a next fix at most this many seconds later.
    static let jumpConfirmationSeconds: Int64 = 60
    /// Warnings kept in ``IGCFile/warnings`` (all are counted).
    package static let maxWarnings = 100
    /// Largest accepted file (bytes), for every reader of IGC files (import, verify, the reader itself): bigger
    /// than any real flight (a 10 h flight at 1 s is ~1.5 MB); guards against reading a disk image.
    package static let maxFileSize = 64 << 20
    /// Longest accepted line (bytes, without line end). Real L lines reach 113.
    package static let maxLineLength = 4096

    package static func read(_ bytes: [UInt8], strict: Bool = false) throws(IGCError) -> IGCFile {
        guard bytes.count <= maxFileSize else {
            throw IGCError(
                line: nil,
                message: "file has \(bytes.count) bytes, more than the \(maxFileSize >> 20) MB an IGC file may have")
        }
        var parser = IGCParser(expectedFixes: bytes.count / 40, strict: strict)
        try bytes.withUnsafeBufferPointer { (buffer) throws(IGCError) in
            try forEachLine(buffer) { (line, length, lineNumber) throws(IGCError) in
                guard let line else {
                    try parser.damaged(
                        IGCError(line: lineNumber, message: "line has \(length) bytes, more than \(maxLineLength)"))
                    return true
                }
                try parser.parse(line, lineNumber: lineNumber)
                return true
            }
        }
        return try parser.finish()
    }

    /// The task lines of `bytes` alone, without reading a fix: the same declarations, competition task and task
    /// warnings as ``read(_:strict:)`` gives in ``IGCFile``, at the cost of a scan. A kept file holding many
    /// flights is read once per flight for its task, so this must not parse its B records. `nil` for a file over
    /// ``maxFileSize``.
    package static func tasks(_ bytes: [UInt8]) -> IGCFileTasks? {
        guard bytes.count <= maxFileSize else { return nil }
        var taskLines = IGCTaskLines()
        bytes.withUnsafeBufferPointer { buffer in
            // Never throws: the body does not.
            try? forEachLine(buffer) { (line, _, lineNumber) throws(IGCError) in
                guard let line, let letter = line.first else { return true }
                if letter == UInt8(ascii: "G") { return false }  // lines after the G record are not read
                if letter == UInt8(ascii: "C") || letter == UInt8(ascii: "L") {
                    taskLines.parse(line, lineNumber: lineNumber)
                }
                return true
            }
        }
        let tasks = taskLines.finish()
        return IGCFileTasks(
            declarations: tasks.declarations, competitionTask: tasks.competition, taskWarnings: tasks.warnings)
    }

    /// Calls `body` with each non-empty line of `buffer` (any CR/LF line end; CR LF and CR CR LF end one line) and
    /// its 1-based number, until it returns `false`. A line longer than ``maxLineLength`` comes as `nil`, with its
    /// length.
    static func forEachLine(
        _ buffer: UnsafeBufferPointer<UInt8>,
        _ body: (_ line: UnsafeBufferPointer<UInt8>?, _ length: Int, _ lineNumber: Int) throws(IGCError) -> Bool
    ) throws(IGCError) {
        let cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
        let count = buffer.count
        var index = 0
        var lineNumber = 1
        while index < count {
            let byte = buffer[index]
            if byte == lf {
                lineNumber += 1
                index += 1
                continue
            }
            if byte == cr {
                // CR LF and CR CR LF count once (at the LF); a lone CR ends a line by itself.
                if index + 1 >= count || (buffer[index + 1] != cr && buffer[index + 1] != lf) { lineNumber += 1 }
                index += 1
                continue
            }
            var end = index
            while end < count && buffer[end] != lf && buffer[end] != cr { end += 1 }
            let line = end - index > maxLineLength ? nil : UnsafeBufferPointer(rebasing: buffer[index..<end])
            guard try body(line, end - index, lineNumber) else { return }
            index = end
        }
    }
}

/// What an IGC file says of tasks (``IGCReader/tasks(_:)``); ``IGCFile`` holds the same three.
package struct IGCFileTasks: Sendable {
    package var declarations: [FlightTask]
    package var competitionTask: FlightTask?
    package var taskWarnings: [String]

    /// ``IGCFile/declarationThatCounts(takeoff:)`` for these declarations.
    package func declarationThatCounts(takeoff: UTCMillis?) -> (task: FlightTask?, warnings: [String]) {
        IGCFile.declarationThatCounts(declarations, takeoff: takeoff)
    }
}

/// One pass over the lines of a file.
struct IGCParser {
    /// A field of the I record, as 0-based byte range of the B line.
    struct Field {
        var range: Range<Int>
        var code: String
    }

    var headers = IGCHeaders()
    var manufacturer = ""
    var serial = ""
    var recorderType: String?
    var gpsReceiver: String?
    var pressureSensor: String?
    var fields: [Field] = []
    /// Ranges of the LAD / LOD extension digits (extra decimals of the minutes), if declared.
    var latitudeDigits: Range<Int>?
    var longitudeDigits: Range<Int>?
    /// Extensions are one contiguous run from byte 36: copy them in one slice.
    var contiguousExtensions: Range<Int>?

    var fixes: [Fix] = []
    var seenA = false
    var seenB = false
    var seenG = false
    var dayOffset: Int64 = 0
    var lastSecond: Int64 = -1
    var skipped = 0
    let strict: Bool
    var warnings: [IGCError] = []
    var damagedLines = 0
    /// A fix whose time jumped far forward, with its second of flight, kept until the next fix confirms it.
    var pendingJump: (fix: Fix, second: Int64, line: Int)?
    var taskLines = IGCTaskLines()

    init(expectedFixes: Int, strict: Bool) {
        self.strict = strict
        fixes.reserveCapacity(expectedFixes)
    }

    /// A line that cannot be used: the error in strict mode, else a warning and the line is skipped.
    mutating func damaged(_ error: IGCError) throws(IGCError) {
        if strict { throw error }
        damagedLines += 1
        if warnings.count < IGCReader.maxWarnings { warnings.append(error) }
    }

    mutating func parse(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws(IGCError) {
        guard let letter = line.first else { return }
        switch letter {
        case UInt8(ascii: "B"):
            if !seenG {
                do {
                    try parseB(line, lineNumber: lineNumber)
                } catch {
                    try damaged(error)
                }
            }
        case UInt8(ascii: "G"):
            seenG = true
        case UInt8(ascii: "H"):
            if !seenG { parseH(line) }
        case UInt8(ascii: "I"):
            if !seenB && !seenG { parseI(line) }
        case UInt8(ascii: "A"):
            if !seenA { parseA(line) }
        case UInt8(ascii: "C"), UInt8(ascii: "L"):
            if !seenG { taskLines.parse(line, lineNumber: lineNumber) }
        default:
            break  // D, E, F, J, K and unknown letters carry nothing we store
        }
    }

    mutating func finish() throws(IGCError) -> IGCFile {
        if let jump = pendingJump {
            pendingJump = nil
            try damaged(jumpWarning(jump.line, second: jump.second))
        }
        guard !fixes.isEmpty else {
            if headers.date == nil && damagedLines > 0 {
                throw IGCError(
                    line: nil, message: "file has no flight date (HFDTEDATE:DDMMYY header), so no fix can be dated")
            }
            if let first = warnings.first {
                throw IGCError(
                    line: nil,
                    message:
                        "file has no usable B record: \(damagedLines) damaged line\(damagedLines == 1 ? "" : "s"), the first at \(first)"
                )
            }
            throw IGCError(line: nil, message: "file has no B record (no fixes)")
        }
        var fixes = fixes
        // A V fix with GNSS 00000 has a nil GNSS altitude: compare it as 0.
        let pressureAllZero = fixes.allSatisfy { $0.pressureAltitudeDm == 0 }
        let pressureCopiesGNSS = fixes.allSatisfy { $0.pressureAltitudeDm == ($0.gnssAltitudeDm ?? 0) }
        if pressureAllZero {
            for i in fixes.indices { fixes[i].pressureAltitudeDm = nil }
        }
        let copies = pressureCopiesGNSS && !pressureAllZero
        if !pressureAllZero && !copies { fixes = IGCReader.withoutPressureDropouts(fixes) }
        let recorder = RecorderInfo(
            manufacturer: manufacturer, serial: serial, recorderType: recorderType, gpsReceiver: gpsReceiver,
            pressureSensor: pressureSensor,
            extensions: fields.map { FixExtension(code: $0.code, length: $0.range.count) })
        let tasks = taskLines.finish()
        return IGCFile(
            headers: headers, track: Track(recorder: recorder, fixes: fixes), pressureCopiesGNSS: copies,
            hasBarometer: !pressureAllZero && !copies, skippedFixes: skipped, warnings: warnings,
            skippedLines: damagedLines, declarations: tasks.declarations, competitionTask: tasks.competition,
            taskWarnings: tasks.warnings)
    }

    // MARK: A, H, I

    /// `A` + maker (3) + serial (alphanumerics, `FLIGHT:n` suffix not included) + free text.
    mutating func parseA(_ line: UnsafeBufferPointer<UInt8>) {
        guard line.count >= 4 else { return }
        seenA = true
        manufacturer = IGCText.latin1(line[1..<4])
        var end = 4
        while end < line.count && isAlphanumeric(line[end]) { end += 1 }
        var serialBytes = Array(line[4..<end])
        let flight = Array("FLIGHT".utf8)
        if serialBytes.count > 3 + flight.count - 1, Array(serialBytes.suffix(flight.count)) == flight,
            end < line.count, line[end] == UInt8(ascii: ":")
        {
            serialBytes.removeLast(flight.count)
        }
        serial = IGCText.latin1(serialBytes)
    }

    /// TLC = bytes 2..<5 with any source letter; value after the first `:` (else after the TLC), trimmed.
    mutating func parseH(_ line: UnsafeBufferPointer<UInt8>) {
        guard line.count >= 5 else { return }
        let tlc = IGCText.latin1(line[2..<5]).uppercased()
        let rest = line[5...]
        let valueBytes = rest.firstIndex(of: UInt8(ascii: ":")).map { rest[($0 + 1)...] } ?? rest
        let value = IGCText.decode(valueBytes)
        let text: String? = value.isEmpty ? nil : value
        switch tlc {
        case "DTE":
            if headers.date == nil, let (date, number) = Self.parseDate(Array(rest)) {
                headers.date = date
                headers.flightNumberOfDay = number
            }
        case "PLT": headers.pilot = headers.pilot ?? text
        case "CM2": headers.crew = headers.crew ?? (text?.uppercased() == "NIL" ? nil : text)
        case "GTY": headers.gliderType = headers.gliderType ?? text
        case "GID": headers.registration = headers.registration ?? text
        case "CID": headers.competitionId = headers.competitionId ?? text
        case "CCL": headers.competitionClass = headers.competitionClass ?? text
        case "TZN", "TZO":
            if headers.timeZoneOffsetHours == nil, let text {
                var number = Substring(text)
                if number.uppercased().hasPrefix("UTC") { number = number.dropFirst(3) }
                if number.hasPrefix("+") { number = number.dropFirst() }
                if let hours = Double(number), abs(hours) <= 14 { headers.timeZoneOffsetHours = hours }
            }
        case "FTY": recorderType = recorderType ?? text
        case "GPS": gpsReceiver = gpsReceiver ?? text
        case "PRS": pressureSensor = pressureSensor ?? text
        default: break
        }
    }

    /// The part after `HFDTE`: optional `DATE`, `:` and spaces, `DDMMYY`, optional `,NN`. Two-digit years map
    /// to ``IGCReader/twoDigitYears``.
    static func parseDate(_ text: [UInt8]) -> (CivilDate, Int?)? {
        var i = 0
        if text.count >= 4, text[0..<4].map({ $0 & 0xDF }) == Array("DATE".utf8) { i = 4 }
        while i < text.count && (text[i] == UInt8(ascii: ":") || text[i] == UInt8(ascii: " ")) { i += 1 }
        guard text.count >= i + 6, let digits = number(text[i..<(i + 6)]) else { return nil }
        let day = digits / 10000, month = digits / 100 % 100, yy = digits % 100
        let year = yy < 90 ? 2000 + yy : 1900 + yy
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else {
            return nil
        }
        i += 6
        var flightNumber: Int?
        if i < text.count, text[i] == UInt8(ascii: ",") {
            var j = i + 1
            while j < text.count && text[j] == UInt8(ascii: " ") { j += 1 }
            var end = j
            while end < text.count && isDigit(text[end]) { end += 1 }
            if end > j, end - j <= 4 { flightNumber = number(text[j..<end]) }
        }
        return (CivilDate(year: year, month: month, day: day), flightNumber)
    }

    /// `INN` then NN × (start byte, finish byte (1-based, inclusive), code). Invalid groups are ignored.
    mutating func parseI(_ line: UnsafeBufferPointer<UInt8>) {
        fields = []
        latitudeDigits = nil
        longitudeDigits = nil
        contiguousExtensions = nil
        guard line.count >= 3, let declared = Self.number(line[1..<3]) else { return }
        for k in 0..<declared {
            let at = 3 + 7 * k
            guard at + 7 <= line.count, let start = Self.number(line[at..<(at + 2)]),
                let finish = Self.number(line[(at + 2)..<(at + 4)]), start >= 36, finish >= start
            else { break }
            let code = IGCText.latin1(line[(at + 4)..<(at + 7)]).uppercased()
            fields.append(Field(range: (start - 1)..<finish, code: code))
        }
        fields.sort { $0.range.lowerBound < $1.range.lowerBound }
        // Overlapping fields make no sense; keep those that follow each other.
        var kept: [Field] = []
        for field in fields where field.range.lowerBound >= (kept.last?.range.upperBound ?? 35) { kept.append(field) }
        fields = kept
        latitudeDigits = fields.first { $0.code == "LAD" }?.range
        longitudeDigits = fields.first { $0.code == "LOD" }?.range
        var end = 35
        for field in fields where field.range.lowerBound == end { end = field.range.upperBound }
        if end == (fields.last?.range.upperBound ?? 35) { contiguousExtensions = 35..<end }
    }

    /// The decimal number of `bytes` (digits only), or nil when empty, not digits or too long to be a count.
    static func number<C: Collection<UInt8>>(_ bytes: C) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
        var value = 0
        for byte in bytes {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}

func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

private func isAlphanumeric(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
}
