import FlightLogTestSupport
import Testing

@testable import FlightLogCore

#if canImport(Glibc)
import Glibc
#endif

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite struct TrackCodecTests {
    @Test func roundTripsEdgeCases() throws {
        let fixes = [
            Fix(
                time: -5_000, isValid: false, latitudeE7: -900_000_000, longitudeE7: -1_800_000_000,
                pressureAltitudeDm: -1234, gnssAltitudeDm: nil, extensions: ""),
            Fix(
                time: 0, isValid: true, latitudeE7: 900_000_000, longitudeE7: 1_800_000_000,
                pressureAltitudeDm: nil, gnssAltitudeDm: Int32.max, extensions: "012ÄÖ"),
            Fix(
                time: 100, isValid: true, latitudeE7: 0, longitudeE7: 0,
                pressureAltitudeDm: Int32.min, gnssAltitudeDm: Int32.min, extensions: "012ÄÖ"),
            Fix(
                time: 200, isValid: true, latitudeE7: 1, longitudeE7: -1,
                pressureAltitudeDm: nil, gnssAltitudeDm: nil, extensions: ""),
            Fix(
                time: 1_720_000_000_300, isValid: true, latitudeE7: 485_123_456, longitudeE7: 95_000_001,
                pressureAltitudeDm: 12_345, gnssAltitudeDm: 12_999, extensions: "07"),
        ]
        #expect(try TrackCodec.decode(TrackCodec.encode(fixes)) == fixes)
        #expect(try TrackCodec.decode(TrackCodec.encode([])) == [])
    }

    @Test func storesIGCPositionsInIGCUnits() throws {
        // Positions as an IGC file gives them: whole thousandths of a minute, converted to 1e-7 degree.
        func igcFix(_ i: Int, latThousandths: Int64, lonThousandths: Int64) -> Fix {
            Fix(
                time: Int64(i) * 1000, latitude: Double(latThousandths) / 60_000,
                longitude: Double(lonThousandths) / 60_000,
                pressureAltitude: 500, gnssAltitude: 550, extensions: "0\(pad(i % 13, 2))99")
        }
        let igc = (0..<600).map { i in
            igcFix(
                i, latThousandths: 2_880_000 + Int64(i * i % 977) - 400, lonThousandths: -540_123 - Int64(i * 37 % 211))
        }
        var shifted = igc
        shifted[300].latitudeE7 += 1  // no longer on the IGC grid: the chunk falls back to 1e-7 degree
        let compact = TrackCodec.encode(igc)
        #expect(try TrackCodec.decode(compact) == igc)
        #expect(try TrackCodec.decode(TrackCodec.encode(shifted)) == shifted)
        #expect(compact.count < TrackCodec.encode(shifted).count)
    }

    @Test func roundTrips10HzTrack() throws {
        let fixes = simulatedTrack(count: 3000, stepMillis: 100)
        #expect(try TrackCodec.decode(TrackCodec.encode(fixes)) == fixes)
    }

    @Test func rejectsCorruptInput() throws {
        let good = TrackCodec.encode(simulatedTrack(count: 50, stepMillis: 1000))
        #expect(throws: TrackCodecError.self) { try TrackCodec.decode([UInt8]()) }
        #expect(throws: TrackCodecError.self) { try TrackCodec.decode([99] + good.dropFirst()) }
        // Every truncation fails cleanly.
        for length in 0..<good.count {
            #expect(throws: TrackCodecError.self) { try TrackCodec.decode(good.prefix(length)) }
        }
        #expect(throws: TrackCodecError.self) { try TrackCodec.decode(good + [0]) }
        // A huge count must not allocate or trap.
        #expect(throws: TrackCodecError.self) {
            try TrackCodec.decode([1, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0, 0, 0, 0])
        }
        // Unknown chunk flags, unknown fix flags, overlong varint, changed bytes without previous extensions.
        #expect(throws: TrackCodecError.self) { try TrackCodec.decode([1, 2, 0]) }
        #expect(throws: TrackCodecError.self) { try TrackCodec.decode([1, 0, 1, 0x80, 0, 0, 0]) }
        #expect(throws: TrackCodecError.self) {
            try TrackCodec.decode([1, 0, 1, 0] + Array(repeating: 0xFF, count: 11) + [0, 0, 0])
        }
        #expect(throws: TrackCodecError.self) { try TrackCodec.decode([1, 0, 1, 0x10, 0, 0, 0, 1]) }
        #expect(try TrackCodec.decode([1, 0, 1, 0x08, 0, 0, 0]).count == 1)
        // Extension text: ASCII, valid UTF-8, and bytes that are not UTF-8.
        #expect(try TrackCodec.decode([1, 0, 1, 0x01, 0, 0, 0, 1, 0x41]).first?.extensions == "A")
        #expect(try TrackCodec.decode([1, 0, 1, 0x01, 0, 0, 0, 2, 0xC3, 0x84]).first?.extensions == "Ä")
        #expect(throws: TrackCodecError.self) { try TrackCodec.decode([1, 0, 1, 0x01, 0, 0, 0, 1, 0xFF]) }
        #expect(throws: TrackCodecError.self) { try TrackCodec.decode([1, 0, 1, 0x01, 0, 0, 0, 2, 0x41, 0xC3]) }
        // Random garbage never traps.
        var rng = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            var bytes = good
            bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
            _ = try? TrackCodec.decode(bytes)
        }
    }

    /// Measures bytes per fix against the IGC B lines; prints the numbers (no assertion on speed, only on size).
    @Test func storesFarSmallerThanIGC() throws {
        let simulated = simulatedTrack(count: 3600, stepMillis: 1000)
        let simBytes = TrackCodec.encode(simulated).count
        let simIGC = 37 * simulated.count  // 35-byte B record + CR LF, no extensions
        print(
            "TrackCodec simulated 1 Hz: \(simBytes) bytes, \(Double(simBytes) / 3600) bytes/fix vs \(simIGC / 3600) IGC"
        )
        #expect(simBytes * 4 < simIGC)

        for file in SharedFlights.files() {
            let name = file.lastPathComponent
            let data = try Data(contentsOf: file)
            let (fixes, bLineBytes) = parseBRecords(String(decoding: data, as: UTF8.self))
            let encoded = TrackCodec.encode(fixes)
            #expect(try TrackCodec.decode(encoded) == fixes, "\(name)")
            print(
                "TrackCodec \(name): \(fixes.count) fixes, \(encoded.count) bytes = \(pad(encoded.count * 100 / max(1, fixes.count), 3)) cB/fix; B lines \(bLineBytes / max(1, fixes.count)) bytes/fix"
            )
            #expect(encoded.count * 2 < bLineBytes, "\(name)")
        }
    }
}

/// A glider-like track: straight legs and thermal circles, climbing and sinking, with noise.
func simulatedTrack(count: Int, stepMillis: Int64) -> [Fix] {
    var rng = SeededRandom(seed: 42)
    var lat = 48.0
    var lon = 9.0
    var alt = 500.0
    var heading = 0.0
    let dt = Double(stepMillis) / 1000
    return (0..<count).map { i in
        let circling = (i / Int(60 / dt)) % 3 == 0
        heading += circling ? 0.25 * dt : 0.01 * dt * (Double(rng.next() % 100) / 50 - 1)
        let speed = circling ? 24.0 : 33.0
        lat += speed * dt * cos(heading) / 111_320
        lon += speed * dt * sin(heading) / (111_320 * cos(lat * .pi / 180))
        alt += (circling ? 1.5 : -1.0) * dt + Double(rng.next() % 10) / 50 - 0.1
        return Fix(
            time: 1_720_000_000_000 + Int64(i) * stepMillis, latitude: lat, longitude: lon,
            pressureAltitude: alt, gnssAltitude: alt + 48)
    }
}

/// Minimal B-record reader for the size measurement (the real IGC parser lives elsewhere).
func parseBRecords(_ text: String) -> (fixes: [Fix], bytes: Int) {
    var fixes: [Fix] = []
    var bytes = 0
    var day: Int64 = 0
    var lastSeconds: Int64 = -1
    for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("B") {
        let b = Array(line.utf8)
        guard b.count >= 35 else { continue }
        func int(_ from: Int, _ length: Int) -> Int64 {
            Int64(String(decoding: b[from..<from + length], as: UTF8.self)) ?? 0
        }
        bytes += b.count + 2
        let seconds = int(1, 2) * 3600 + int(3, 2) * 60 + int(5, 2)
        if seconds < lastSeconds { day += 1 }
        lastSeconds = seconds
        let lat = (int(7, 2) * 60_000 + int(9, 5)) * (b[14] == UInt8(ascii: "S") ? -1 : 1)
        let lon = (int(15, 3) * 60_000 + int(18, 5)) * (b[23] == UInt8(ascii: "W") ? -1 : 1)
        let pressure = int(25, 5)
        fixes.append(
            Fix(
                time: (day * 86_400 + seconds) * 1000, isValid: b[24] == UInt8(ascii: "A"),
                latitudeE7: Int32((Double(lat) / 60_000 * 1e7).rounded()),
                longitudeE7: Int32((Double(lon) / 60_000 * 1e7).rounded()),
                pressureAltitudeDm: pressure == 0 ? nil : Int32(pressure * 10), gnssAltitudeDm: Int32(int(30, 5) * 10),
                extensions: String(decoding: b[35...], as: UTF8.self)))
    }
    return (fixes, bytes)
}
