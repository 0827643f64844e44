extension IGCReader {
    /// The H records of `bytes` alone, read as ``read(_:strict:)`` reads them; no other line is looked at. For a
    /// logbook upgrade that needs one header of every kept file, not their fixes.
    package static func headers(_ bytes: [UInt8]) -> IGCHeaders {
        var parser = IGCParser(expectedFixes: 0, strict: false)
        bytes.withUnsafeBufferPointer { buffer in
            let cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
            var start = 0
            while start < buffer.count {
                var end = start
                while end < buffer.count && buffer[end] != lf && buffer[end] != cr { end += 1 }
                if end > start, end - start <= maxLineLength {
                    if buffer[start] == UInt8(ascii: "G") { break }  // nothing after the signature counts
                    if buffer[start] == UInt8(ascii: "H") {
                        parser.parseH(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                    }
                }
                start = end + 1
            }
        }
        return parser.headers
    }
}
