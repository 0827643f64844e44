/// Fields read straight from the bytes of one raw gpsd JSON line, for the few that libgps does not give us (the
/// `class`, and TOFF's times: libgps 3.22 flags TOFF_SET but leaves `toff` zero), and for replay's gpsd follower,
/// which reads gpsd without libgps. No Foundation, no copies, no allocation (a ``string(_:)`` of up to 15 bytes,
/// such as a class name, fits in the `String` itself): the daemon's reader calls this for every line gpsd sends.
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

    /// The integer value of `key` (`"key":-123`), `nil` when absent, not an integer or of more than 18 digits (no
    /// clock or count has those: an absurd value, never read as a cut-off one).
    package func integer(_ key: String) -> Int64? {
        guard var index = valueStart(key) else { return nil }
        let negative = index < bytes.endIndex && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: Int64 = 0
        var digits = 0
        while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            guard digits < 18 else { return nil }
            value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            index += 1
            digits += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    /// Index just after `"key":`. Compares the key's bytes in place (no pattern array: a lookup allocates nothing).
    private func valueStart(_ key: String) -> Int? {
        let name = key.utf8
        let length = name.count + 3  // "key":
        guard bytes.count >= length else { return nil }
        var i = 0
        while i <= bytes.count - length {
            if bytes[i] == UInt8(ascii: "\""), bytes[i + length - 2] == UInt8(ascii: "\""),
                bytes[i + length - 1] == UInt8(ascii: ":"), bytes[(i + 1)..<(i + length - 2)].elementsEqual(name)
            {
                return i + length
            }
            i += 1
        }
        return nil
    }
}
