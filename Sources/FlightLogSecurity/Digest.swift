import Crypto

/// SHA-256, HMAC-SHA256 and PBKDF2-HMAC-SHA256 from swift-crypto, on byte arrays.
package enum Digest {
    /// SHA-256 of `bytes`, 32 bytes.
    package static func sha256(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }

    /// SHA-256 of `bytes` as 64 lower-case hex digits (the form stored for imported files: keep it).
    package static func sha256Hex(_ bytes: [UInt8]) -> String { Hex.encode(sha256(bytes)) }

    /// HMAC-SHA256 (RFC 2104), 32 bytes.
    package static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }

    /// PBKDF2 with HMAC-SHA256 (RFC 8018), one 32-byte block. The keyed HMAC state is made once and copied for
    /// each of the `iterations` rounds.
    package static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        let keyed = HMAC<SHA256>(key: SymmetricKey(data: password))
        func mac(_ message: [UInt8]) -> [UInt8] {
            var h = keyed
            h.update(data: message)
            return Array(h.finalize())
        }
        var u = mac(salt + [0, 0, 0, 1])
        var result = u
        for _ in 1..<max(1, iterations) {
            u = mac(u)
            for i in 0..<32 { result[i] ^= u[i] }
        }
        return result
    }
}

/// Hex text of bytes.
package enum Hex {
    /// Lower-case hex of `bytes` (`upperCase` for IGC G records).
    package static func encode(_ bytes: some Sequence<UInt8>, upperCase: Bool = false) -> String {
        let digits = Array((upperCase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of hex text (either case; `upperCaseOnly` refuses a-f); `nil` for an odd length, empty text or
    /// any other character.
    package static func decode(_ text: some StringProtocol, upperCaseOnly: Bool = false) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0, !digits.isEmpty else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(digits.count / 2)
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let high = nibble(digits[i], upperCaseOnly), let low = nibble(digits[i + 1], upperCaseOnly) else {
                return nil
            }
            result.append(high << 4 | low)
        }
        return result
    }

    private static func nibble(_ c: UInt8, _ upperCaseOnly: Bool) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f") where !upperCaseOnly: c - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
