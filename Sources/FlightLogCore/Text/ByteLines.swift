#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a byte buffer and the tab-separated cells of a line, as index ranges, found with `memchr`.
///
/// For the large generated files read on every import and take-off (the airfield data set: 2.9 MB, 46,000 lines):
/// the generic `split` costs an allocation per line and, in the tests' unoptimised builds, a generic call per byte
/// (the data set took 0.25 s there, 0.09 s this way; 0.05 and 0.02 s optimised).
struct ByteLines {
    let buffer: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    /// The next line without its `\n`; the text after the last `\n` is a line too (possibly empty, as `split`
    /// with `omittingEmptySubsequences: false` gives it), nil past the end.
    mutating func next() -> Range<Int>? {
        guard position <= buffer.count else { return nil }
        let end = find(UInt8(ascii: "\n"), in: position..<buffer.count)
        defer { position = end + 1 }
        return position..<end
    }

    /// The cells of `line` separated by tabs (empty ones kept), into `cells` (cleared first; reused to allocate
    /// once).
    func cells(of line: Range<Int>, into cells: inout [Range<Int>]) {
        cells.removeAll(keepingCapacity: true)
        var start = line.lowerBound
        while true {
            let end = find(UInt8(ascii: "\t"), in: start..<line.upperBound)
            cells.append(start..<end)
            guard end < line.upperBound else { return }
            start = end + 1
        }
    }

    /// The bytes of `range` as text (invalid UTF-8 repaired).
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    /// Where the first `byte` in `range` is; its end when there is none.
    private func find(_ byte: UInt8, in range: Range<Int>) -> Int {
        guard !range.isEmpty, let base = buffer.baseAddress,
            let hit = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return range.upperBound }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }
}
