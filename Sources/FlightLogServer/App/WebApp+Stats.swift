import FlightLogCore
import FlightLogStore
import FlightLogWeb

extension WebApp {
    /// `flightlog stats` for the list's filters; recency from every flight, as of today on this machine's clock.
    func statsPage(_ query: [String: String], viewer: Viewer) async throws -> WebResponse {
        let parsed = try listQuery(query)
        let owner = viewer.owner.flatMap(LogbookOwner.init)
        let chosen = try await viewer.source.flights(matching: parsed.filter)
        let all = parsed.filter.isEmpty ? chosen : try await viewer.source.flights(matching: FlightFilter())
        let page = StatsPage(
            query: parsed, statistics: LogbookStatistics(chosen.map { LogbookEntry($0, owner: owner) }),
            recency: Recency(all.map { LogbookEntry($0, owner: owner) }, asOf: .today()), owner: owner,
            loggedIn: viewer.loggedIn)
        return .html(page.render())
    }
}
