import FlightLogCore
import FlightLogSecurity
import Foundation

/// Salted, slow password hashes for the web UI's edit login: PBKDF2-HMAC-SHA256 (RFC 8018, swift-crypto's HMAC).
///
/// The stored line is `pbkdf2-sha256$<iterations>$<salt hex>$<key hex>`; it goes into the config file as
/// `[server] password_hash = "…"`. Only this line is stored, never the password.
package enum PasswordHash {
    /// Iterations for new hashes (about 1 s on a Raspberry Pi 4 in a release build).
    package static let defaultIterations = 100_000
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

    /// A new hash line for `password` with a random 16-byte salt from /dev/urandom.
    /// - Throws: `ServerError` when ``problem(with:)`` finds one.
    package static func make(password: String, iterations: Int = defaultIterations) throws(ServerError) -> String {
        if let problem = problem(with: password) { throw ServerError(problem) }
        let salt = try randomBytes(16)
        let key = pbkdf2(password: Array(password.utf8), salt: salt, iterations: iterations)
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

    /// PBKDF2 with HMAC-SHA256, one 32-byte block.
    package static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        Digest.pbkdf2SHA256(password: password, salt: salt, iterations: iterations)
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
