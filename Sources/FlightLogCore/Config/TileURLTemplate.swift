/// A raster tile server's address, `[server] online_tiles` (e.g. `https://tile.example.org/{z}/{x}/{y}.png`): the
/// phone's browser fetches the map's tiles from it. Checked when the config is read: http or https, a host, and
/// `{z}`, `{x}` and `{y}` (no `{s}` subdomains: the page's Content-Security-Policy allows images from this one
/// host only); no spaces, quotes or angle brackets (it is written into the page and the policy).
package struct TileURLTemplate: Sendable, Hashable {
    package let template: String
    /// `https://tile.example.org` (with a port when the template has one): the origin the policy allows.
    package let origin: String

    /// Nil when `text` is not such an address.
    package init?(_ text: String) {
        let lower = text.lowercased()
        guard let schemeEnd = lower.range(of: "://"), ["http", "https"].contains(lower[..<schemeEnd.lowerBound]),
            ["{z}", "{x}", "{y}"].allSatisfy(text.contains),
            text.unicodeScalars.allSatisfy({
                $0.value > 0x20 && $0.value < 0x7F && !"\"'<>\\`".unicodeScalars.contains($0)
            })
        else { return nil }
        let rest = text[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@"), !authority.contains("{"),
            authority.first != ":", rest.dropFirst(authority.count).first == "/"
        else { return nil }
        template = text
        origin = String(lower[..<schemeEnd.upperBound]) + authority.lowercased()
    }

    /// The address of one tile.
    package func url(z: Int, x: Int, y: Int) -> String {
        template.replacing("{z}", with: String(z)).replacing("{x}", with: String(x)).replacing("{y}", with: String(y))
    }
}
