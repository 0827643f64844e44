import FlightLogCore
import Foundation

/// Salted, slow password hashes for the web UI's edit login: PBKDF2-HMAC-SHA256 (RFC 8018) over the core SHA-256.
///
/// The stored line is `pbkdf2-sha256$<iterations>$<salt hex>$<key hex>`; it goes into the config file as
/// `[server] password_hash = "…"`. Only this line is stored, never the password.
package enum PasswordHash {
    /// Iterations for new hashes (about 1 s on a Raspberry Pi 4 in a release build).
    package static let defaultIterations = 100_000
    private static let scheme = "pbkdf2-sha256"

    /// A new hash line for `password` with a random 16-byte salt from /dev/urandom.
    package static func make(password: String, iterations: Int = defaultIterations) throws(ServerError) -> String {
        let salt = try randomBytes(16)
        let key = pbkdf2(password: Array(password.utf8), salt: salt, iterations: iterations)
        return "\(scheme)$\(iterations)$\(SHA256.hex(salt))$\(SHA256.hex(key))"
    }

    /// Whether `password` matches the hash line (constant-time compare). A malformed line never matches.
    package static func verify(password: String, against line: String) -> Bool {
        let parts = line.trimmingCharacters(in: .whitespaces).split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == scheme, let iterations = Int(parts[1]), (1...10_000_000).contains(iterations),
            let salt = bytes(hex: parts[2]), let expected = bytes(hex: parts[3]), expected.count == 32
        else { return false }
        let key = pbkdf2(password: Array(password.utf8), salt: salt, iterations: iterations)
        return constantTimeEqual(key, expected)
    }

    /// Whether the line has the shape of a hash this version understands (for a config check at startup).
    package static func isWellFormed(_ line: String) -> Bool {
        let parts: [String] = line.trimmingCharacters(in: .whitespaces).split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == scheme, let iterations = Int(parts[1]), iterations >= 1 else { return false }
        guard bytes(hex: parts[2]) != nil, let key = bytes(hex: parts[3]) else { return false }
        return key.count == 32
    }

    /// PBKDF2 with HMAC-SHA256, one 32-byte block.
    package static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        var u = hmac(key: password, message: salt + [0, 0, 0, 1])
        var result = u
        for _ in 1..<max(1, iterations) {
            u = hmac(key: password, message: u)
            for i in 0..<32 { result[i] ^= u[i] }
        }
        return result
    }

    /// HMAC-SHA256 (RFC 2104), block size 64 bytes.
    package static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var k = key.count > 64 ? SHA256.hash(key) : key
        k += [UInt8](repeating: 0, count: 64 - k.count)
        let inner = SHA256.hash(k.map { $0 ^ 0x36 } + message)
        return SHA256.hash(k.map { $0 ^ 0x5c } + inner)
    }

    static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0, !digits.isEmpty else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(digits.count / 2)
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let high = nibble(digits[i]), let low = nibble(digits[i + 1]) else { return nil }
            result.append(high << 4 | low)
        }
        return result
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// `count` random bytes from /dev/urandom.
/// - Throws: `ServerError` when /dev/urandom cannot be read (then no session or salt is made).
package func randomBytes(_ count: Int) throws(ServerError) -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: "/dev/urandom") else {
        throw ServerError("cannot open /dev/urandom for random session tokens")
    }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: count), data.count == count else {
        throw ServerError("cannot read \(count) bytes from /dev/urandom")
    }
    return Array(data)
}
