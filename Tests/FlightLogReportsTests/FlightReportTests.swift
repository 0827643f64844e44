import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("FlightReport")
struct FlightReportTests {
    /// A self-launch has no release: its facts and barogram say "Engine off", as the analysis beside them does.
    @Test("a self-launch's report says Engine off, never Release", .enabled(if: Tool.hasPoppler))
    func selfLaunchSaysEngineOff() throws {
        var (flight, fixes) = Fixtures.climbAndGlide()
        flight.details.launchMethod = .self
        let path = Tool.scratch("report-self") + "/report.pdf"
        try Tool.save(
            FlightReport.render(flight: flight, fixes: fixes, format: .pdf, options: FlightReportOptions()), to: path)
        let text = try Tool.run("pdftotext", ["-layout", path, "-"])
        #expect(text.contains("Engine off"))
        #expect(!text.contains("Release"))
    }

    @Test("PDF report: one page, details in local time and UTC, QNH labelled", .enabled(if: Tool.hasPoppler))
    func pdf() throws {
        let (flight, fixes) = Fixtures.climbAndGlide()
        let dir = Tool.scratch("report")
        let path = dir + "/report.pdf"
        try Tool.save(
            FlightReport.render(
                flight: flight, fixes: fixes, format: .pdf, options: FlightReportOptions(qnhPascals: 102_000)), to: path
        )
        #expect(try Tool.pageCount(path) == 1)
        let text = try Tool.run("pdftotext", ["-layout", path, "-"])
        for expected in [
            "Müller, Jürgen", "Ιωάννης Παπαδόπουλος (Instructor)", "Bad Sobernheim", "ASK 21", "D-5821",
            "13:01 local (UTC+02:00)", "11:01 UTC", "Altitude above QNH 1020.0 hPa", "GNSS altitude",
            "Take-off", "Release", "Landing", "Barogram", "Track", "Winch",
        ] {
            #expect(text.contains(expected), "missing \(expected)")
        }
        // The landing place has no name: its coordinate is printed instead.
        let landing = flight.landingCoordinate
        #expect(text.contains(ReportText.coordinate(landing)))
        #expect(try Tool.run("pdffonts", [path]).contains("DejaVuSans"))
        Tool.keep(path, as: "report.pdf")

        let vario = dir + "/vario.pdf"
        try Tool.save(
            FlightReport.render(
                flight: flight, fixes: fixes, format: .pdf, options: FlightReportOptions(colorBy: .vario)), to: vario)
        let varioText = try Tool.run("pdftotext", ["-layout", vario, "-"])
        #expect(varioText.contains("Pressure altitude (ISA, 1013.25 hPa)"))
        #expect(varioText.contains("m/s"))
        Tool.keep(vario, as: "report-vario.pdf")
        try? FileManager.default.removeItem(atPath: dir)
    }

    @Test("a flight without fixes still gets a report, with a note instead of charts", .enabled(if: Tool.hasPoppler))
    func noFixes() throws {
        let (flight, _) = Fixtures.climbAndGlide()
        let path = Tool.scratch("nofix") + "/report.pdf"
        try Tool.save(
            FlightReport.render(flight: flight, fixes: [], format: .pdf, options: FlightReportOptions()), to: path)
        let text = try Tool.run("pdftotext", ["-layout", path, "-"])
        #expect(text.contains("no barogram and no map"))
        #expect(text.contains("Müller, Jürgen"))
        #expect(!text.contains("Barogram"))
    }

    @Test("SVG file and in-memory SVG strings are well-formed SVG documents")
    func svg() throws {
        let (flight, fixes) = Fixtures.climbAndGlide(seconds: 1800)
        let path = Tool.scratch("svg") + "/report.svg"
        try Tool.save(
            FlightReport.render(flight: flight, fixes: fixes, format: .svg, options: FlightReportOptions()), to: path)
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(file.contains("<svg"))
        #expect(XMLParser(data: Data(file.utf8)).parse())

        let barogram = try FlightReport.barogramSVG(
            flight: flight, fixes: fixes, width: 600, height: 240, options: FlightReportOptions())
        let map = try FlightReport.mapSVG(
            flight: flight, fixes: fixes, width: 400, height: 400, options: FlightReportOptions(colorBy: .vario))
        for svg in [barogram, map] {
            #expect(svg.hasPrefix("<?xml") && svg.contains("<svg") && svg.contains("</svg>"))
            #expect(XMLParser(data: Data(svg.utf8)).parse())
        }
        // Both go inline into one HTML page: their element ids must not collide.
        func ids(_ svg: String) -> Set<String> {
            Set(
                svg.components(separatedBy: "id=\"").dropFirst().compactMap {
                    $0.split(separator: "\"").first.map(String.init)
                })
        }
        #expect(!ids(barogram).isEmpty && !ids(map).isEmpty)
        #expect(ids(barogram).isDisjoint(with: ids(map)))
        for svg in [barogram, map] {
            let references = svg.components(separatedBy: "href=\"#").dropFirst().compactMap {
                $0.split(separator: "\"").first
            }
            #expect(references.allSatisfy { ids(svg).contains(String($0)) }, "every reference resolves")
        }
        #expect(barogram.contains("width=\"600pt\""))
        #expect(map.contains("height=\"400pt\""))
        // Without fixes the charts are a note, not an error.
        let empty = try FlightReport.mapSVG(
            flight: flight, fixes: [], width: 300, height: 200, options: FlightReportOptions())
        #expect(empty.contains("</svg>"))
    }

    /// The vertices of the stroked paths of `width` in a cairo SVG (the track lines), distinct ones.
    static func vertices(_ svg: String, strokeWidth: String) -> (total: Int, distinct: Int) {
        var total = 0
        var distinct = Set<String>()
        for path in svg.components(separatedBy: "<path").dropFirst()
        where path.contains("fill:none;stroke-width:\(strokeWidth);") {
            guard let d = path.range(of: " d=\"") else { continue }
            let data = path[d.upperBound...].prefix { $0 != "\"" }
            let numbers = data.split(separator: " ").filter { $0 != "M" && $0 != "L" }
            for i in stride(from: 0, to: numbers.count - 1, by: 2) {
                total += 1
                distinct.insert("\(numbers[i]) \(numbers[i + 1])")
            }
        }
        return (total, distinct.count)
    }

    @Test("a 10-hour flight at 1 Hz: map and barogram draw at most 2,000 track points and stay small")
    func longFlightIsSimplified() throws {
        let (flight, fixes) = Fixtures.climbAndGlide(seconds: 36_000)
        let map = try FlightReport.mapSVG(
            flight: flight, fixes: fixes, width: 560, height: 420, options: FlightReportOptions())
        let barogram = try FlightReport.barogramSVG(
            flight: flight, fixes: fixes, width: 560, height: 240, options: FlightReportOptions())
        let track = Self.vertices(map, strokeWidth: "1.2")
        #expect(track.distinct > 500 && track.distinct <= Charts.maxMapPoints, "map: \(track)")
        let lines =
            Self.vertices(barogram, strokeWidth: "0.7").total + Self.vertices(barogram, strokeWidth: "1.1").total
        #expect(lines > 200 && lines <= Charts.maxBarogramPoints, "barogram: \(lines)")
        #expect(
            map.utf8.count < 300_000 && barogram.utf8.count < 200_000,
            "\(map.utf8.count) + \(barogram.utf8.count) bytes")
        let pdf = try FlightReport.render(flight: flight, fixes: fixes, format: .pdf, options: FlightReportOptions())
        #expect(pdf.count < 500_000, "report PDF \(pdf.count) bytes")
        print(
            "FlightReportTests: 36,000 fixes: map \(track.distinct) points \(map.utf8.count) bytes, barogram \(lines) points \(barogram.utf8.count) bytes, PDF \(pdf.count) bytes"
        )
    }

    @Test("the barogram's time axis has about 8 ticks for any span, even decades")
    func timeStepsStayBounded() {
        let spans: [Double] = [0.5, 3, 10, 30, 24 * 400, 305_496]
        for hours in spans {
            let span = Int64(hours * 3_600_000)
            let step = Int64(Scale.timeStepMinutes(span: span, count: 8)) * 60_000
            #expect(span / step <= 9, "\(hours) h: \(span / step) ticks")
        }
    }

    @Test("no barometer: the barogram shows GNSS altitude only and says so", .enabled(if: Tool.hasPoppler))
    func noBarometer() throws {
        let (flight, fixes) = Fixtures.climbAndGlide(seconds: 1200, barometer: false)
        let path = Tool.scratch("nobaro") + "/report.pdf"
        try Tool.save(
            FlightReport.render(flight: flight, fixes: fixes, format: .pdf, options: FlightReportOptions()), to: path)
        let text = try Tool.run("pdftotext", ["-layout", path, "-"])
        #expect(text.contains("no barometer"))
        #expect(text.contains("GNSS altitude (WGS84 ellipsoid)"))
    }
}

@Suite("Scale")
struct ScaleTests {
    @Test func niceBelow() {
        #expect(Scale.niceBelow(7300) == 5000)
        #expect(Scale.niceBelow(1999) == 1000)
        #expect(Scale.niceBelow(2100) == 2000)
        #expect(Scale.niceBelow(0.3) == 0.2)
    }

    @Test func ticksCoverTheRange() {
        for (lo, hi) in [(183.0, 1432.0), (0.0, 50.0), (-20.0, 3100.0)] {
            let ticks = Scale.ticks(from: lo, to: hi, count: 6)
            #expect(ticks.first! <= lo && ticks.last! >= hi)
            #expect((4...12).contains(ticks.count))
        }
    }

    @Test func varioOfASteadyClimb() {
        let fixes = (0..<30).map { s in
            Fix(
                time: Int64(s) * 1000, latitude: 50, longitude: 8, pressureAltitude: 100 + Double(s) * 2,
                gnssAltitude: nil)
        }
        let vario = Charts.vario(fixes)
        #expect(vario.allSatisfy { abs($0 - 2) < 1e-9 })
    }
}
