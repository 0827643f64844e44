import FlightLogCore
import Foundation

/// A request as the pages see it: already bounded in size and decoded; independent of the HTTP library.
package struct WebRequest: Sendable {
    package enum Method: String, Sendable { case get = "GET", head = "HEAD", post = "POST", other }

    package var method: Method
    /// The decoded path, e.g. `/flights/12`.
    package var path: String
    /// Query parameters (last one wins), percent- and `+`-decoded.
    package var query: [String: String]
    /// Cookies sent by the browser.
    package var cookies: [String: String]
    /// `application/x-www-form-urlencoded` body fields of a POST.
    package var form: [String: String]
    /// Who is asking (``clientKey(_:)``): per-client limits such as the login throttle count by it.
    package var client: String

    package init(
        method: Method, path: String, query: [String: String] = [:], cookies: [String: String] = [:],
        form: [String: String] = [:], client: String = "local"
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.cookies = cookies
        self.form = form
        self.client = client
    }
}

/// A response: status, content type, extra headers and the whole body (pages and exports are small).
package struct WebResponse: Sendable {
    package var status: Int
    package var contentType: String
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(status: Int = 200, contentType: String, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    package static func html(_ text: String, status: Int = 200, headers: [(name: String, value: String)] = [])
        -> WebResponse
    {
        WebResponse(status: status, contentType: "text/html; charset=utf-8", headers: headers, body: Array(text.utf8))
    }

    /// `303 See Other` to a path of this site (after a POST, so a reload does not resend it).
    package static func redirect(to path: String, headers: [(name: String, value: String)] = []) -> WebResponse {
        WebResponse(
            status: 303, contentType: "text/plain; charset=utf-8", headers: [("Location", path)] + headers,
            body: Array("See \(path)\n".utf8))
    }

    /// A file download with a safe `Content-Disposition` file name (ASCII letters, digits, `.-_` only, within the
    /// 255 bytes a phone's file system takes: ``ExportNames``).
    package static func download(_ bytes: [UInt8], contentType: String, fileName: String) -> WebResponse {
        var safe = ""
        for scalar in fileName.unicodeScalars {
            let allowed =
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".-_".unicodeScalars.contains(scalar))
            safe.unicodeScalars.append(allowed ? scalar : "_")
        }
        return WebResponse(
            contentType: contentType,
            headers: [("Content-Disposition", "attachment; filename=\"\(ExportNames.fitted(safe))\"")],
            body: bytes)
    }
}

/// Limits on what a client may send; anything larger is refused before it is parsed.
package enum WebLimits {
    /// Longest accepted query string or form body, bytes.
    package static let maxQueryBytes = 8 * 1024
    package static let maxBodyBytes = 8 * 1024
    /// Longest accepted text field (names, places), characters.
    package static let maxFieldCharacters = 200
    package static let maxRemarksCharacters = 2000
}

/// `a=1&b=x+y` → `["a": "1", "b": "x y"]`; `nil` when a name or value is not valid percent-encoded UTF-8.
package func parseURLEncoded(_ text: Substring) -> [String: String]? {
    var result: [String: String] = [:]
    for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = percentDecoded(parts[0]), let value = percentDecoded(parts.count > 1 ? parts[1] : "")
        else { return nil }
        result[name] = value
    }
    return result
}

private func percentDecoded(_ text: Substring) -> String? {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
}

/// `Cookie: a=1; b=2` → `["a": "1", "b": "2"]`.
package func parseCookies(_ header: String) -> [String: String] {
    var result: [String: String] = [:]
    for item in header.split(separator: ";") {
        let parts = item.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { continue }
        result[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
    }
    return result
}

/// `true` when both byte strings are equal; the time taken depends only on the length, not on where they differ.
package func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for i in a.indices { difference |= a[i] ^ b[i] }
    return difference == 0
}
