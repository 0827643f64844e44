import FlightLogCore
import FlightLogSecurity
import Foundation

/// Browser sessions of the edit login and the login throttle. One actor owns them; session ids and CSRF tokens
/// are 32 random bytes (hex).
///
/// Only a correct password creates a session, so anonymous requests cannot fill the store or evict the owner.
/// The login form itself is stateless: its CSRF token is an HMAC (with a secret made at start) of a random
/// nonce the browser keeps in a cookie (a signed double-submit cookie), checked on POST without any memory.
/// Wrong passwords are counted per client address, so guessing from one place cannot lock the owner out
/// from another. Every age is read from an injected clock (``Clock``): the system's monotonic clock in the server,
/// a driven one in tests of expiry and of the failure window.
package actor Sessions {
    /// Monotonic seconds: session expiry and the failure window are measured on it.
    package typealias Clock = @Sendable () -> Double

    package struct Session: Sendable {
        package var csrfToken: String
        /// The club login this session belongs to (`flightlog serve --database postgres://…`); `nil` on a glider.
        package var account: ClubAccount?
        /// Monotonic seconds after which the session is gone.
        var expires: Double
    }

    /// Sessions last this long without use, seconds.
    private let lifetime: Double
    /// At most this many (logged-in) sessions; the least recently used is dropped first.
    private let capacity: Int
    private var sessions: [String: Session] = [:]
    /// Times (monotonic seconds) of each client's latest failed logins, at most ``failureLimit`` each.
    private var failures: [String: [Double]] = [:]
    /// Most clients whose failures are remembered at once.
    private let maxTrackedClients = 4096
    /// Key for the login form tokens; new on every start (a form from before a restart just expires).
    private let secret: [UInt8]
    private let clock: Clock

    package static let cookieName = "flightlog_session"
    /// The login form's nonce cookie.
    package static let loginCookieName = "flightlog_login"
    /// Wrong passwords allowed per client within ``failureWindow`` seconds.
    package static let failureLimit = 10
    package static let failureWindow = 60.0

    package init(
        lifetimeSeconds: Double = 12 * 3600, capacity: Int = 256, clock: @escaping Clock = Sessions.systemClock
    ) {
        self.lifetime = lifetimeSeconds
        self.capacity = capacity
        self.secret = randomBytes(32)
        self.clock = clock
    }

    /// CLOCK_MONOTONIC in seconds: the server's clock.
    package static let systemClock: Clock = { Double(Monotonic.nowNanos()) / 1e9 }

    /// The live session for this cookie value, if any (its lifetime is extended).
    package func session(id: String?) -> Session? {
        guard let id, var session = sessions[id] else { return nil }
        let now = clock()
        guard session.expires > now else {
            sessions[id] = nil
            return nil
        }
        session.expires = now + lifetime
        sessions[id] = session
        return session
    }

    /// A new logged-in session (call only after the password was accepted); returns its id and CSRF token.
    package func create(account: ClubAccount? = nil) -> (id: String, session: Session) {
        let now = clock()
        sessions = sessions.filter { $0.value.expires > now }
        if sessions.count >= capacity, let oldest = sessions.min(by: { $0.value.expires < $1.value.expires })?.key {
            sessions[oldest] = nil
        }
        let id = Hex.encode(randomBytes(32))
        let session = Session(csrfToken: Hex.encode(randomBytes(32)), account: account, expires: now + lifetime)
        sessions[id] = session
        return (id, session)
    }

    package func end(id: String?) {
        if let id { sessions[id] = nil }
    }

    /// Whether `token` is the CSRF token of the live session `id` (constant-time compare).
    package func checkCSRF(id: String?, token: String?) -> Bool {
        guard let token, let session = session(id: id) else { return false }
        return constantTimeEqual(Array(session.csrfToken.utf8), Array(token.utf8))
    }

    // MARK: Login form

    /// A fresh nonce for the login cookie.
    package static func newLoginNonce() -> String { Hex.encode(randomBytes(32)) }

    /// Whether `nonce` looks like one of ours (64 lowercase hex digits).
    package static func isWellFormedNonce(_ nonce: String?) -> Bool {
        guard let nonce, nonce.utf8.count == 64 else { return false }
        return nonce.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The login form's CSRF token for the browser holding `nonce` in its login cookie.
    package nonisolated func loginToken(nonce: String) -> String {
        Hex.encode(Digest.hmacSHA256(key: secret, message: Array("flightlog login form \(nonce)".utf8)))
    }

    /// Whether the posted login `token` belongs to the `nonce` from the browser's login cookie.
    package nonisolated func checkLoginToken(nonce: String?, token: String?) -> Bool {
        guard let nonce, let token, Self.isWellFormedNonce(nonce) else { return false }
        return constantTimeEqual(Array(loginToken(nonce: nonce).utf8), Array(token.utf8))
    }

    // MARK: Throttle

    /// Counts a failed login from `client`.
    package func noteFailure(client: String) {
        let now = clock()
        if failures[client] == nil && failures.count >= maxTrackedClients {
            failures = failures.filter { ($0.value.last ?? 0) > now - Self.failureWindow }
            if failures.count >= maxTrackedClients,
                let least = failures.min(by: { $0.value.count < $1.value.count })?.key
            {
                failures[least] = nil
            }
        }
        let recent = (failures[client] ?? []).filter { $0 > now - Self.failureWindow } + [now]
        failures[client] = Array(recent.suffix(Self.failureLimit))
    }

    /// Whether `client` used up its wrong passwords: ``failureLimit`` within the last ``failureWindow`` seconds.
    package func tooManyFailures(client: String) -> Bool {
        let now = clock()
        return (failures[client] ?? []).filter { $0 > now - Self.failureWindow }.count >= Self.failureLimit
    }

    /// How many sessions are stored (for tests and the status page).
    package var count: Int { sessions.count }

    /// `Set-Cookie` value for a session id (HttpOnly, SameSite=Strict, whole site); `nil` id clears the cookie.
    package static func cookie(id: String?) -> String {
        guard let id else { return "\(cookieName)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0" }
        return "\(cookieName)=\(id); Path=/; HttpOnly; SameSite=Strict"
    }

    /// `Set-Cookie` value for the login form's nonce.
    package static func loginCookie(nonce: String) -> String {
        "\(loginCookieName)=\(nonce); Path=/; HttpOnly; SameSite=Strict"
    }
}
