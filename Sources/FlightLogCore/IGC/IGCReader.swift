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

    package init(
        date: CivilDate? = nil, flightNumberOfDay: Int? = nil, pilot: String? = nil, crew: String? = nil,
        gliderType: String? = nil, registration: String? = nil, competitionId: String? = nil,
        competitionClass: String? = nil, timeZoneOffsetHours: Double? = nil
    ) {
        self.date = date
        self.flightNumberOfDay = flightNumberOfDay
        self.pilot = pilot
        self.crew = crew
        self.gliderType = gliderType
        self.registration = registration
        self.competitionId = competitionId
        self.competitionClass = competitionClass
        self.timeZoneOffsetHours = timeZoneOffsetHours
    }
}

/// The content of an IGC file.
package struct IGCFile: Sendable {
    package var headers: IGCHeaders
    /// Recorder info from A/HFFTY/HFGPS/HFPRS, extensions from the I record; fixes strictly increasing.
    package var track: Track
    /// Every fix has pressure altitude == GNSS altitude (`apf-bug554.igc`): the pressure column is not real.
    package var pressureCopiesGNSS: Bool
    /// `false` when the pressure column is all `00000` (then every `pressureAltitudeDm` is nil) or copies GNSS.
    package var hasBarometer: Bool
    /// B records dropped: duplicate times and small backward steps.
    package var skippedFixes: Int
}

/// A tolerant IGC reader (notes/IGC.md §13): any CR/LF line ends, Latin-1 bytes, odd headers, every date form,
/// duplicates and midnight wrap. It throws only for files it cannot date or whose B records make no sense.
package enum IGCReader {
    /// Largest accepted file (bytes).
    package static let maxFileSize = 64 << 20
    /// Longest accepted line (bytes, without line end). Real L lines reach 113.
    package static let maxLineLength = 4096

    package static func read(_ bytes: [UInt8]) throws(IGCError) -> IGCFile {
        guard bytes.count <= maxFileSize else {
            throw IGCError(line: nil, message: "file has \(bytes.count) bytes, more than the \(maxFileSize >> 20) MB an IGC file may have")
        }
        var parser = IGCParser(expectedFixes: bytes.count / 40)
        try bytes.withUnsafeBufferPointer { (buffer) throws(IGCError) in
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
                guard end - index <= maxLineLength else {
                    throw IGCError(line: lineNumber, message: "line has \(end - index) bytes, more than \(maxLineLength)")
                }
                try parser.parse(UnsafeBufferPointer(rebasing: buffer[index..<end]), lineNumber: lineNumber)
                index = end
            }
        }
        return try parser.finish()
    }
}

/// One pass over the lines of a file.
private struct IGCParser {
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

    init(expectedFixes: Int) { fixes.reserveCapacity(expectedFixes) }

    mutating func parse(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws(IGCError) {
        guard let letter = line.first else { return }
        switch letter {
        case UInt8(ascii: "B"):
            if !seenG { try parseB(line, lineNumber: lineNumber) }
        case UInt8(ascii: "G"):
            seenG = true
        case UInt8(ascii: "H"):
            if !seenG { parseH(line) }
        case UInt8(ascii: "I"):
            if !seenB && !seenG { parseI(line) }
        case UInt8(ascii: "A"):
            if !seenA { parseA(line) }
        default:
            break  // C, D, E, F, J, K, L and unknown letters carry nothing we store
        }
    }

    func finish() throws(IGCError) -> IGCFile {
        guard !fixes.isEmpty else { throw IGCError(line: nil, message: "file has no B record (no fixes)") }
        var fixes = fixes
        // A V fix with GNSS 00000 has a nil GNSS altitude: compare it as 0.
        let pressureAllZero = fixes.allSatisfy { $0.pressureAltitudeDm == 0 }
        let pressureCopiesGNSS = fixes.allSatisfy { $0.pressureAltitudeDm == ($0.gnssAltitudeDm ?? 0) }
        if pressureAllZero {
            for i in fixes.indices { fixes[i].pressureAltitudeDm = nil }
        }
        let copies = pressureCopiesGNSS && !pressureAllZero
        let recorder = RecorderInfo(
            manufacturer: manufacturer, serial: serial, recorderType: recorderType, gpsReceiver: gpsReceiver,
            pressureSensor: pressureSensor,
            extensions: fields.map { FixExtension(code: $0.code, length: $0.range.count) })
        return IGCFile(
            headers: headers, track: Track(recorder: recorder, fixes: fixes), pressureCopiesGNSS: copies,
            hasBarometer: !pressureAllZero && !copies, skippedFixes: skipped)
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
    /// to 1990–2089 (as XCSoar).
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

    // MARK: B

    mutating func parseB(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws(IGCError) {
        func fail(_ message: String) -> IGCError { IGCError(line: lineNumber, message: "B record " + message) }
        func digits(_ range: Range<Int>, _ name: String) throws(IGCError) -> Int {
            var value = 0
            for i in range {
                let d = line[i] &- 0x30
                guard d < 10 else {
                    throw fail("has a non-digit in the \(name) (byte \(i + 1): \(IGCText.latin1([line[i]]).debugDescription))")
                }
                value = value * 10 + Int(d)
            }
            return value
        }
        func altitude(_ at: Int, _ name: String) throws(IGCError) -> Int {
            if line[at] == UInt8(ascii: "-") { return try -digits((at + 1)..<(at + 5), name) }
            return try digits(at..<(at + 5), name)
        }

        seenB = true
        guard line.count >= 35 else { throw fail("has \(line.count) bytes; it needs at least 35") }
        guard let date = headers.date else {
            throw fail("comes before a valid date header (HFDTEDATE:DDMMYY); the file has no flight date")
        }
        let hour = try digits(1..<3, "time"), minute = try digits(3..<5, "time"), second = try digits(5..<7, "time")
        guard hour < 24, minute < 60, second < 60 else {
            throw fail("has an impossible time \(pad(hour, 2))\(pad(minute, 2))\(pad(second, 2))")
        }
        let latitudeDegrees = try digits(7..<9, "latitude")
        let latitudeMinutes = try digits(9..<14, "latitude")
        let longitudeDegrees = try digits(15..<18, "longitude")
        let longitudeMinutes = try digits(18..<23, "longitude")
        guard latitudeMinutes <= 60000 else {
            throw fail("has latitude minutes \(latitudeMinutes) (must be < 60000)")
        }
        guard longitudeMinutes <= 60000 else {
            throw fail("has longitude minutes \(longitudeMinutes) (must be < 60000)")
        }
        let north = line[14], east = line[23]
        guard north == UInt8(ascii: "N") || north == UInt8(ascii: "S") else {
            throw fail("has latitude hemisphere \(IGCText.latin1([north]).debugDescription) (must be N or S)")
        }
        guard east == UInt8(ascii: "E") || east == UInt8(ascii: "W") else {
            throw fail("has longitude hemisphere \(IGCText.latin1([east]).debugDescription) (must be E or W)")
        }
        // Minutes of exactly 60000 are accepted as the next whole degree.
        let latitudeThousandths = latitudeDegrees * 60000 + latitudeMinutes
        let longitudeThousandths = longitudeDegrees * 60000 + longitudeMinutes
        guard latitudeThousandths <= 90 * 60000 else {
            throw fail("has latitude \(latitudeDegrees)° \(latitudeMinutes / 1000).\(pad(latitudeMinutes % 1000, 3))' (beyond 90°)")
        }
        guard longitudeThousandths <= 180 * 60000 else {
            throw fail("has longitude \(longitudeDegrees)° \(longitudeMinutes / 1000).\(pad(longitudeMinutes % 1000, 3))' (beyond 180°)")
        }
        var latitudeE7 = Self.e7(thousandths: latitudeThousandths, extra: extraDigits(line, latitudeDigits))
        var longitudeE7 = Self.e7(thousandths: longitudeThousandths, extra: extraDigits(line, longitudeDigits))
        if north == UInt8(ascii: "S") { latitudeE7 = -latitudeE7 }
        if east == UInt8(ascii: "W") { longitudeE7 = -longitudeE7 }
        let isValid = line[24] == UInt8(ascii: "A")
        let pressure = try altitude(25, "pressure altitude")
        let gnss = try altitude(30, "GNSS altitude")

        // Time: a decrease of more than 12 h is the midnight wrap; smaller steps back are skipped.
        var secondOfFlight = dayOffset * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        if !fixes.isEmpty && secondOfFlight <= lastSecond {
            if lastSecond - secondOfFlight > 43_200 {
                dayOffset += 1
                secondOfFlight += 86_400
            } else {
                skipped += 1
                // Equal times: keep the first, unless only the second one has a valid (A) position.
                if secondOfFlight == lastSecond, isValid, !fixes[fixes.count - 1].isValid {
                    fixes.removeLast()
                } else {
                    return
                }
            }
        }
        lastSecond = secondOfFlight

        fixes.append(
            Fix(
                time: date.utcMidnight + secondOfFlight * 1000, isValid: isValid,
                latitudeE7: Int32(latitudeE7), longitudeE7: Int32(longitudeE7),
                pressureAltitudeDm: Int32(pressure * 10),
                gnssAltitudeDm: !isValid && gnss == 0 ? nil : Int32(gnss * 10),
                extensions: extensionText(line)))
    }

    /// The declared extension bytes of a B line in I-record order (bytes missing from a short line are left out).
    func extensionText(_ line: UnsafeBufferPointer<UInt8>) -> String {
        if let run = contiguousExtensions {
            return run.isEmpty ? "" : IGCText.latin1(line[run.clamped(to: 35..<max(35, line.count))])
        }
        var bytes: [UInt8] = []
        for field in fields { bytes += line[field.range.clamped(to: 35..<max(35, line.count))] }
        return IGCText.latin1(bytes)
    }

    /// LAD/LOD digits: (value, digit count), or nil when absent or not digits.
    func extraDigits(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>?) -> (Int, Int)? {
        guard let range, range.upperBound <= line.count, let value = Self.number(line[range]) else { return nil }
        return (value, range.count)
    }

    /// 1e-7 degrees from thousandths of minutes (plus LAD/LOD extra decimals), rounded.
    static func e7(thousandths: Int, extra: (value: Int, digits: Int)?) -> Int {
        var scale = 1
        var total = thousandths
        if let extra {
            for _ in 0..<extra.digits { scale *= 10 }
            total = thousandths * scale + extra.value
        }
        // degrees = total / (60000 · scale), so 1e-7 degrees = total · 1000 / (6 · scale).
        let numerator = total * 1000, denominator = 6 * scale
        return (2 * numerator + denominator) / (2 * denominator)
    }

    static func number<C: Collection<UInt8>>(_ bytes: C) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

private func isAlphanumeric(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
}
