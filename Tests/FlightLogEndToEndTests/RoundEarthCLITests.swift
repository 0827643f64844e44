import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// `flightlog simulate --at` anywhere on the globe writes a file its own `import` takes as one flight.
@Suite("simulate and import at the poles and across 180°")
struct RoundEarthCLITests {
    @Test(arguments: ["89.99,10", "90,0", "-89.999,-45", "-40,179.99", "-40,180", "-17.5,-179.999", "71.2,-180"])
    func simulatedAnywhereImportsAsOneFlight(at: String) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let simulated = try CLI.run(
            ["simulate", "--at=\(at)", "--minutes", "12", "-o", "sim.igc"], database: nil, in: dir)
        try #require(simulated.status == 0, "simulate --at \(at): \(simulated.stderr)")
        let imported = try CLI.run(["import", "sim.igc"], database: db, in: dir)
        #expect(imported.status == 0, "import of --at \(at): \(imported.stderr)")
        let listed = try CLI.run(["list", "--csv"], database: db, in: dir)
        #expect(listed.stdout.split(whereSeparator: \.isNewline).count == 2, "one flight: \(listed.stdout)")
    }

    @Test func aPositionOffTheGlobeIsRefusedSayingWhatItWants() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for at in ["91,0", "-40,180.5", "nan,3", "inf,0", "40"] {
            let r = try CLI.run(["simulate", "--at=\(at)", "-o", "x.igc"], database: nil, in: dir)
            #expect(r.status != 0 && r.stderr.contains("--at wants latitude,longitude"), "\(at): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.igc").path))
        }
    }
}
