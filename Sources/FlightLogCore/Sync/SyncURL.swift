/// The club logbook's address from `[sync] url`: `postgres://USER@HOST[:PORT]/DATABASE[?sslmode=MODE]`
/// (also `postgresql://`; a password in the URL works but belongs in `password_file`). Percent-escapes are
/// decoded; an IPv6 host is written in brackets (`[::1]`).
package struct SyncURL: Sendable, Hashable, CustomStringConvertible {
    /// How the connection uses TLS (libpq's `sslmode` names).
    package enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it, else plain; the certificate is not checked (libpq's default).
        case prefer
        /// TLS or no connection; the certificate is not checked.
        case require
        /// TLS with the certificate checked against the system's CAs and the host name.
        case verifyFull = "verify-full"
    }

    package var host: String
    package var port: Int
    package var user: String
    package var password: String?
    package var database: String
    package var tls: TLSMode

    /// Whether `text` is meant as a PostgreSQL URL (`postgres://` or `postgresql://`) rather than a file path.
    package static func looksLikeURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
    }

    /// - Throws: ``ConfigError`` (no line) saying what is wrong with the text, for the config's `[sync] url`.
    package init(_ text: String) throws(ConfigError) {
        func bad(_ why: String) -> ConfigError {
            ConfigError(line: nil, "[sync] url \"\(text)\" \(why) (expected postgres://user@host:5432/database)")
        }
        var rest = Substring(text)
        let scheme = ["postgres://", "postgresql://"].first { rest.lowercased().hasPrefix($0) }
        guard let scheme else { throw bad("does not start with postgres://") }
        rest = rest.dropFirst(scheme.count)
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        guard let slash = rest.firstIndex(of: "/") else { throw bad("names no database") }
        guard let database = Self.decoded(rest[rest.index(after: slash)...]), !database.isEmpty else {
            throw bad("names no database")
        }
        var authority = rest[..<slash]
        var user: String?
        if let at = authority.lastIndex(of: "@") {
            let info = authority[..<at]
            authority = authority[authority.index(after: at)...]
            let colon = info.firstIndex(of: ":")
            user = Self.decoded(info[..<(colon ?? info.endIndex)])
            if let colon {
                guard let password = Self.decoded(info[info.index(after: colon)...]) else {
                    throw bad("has a bad %-escape")
                }
                self.password = password
            }
        }
        guard let user, !user.isEmpty else { throw bad("names no user") }
        var port = 5432
        var host = authority
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw bad("has an unclosed [") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Int(after.dropFirst()) else { throw bad("has a bad port") }
                port = p
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let p = Int(authority[authority.index(after: colon)...]) else { throw bad("has a bad port") }
            port = p
        }
        guard (1...65_535).contains(port) else { throw bad("has a port outside 1 to 65535") }
        guard let decodedHost = Self.decoded(host), !decodedHost.isEmpty else { throw bad("names no host") }
        var tls = TLSMode.prefer
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0] == "sslmode" else {
                throw bad("has an unknown option \(pair) (known: sslmode)")
            }
            guard let mode = TLSMode(rawValue: String(parts[1])) else {
                throw bad("has sslmode=\(parts[1]) (known: disable, prefer, require, verify-full)")
            }
            tls = mode
        }
        self.host = decodedHost
        self.port = port
        self.user = user
        self.database = database
        self.tls = tls
    }

    /// The URL without its password, for messages.
    package var description: String {
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(bracketed):\(port)/\(database)"
    }

    /// Decodes `%XX` escapes; nil for a bad escape or bytes that are not UTF-8.
    private static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
