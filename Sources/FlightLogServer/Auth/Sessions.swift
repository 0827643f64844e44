import FlightLogCore
import Foundation

/// Browser sessions of the edit login. One actor owns them; ids and CSRF tokens are 32 random bytes (hex).
///
/// A session starts unauthenticated (it carries the CSRF token of the login form) and is replaced by a new id
/// when the password is accepted, so an id seen before login is worth nothing afterwards.
package actor Sessions {
    package struct Session: Sendable {
        package var csrfToken: String
        package var isLoggedIn: Bool
        /// Monotonic seconds after which the session is gone.
        var expires: Double
    }

    /// Sessions last this long without use, seconds.
    private let lifetime: Double
    /// At most this many sessions; the oldest is dropped first.
    private let capacity: Int
    private var sessions: [String: Session] = [:]
    /// Failed logins in the current minute, to slow down guessing.
    private var failures: (minute: Int, count: Int) = (0, 0)

    package static let cookieName = "flightlog_session"

    package init(lifetimeSeconds: Double = 12 * 3600, capacity: Int = 256) {
        self.lifetime = lifetimeSeconds
        self.capacity = capacity
    }

    /// The live session for this cookie value, if any (its lifetime is extended).
    package func session(id: String?) -> Session? {
        guard let id, var session = sessions[id] else { return nil }
        let now = Self.now()
        guard session.expires > now else {
            sessions[id] = nil
            return nil
        }
        session.expires = now + lifetime
        sessions[id] = session
        return session
    }

    /// A new session; returns its id (for the cookie) and CSRF token.
    package func create(loggedIn: Bool) throws(ServerError) -> (id: String, session: Session) {
        if sessions.count >= capacity, let oldest = sessions.min(by: { $0.value.expires < $1.value.expires })?.key {
            sessions[oldest] = nil
        }
        let id = SHA256.hex(try randomBytes(32))
        let session = Session(csrfToken: SHA256.hex(try randomBytes(32)), isLoggedIn: loggedIn, expires: Self.now() + lifetime)
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

    /// Counts a failed login; `false` once more than `limit` failed in the current minute.
    package func noteFailure(limit: Int = 10) -> Bool {
        let minute = Int(Self.now() / 60)
        failures = failures.minute == minute ? (minute, failures.count + 1) : (minute, 1)
        return failures.count <= limit
    }

    package func tooManyFailures(limit: Int = 10) -> Bool {
        failures.minute == Int(Self.now() / 60) && failures.count >= limit
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// `Set-Cookie` value for a session id (HttpOnly, SameSite=Strict, whole site); `nil` id clears the cookie.
    package static func cookie(id: String?) -> String {
        guard let id else { return "\(cookieName)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0" }
        return "\(cookieName)=\(id); Path=/; HttpOnly; SameSite=Strict"
    }
}
