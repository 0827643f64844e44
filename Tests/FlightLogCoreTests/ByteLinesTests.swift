import Testing

@testable import FlightLogCore

/// `ByteLines` cuts lines and cells exactly as `split(omittingEmptySubsequences: false)` does, which it replaced in
/// the airfield data set's reader.
struct ByteLinesTests {
    private func viaByteLines(_ bytes: [UInt8]) -> [[[UInt8]]] {
        bytes.withUnsafeBufferPointer { buffer in
            var lines = ByteLines(buffer)
            var cells: [Range<Int>] = []
            var out: [[[UInt8]]] = []
            while let line = lines.next() {
                lines.cells(of: line, into: &cells)
                out.append(cells.map { Array(buffer[$0]) })
            }
            return out
        }
    }

    private func viaSplit(_ bytes: [UInt8]) -> [[[UInt8]]] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map(Array.init)
        }
    }

    @Test(arguments: ["", "\n", "a", "a\n", "a\tb\n\tc\t\n\n", "\t\t", "x\ty\nz", "é\tü\n"])
    func cutsAsSplitDoes(_ text: String) {
        #expect(viaByteLines(Array(text.utf8)) == viaSplit(Array(text.utf8)))
    }

    @Test func randomBytesAreCutAsSplitCutsThem() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "a"), 0, 0xC3]
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            #expect(viaByteLines(bytes) == viaSplit(bytes), "\(bytes)")
        }
    }

    @Test func textRepairsInvalidUTF8() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62]
        let text = bytes.withUnsafeBufferPointer { ByteLines($0).text(0..<3) }
        #expect(text == "a\u{FFFD}b")
    }
}
