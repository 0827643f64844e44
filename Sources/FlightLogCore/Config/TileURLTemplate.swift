/// A raster tile server's address, `[server] online_tiles` (e.g. `https://tile.example.org/{z}/{x}/{y}.png`): the
/// phone's browser fetches the map's tiles from it. Checked when the config is read: http or https, a host, and
/// `{z}`, `{x}` and `{y}` (no `{s}` subdomains: the page's Content-Security-Policy allows images from this one
/// host only); no spaces, quotes or angle brackets (it is written into the page and the policy). The host is a
/// plain name or IPv4 address (letters, digits, `-` and `.`) with an optional port of digits: the policy's own
/// grammar for one host, so that nothing else (`*`, `*.example.org`, `:*`, `;` or `,` that would end the policy's
/// directive or start another policy) can widen what the pages may load.
package struct TileURLTemplate: Sendable, Hashable {
    package let template: String
    /// `https://tile.example.org` (with a port when the template has one): the origin the policy allows.
    package let origin: String

    /// Nil when `text` is not such an address.
    package init?(_ text: String) {
        let lower = text.lowercased()
        guard let schemeEnd = lower.firstRange(of: "://"), ["http", "https"].contains(lower[..<schemeEnd.lowerBound]),
            ["{z}", "{x}", "{y}"].allSatisfy(text.contains),
            text.unicodeScalars.allSatisfy({
                $0.value > 0x20 && $0.value < 0x7F && !"\"'<>\\`".unicodeScalars.contains($0)
            })
        else { return nil }
        let rest = text[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard Self.isOneHost(authority), rest.dropFirst(authority.count).first == "/" else { return nil }
        template = text
        origin = String(lower[..<schemeEnd.upperBound]) + authority.lowercased()
    }

    /// `host` or `host:port`: dot-separated labels of ASCII letters, digits and `-`, a port of 1–5 digits.
    static func isOneHost(_ authority: Substring) -> Bool {
        let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let labels = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard !parts[0].isEmpty, parts[0].utf8.count <= 253,
            labels.allSatisfy({ label in
                !label.isEmpty && label.first != "-" && label.last != "-"
                    && label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            })
        else { return false }
        guard parts.count == 2 else { return true }
        return (1...5).contains(parts[1].count) && parts[1].allSatisfy(\.isASCIIDigit)
            && Int(parts[1]).map { (1...65_535).contains($0) } == true
    }

    /// The address of one tile.
    package func url(z: Int, x: Int, y: Int) -> String {
        template.replacing("{z}", with: String(z)).replacing("{x}", with: String(x)).replacing("{y}", with: String(y))
    }
}
