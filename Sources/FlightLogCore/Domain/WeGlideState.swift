/// Where a flight stands with WeGlide (docs/WEGLIDE.md): kept with the flight, shown by `show`, `list --json`, the
/// phone's and the club's pages.
package enum WeGlideState: Sendable, Hashable {
    /// Never sent (or every attempt was refused or failed before sending).
    case notUploaded
    /// On WeGlide as `flightId` since `uploadedAt`.
    case uploaded(flightId: Int64, uploadedAt: UTCMillis)
    /// An upload began at `since` and its answer was never stored: it may or may not be on WeGlide.
    case uncertain(since: UTCMillis)

    /// The flight's page on WeGlide.
    package static func link(_ weglideId: Int64) -> String { "https://www.weglide.org/flight/\(weglideId)" }

    /// The WeGlide flight id, when uploaded.
    package var flightId: Int64? {
        if case .uploaded(let id, _) = self { return id }
        return nil
    }

    /// What a pilot reads: the link and when it was sent, the uncertainty and what to do; nil when not uploaded.
    /// `flight` is the local id, for the command that settles an uncertain upload.
    package func words(flight: Int64) -> String? {
        switch self {
        case .notUploaded: nil
        case .uploaded(let id, let at): "\(Self.link(id)) (uploaded \(iso8601UTC(at)))"
        case .uncertain(let since):
            "uncertain: an upload began \(iso8601UTC(since)) and its answer never arrived, so it may be on WeGlide "
                + "(flightlog upload \(flight) says what to do)"
        }
    }
}
