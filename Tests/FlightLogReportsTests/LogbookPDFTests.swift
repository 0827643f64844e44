import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

@Suite("LogbookPDF")
struct LogbookPDFTests {
    @Test("every flight's names and the totals are in the text layer; totals add up", .enabled(if: Tool.hasPoppler))
    func textLayerAndTotals() throws {
        let flights = Fixtures.flights(37)
        let dir = Tool.scratch("logbook")
        let path = dir + "/logbook.pdf"
        let options = LogbookOptions(owner: "Müller, Jürgen", filterSummary: "season 2024", rowsPerPage: 16,
                                     timeZoneNote: "Europe/Berlin")
        try Tool.save(LogbookPDF.render(flights: flights, options: options), to: path)
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(data.starts(with: Array("%PDF-".utf8)))
        #expect(try Tool.pageCount(path) == 3)

        let text = try Tool.run("pdftotext", ["-layout", path, "-"])
        for name in ["Müller, Jürgen", "Øyvind Ærø", "Ιωάννης Παπαδόπουλος", "Çağrı Şahin", "season 2024"] {
            #expect(text.contains(name), "missing \(name)")
        }
        for f in flights {
            #expect(text.contains(f.details.registration!), "missing \(f.details.registration!)")
        }
        #expect(text.contains("Page 3 of 3"))
        // A place without a name shows its coordinate (wrapped over the cell's two lines).
        #expect(text.contains("50.1800° N") && text.contains("7.7600° E"))

        // Parse the totals rows back: "This page ... N flights L H:MM".
        let totals = try parseTotals(text)
        #expect(totals.count == 3)  // one block per page
        let expectedMinutes = flights.reduce(Int64(0)) { $0 + ($1.landingTime - $1.takeoffTime) / 60_000 }
        var forward = (flights: 0, launches: 0, minutes: Int64(0))
        for (i, page) in totals.enumerated() {
            let onPage = Array(flights[(i * 16)..<min(flights.count, (i + 1) * 16)])
            let pageMinutes = onPage.reduce(Int64(0)) { $0 + ($1.landingTime - $1.takeoffTime) / 60_000 }
            #expect(page.thisPage.flights == onPage.count)
            #expect(page.thisPage.launches == onPage.count)
            #expect(page.thisPage.minutes == pageMinutes)
            #expect(page.forward.flights == forward.flights && page.forward.minutes == forward.minutes)
            #expect(page.total.flights == page.thisPage.flights + page.forward.flights)
            #expect(page.total.launches == page.thisPage.launches + page.forward.launches)
            #expect(page.total.minutes == page.thisPage.minutes + page.forward.minutes)
            forward = (page.total.flights, page.total.launches, page.total.minutes)
        }
        #expect(forward.flights == flights.count)
        #expect(forward.minutes == expectedMinutes)

        let fonts = try Tool.run("pdffonts", [path])
        #expect(fonts.contains("DejaVuSans"))
        let rows = fonts.split(separator: "\n").dropFirst(2)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains(" yes ") }, "every font embedded")
        Tool.keep(path, as: "logbook.pdf")
        try? FileManager.default.removeItem(atPath: dir)
    }

    @Test("no flights is an error naming the filter")
    func empty() {
        #expect(throws: ReportError.self) {
            try LogbookPDF.render(flights: [], options: LogbookOptions(owner: "A", filterSummary: "glider LS 8"))
        }
        do {
            _ = try LogbookPDF.render(flights: [], options: LogbookOptions(owner: "A", filterSummary: "glider LS 8"))
        } catch {
            #expect(error.description.contains("no flights match the filter (glider LS 8)"))
        }
    }

    @Test("a render is a whole PDF in memory: header, trailer, one object table")
    func wholeDocumentInMemory() throws {
        let bytes = try LogbookPDF.render(flights: Fixtures.flights(40), options: LogbookOptions(owner: "A", filterSummary: ""))
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
        let tail = String(decoding: bytes.suffix(32), as: UTF8.self)
        #expect(tail.contains("%%EOF"), "complete: \(tail)")
        #expect(String(decoding: bytes, as: UTF8.self).components(separatedBy: "startxref").count == 2)
    }

    struct Totals { var flights: Int; var launches: Int; var minutes: Int64 }
    struct PageTotals { var thisPage: Totals; var forward: Totals; var total: Totals }

    func parseTotals(_ text: String) throws -> [PageTotals] {
        func parse(_ label: String, _ line: Substring) -> Totals? {
            guard let range = line.range(of: label) else { return nil }
            let fields = line[range.upperBound...].split(separator: " ")
            guard fields.count >= 4, fields[1] == "flights", let n = Int(fields[0]), let l = Int(fields[2]) else {
                return nil
            }
            let hm = fields[3].split(separator: ":")
            guard hm.count == 2, let h = Int64(hm[0]), let m = Int64(hm[1]) else { return nil }
            return Totals(flights: n, launches: l, minutes: h * 60 + m)
        }
        var pages: [PageTotals] = []
        var current: [Totals] = []
        for line in text.split(separator: "\n") {
            if let t = parse("This page", line) { current = [t] }
            else if let t = parse("Brought forward", line) { current.append(t) }
            else if let t = parse("Total", line), current.count == 2 {
                pages.append(PageTotals(thisPage: current[0], forward: current[1], total: t))
                current = []
            }
        }
        return pages
    }
}
