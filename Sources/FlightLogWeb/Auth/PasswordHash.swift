import FlightLogCore
import FlightLogSecurity
import Foundation

/// Salted, slow password hashes for the web UI's edit login: PBKDF2-HMAC-SHA256 (RFC 8018, swift-crypto's KDF).
///
/// The stored line is `pbkdf2-sha256$<iterations>$<salt hex>$<key hex>`; it goes into the config file as
/// `[server] password_hash = "…"` (a club login's is in the club's `accounts` table). Only this line is stored,
/// never the password. The line names its iteration count, so lines made with fewer iterations (100,000 before
/// the library's KDF replaced a hand-written one: the same function, so the same bytes) keep verifying.
package enum PasswordHash {
    /// Iterations for new hashes: the floor swift-crypto's checked PBKDF2 call accepts (OWASP's advice for
    /// PBKDF2-HMAC-SHA256 is 600,000, too slow for a login on a Raspberry Pi).
    package static let defaultIterations = 210_000
    private static let scheme = "pbkdf2-sha256"
    /// The longest password the login takes (UTF-8 bytes; bounds the hashing work per request). `--hash-password`
    /// refuses a longer one, so no hash is ever made for a password the login would refuse.
    package static let maxPasswordBytes = 200

    /// Why the login could never take `password`, or `nil`: empty, over ``maxPasswordBytes``, or with a line
    /// break or other control character inside (a browser's password field cannot send those).
    package static func problem(with password: String) -> String? {
        if password.isEmpty { return "the password is empty" }
        if password.utf8.count > maxPasswordBytes {
            return "the password is \(password.utf8.count) bytes long; "
                + "the login takes at most \(maxPasswordBytes) bytes "
                + "(UTF-8: letters like ü take 2); choose a shorter one"
        }
        if password.unicodeScalars.contains(where: { $0.value < 32 || $0.value == 127 }) {
            return "the password contains a line break, tab or other control character, which a browser cannot type; "
                + "give it on one line"
        }
        return nil
    }

    /// A new hash line for `password` with a random 16-byte salt (``randomBytes(_:)``).
    /// - Throws: `ServerError` when ``problem(with:)`` finds one.
    package static func make(password: String, iterations: Int = defaultIterations) throws(ServerError) -> String {
        if let problem = problem(with: password) { throw ServerError(problem) }
        let salt = randomBytes(16)
        let key = pbkdf2(password: Array(password.utf8), salt: salt, iterations: iterations)
        guard key.count == 32 else { throw ServerError("the password could not be hashed (out of memory?)") }
        return "\(scheme)$\(iterations)$\(Hex.encode(salt))$\(Hex.encode(key))"
    }

    /// Whether `password` matches the hash line (constant-time compare). A malformed line never matches.
    package static func verify(password: String, against line: String) -> Bool {
        let parts = line.trimmingCharacters(in: .whitespaces).split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == scheme, let iterations = Int(parts[1]),
            (1...10_000_000).contains(iterations),
            let salt = Hex.decode(parts[2]), let expected = Hex.decode(parts[3]), expected.count == 32
        else { return false }
        let key = pbkdf2(password: Array(password.utf8), salt: salt, iterations: iterations)
        return constantTimeEqual(key, expected)
    }

    /// Whether the line has the shape of a hash this version understands (for a config check at startup).
    package static func isWellFormed(_ line: String) -> Bool {
        let parts: [String] = line.trimmingCharacters(in: .whitespaces).split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == scheme, let iterations = Int(parts[1]), iterations >= 1 else {
            return false
        }
        guard Hex.decode(parts[2]) != nil, let key = Hex.decode(parts[3]) else { return false }
        return key.count == 32
    }

    /// PBKDF2 with HMAC-SHA256, 32 bytes (``Digest/pbkdf2SHA256(password:salt:iterations:)``).
    package static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        Digest.pbkdf2SHA256(password: password, salt: salt, iterations: iterations)
    }
}

/// `count` random bytes from the system's generator: salts, session ids, CSRF tokens and login nonces.
package func randomBytes(_ count: Int) -> [UInt8] { Digest.randomBytes(count) }
