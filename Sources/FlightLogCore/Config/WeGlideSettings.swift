/// `[weglide]`: the pilot's WeGlide account for `flightlog upload`. WeGlide's upload API takes the user id and the
/// date of birth as its login, so the date of birth stays in the config file only (never logged, shown or synced).
package struct WeGlideSettings: Sendable, Hashable {
    /// `user_id`: the number in the pilot's WeGlide profile address.
    package var userId: Int?
    /// `date_of_birth` as WeGlide wants it, `YYYY-MM-DD`.
    package var dateOfBirth: String?
    /// `aircraft_id`: WeGlide's aircraft; nil = the catalogue's aircraft named like the flight's glider type.
    package var aircraftId: Int?
    /// `url`: the API's root (tests point it at a local server).
    package var url = WeGlideSettings.defaultURL
    /// Line of the `[weglide]` table, for messages; nil when the file has none.
    package var line: Int?

    package static let defaultURL = "https://api.weglide.org"

    package init() {}

    /// The table is there at all (`--if-configured` does nothing without it).
    package var isPresent: Bool { line != nil || userId != nil || dateOfBirth != nil }

    /// `YYYY-MM-DD` with a real month and day.
    package static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return false }
        return (1900...2100).contains(year) && (1...12).contains(month) && (1...31).contains(day)
    }

    /// An `http` or `https` address without a query; the trailing `/` is dropped.
    package static func apiURL(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), !text.contains("?"), !text.contains("#"),
            !text.contains(where: { $0.isWhitespace })
        else { return nil }
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        return url.count > "https://".count ? url : nil
    }
}
