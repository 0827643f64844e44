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
        let options = LogbookOptions(
            owner: "Müller, Jürgen", filterSummary: "season 2024", rowsPerPage: 16,
            timeZoneNote: "Europe/Berlin")
        try Tool.save(LogbookPDF.render(flights: flights, options: options), to: path)
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(data.starts(with: Array("%PDF-".utf8)))
        let pageCount = try #require(try Tool.pageCount(path))
        #expect(pageCount >= 3, "16 rows a page at most; rows with long remarks grow")

        let text = try Tool.run("pdftotext", ["-layout", path, "-"])
        for name in ["Müller, Jürgen", "Øyvind Ærø", "Ιωάννης Παπαδόπουλος", "Çağrı Şahin", "season 2024"] {
            #expect(text.contains(name), "missing \(name)")
        }
        for f in flights {
            #expect(text.contains(f.details.registration!), "missing \(f.details.registration!)")
        }
        #expect(text.contains("Page \(pageCount) of \(pageCount)"))
        // A place without a name shows its coordinate (wrapped over the cell's two lines).
        #expect(text.contains("50.1800° N") && text.contains("7.7600° E"))

        // Parse the totals rows back: "This page ... N flights W F E ? time PIC dual FI(S)". With "Müller, Jürgen"
        // as the owner, the rows count only the flights Müller flew.
        for header in ["Departure", "Arrival", "Launches", "PIC", "Dual", "FI(S)", "Remarks"] {
            #expect(text.contains(header), "missing column \(header)")
        }
        let owner = LogbookOwner("Müller, Jürgen")
        let entries = flights.map { LogbookEntry($0, owner: owner) }
        let totals = try parseTotals(text)
        #expect(totals.count == pageCount)  // one block per page
        var forward = Totals(flights: 0, launches: [0, 0, 0, 0], minutes: [0, 0, 0, 0])
        let pageEntries = Self.entriesByPage(text, entries)
        #expect(pageEntries.map(\.count).reduce(0, +) == flights.count, "each flight on one page")
        #expect(pageEntries.allSatisfy { $0.count <= 16 })
        for (i, page) in totals.enumerated() {
            let onPage = LogbookTotals(pageEntries[i])
            #expect(page.thisPage == Totals(onPage))
            #expect(page.forward == forward)
            #expect(page.total == page.thisPage + page.forward)
            forward = page.total
        }
        #expect(forward == Totals(LogbookTotals(entries)))
        #expect(forward.flights + forward.others == flights.count && forward.minutes[0] > 0 && forward.minutes[1] > 0)

        let fonts = try Tool.run("pdffonts", [path])
        #expect(fonts.contains("DejaVuSans"))
        let rows = fonts.split(separator: "\n").dropFirst(2)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains(" yes ") }, "every font embedded")
        Tool.keep(path, as: "logbook.pdf")
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// A logbook where the owner flew some flights: the header says the owner's flights first and the others apart,
    /// as `stats` does, and the totals count the owner's flights, the others beside them; never all flights as one.
    @Test("the owner's flights first, the others apart", .enabled(if: Tool.hasPoppler))
    func ownersFlightsFirst() throws {
        let owner = LogbookOwner("Weiß, Hanna")!
        let flights = Fixtures.flights(6).enumerated().map { i, flight in
            var f = flight
            f.details.pilot = i < 2 ? "Hanna Weiß" : "Müller, Jürgen"
            (f.details.secondPerson, f.details.secondPersonRole) = (nil, nil)
            return f
        }
        let overall = LogbookTotals(flights.map { LogbookEntry($0, owner: owner) })
        try #require(overall.flown == 2 && overall.notFlown == 4)
        let path = Tool.scratch("logbook-owner") + "/owner.pdf"
        try Tool.save(
            LogbookPDF.render(flights: flights, options: LogbookOptions(owner: "Weiß, Hanna", filterSummary: "")),
            to: path)
        let text = try Tool.run("pdftotext", ["-layout", path, "-"])
        let headline = try #require(text.split(separator: "\n").first { $0.contains("hours ·") })
        #expect(
            headline.contains(
                "\(overall.ownerHeadline) · 4 other flights (passenger, not aboard or pilot unknown) count no time"),
            "\(headline)")
        let total = try #require(try parseTotals(text).last?.total)
        #expect(total == Totals(overall) && total.flights == 2 && total.others == 4, "\(text)")
        #expect(text.contains("+ 4 other flights, no time") && !text.contains("6 flights"), "\(text)")
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
        let bytes = try LogbookPDF.render(
            flights: Fixtures.flights(40), options: LogbookOptions(owner: "A", filterSummary: ""))
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
        let tail = String(decoding: bytes.suffix(32), as: UTF8.self)
        #expect(tail.contains("%%EOF"), "complete: \(tail)")
        #expect(String(decoding: bytes, as: UTF8.self).components(separatedBy: "startxref").count == 2)
    }

    /// A totals row: the owner's flights; launches W, F, E, ?; minutes of flight time, PIC, dual, FI(S); the
    /// other flights, beside the row.
    struct Totals: Equatable {
        var flights: Int
        var launches: [Int]
        var minutes: [Int64]
        var others = 0

        init(flights: Int, launches: [Int], minutes: [Int64], others: Int = 0) {
            self.flights = flights
            self.launches = launches
            self.minutes = minutes
            self.others = others
        }

        init(_ t: LogbookTotals) {
            self.init(
                flights: t.flown, launches: [LaunchMethod.winch, .aerotow, .self, .unknown].map(t.launches),
                minutes: [t.minutes, t.picMinutes, t.dualMinutes, t.instructorMinutes], others: t.notFlown)
        }

        static func + (a: Totals, b: Totals) -> Totals {
            Totals(
                flights: a.flights + b.flights, launches: zip(a.launches, b.launches).map(+),
                minutes: zip(a.minutes, b.minutes).map(+), others: a.others + b.others)
        }
    }

    struct PageTotals { var thisPage: Totals; var forward: Totals; var total: Totals }

    /// The entries on each page of `text` (pdftotext's pages end with a form feed), told by their registrations.
    static func entriesByPage(_ text: String, _ entries: [LogbookEntry]) -> [[LogbookEntry]] {
        text.split(separator: "\u{0C}").map { page in
            entries.filter { page.contains($0.flight.details.registration ?? "\u{0}") }
        }.filter { !$0.isEmpty }
    }

    func parseTotals(_ text: String) throws -> [PageTotals] {
        func parse(_ label: String, _ line: Substring) -> Totals? {
            guard let range = line.range(of: label) else { return nil }
            let fields = line[range.upperBound...].split(separator: " ")
            guard fields.count == 10 || (fields.count == 16 && fields[10] == "+"), fields[1].hasPrefix("flight"),
                let n = Int(fields[0])
            else { return nil }
            let launches = fields[2..<6].compactMap { Int($0) }
            let minutes = fields[6..<10].compactMap { field -> Int64? in
                let hm = field.split(separator: ":")
                guard hm.count == 2, let h = Int64(hm[0]), let m = Int64(hm[1]) else { return nil }
                return h * 60 + m
            }
            guard launches.count == 4, minutes.count == 4 else { return nil }
            let others = fields.count == 16 ? Int(fields[11]) ?? -1 : 0
            return Totals(flights: n, launches: launches, minutes: minutes, others: others)
        }
        var pages: [PageTotals] = []
        var current: [Totals] = []
        for line in text.split(separator: "\n") {
            if let t = parse("This page", line) {
                current = [t]
            } else if let t = parse("Brought forward", line) {
                current.append(t)
            } else if let t = parse("Total", line), current.count == 2 {
                pages.append(PageTotals(thisPage: current[0], forward: current[1], total: t))
                current = []
            }
        }
        return pages
    }
}
