/// The header values a written IGC file carries (besides date, A record and I record).
package struct IGCHeaderValues: Sendable {
    package var pilot: String?
    package var crew: String?
    package var gliderType: String?
    package var registration: String?
    package var competitionId: String?
    /// `HFCCLCOMPETITIONCLASS`: "18-Meter", "Club"; omitted when nil.
    package var competitionClass: String?
    /// `MAKER,MODEL` (`HFFTYFRTYPE`), e.g. `flightlog,flightlog`.
    package var recorderType: String
    package var firmwareVersion: String
    package var hardwareVersion: String
    /// `MAKER,MODEL,CHANNELS,maxNNNNNm` or free text (`HFGPSRECEIVER`).
    package var gpsReceiver: String
    /// `MAKER,MODEL,maxNNNNm`; `nil` = no barometer: `HFALPALTPRESSURE:NIL`, empty `HFPRS`, pressure `00000`.
    package var pressureSensor: String?
    /// `HFTZNTIMEZONE`, hours east of UTC; omitted when nil.
    package var timeZoneOffsetHours: Double?

    package init(
        pilot: String? = nil, crew: String? = nil, gliderType: String? = nil, registration: String? = nil,
        competitionId: String? = nil, competitionClass: String? = nil, recorderType: String = "flightlog,flightlog",
        firmwareVersion: String = FlightLogVersion.current,
        hardwareVersion: String = "Raspberry Pi", gpsReceiver: String = "gpsd", pressureSensor: String? = nil,
        timeZoneOffsetHours: Double? = nil
    ) {
        self.pilot = pilot
        self.crew = crew
        self.gliderType = gliderType
        self.registration = registration
        self.competitionId = competitionId
        self.competitionClass = competitionClass
        self.recorderType = recorderType
        self.firmwareVersion = firmwareVersion
        self.hardwareVersion = hardwareVersion
        self.gpsReceiver = gpsReceiver
        self.pressureSensor = pressureSensor
        self.timeZoneOffsetHours = timeZoneOffsetHours
    }
}

/// What signs a written file, given by a module that has the key (Core holds no cryptography).
///
/// `keyComment` is written as the first L record after the I record (`LXFL` + the text), so the signature covers
/// the name of its own key; `sign` gets every byte before the first G line and returns the G lines' text
/// (without the leading `G`, upper-case hex, at most 98 characters each). `FlightLogSecurity.IGCSignature` makes
/// one from the device key.
package struct IGCSigner: Sendable {
    package var keyComment: String
    package var sign: @Sendable ([UInt8]) -> [String]

    package init(keyComment: String, sign: @escaping @Sendable ([UInt8]) -> [String]) {
        self.keyComment = keyComment
        self.sign = sign
    }
}

/// Writes IGC files as docs/IGC-FORMAT.md describes: CR LF, printable ASCII, ≤ 99 characters per line,
/// coordinates rounded once, the signer's G record last (none without a signer). Manufacturer code `XFL`
/// (flightlog, not IGC-approved).
package enum IGCWriter {
    package static let manufacturer = "XFL"
    /// Longest record, without CR LF (spec A2.1).
    package static let maxLineLength = 99

    /// The file bytes. `fixes`: written in order, dropping any fix not in a later whole UTC second than the
    /// previous written one. `extensions`: the layout of every fix's `extensions` text (placed from byte 36;
    /// `I00` when empty). The header date is the UTC date of the first valid fix (first fix if none is valid, or
    /// if the first valid fix falls on a later date than the first fix, so that readers date every B line right).
    /// A track is taken to be one flight: gaps of 12 h or more between fixes cannot be dated back by readers.
    /// `comments` follow the I record; each of `timedComments` follows the last B record of its second or before
    /// (IGC order: L records among the B records in time order, all before G). `signer`: its key comment comes
    /// first after the I record and its G lines last; `nil` writes no G record. `task`: the declaration, as C
    /// records right after the I record (``declarationLines(_:)``).
    package static func write(
        fixes: [Fix], extensions: [FixExtension], headers: IGCHeaderValues, serial: String, flightNumberOfDay: Int,
        comments: [String] = [], timedComments: [(time: UTCMillis, text: String)] = [], task: FlightTask? = nil,
        signer: IGCSigner? = nil
    ) -> [UInt8] {
        var kept: [Fix] = []
        kept.reserveCapacity(fixes.count)
        var lastSecond = Int64.min
        for fix in fixes {
            let second = floorDivide(fix.time, 1000)
            if second > lastSecond {
                kept.append(fix)
                lastSecond = second
            }
        }
        let firstDate = kept.first.map { CivilDateTime(utc: $0.time).date } ?? CivilDate(year: 1970, month: 1, day: 1)
        let validDate = kept.first(where: \.isValid).map { CivilDateTime(utc: $0.time).date } ?? firstDate
        let date = validDate == firstDate ? validDate : firstDate
        let layout = fittingLayout(extensions)
        let hasBarometer = headers.pressureSensor != nil

        var out: [UInt8] = []
        out.reserveCapacity(1024 + kept.count * (37 + layout.reduce(0) { $0 + $1.length }))
        line(&out, "A" + manufacturer + normalizedSerial(serial))
        line(
            &out,
            "HFDTEDATE:\(pad(date.day, 2))\(pad(date.month, 2))\(pad(date.year % 100, 2)),\(pad(min(max(flightNumberOfDay, 1), 99), 2))"
        )
        header(&out, "HFPLTPILOTINCHARGE:", headers.pilot)
        header(&out, "HFCM2CREW2:", headers.crew)
        header(&out, "HFGTYGLIDERTYPE:", headers.gliderType)
        header(&out, "HFGIDGLIDERID:", headers.registration)
        line(&out, "HFDTMGPSDATUM:WGS84")
        header(&out, "HFRFWFIRMWAREVERSION:", headers.firmwareVersion)
        header(&out, "HFRHWHARDWAREVERSION:", headers.hardwareVersion)
        header(&out, "HFFTYFRTYPE:", recorderTypeText(headers.recorderType))
        header(&out, "HFGPSRECEIVER:", gpsReceiverText(headers.gpsReceiver))
        header(&out, "HFPRSPRESSALTSENSOR:", headers.pressureSensor.map(pressureSensorText))
        line(&out, "HFALGALTGPS:ELL")
        line(&out, "HFALPALTPRESSURE:" + (hasBarometer ? "ISA" : "NIL"))
        header(&out, "HFCIDCOMPETITIONID:", headers.competitionId)
        if let competitionClass = headers.competitionClass { header(&out, "HFCCLCOMPETITIONCLASS:", competitionClass) }
        if let hours = headers.timeZoneOffsetHours { line(&out, "HFTZNTIMEZONE:" + timeZoneText(hours)) }
        line(&out, iRecord(layout))
        if let task { for text in declarationLines(task) { line(&out, text) } }
        if let signer { appendComment(&out, signer.keyComment) }
        for comment in comments { appendComment(&out, comment) }
        let bLayout = BLayout(layout)
        var pending = timedComments.sorted { $0.time < $1.time }[...]
        for fix in kept {
            while let next = pending.first, floorDivide(next.time, 1000) < floorDivide(fix.time, 1000) {
                appendComment(&out, next.text)
                pending.removeFirst()
            }
            appendB(&out, fix, layout: bLayout, hasBarometer: hasBarometer)
        }
        for comment in pending { appendComment(&out, comment.text) }

        if let signer {
            for text in signer.sign(out) { line(&out, "G" + text) }
        }
        return out
    }

    /// `YYYY-MM-DD-XFL-SSS-NN.IGC` (spec A2.5.1), same date and NN as `HFDTE`.
    package static func fileName(date: CivilDate, serial: String, flightNumberOfDay: Int) -> String {
        "\(date)-\(manufacturer)-\(normalizedSerial(serial))-\(pad(min(max(flightNumberOfDay, 1), 99), 2)).IGC"
    }

    // MARK: Records

    /// Three upper-case alphanumerics (padded with `0`, cut after 3).
    static func normalizedSerial(_ serial: String) -> String {
        let characters = serial.uppercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return String((characters + "000").prefix(3))
    }

    /// The extensions that fit a 99-byte B line.
    static func fittingLayout(_ extensions: [FixExtension]) -> [FixExtension] {
        var layout: [FixExtension] = []
        var end = 35
        for ext in extensions where ext.length > 0 {
            guard end + ext.length <= maxLineLength else { break }
            let code = String((String(decoding: IGCText.fold(ext.code.uppercased()), as: UTF8.self) + "XXX").prefix(3))
            layout.append(FixExtension(code: code, length: ext.length))
            end += ext.length
        }
        return layout
    }

    /// The extension layout of B lines, looked up once per file: what each field after byte 35 holds.
    struct BLayout {
        enum Field {
            /// The extra latitude (LAD) or longitude (LOD) digits, computed from the coordinate.
            case latitudeDigits(Int), longitudeDigits(Int)
            /// `length` bytes of the fix's raw extension text from `offset`.
            case raw(offset: Int, length: Int)
        }
        var fields: [Field] = []
        var latitudeDigits: Int
        var longitudeDigits: Int
        /// Bytes of one B record with its CR LF.
        var recordLength = 35 + 2
        static let maxComputedDigits = 4

        init(_ extensions: [FixExtension]) {
            // Digits beyond the reader's four carry no precision (and 10^n would overflow): written as zeros.
            latitudeDigits = min(Self.maxComputedDigits, extensions.first { $0.code == "LAD" }?.length ?? 0)
            longitudeDigits = min(Self.maxComputedDigits, extensions.first { $0.code == "LOD" }?.length ?? 0)
            let hasExtraDigits = latitudeDigits + longitudeDigits > 0
            var offset = 0
            for ext in extensions {
                switch ext.code {
                case "LAD" where hasExtraDigits: fields.append(.latitudeDigits(ext.length))
                case "LOD" where hasExtraDigits: fields.append(.longitudeDigits(ext.length))
                default: fields.append(.raw(offset: offset, length: ext.length))
                }
                offset += ext.length
                recordLength += ext.length
            }
        }
    }

    /// `INN` + (start, finish, code) per extension, from byte 36, contiguous.
    static func iRecord(_ layout: [FixExtension]) -> String {
        var text = "I" + pad(layout.count, 2)
        var start = 36
        for ext in layout {
            text += pad(start, 2) + pad(start + ext.length - 1, 2) + ext.code
            start += ext.length
        }
        return text
    }

    /// Appends one B record. It is built in a stack buffer and appended at once (a 25,000-fix export appended
    /// 170,000 digit groups one byte at a time before).
    static func appendB(_ out: inout [UInt8], _ fix: Fix, layout: BLayout, hasBarometer: Bool) {
        let second = Int(floorDivide(fix.time, 1000) - floorDivide(fix.time, Time.millisPerDay) * 86_400)
        let latitude = igcCoordinate(fix.latitudeE7, extraDigits: layout.latitudeDigits)
        let longitude = igcCoordinate(fix.longitudeE7, extraDigits: layout.longitudeDigits)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: layout.recordLength) { buffer in
            var b = RecordBuffer(buffer)
            b.byte(UInt8(ascii: "B"))
            b.digits(second / 3600, 2)
            b.digits(second / 60 % 60, 2)
            b.digits(second % 60, 2)
            b.digits(latitude.thousandths / 60000, 2)
            b.digits(latitude.thousandths % 60000, 5)
            b.byte(latitude.negative ? UInt8(ascii: "S") : UInt8(ascii: "N"))
            b.digits(longitude.thousandths / 60000, 3)
            b.digits(longitude.thousandths % 60000, 5)
            b.byte(longitude.negative ? UInt8(ascii: "W") : UInt8(ascii: "E"))
            b.byte(fix.isValid ? UInt8(ascii: "A") : UInt8(ascii: "V"))
            b.altitude(hasBarometer ? fix.pressureAltitudeDm : nil)
            b.altitude(fix.gnssAltitudeDm)
            if !layout.fields.isEmpty {
                /// Missing or unwritable bytes become "0": readers expect digits and aerofiles strips spaces.
                func writeFields(_ raw: some RandomAccessCollection<UInt8>) {
                    for field in layout.fields {
                        switch field {
                        case .latitudeDigits(let length):
                            b.digits(latitude.extra, min(length, BLayout.maxComputedDigits))
                            if length > BLayout.maxComputedDigits { b.digits(0, length - BLayout.maxComputedDigits) }
                        case .longitudeDigits(let length):
                            b.digits(longitude.extra, min(length, BLayout.maxComputedDigits))
                            if length > BLayout.maxComputedDigits { b.digits(0, length - BLayout.maxComputedDigits) }
                        case .raw(let offset, let length):
                            for i in offset..<(offset + length) {
                                let byte = i < raw.count ? raw[raw.index(raw.startIndex, offsetBy: i)] : 0x30
                                b.byte(IGCText.isAllowed(byte) && byte != 0x20 ? byte : 0x30)
                            }
                        }
                    }
                }
                let wroteASCII =
                    fix.extensions.utf8.withContiguousStorageIfAvailable { raw in
                        guard raw.allSatisfy({ $0 < 0x80 }) else { return false }
                        writeFields(raw)
                        return true
                    } ?? false
                if !wroteASCII {  // one byte per character, whatever it is
                    writeFields(fix.extensions.unicodeScalars.map { $0.isASCII ? UInt8($0.value) : 0x30 })
                }
            }
            b.byte(0x0D)
            b.byte(0x0A)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<b.count]))
        }
    }

    /// Writes ASCII into a buffer sized for one record.
    struct RecordBuffer {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0
        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

        mutating func byte(_ value: UInt8) {
            buffer[count] = value
            count += 1
        }

        /// The last `width` decimal digits of `value` (≥ 0), zero-padded.
        mutating func digits(_ value: Int, _ width: Int) {
            buffer.put(value, width, at: count)
            count += width
        }

        /// Whole metres from decimetres, `%05d` / `-%04d`, clamped to −9999…99999; `00000` for nil.
        mutating func altitude(_ decimetres: Int32?) {
            guard let decimetres else { return digits(0, 5) }
            let dm = Int(decimetres)
            let metres = min(max(dm >= 0 ? (dm + 5) / 10 : -((-dm + 5) / 10), -9999), 99999)
            if metres < 0 {
                byte(UInt8(ascii: "-"))
                digits(-metres, 4)
            } else {
                digits(metres, 5)
            }
        }
    }

    /// Rounds once to 1/(60000·10^extraDigits) degree, then splits: never 60000 minutes. A value that rounds
    /// to zero is north/east.
    static func igcCoordinate(_ e7: Int32, extraDigits: Int) -> (thousandths: Int, extra: Int, negative: Bool) {
        var scale = 1
        for _ in 0..<extraDigits { scale *= 10 }
        // units = |degrees| · 60000 · scale = |e7| · 6 · scale / 1000, rounded half up.
        let units = (abs(Int(e7)) * 6 * scale + 500) / 1000
        return (units / scale, units % scale, e7 < 0 && units != 0)
    }

    /// `LXFL` + text, folded, split into lines of at most 99 characters.
    static func appendComment(_ out: inout [UInt8], _ comment: String) {
        let text = IGCText.fold(comment)
        let room = maxLineLength - 4
        var start = 0
        repeat {
            let end = min(start + room, text.count)
            appendLine(&out, Array("L\(manufacturer)".utf8) + text[start..<end])
            start = end
        } while start < text.count
    }

    static func line(_ out: inout [UInt8], _ text: String) { appendLine(&out, Array(text.utf8)) }

    /// A header line: fixed `prefix` (e.g. `HFPLTPILOTINCHARGE:`) + the folded value.
    static func header(_ out: inout [UInt8], _ prefix: String, _ value: String?) {
        appendLine(&out, Array(prefix.utf8) + IGCText.fold(value ?? ""))
    }

    /// Appends one record cut to 99 characters, with CR LF.
    static func appendLine(_ out: inout [UInt8], _ bytes: [UInt8]) {
        out += bytes.prefix(maxLineLength)
        out += [0x0D, 0x0A]
    }

    // MARK: Header values in the shapes aerofiles 1.5.6 parses

    /// `MAKER,MODEL` with at most one comma.
    static func recorderTypeText(_ text: String) -> String {
        guard let comma = text.firstIndex(of: ",") else { return text }
        return String(text[...comma]) + text[text.index(after: comma)...].replacingCommas()
    }

    /// 1 field, or 3–4 fields ending in integer channels and max altitude; anything else as one field.
    static func gpsReceiverText(_ text: String) -> String {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return text
        case 3, 4:
            let channels = trimmedPart(parts[parts.count - 2])
            let bareChannels = channels.lowercased().hasSuffix("ch") ? String(channels.dropLast(2)) : channels
            if isInteger(bareChannels) && isMaxAltitude(trimmedPart(parts[parts.count - 1])) { return text }
        default: break
        }
        return text.replacingCommas()
    }

    /// 1 field, or `MAKER,MODEL,maxNNNNm` with an integer (or empty) max altitude; else as one field.
    static func pressureSensorText(_ text: String) -> String {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 1 { return text }
        if parts.count == 3 {
            let maxAltitude = trimmedPart(parts[2])
            if maxAltitude.isEmpty || isMaxAltitude(maxAltitude) { return text }
        }
        return text.replacingCommas()
    }

    /// `+2.00`, `-3.50`: plain signed decimal hours.
    static func timeZoneText(_ hours: Double) -> String {
        let hundredths = Int((abs(hours) * 100).rounded())
        return (hours < 0 && hundredths != 0 ? "-" : "+") + "\(hundredths / 100).\(pad(hundredths % 100, 2))"
    }

    private static func trimmedPart(_ part: Substring) -> String {
        String(decoding: IGCText.fold(String(part)), as: UTF8.self).trimmingSpaces()
    }

    private static func isInteger(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `max10000m`, `10000`, `max30000ft`: an integer after stripping `max` and `m`/`ft`.
    private static func isMaxAltitude(_ text: String) -> Bool {
        var value = Substring(text)
        if value.hasPrefix("max") { value = value.dropFirst(3) }
        if value.hasSuffix("ft") { value = value.dropLast(2) } else if value.hasSuffix("m") { value = value.dropLast() }
        return isInteger(String(value))
    }
}

extension StringProtocol {
    fileprivate func replacingCommas() -> String { String(map { $0 == "," ? " " : $0 }) }
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

/// Floor division (rounds towards −∞), for times before 1970 as well.
private func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
