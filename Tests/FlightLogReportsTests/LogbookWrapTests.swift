import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

/// Long places and remarks in the printed logbook wrap onto more lines (the row grows) instead of being cut with
/// "…"; the pages' totals still add up the flights printed on them.
@Suite("LogbookPDF wrapping")
struct LogbookWrapTests {
    static let remark =
        "Wellenflug über der Schwäbischen Alb: Einstieg bei Hülben um 14:05, Basis 3450 m, Rückflug über "
        + "Nürtingen und Kirchheim; Landung mit Rückenwind, Bremsklappen voll, Außenlandefeld erkundet, ÇAĞRI "
        + "übernahm ab Zell"
    static let place = "Flugplatz Hahnweide-Kirchheim unter Teck Süd (Segelfluggelände der Fliegergruppe Wolf Hirth)"

    static func flights() -> [Flight] {
        var flights = Fixtures.flights(20)
        for i in [2, 3, 9, 17] {
            flights[i].details.remarks = "\(i): " + remark
            flights[i].details.takeoffPlace = place
            flights[i].details.landingPlace = "Außenlandung 5,1 km südsüdöstlich von Großbettlingen (Acker)"
        }
        return flights
    }

    /// Text without white space and hyphens: a wrapped cell's lines joined again (a word broken inside gets a
    /// hyphen from the text layout).
    static func flat(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && $0 != "-" })
    }

    @Test("long places and remarks wrap, whole, and the totals stay right", .enabled(if: Tool.hasPoppler))
    func longPlacesAndRemarksWrap() throws {
        let flights = Self.flights()
        let dir = Tool.scratch("logbook-wrap")
        let path = dir + "/logbook.pdf"
        let options = LogbookOptions(owner: "Müller, Jürgen", filterSummary: "", rowsPerPage: 16)
        try Tool.save(LogbookPDF.render(flights: flights, options: options), to: path)
        let raw = try Tool.run("pdftotext", ["-raw", path, "-"])
        #expect(!raw.contains("…"), "nothing cut")
        let flat = Self.flat(raw)
        for i in [2, 3, 9, 17] {
            #expect(flat.contains(Self.flat("\(i): " + Self.remark)), "remark \(i) whole")
        }
        #expect(flat.contains(Self.flat(Self.place)), "the place whole")
        #expect(flat.contains(Self.flat("Außenlandung 5,1 km südsüdöstlich von Großbettlingen (Acker)")))

        // The grown rows push flights to the next page; every page's totals are those of its own flights.
        let text = try Tool.run("pdftotext", ["-layout", path, "-"])
        let owner = LogbookOwner("Müller, Jürgen")
        let entries = flights.map { LogbookEntry($0, owner: owner) }
        let pages = LogbookPDFTests.entriesByPage(text, entries)
        #expect(pages.count >= 2 && pages[0].count < 16, "\(pages.map(\.count))")
        #expect(pages.map(\.count).reduce(0, +) == flights.count)
        let totals = try LogbookPDFTests().parseTotals(text)
        #expect(totals.count == pages.count)
        for (page, onPage) in zip(totals, pages) {
            #expect(page.thisPage == LogbookPDFTests.Totals(LogbookTotals(onPage)))
        }
        #expect(totals.last?.total == LogbookPDFTests.Totals(LogbookTotals(entries)))

        // Drawn: a 150 dpi PNG of the first page, kept to look at.
        if Tool.exists("pdftoppm") {
            _ = try Tool.run("pdftoppm", ["-png", "-r", "150", "-f", "1", "-l", "1", path, dir + "/page"])
            let png = try FileManager.default.contentsOfDirectory(atPath: dir).first { $0.hasSuffix(".png") }
            #expect(png != nil)
            if let png { Tool.keep(dir + "/" + png, as: "logbook-wrap.png") }
        }
        try? FileManager.default.removeItem(atPath: dir)
    }
}
