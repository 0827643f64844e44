import FlightLogAnalysis
import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

/// The analysis in the flight report: the summary block and the tables in the text layer, and the marks drawn where
/// they belong (checked on the PDF rendered to pixels by poppler: the scored route's turnpoints on the map, the
/// thermals as circles on the map and as bands on the barogram).
@Suite("Report analysis")
struct ReportAnalysisTests {
    static var hasPpm: Bool { Tool.hasPoppler && Tool.exists("pdftoppm") }

    /// A fixture flight and its analysis, computed as the store computes it.
    static func analysed(seconds: Int = 3600) -> (Flight, [Fix], FlightAnalysis) {
        let (flight, fixes) = Fixtures.climbAndGlide(seconds: seconds)
        let inputs = FlightAnalysis.Inputs(
            takeoff: flight.takeoffTime, landing: flight.landingTime, release: flight.releaseTime,
            fixCount: fixes.count, index: nil)
        return (flight, fixes, FlightAnalysis.compute(fixes: fixes, inputs: inputs))
    }

    /// A page of a PDF as pixels, 1 pixel per point (poppler's PPM: `P6 width height 255` then RGB bytes).
    struct Pixels: CustomStringConvertible {
        var description: String { "\(width)×\(height) pixels" }
        var width = 0, height = 0
        var rgb: [UInt8] = []

        init(pdf path: String, page: Int) throws {
            let prefix = path + "-page\(page)"
            _ = try Tool.run(
                "pdftoppm", ["-r", "72", "-f", "\(page)", "-l", "\(page)", "-singlefile", path, prefix])
            let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: prefix + ".ppm")))
            var fields: [Int] = []
            var i = 2, number = ""
            while fields.count < 3 {
                let c = data[i]
                i += 1
                if c >= 48 && c <= 57 {
                    number.append(Character(UnicodeScalar(c)))
                } else if !number.isEmpty {
                    fields.append(Int(number)!)
                    number = ""
                }
            }
            (width, height) = (fields[0], fields[1])
            rgb = Array(data[i...])
        }

        /// Whether a pixel within `radius` of (x, y) is of a colour `kind` accepts (red, green, blue 0…255).
        func has(_ kind: (Int, Int, Int) -> Bool, near x: Double, _ y: Double, radius: Int = 2) -> Bool {
            let cx = Int(x.rounded()), cy = Int(y.rounded())
            for py in (cy - radius)...(cy + radius) where py >= 0 && py < height {
                for px in (cx - radius)...(cx + radius) where px >= 0 && px < width {
                    let k = 3 * (py * width + px)
                    if kind(Int(rgb[k]), Int(rgb[k + 1]), Int(rgb[k + 2])) { return true }
                }
            }
            return false
        }
    }

    /// The route's violet, also where a thin line blends with the paper: much more blue than red, little green.
    static func isRoute(_ r: Int, _ g: Int, _ b: Int) -> Bool { b > r + 15 && r > g + 40 && b > g + 50 }
    /// The thermals' magenta: more red than blue, little green.
    static func isThermal(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > b + 15 && b > g + 30 && r > g + 60 }

    @Test(
        "page 1 sums the analysis up; the thermal table lists every thermal, local and UTC",
        .enabled(if: Tool.hasPoppler))
    func textLayer() throws {
        let (flight, fixes, analysis) = Self.analysed()
        let thermals = analysis.phases.thermals
        #expect(thermals.count >= 4, "the fixture circles for 5 minutes every 10")
        let path = Tool.scratch("analysis") + "/report.pdf"
        try Tool.save(
            FlightReport.render(
                flight: flight, fixes: fixes, analysis: analysis, format: .pdf, options: FlightReportOptions()),
            to: path)
        Tool.keep(path, as: "report-analysis.pdf")
        #expect(try Tool.pageCount(path) == 2)
        let page1 = try Tool.run("pdftotext", ["-layout", "-f", "1", "-l", "1", path, "-"])
        let six = try #require(analysis.freeSix)
        for expected in [
            "Scored from", "Scored to", "Landing 13:59:00 local · 11:59:00 UTC", "Free distance",
            "\(ReportText.fixed(six.kilometers, 1)) km (6 legs: OLC classic, WeGlide)", "OLC-Plus", "WeGlide free",
            "average +", "Circling", "Glides", "L/D", "Thermals",
            "Scored route \(ReportText.fixed(six.kilometers, 1)) km",
        ] {
            #expect(page1.contains(expected), "page 1 lacks \(expected)")
        }
        let page2 = try Tool.run("pdftotext", ["-layout", "-f", "2", "-l", "2", path, "-"])
        #expect(page2.contains("Thermals (\(thermals.count))"))
        #expect(page2.contains("Start local") && page2.contains("Average climb") && page2.contains("Direction"))
        for (n, t) in thermals.enumerated() {
            let local = CivilDateTime(utc: t.start, offsetSeconds: flight.utcOffsetSeconds).hourMinuteSecond
            let utc = CivilDateTime(utc: t.start).hourMinuteSecond
            let climb = ReportAnalysis.signed(t.climbRate, 1) + " m/s"
            let row = page2.split(separator: "\n").first { $0.contains(local) && $0.contains(utc) }
            #expect(
                row?.contains(climb) == true && row?.hasPrefix(String(repeating: " ", count: 0)) == true,
                "thermal \(n + 1): no row with \(local), \(utc), \(climb) in\n\(page2)")
            #expect(row?.contains(ReportAnalysis.duration(t.seconds)) == true)
        }
        // The route table: start, five turnpoints, finish, with each leg's length.
        for name in ["Start", "TP 1", "TP 5", "Finish"] { #expect(page2.contains(name), "route table lacks \(name)") }
        for leg in analysis.legs { #expect(page2.contains(ReportAnalysis.km(leg.meters))) }
    }

    @Test("the route, its turnpoints and the thermals are drawn where they are", .enabled(if: Self.hasPpm))
    func marksAreDrawn() throws {
        let (flight, fixes, analysis) = Self.analysed()
        let dir = Tool.scratch("marks")
        func render(_ analysis: FlightAnalysis?, _ name: String) throws -> (Pixels, ReportPage.Layout) {
            let (bytes, layout) = try FlightReport.renderWithLayout(
                flight: flight, fixes: fixes, analysis: analysis, format: .pdf, options: FlightReportOptions())
            try Tool.save(bytes, to: "\(dir)/\(name).pdf")
            return (try Pixels(pdf: "\(dir)/\(name).pdf", page: 1), layout)
        }
        let (pixels, layout) = try render(analysis, "with")
        let (plain, plainLayout) = try render(nil, "without")
        let map = try #require(layout.map?.place), plainMap = try #require(plainLayout.map?.place)
        let time = try #require(layout.barogram?.time), plainTime = try #require(plainLayout.barogram?.time)
        let barogramTop = try #require(layout.barogram?.y), plainTop = try #require(plainLayout.barogram?.y)

        let route = try #require(analysis.freeSix?.turnpoints)
        for (n, p) in route.enumerated() {
            let at = map(Coordinate(latitude: p.latitude, longitude: p.longitude))
            #expect(pixels.has(Self.isRoute, near: at.x, at.y, radius: 4), "turnpoint \(n) not marked at \(at)")
            let was = plainMap(Coordinate(latitude: p.latitude, longitude: p.longitude))
            #expect(!plain.has(Self.isRoute, near: was.x, was.y, radius: 4), "route colour without an analysis")
        }
        for t in analysis.phases.thermals {
            let radius = try #require(
                ThermalMark.radius(
                    climbRate: t.climbRate, minimumRadius: Charts.thermalRadius.minimum,
                    maximumRadius: Charts.thermalRadius.maximum))
            let c = map(t.center)
            // The circle's outline, somewhere around the centre at its radius.
            func ring(_ pixels: Pixels, _ c: (x: Double, y: Double)) -> Bool {
                stride(from: 0.0, to: 360, by: 30).contains { a in
                    pixels.has(
                        Self.isThermal, near: c.x + radius * cos(a * .pi / 180), c.y + radius * sin(a * .pi / 180),
                        radius: 1)
                }
            }
            #expect(ring(pixels, map(t.center)), "no thermal circle of radius \(radius) at \(map(t.center))")
            #expect(!ring(plain, plainMap(t.center)))
            // The barogram's tick over the thermal's time span, along the top of the plot.
            let middle = (t.start + t.end) / 2
            #expect(pixels.has(Self.isThermal, near: time(middle), barogramTop + 1, radius: 1), "no thermal band")
            #expect(!plain.has(Self.isThermal, near: plainTime(middle), plainTop + 1, radius: 1))
        }
        try? FileManager.default.removeItem(atPath: dir)
    }

    @Test(
        "a long thermal table goes on to the next page, none cut, column titles repeated", .enabled(if: Tool.hasPoppler)
    )
    func longTableContinues() throws {
        // A season's longest flight has some 80 thermals: the hour's five, sixteen times over.
        var (flight, fixes, analysis) = Self.analysed()
        let hour = analysis.phases.thermals
        analysis.phases.thermals = (0..<16).flatMap { k in
            hour.map { t in
                var t = t
                t.start += Int64(k) * 7000
                t.end += Int64(k) * 7000
                return t
            }
        }
        let count = analysis.phases.thermals.count
        let path = Tool.scratch("long") + "/report.pdf"
        try Tool.save(
            FlightReport.render(
                flight: flight, fixes: fixes, analysis: analysis, format: .pdf, options: FlightReportOptions()),
            to: path)
        let pages = try #require(try Tool.pageCount(path))
        #expect(pages >= 3)
        var numbers: [Int] = []
        for page in 2...pages {
            let text = try Tool.run("pdftotext", ["-layout", "-f", "\(page)", "-l", "\(page)", path, "-"])
            #expect(text.contains("Page \(page) of \(pages)"))
            #expect(text.contains("Start local"), "page \(page) repeats the column titles")
            if page > 2 { #expect(text.contains("(continued)")) }
            // Thermal rows start with their number, then the local time.
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count > 3, let n = Int(words[0]), words[1].count == 8, words[1].contains(":") {
                    numbers.append(n)
                }
            }
        }
        #expect(numbers == Array(1...count), "every thermal once, in order")
    }

    @Test("no thermal, no track, no analysis: the report still renders and says so", .enabled(if: Tool.hasPoppler))
    func withoutThermalsOrTrack() throws {
        // A glide with no circling: a straight line down from 1500 m, losing less than 1000 m (a straight glide
        // that loses more takes the free distance search seconds: no bound prunes a straight line).
        let (flight, clean) = Fixtures.climbAndGlide(seconds: 1200)
        let fixes = clean.enumerated().map { i, fix in
            var f = fix
            f.latitudeE7 = clean[0].latitudeE7 + Int32(i * 2500)
            f.pressureAltitudeDm = Int32(15_000 - i * 5)
            return f
        }
        let inputs = FlightAnalysis.Inputs(
            takeoff: flight.takeoffTime, landing: flight.landingTime, release: flight.releaseTime,
            fixCount: fixes.count, index: nil)
        let analysis = FlightAnalysis.compute(fixes: fixes, inputs: inputs)
        #expect(analysis.phases.thermals.isEmpty)
        let dir = Tool.scratch("nothermal")
        try Tool.save(
            FlightReport.render(
                flight: flight, fixes: fixes, analysis: analysis, format: .pdf, options: FlightReportOptions()),
            to: dir + "/glide.pdf")
        let text = try Tool.run("pdftotext", ["-layout", dir + "/glide.pdf", "-"])
        #expect(text.contains("Thermals") && text.contains("none"))
        #expect(text.contains("No thermal: no circling in the scoring window gained height."))
        #expect(!text.contains("larger = stronger"), "no thermal key on the map")

        // Entered by hand: no fixes, no analysis: one page with the details and a note.
        var manual = flight
        manual.source = .manual
        try Tool.save(
            FlightReport.render(flight: manual, fixes: [], analysis: nil, format: .pdf, options: FlightReportOptions()),
            to: dir + "/manual.pdf")
        #expect(try Tool.pageCount(dir + "/manual.pdf") == 1)
        let manualText = try Tool.run("pdftotext", ["-layout", dir + "/manual.pdf", "-"])
        #expect(manualText.contains("no barogram and no map") && !manualText.contains("Analysis"))
        // PNG and SVG stack the pages: two A4 pages, one below the other.
        let (_, fx, a) = Self.analysed(seconds: 1800)
        let png = try FlightReport.render(
            flight: flight, fixes: fx, analysis: a, format: .png, options: FlightReportOptions())
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(height == Int((Output.a4Portrait.height * 2 * 150 / 72).rounded(.up)))
        try? FileManager.default.removeItem(atPath: dir)
    }
}
