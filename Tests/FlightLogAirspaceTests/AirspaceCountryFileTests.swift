import Foundation
import Testing

@testable import FlightLogAirspace
@testable import FlightLogCore

/// A country's file against a long flight: the boxes of airspaces the track cannot reach are skipped before any
/// fix is looked at, and what the track does cross is still found (the time is printed, not asserted).
struct AirspaceCountryFileTests {
    /// 1,024 control zones (5 NM circles) on a 32 × 32 grid 0.3° apart from 47 N 5 E, and a 10-hour track of
    /// 36,000 fixes that runs east along 48.5 N from 6 E and back, 1 km above them.
    @Test func aThousandAirspacesAndTenHoursOfFixes() {
        var text = ""
        for row in 0..<32 {
            for column in 0..<32 {
                let lat = 47 + Double(row) * 0.3, lon = 5 + Double(column) * 0.3
                text += "AC D\nAN CTR \(row)-\(column)\nAL GND\nAH FL50\n"
                text += "V X=\(Self.dm(lat, "N")) \(Self.dm(lon, "E"))\nDC 5\n"
            }
        }
        let airspaces = OpenAirReader.read(Array(text.utf8)).airspaces
        #expect(airspaces.count == 1024)
        let t0: UTCMillis = 1_751_446_800_000
        let fixes = (0..<36_000).map { i -> Fix in
            let leg = Double(i < 18_000 ? i : 36_000 - i) / 18_000  // 0 → 1 → 0
            return Fix(
                time: t0 + Int64(i) * 1000, latitude: 48.5, longitude: 6 + leg * 2.4, pressureAltitude: 1000,
                gnssAltitude: 1000)
        }
        let clock = ContinuousClock()
        var found: [AirspaceInfringement] = []
        let elapsed = clock.measure { found = AirspaceInfringements.find(in: fixes, airspaces: airspaces) }
        print("airspace: 1024 airspaces × 36,000 fixes searched in \(elapsed)")
        // Row 5 is 48.5 N; columns 3 to 11 lie between 5.9 E and 8.3 E (each crossed out and back).
        let names = Set(found.map { airspaces[$0.airspaceIndex].name })
        #expect(names == Set((3...11).map { "CTR 5-\($0)" }), "\(names.sorted())")
        // Each zone out and back, but the turn at 8.4 E lies inside CTR 5-11: one stretch there.
        #expect(found.count == 2 * 9 - 1, "\(found.count) stretches")
    }

    static func dm(_ degrees: Double, _ hemisphere: String) -> String {
        let minutes = degrees * 60
        return String(format: "%d:%06.3f %@", Int(degrees), minutes - Double(Int(degrees)) * 60, hemisphere)
    }
}
