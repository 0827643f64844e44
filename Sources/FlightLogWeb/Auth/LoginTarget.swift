/// Where the login sends the browser afterwards: the page it was asked for, carried as `next` in the login's address
/// and form. Only a path of this site is followed; anything else lands on the flight list, so a link to
/// `/login?next=…` cannot send a pilot who logs in to another site (an open redirect).
package enum LoginTarget {
    /// Longest `next` followed, bytes.
    static let maxLength = 1024

    /// `next` when it is a path of this site, else `nil`. Refused: anything not starting with one `/` (a scheme,
    /// `//host`, `/\host` — browsers read `\` as `/`), a backslash anywhere, bytes outside printable ASCII (browsers
    /// drop tab and newline, so `/\t/host` would become `//host`; a space or control byte would not make a clean
    /// `Location` either), and the login and log-out pages themselves (no loop).
    package static func safe(_ next: String?) -> String? {
        guard let next, next.utf8.count <= maxLength, next.utf8.first == UInt8(ascii: "/") else { return nil }
        let bytes = Array(next.utf8)
        if bytes.count > 1 && (bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\")) { return nil }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) else { return nil }
        let path = next.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if path == "/login" || path == "/logout" { return nil }
        return next
    }

    /// The login page's address that comes back to `target` afterwards (plain `/login` for the list or an
    /// unsafe target).
    package static func loginPath(next target: String) -> String {
        guard let target = safe(target), target != "/" else { return "/login" }
        return "/login?next=" + urlEncoded(target)
    }

    /// A request's path and query as one target (query keys sorted, values percent-encoded); `nil` when the path
    /// is not plain printable ASCII (no page of this site has such a path).
    package static func target(path: String, query: [String: String]) -> String? {
        guard path.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        guard !query.isEmpty else { return path }
        return path + "?"
            + query.sorted { $0.key < $1.key }.map { urlEncoded($0.key) + "=" + urlEncoded($0.value) }
            .joined(separator: "&")
    }
}
