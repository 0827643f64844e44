import FlightLogCore
import FlightLogServer
import FlightLogStore
import Foundation
import Testing

/// The phone pages over HTTP: the folded filter line, places and badges, the stats page and the screen charts.
@Suite("Phone pages over HTTP", .serialized, .timeLimit(.minutes(3)))
struct PhonePagesTests {
    @Test func filterFormFoldsToOneLineWithAClearLink() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        _ = try logbook.fillWithThreeFlights()
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let filtered = try await client.get("/?instructor=yes&plane=ASK+21").text
            #expect(
                filtered.contains(
                    "<details class=\"filters\"><summary><span>Filters: instructor · ASK 21</span></summary>"),
                "folded (not open) with the active filters")
            #expect(filtered.contains("<a class=\"clear\" href=\"/\""), "× clears the filters")
            #expect(filtered.contains("<a href=\"/stats?instructor=yes&amp;plane=ASK%2021\">Stats →</a>"))
            let all = try await client.get("/").text
            #expect(all.contains("<summary><span>Filters</span></summary>") && !all.contains("class=\"clear\""))
        }
    }

    /// The stats page shows `LogbookStatistics` and `Recency` of the flights the filters choose.
    @Test func statsPageShowsTotalsAndRecencyOfTheFilteredFlights() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        _ = try logbook.fillWithThreeFlights()
        let store = try FlightStore(path: logbook.databasePath, mode: .readOnly)
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            for (query, filter) in [
                ("", FlightFilter()), ("?plane=ASK+21", FlightFilter(plane: "ASK 21")),
                ("?launch=self", FlightFilter(launch: .self)),
            ] {
                let reply = try await client.get("/stats\(query)")
                #expect(reply.status == 200)
                let expected = LogbookStatistics(
                    try store.flights(matching: filter).map { LogbookEntry($0, owner: nil) }
                ).overall
                let page = reply.text
                #expect(
                    page.contains("<li><b>\(expected.flights)</b>flights</li>"), "\(query): \(expected.flights) flights"
                )
                #expect(
                    page.contains("<li><b>\(hoursMinutes(expected.minutes * 60_000))</b>hours</li>"), "\(query): time")
                #expect(page.contains("<li><b>\(expected.launches)</b>launches</li>"), "\(query)")
                #expect(page.contains("passengers (SFCL.160(e))") && page.contains("SPL (SFCL.160(a))"))
                #expect(page.contains("<h2>By year</h2>") && page.contains("<td>2025</td>"))
            }
            #expect(try await client.get("/stats?plane=ASK+21").text.contains("<td>ASK 21</td>"))
            #expect(!(try await client.get("/stats?plane=ASK+21").text.contains("<td>LS 4</td>")))
            #expect(try await client.get("/stats?instructor=maybe").status == 400)
        }
    }

    /// The flight page draws its charts for the screen: HTML labels (no SVG text to be scaled), places and badge.
    @Test func flightPageChartsAreDrawnForTheScreen() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/flights/\(ids[0])").text
            #expect(
                page.contains("<div class=\"chart baro\" id=\"barogram\">")
                    && page.contains("<div class=\"chart map\" id=\"map\">"))
            #expect(!page.contains("<text"), "no SVG text: it would shrink with the drawing")
            #expect(page.contains(".chart .lb{position:absolute;white-space:nowrap;padding:0 3px;font-size:13px;"))
            for label in [
                "Take-off", "Landing", "Release", "Pressure altitude, m (ISA 1013.25 hPa)", "local", "UTC", "N ↑",
            ] {
                #expect(page.contains(">\(label)<"), "the charts show \(label)")
            }
            #expect(page.contains("<p class=\"places\">Aachen-Merzbrück</p>"))
            let inlineStyles = page.components(separatedBy: "style=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(
                inlineStyles.count > 20 && inlineStyles.allSatisfy { !$0.contains("font-size") },
                "no label sets its own size")
        }
    }
}
