import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Recording faults on the barogram and V fixes on the map.
@Suite("FaultMarks")
struct FaultMarksTests {
    /// The barogram band colour as cairo writes it into an SVG.
    static let bandFill = "fill:rgb(99%,89%,70%)"

    /// A recorded 30-minute flight: no fix 600…689 (V, last position, pressure kept), no pressure 900…959, the
    /// recorder off 1200…1229.
    static func faultyFlight() -> (Flight, [Fix]) {
        let (flight, clean) = Fixtures.climbAndGlide(seconds: 1800)
        var fixes: [Fix] = []
        for (i, fix) in clean.enumerated() where !(1200..<1230).contains(i) {
            var f = fix
            if (600..<690).contains(i) {
                f.isValid = false
                f.latitudeE7 = clean[599].latitudeE7
                f.longitudeE7 = clean[599].longitudeE7
                f.gnssAltitudeDm = nil
            }
            if (900..<960).contains(i) { f.pressureAltitudeDm = nil }
            fixes.append(f)
        }
        return (flight, fixes)
    }

    /// Stroked paths of a given width in a cairo SVG.
    static func paths(_ svg: String, strokeWidth: String) -> Int {
        svg.components(separatedBy: "<path").dropFirst().filter {
            $0.contains("fill:none;stroke-width:\(strokeWidth);")
        }.count
    }

    @Test("the barogram shades each fault, names it in its title, and breaks a line only where its source was lost")
    func barogramBands() throws {
        let (flight, fixes) = Self.faultyFlight()
        let svg = try FlightReport.barogramSVG(
            flight: flight, fixes: fixes, width: 560, height: 240, options: FlightReportOptions())
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(svg.components(separatedBy: Self.bandFill).count - 1 == 3, "one band per fault")
        let title = try #require(svg.range(of: "<title>").map { svg[$0.upperBound...].prefix { $0 != "<" } })
        #expect(title.contains("GPS lost 11:10:00–11:11:30 UTC (1 min 30 s)"))
        #expect(title.contains("Barometer lost 11:15:00–11:16:00 UTC (1 min)"))
        #expect(title.contains("Power lost 11:19:59–11:20:30 UTC (31 s)"))
        // Pressure goes on through the GPS loss: broken only at the barometer loss and the power cut.
        #expect(Self.paths(svg, strokeWidth: "1.1") == 3)
        // GNSS altitude is unknown in the GPS loss: broken there and at the power cut, not at the barometer loss.
        #expect(Self.paths(svg, strokeWidth: "0.7") == 3)

        // The same fixes imported from a file: no faults, no bands, lines as the file has them.
        var imported = flight
        imported.source = .imported(fileName: "x.igc", sha256: "00")
        let plain = try FlightReport.barogramSVG(
            flight: imported, fixes: fixes, width: 560, height: 240, options: FlightReportOptions())
        #expect(!plain.contains(Self.bandFill) && !plain.contains("<title>"))
        #expect(Self.paths(plain, strokeWidth: "1.1") == 1)
    }

    @Test("the PDF report labels each band and lists the faults", .enabled(if: Tool.hasPoppler))
    func reportLabels() throws {
        let (flight, fixes) = Self.faultyFlight()
        let path = Tool.scratch("faults") + "/report.pdf"
        try Tool.save(
            FlightReport.render(flight: flight, fixes: fixes, format: .pdf, options: FlightReportOptions()), to: path)
        let text = try Tool.run("pdftotext", ["-layout", path, "-"])
        Tool.keep(path, as: "report-faults.pdf")
        for label in ["GPS lost", "Barometer lost", "Power lost"] {
            // Once in the details, once on the barogram.
            #expect(text.components(separatedBy: label).count - 1 == 2, "\(label) in:\n\(text)")
        }
        #expect(text.contains("GPS lost 11:10:00–11:11:30 UTC"))

        let clean = Fixtures.climbAndGlide(seconds: 1800)
        let cleanPath = Tool.scratch("nofaults") + "/report.pdf"
        try Tool.save(
            FlightReport.render(flight: clean.0, fixes: clean.1, format: .pdf, options: FlightReportOptions()),
            to: cleanPath)
        let cleanText = try Tool.run("pdftotext", ["-layout", cleanPath, "-"])
        #expect(cleanText.contains("none (no GPS, barometer or power loss"))
        #expect(!cleanText.contains("GPS lost"))
    }

    @Test("the map draws no line through V fixes: where a V fix says it is changes nothing")
    func mapIgnoresUnknownPositions() throws {
        let (flight, fixes) = Self.faultyFlight()
        /// The map, without cairo's surface ids (a process-wide counter).
        func map(_ fixes: [Fix]) throws -> String {
            try FlightReport.mapSVG(
                flight: flight, fixes: fixes, width: 560, height: 420, options: FlightReportOptions()
            )
            .replacing(/surface[0-9]+/, with: "surface")
        }
        var glitch = fixes
        glitch[620].latitudeE7 += 5_000_000  // 55 km north, as a receiver glitch stored as V
        #expect(try map(glitch) == map(fixes), "a V fix's position is never drawn")
        var joined = fixes
        for i in 600..<690 { joined[i].isValid = true }
        #expect(try map(joined) != map(fixes), "valid fixes at the same place would join the line")
    }
}
