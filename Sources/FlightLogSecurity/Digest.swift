import Crypto
import _CryptoExtras

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

    /// PBKDF2 with HMAC-SHA256 (RFC 8018), 32 bytes: swift-crypto's `KDF.Insecure.PBKDF2` (BoringSSL). Any
    /// `iterations` from 1 are taken (the library's checked call refuses fewer than 210,000), so lines stored
    /// with fewer still verify; ``PasswordHash`` picks the count for new ones. Empty only when BoringSSL fails
    /// (out of memory), which no stored key equals.
    package static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        guard
            let key = try? KDF.Insecure.PBKDF2.deriveKey(
                from: password, salt: salt, using: .sha256, outputByteCount: 32,
                unsafeUncheckedRounds: max(1, iterations))
        else { return [] }
        return key.withUnsafeBytes { Array($0) }
    }

    /// `count` bytes from the system's generator (`getrandom(2)` on Linux): salts, session ids and tokens.
    package static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
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
