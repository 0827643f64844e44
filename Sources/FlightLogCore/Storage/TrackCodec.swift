/// Compact binary encoding of a chunk of fixes, for the flight store's BLOB column.
///
/// Layout (version 1), all integers as LEB128 varints, signed ones zigzag-encoded:
/// ```
/// u8      version (1)
/// varint  fix count
/// per fix:
///   u8    flags: bit0 valid (A), bit1 has pressure altitude, bit2 has GNSS altitude,
///               bit3 extensions same as the previous fix
///   zz    time: second difference (delta minus previous delta), ms; the first fix's "delta" is its absolute time
///   zz    latitude, longitude: second difference, 1e-7 degrees
///   zz    pressure altitude (if present): difference to the last present value, dm
///   zz    GNSS altitude (if present): difference to the last present value, dm
///   [varint length + UTF-8 bytes]  extensions, unless bit3
/// ```
/// Second differences make steady motion (1 Hz or 10 Hz, straight flight, standing still) cost one byte per
/// field. Decoding validates everything and throws ``TrackCodecError`` on corrupt input; it never traps.
package enum TrackCodec {
    package static let version: UInt8 = 1

    private enum Flag {
        static let valid: UInt8 = 1 << 0
        static let pressure: UInt8 = 1 << 1
        static let gnss: UInt8 = 1 << 2
        static let sameExtensions: UInt8 = 1 << 3
        static let all: UInt8 = 0b1111
    }

    /// Encodes `fixes` (any order; the store keeps them in time order).
    package static func encode(_ fixes: [Fix]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16 + fixes.count * 8)
        out.append(version)
        writeVarint(UInt64(fixes.count), to: &out)
        var time = SecondDifference()
        var lat = SecondDifference()
        var lon = SecondDifference()
        var pressure: Int64 = 0
        var gnss: Int64 = 0
        var extensions = ""
        for fix in fixes {
            var flags: UInt8 = fix.isValid ? Flag.valid : 0
            if fix.pressureAltitudeDm != nil { flags |= Flag.pressure }
            if fix.gnssAltitudeDm != nil { flags |= Flag.gnss }
            if fix.extensions == extensions { flags |= Flag.sameExtensions }
            out.append(flags)
            writeSigned(time.encode(fix.time), to: &out)
            writeSigned(lat.encode(Int64(fix.latitudeE7)), to: &out)
            writeSigned(lon.encode(Int64(fix.longitudeE7)), to: &out)
            if let p = fix.pressureAltitudeDm {
                writeSigned(Int64(p) &- pressure, to: &out)
                pressure = Int64(p)
            }
            if let g = fix.gnssAltitudeDm {
                writeSigned(Int64(g) &- gnss, to: &out)
                gnss = Int64(g)
            }
            if fix.extensions != extensions {
                let bytes = Array(fix.extensions.utf8)
                writeVarint(UInt64(bytes.count), to: &out)
                out.append(contentsOf: bytes)
                extensions = fix.extensions
            }
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
        let count = try reader.varint()
        // Every fix takes at least 4 bytes, so a larger count is corrupt (and must not allocate).
        guard count <= UInt64(reader.remaining / 4) else { throw TrackCodecError("fix count \(count) exceeds the data") }
        var fixes: [Fix] = []
        fixes.reserveCapacity(Int(count))
        var time = SecondDifference()
        var lat = SecondDifference()
        var lon = SecondDifference()
        var pressure: Int64 = 0
        var gnss: Int64 = 0
        var extensions = ""
        for index in 0..<Int(count) {
            let flags = try reader.byte()
            guard flags & ~Flag.all == 0 else { throw TrackCodecError("fix \(index): unknown flags \(flags)") }
            let t = time.decode(try reader.signed())
            let la = lat.decode(try reader.signed())
            let lo = lon.decode(try reader.signed())
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
            if flags & Flag.sameExtensions == 0 {
                let length = try reader.varint()
                guard length <= UInt64(reader.remaining) else { throw TrackCodecError("fix \(index): truncated extensions") }
                let raw = try reader.bytes(Int(length))
                guard let text = String(validating: raw, as: UTF8.self) else {
                    throw TrackCodecError("fix \(index): extensions are not UTF-8")
                }
                extensions = text
            }
            fixes.append(
                Fix(time: t, isValid: flags & Flag.valid != 0, latitudeE7: Int32(la), longitudeE7: Int32(lo),
                    pressureAltitudeDm: p, gnssAltitudeDm: g, extensions: extensions))
        }
        guard reader.remaining == 0 else { throw TrackCodecError("\(reader.remaining) unexpected bytes after the last fix") }
        return fixes
    }

    private static func int32(_ value: Int64, _ index: Int) throws(TrackCodecError) -> Int32 {
        guard let v = Int32(exactly: value) else { throw TrackCodecError("fix \(index): altitude out of range") }
        return v
    }

    /// Predicts each value from the previous two (constant rate) and stores the error.
    private struct SecondDifference {
        var previous: Int64 = 0
        var delta: Int64 = 0
        mutating func encode(_ value: Int64) -> Int64 {
            let d = value &- previous
            defer { previous = value; delta = d }
            return d &- delta
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
