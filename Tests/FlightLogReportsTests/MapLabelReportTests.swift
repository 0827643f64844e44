import Testing

@testable import FlightLogReports

/// The report map's labels: the take-off and landing names and the turnpoint names cover no other label, no
/// dot, ring or release diamond, and stay inside the map; one that fits nowhere is left out, never drawn over.
@Suite("Report map labels")
struct MapLabelReportTests {
    @Test(arguments: 0..<40)
    func labelsCoverNothing(seed: Int) {
        var state = UInt64(seed * 104_729 + 3)
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let frame: Charts.PageBox = (40, 300, 555, 700)
        let takeoff = (x: 80 + random() * 430, y: 330 + random() * 340)
        let landing = (x: takeoff.x + random() * 40 - 20, y: takeoff.y + random() * 40 - 20)
        // The start on the take-off, the finish on the landing, turnpoints anywhere, the release beside the take-off.
        let route =
            [(x: takeoff.x + 2, y: takeoff.y - 1)]
            + (0..<4).map { _ in (x: 60 + random() * 470, y: 320 + random() * 360) }
            + [(x: landing.x - 1, y: landing.y + 2)]
        let release = (x: takeoff.x + random() * 16 - 8, y: takeoff.y + random() * 16 - 8)
        let sizes =
            [(width: 90.0, height: 9.0), (width: 120.0, height: 9.0)] + route.map { _ in (width: 6.0, height: 9.0) }
        let points = [takeoff, landing] + route
        let marks = Charts.markBoxes(ends: [takeoff, landing], route: route, release: release)
        let boxes = Charts.placeLabels(
            zip(sizes, points).enumerated().map { n, p in (p.0, p.1, n == 0 ? 0 : n == 1 ? 3 : 4) }, frame: frame,
            taken: marks)
        let placed = boxes.compactMap { $0 }
        func overlap(_ a: Charts.PageBox, _ b: Charts.PageBox) -> Bool {
            min(a.x1, b.x1) > max(a.x0, b.x0) && min(a.y1, b.y1) > max(a.y0, b.y0)
        }
        for (i, a) in placed.enumerated() {
            #expect(a.x0 >= frame.x0 && a.x1 <= frame.x1 && a.y0 >= frame.y0 && a.y1 <= frame.y1)
            #expect(!marks.contains { overlap(a, $0) }, "a label covers a mark")
            #expect(!placed[(i + 1)...].contains { overlap(a, $0) }, "two labels overlap")
        }
    }
}
