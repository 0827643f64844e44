/// B records: one fix per line, and the rules that keep the time of a recording moving forward.
extension IGCParser {
    mutating func parseB(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws(IGCError) {
        func fail(_ message: String) -> IGCError { IGCError(line: lineNumber, message: "B record " + message) }
        func digits(_ range: Range<Int>, _ name: String) throws(IGCError) -> Int {
            var value = 0
            for i in range {
                let d = line[i] &- 0x30
                guard d < 10 else {
                    throw fail(
                        "has a non-digit in the \(name) (byte \(i + 1): \(IGCText.latin1([line[i]]).debugDescription))")
                }
                value = value * 10 + Int(d)  // at most 5 digits: no overflow
            }
            return value
        }
        func altitude(_ at: Int, _ name: String) throws(IGCError) -> Int {
            if line[at] == UInt8(ascii: "-") { return try -digits((at + 1)..<(at + 5), name) }
            return try digits(at..<(at + 5), name)
        }

        seenB = true
        guard line.count >= 35 else { throw fail("has \(line.count) bytes; it needs at least 35 (cut off?)") }
        // A control byte (NUL blocks after a power cut, a stray escape) means the line was damaged.
        if let bad = line.firstIndex(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw fail(
                "has a control byte 0x\(String(line[bad], radix: 16, uppercase: true)) at byte \(bad + 1) (damaged line)"
            )
        }
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
            throw fail(
                "has latitude \(latitudeDegrees)° \(latitudeMinutes / 1000).\(pad(latitudeMinutes % 1000, 3))' (beyond 90°)"
            )
        }
        guard longitudeThousandths <= 180 * 60000 else {
            throw fail(
                "has longitude \(longitudeDegrees)° \(longitudeMinutes / 1000).\(pad(longitudeMinutes % 1000, 3))' (beyond 180°)"
            )
        }
        var latitudeE7 = Self.e7(thousandths: latitudeThousandths, extra: extraDigits(line, latitudeDigits))
        var longitudeE7 = Self.e7(thousandths: longitudeThousandths, extra: extraDigits(line, longitudeDigits))
        if north == UInt8(ascii: "S") { latitudeE7 = -latitudeE7 }
        if east == UInt8(ascii: "W") { longitudeE7 = -longitudeE7 }
        let isValid = line[24] == UInt8(ascii: "A")
        let pressure = try altitude(25, "pressure altitude")
        let gnss = try altitude(30, "GNSS altitude")

        let fix = Fix(
            time: 0, isValid: isValid, latitudeE7: Int32(latitudeE7), longitudeE7: Int32(longitudeE7),
            pressureAltitudeDm: Int32(pressure * 10), gnssAltitudeDm: !isValid && gnss == 0 ? nil : Int32(gnss * 10),
            extensions: extensionText(line))
        try place(fix, date: date, secondOfDay: Int64(hour * 3600 + minute * 60 + second), lineNumber: lineNumber)
    }

    /// Dates `fix` on the recording's time line: forward steps, the midnight wrap (forward by at most
    /// ``IGCReader/maxForwardStepSeconds``), confirmed jumps; duplicates and steps back are dropped.
    mutating func place(_ fix: Fix, date: CivilDate, secondOfDay: Int64, lineNumber: Int) throws(IGCError) {
        var fix = fix
        func dated(_ second: Int64) -> Fix {
            fix.time = date.utcMidnight + second * 1000
            return fix
        }
        var second = dayOffset * 86_400 + secondOfDay
        guard !fixes.isEmpty else {
            lastSecond = second
            fixes.append(dated(second))
            return
        }
        if second <= lastSecond && lastSecond - second > 43_200 {
            second += 86_400  // across midnight?
        }
        let step = second - lastSecond

        if let jump = pendingJump {
            pendingJump = nil
            let afterJump = second - jump.second
            if step > IGCReader.maxForwardStepSeconds, afterJump > 0, afterJump <= IGCReader.jumpConfirmationSeconds {
                // Two fixes agree: the recording really has a gap here.
                dayOffset = jump.second / 86_400
                fixes.append(jump.fix)
                lastSecond = jump.second
                return try place(fix, date: date, secondOfDay: secondOfDay, lineNumber: lineNumber)
            }
            try damaged(jumpWarning(jump.line, second: jump.second))
        }

        if step > IGCReader.maxForwardStepSeconds {
            pendingJump = (dated(second), second, lineNumber)
            return
        }
        if step <= 0 {
            skipped += 1
            // Equal times: keep the first, unless only the second one has a valid (A) position.
            if step == 0, fix.isValid, !fixes[fixes.count - 1].isValid {
                fixes.removeLast()
            } else {
                if step < -60 {
                    try damaged(
                        IGCError(
                            line: lineNumber,
                            message: "B record time goes back \(durationText(-step)) (a receiver clock fault?); skipped"
                        ))
                }
                return
            }
        }
        dayOffset = second / 86_400
        lastSecond = second
        fixes.append(dated(second))
    }

    func jumpWarning(_ line: Int, second: Int64) -> IGCError {
        IGCError(
            line: line,
            message:
                "B record time jumps \(durationText(second - lastSecond)) ahead and the next fix does not follow it; skipped"
        )
    }

    func durationText(_ seconds: Int64) -> String {
        seconds >= 3600 ? "\(seconds / 3600) h \(seconds % 3600 / 60) min" : "\(seconds) s"
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

    /// LAD/LOD digits: (value, digit count), or nil when absent or not digits. Only the first
    /// ``maxExtraDigits`` count (0.001 mm of a minute already is below any receiver's precision).
    func extraDigits(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>?) -> (Int, Int)? {
        guard let range, range.upperBound <= line.count else { return nil }
        let used = range.lowerBound..<min(range.upperBound, range.lowerBound + Self.maxExtraDigits)
        guard let value = Self.number(line[used]) else { return nil }
        return (value, used.count)
    }

    static let maxExtraDigits = 4

    /// 1e-7 degrees from thousandths of minutes (plus LAD/LOD extra decimals), rounded.
    static func e7(thousandths: Int, extra: (value: Int, digits: Int)?) -> Int {
        var scale = 1
        var total = thousandths
        if let extra {
            for _ in 0..<min(extra.digits, maxExtraDigits) { scale *= 10 }
            total = thousandths * scale + extra.value
        }
        // degrees = total / (60000 · scale), so 1e-7 degrees = total · 1000 / (6 · scale).
        let numerator = total * 1000, denominator = 6 * scale
        return (2 * numerator + denominator) / (2 * denominator)
    }
}
