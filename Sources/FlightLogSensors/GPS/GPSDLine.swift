/// Fields read straight from the bytes of one raw gpsd JSON line, for the few that libgps does not give us (the
/// `class`, and TOFF's times: libgps 3.22 flags TOFF_SET but leaves `toff` zero). No Foundation, no copies: the
/// reader calls this for every line gpsd sends.
package struct GPSDLine {
    private let bytes: UnsafeBufferPointer<UInt8>

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The string value of `key` (`"key":"value"`), `nil` when absent.
    package func string(_ key: String) -> String? {
        guard let start = valueStart(key), start < bytes.endIndex, bytes[start] == UInt8(ascii: "\"") else {
            return nil
        }
        let first = start + 1
        guard let end = bytes[first...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: bytes[first..<end], as: UTF8.self)
    }

    /// The integer value of `key` (`"key":-123`), `nil` when absent or not an integer.
    package func integer(_ key: String) -> Int64? {
        guard var index = valueStart(key) else { return nil }
        let negative = index < bytes.endIndex && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: Int64 = 0
        var digits = 0
        while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), digits < 18 {
            value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            index += 1
            digits += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    /// Index just after `"key":`.
    private func valueStart(_ key: String) -> Int? {
        var pattern = [UInt8(ascii: "\"")]
        pattern += key.utf8
        pattern += [UInt8(ascii: "\""), UInt8(ascii: ":")]
        guard bytes.count >= pattern.count else { return nil }
        var i = 0
        while i <= bytes.count - pattern.count {
            if bytes[i] == pattern[0] {
                var j = 1
                while j < pattern.count, bytes[i + j] == pattern[j] { j += 1 }
                if j == pattern.count { return i + j }
            }
            i += 1
        }
        return nil
    }
}
