@testable import FlightLogCore

/// A stand-in for the device key's signer (Core has no cryptography): its "signature" is FNV-1a-64 of the bytes and
/// their count, so the Core tests see exactly which bytes a signer is given. The real Ed25519 signature is tested
/// in FlightLogSecurityTests.
enum TestSigner {
    static let signer = IGCSigner(keyComment: "SIGNKEY TEST") { bytes in [code(bytes), hex(UInt64(bytes.count))] }

    /// `nil` = no G line; else whether the G lines are this signer's for every byte before the first one.
    static func verify(_ bytes: [UInt8]) -> Bool? {
        var start = 0
        while start < bytes.count, bytes[start] != UInt8(ascii: "G") {
            guard let end = bytes[start...].firstIndex(of: 0x0A) else { return nil }
            start = end + 1
        }
        guard start < bytes.count else { return nil }
        let signed = Array(bytes[..<start])
        return String(decoding: bytes[start...], as: UTF8.self)
            == "G\(code(signed))\r\nG\(hex(UInt64(signed.count)))\r\n"
    }

    private static func code(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hex(h)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
