/// Compact binary encoding of a chunk of fixes, for the flight store's BLOB column.
///
/// Layout (version 1), all integers as LEB128 varints, signed ones zigzag-encoded:
/// ```
/// u8      version (1)
/// u8      chunk flags: bit0 positions in IGC units (1/60000 degree) instead of 1e-7 degree
/// varint  fix count
/// per fix:
///   u8    flags: bit0 valid (A), bit1 has pressure altitude, bit2 has GNSS altitude,
///               bit3 extensions same as the previous fix, bit4 extensions as changed bytes
///   zz    time: second difference (delta minus previous delta), ms; the first fix's "delta" is its absolute time
///   zz    latitude, longitude: second difference, in the chunk's position unit
///   zz    pressure altitude (if present): difference to the last present value, dm
///   zz    GNSS altitude (if present): difference to the last present value, dm
///   extensions, unless bit3: with bit4 (same byte length as before) a bitmap of the changed byte positions
///               followed by those bytes; else varint length + UTF-8 bytes
/// ```
/// Second differences make steady motion (1 Hz or 10 Hz, straight flight, standing still) cost one byte per
/// field; positions that came from an IGC file (exact multiples of 1/60000 degree) are stored in that unit.
/// Decoding validates everything and throws ``TrackCodecError`` on corrupt input; it never traps.
package enum TrackCodec {
    package static let version: UInt8 = 1
    /// Largest |time| a decoded fix may have, ms.
    package static let maxAbsoluteTime: UTCMillis = 1 << 50

    private enum Flag {
        static let valid: UInt8 = 1 << 0
        static let pressure: UInt8 = 1 << 1
        static let gnss: UInt8 = 1 << 2
        static let sameExtensions: UInt8 = 1 << 3
        static let changedExtensionBytes: UInt8 = 1 << 4
        static let all: UInt8 = 0b1_1111
        /// Chunk flag: positions in 1/60000 degree.
        static let igcUnits: UInt8 = 1
    }

    /// Encodes `fixes` (any order; the store keeps them in time order).
    package static func encode(_ fixes: [Fix]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16 + fixes.count * 8)
        out.append(version)
        let igc = fixes.allSatisfy { IGCUnits.exact($0.latitudeE7) != nil && IGCUnits.exact($0.longitudeE7) != nil }
        out.append(igc ? Flag.igcUnits : 0)
        writeVarint(UInt64(fixes.count), to: &out)
        var time = SecondDifference()
        var lat = SecondDifference()
        var lon = SecondDifference()
        var pressure: Int64 = 0
        var gnss: Int64 = 0
        // Two reused buffers: the previous fix's extension bytes and this one's (no allocation per fix).
        var previous: [UInt8] = []
        var current: [UInt8] = []
        for fix in fixes {
            var flags: UInt8 = fix.isValid ? Flag.valid : 0
            if fix.pressureAltitudeDm != nil { flags |= Flag.pressure }
            if fix.gnssAltitudeDm != nil { flags |= Flag.gnss }
            current.removeAll(keepingCapacity: true)
            current.append(contentsOf: fix.extensions.utf8)
            if current == previous {
                flags |= Flag.sameExtensions
            } else if let size = ChangedBytes.encodedSize(from: previous, to: current), size < 1 + current.count {
                flags |= Flag.changedExtensionBytes
            }
            out.append(flags)
            writeSigned(time.encode(fix.time), to: &out)
            let latitude = igc ? IGCUnits.exact(fix.latitudeE7)! : Int64(fix.latitudeE7)
            let longitude = igc ? IGCUnits.exact(fix.longitudeE7)! : Int64(fix.longitudeE7)
            writeSigned(lat.encode(latitude), to: &out)
            writeSigned(lon.encode(longitude), to: &out)
            if let p = fix.pressureAltitudeDm {
                writeSigned(Int64(p) &- pressure, to: &out)
                pressure = Int64(p)
            }
            if let g = fix.gnssAltitudeDm {
                writeSigned(Int64(g) &- gnss, to: &out)
                gnss = Int64(g)
            }
            if flags & Flag.changedExtensionBytes != 0 {
                ChangedBytes.write(from: previous, to: current, into: &out)
            } else if flags & Flag.sameExtensions == 0 {
                writeVarint(UInt64(current.count), to: &out)
                out.append(contentsOf: current)
            }
            swap(&previous, &current)
        }
        return out
    }

    /// Decodes a blob written by ``encode(_:)``.
    /// - Throws: ``TrackCodecError`` for an unknown version, truncated or trailing bytes, out-of-range values
    ///   or invalid UTF-8. An empty fix list is not an error.
    package static func decode(_ bytes: some Collection<UInt8>) throws(TrackCodecError) -> [Fix] {
        var reader = Reader(bytes: Array(bytes))
        let v = try reader.byte()
        guard v == version else { throw TrackCodecError("unknown track encoding version \(v) (expected \(version))") }
        let chunkFlags = try reader.byte()
        guard chunkFlags & ~Flag.igcUnits == 0 else { throw TrackCodecError("unknown chunk flags \(chunkFlags)") }
        let igc = chunkFlags & Flag.igcUnits != 0
        let count = try reader.varint()
        // Every fix takes at least 4 bytes, so a larger count is corrupt (and must not allocate).
        guard count <= UInt64(reader.remaining / 4) else {
            throw TrackCodecError("fix count \(count) exceeds the data")
        }
        var fixes: [Fix] = []
        fixes.reserveCapacity(Int(count))
        var time = SecondDifference()
        var lat = SecondDifference()
        var lon = SecondDifference()
        var pressure: Int64 = 0
        var gnss: Int64 = 0
        var extensions = ""
        var extensionBytes: [UInt8] = []
        for index in 0..<Int(count) {
            let flags = try reader.byte()
            guard flags & ~Flag.all == 0 else { throw TrackCodecError("fix \(index): unknown flags \(flags)") }
            let t = time.decode(try reader.signed())
            // ±2^50 ms is ±35,000 years: anything beyond is corrupt, and differences of any two times fit Int64.
            guard (-maxAbsoluteTime...maxAbsoluteTime).contains(t) else {
                throw TrackCodecError("fix \(index): time out of range")
            }
            var la = lat.decode(try reader.signed())
            var lo = lon.decode(try reader.signed())
            if igc {
                // Ranges, not abs(): abs(Int64.min) traps, and a corrupt blob can wrap to it.
                guard (-9_999_999...9_999_999).contains(la), (-19_999_999...19_999_999).contains(lo) else {
                    throw TrackCodecError("fix \(index): position out of range")
                }
                la = IGCUnits.e7(la)
                lo = IGCUnits.e7(lo)
            }
            guard (-900_000_000...900_000_000).contains(la), (-1_800_000_000...1_800_000_000).contains(lo) else {
                throw TrackCodecError("fix \(index): position out of range")
            }
            var p: Int32?
            if flags & Flag.pressure != 0 {
                pressure = pressure &+ (try reader.signed())
                p = try int32(pressure, index)
            }
            var g: Int32?
            if flags & Flag.gnss != 0 {
                gnss = gnss &+ (try reader.signed())
                g = try int32(gnss, index)
            }
            let same = flags & Flag.sameExtensions != 0
            let changed = flags & Flag.changedExtensionBytes != 0
            if same && changed { throw TrackCodecError("fix \(index): contradictory extension flags") }
            if !same {
                if changed {
                    try ChangedBytes.apply(from: &reader, to: &extensionBytes)
                } else {
                    let length = try reader.varint()
                    guard length <= UInt64(reader.remaining) else {
                        throw TrackCodecError("fix \(index): truncated extensions")
                    }
                    extensionBytes = Array(try reader.bytes(Int(length)))
                }
                extensions = try text(extensionBytes, index)
            }
            fixes.append(
                Fix(
                    time: t, isValid: flags & Flag.valid != 0, latitudeE7: Int32(la), longitudeE7: Int32(lo),
                    pressureAltitudeDm: p, gnssAltitudeDm: g, extensions: extensions))
        }
        guard reader.remaining == 0 else {
            throw TrackCodecError("\(reader.remaining) unexpected bytes after the last fix")
        }
        return fixes
    }

    /// The extension text; ASCII (what recorders write) skips the generic UTF-8 validation, which cost
    /// ~900 instructions for a few bytes, for every fix.
    private static func text(_ bytes: [UInt8], _ index: Int) throws(TrackCodecError) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TrackCodecError("fix \(index): extensions are not UTF-8")
        }
        return text
    }

    private static func int32(_ value: Int64, _ index: Int) throws(TrackCodecError) -> Int32 {
        guard let v = Int32(exactly: value) else { throw TrackCodecError("fix \(index): altitude out of range") }
        return v
    }

    /// Exact conversion between 1e-7 degree and IGC's 1/60000 degree (= 500/3 of 1e-7 degree).
    private enum IGCUnits {
        /// The value in 1/60000 degree if `e7` is exactly what such a value rounds to, else nil.
        static func exact(_ e7: Int32) -> Int64? {
            let q = (Int64(e7) * 6 + (e7 >= 0 ? 500 : -500)) / 1000
            return self.e7(q) == Int64(e7) ? q : nil
        }
        /// 1/60000 degree → nearest 1e-7 degree (never a tie: the fraction is 0, 1/3 or 2/3).
        static func e7(_ q: Int64) -> Int64 {
            let n = q * 1000
            return n >= 0 ? (n + 3) / 6 : -((-n + 3) / 6)
        }
    }

    /// Extension bytes of the same length as the previous fix's: which positions changed, and their new bytes.
    private enum ChangedBytes {
        /// Bytes of the bitmap and the changed bytes, when `new` has the same (non-zero) length as `old`.
        static func encodedSize(from old: [UInt8], to new: [UInt8]) -> Int? {
            guard old.count == new.count, !new.isEmpty else { return nil }
            var changed = 0
            for i in new.indices where new[i] != old[i] { changed += 1 }
            return (new.count + 7) / 8 + changed
        }

        /// The bitmap of changed positions, then the new bytes at those positions.
        static func write(from old: [UInt8], to new: [UInt8], into out: inout [UInt8]) {
            let bitmap = out.count
            out.append(contentsOf: repeatElement(0, count: (new.count + 7) / 8))
            for i in new.indices where new[i] != old[i] { out[bitmap + i / 8] |= 1 << UInt8(i % 8) }
            for i in new.indices where new[i] != old[i] { out.append(new[i]) }
        }

        /// Reads a bitmap sized by `current` and patches `current` in place.
        static func apply(from reader: inout Reader, to current: inout [UInt8]) throws(TrackCodecError) {
            guard !current.isEmpty else { throw TrackCodecError("changed extension bytes without previous extensions") }
            let bitmap = reader.position  // read in place
            try reader.skip((current.count + 7) / 8)
            for i in current.indices where reader.bytes[bitmap + i / 8] & (1 << UInt8(i % 8)) != 0 {
                current[i] = try reader.byte()
            }
        }
    }

    /// Predicts each value from the previous two (constant rate) and stores the error.
    private struct SecondDifference {
        var previous: Int64 = 0
        var delta: Int64 = 0
        mutating func encode(_ value: Int64) -> Int64 {
            let d = value &- previous
            let residual = d &- delta
            previous = value
            delta = d
            return residual
        }
        mutating func decode(_ residual: Int64) -> Int64 {
            delta = delta &+ residual
            previous = previous &+ delta
            return previous
        }
    }

    private static func writeVarint(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    private static func writeSigned(_ value: Int64, to out: inout [UInt8]) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &out)
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        var remaining: Int { bytes.count - position }

        mutating func byte() throws(TrackCodecError) -> UInt8 {
            guard position < bytes.count else { throw TrackCodecError("truncated track data") }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func bytes(_ count: Int) throws(TrackCodecError) -> ArraySlice<UInt8> {
            guard count <= remaining else { throw TrackCodecError("truncated track data") }
            defer { position += count }
            return bytes[position..<position + count]
        }

        mutating func skip(_ count: Int) throws(TrackCodecError) {
            guard count <= remaining else { throw TrackCodecError("truncated track data") }
            position += count
        }

        mutating func varint() throws(TrackCodecError) -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let b = try byte()
                guard shift < 64, shift < 63 || b <= 1 else { throw TrackCodecError("varint overflow") }
                result |= UInt64(b & 0x7F) << shift
                if b & 0x80 == 0 { return result }
                shift += 7
            }
        }

        mutating func signed() throws(TrackCodecError) -> Int64 {
            let z = try varint()
            return Int64(bitPattern: z >> 1) ^ -Int64(bitPattern: z & 1)
        }
    }
}

/// Corrupt or unsupported track data.
package struct TrackCodecError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { "corrupt track data: \(message)" }
}
