import FlightLogTestSupport
import Foundation
import Testing

/// A landing place the pilot sets is taken: the outlanding follows it, and a field far from where the track
/// ends is accepted with a warning that gives the distance.
@Suite("an edited landing place", .serialized, .timeLimit(.minutes(5)))
struct EditedLandingTests {
    struct Listed: Decodable {
        var id: Int64
        var outlanding: Bool
        var landingPlace: String?
    }

    @Test("a known field after an outlanding: no longer an outlanding, with the distance said")
    func aFieldFarFromTheTrackEndIsTakenWithAWarning() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        // No data-set field within 3 km of 50.55 N 6.9 E: an outlanding.
        let sim = try CLI.run(
            ["simulate", "--at", "50.55,6.9", "--minutes", "12", "--seed", "1", "-o", "f.igc"], database: nil, in: dir)
        try #require(sim.status == 0, "\(sim.stderr)")
        try #require(try CLI.run(["import", "f.igc"], database: db, in: dir).status == 0)
        func listed() throws -> Listed {
            let r = try CLI.run(["list", "--json"], database: db, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
            return try #require(try JSONDecoder().decode([Listed].self, from: Data(r.stdout.utf8)).first)
        }
        let before = try listed()
        try #require(before.outlanding)

        let edit = try CLI.run(["edit", "\(before.id)", "--landing-place", "EDKL"], database: db, in: dir)
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(
            edit.stderr.contains("km from where the track ends") && edit.stderr.contains("EDKL"), "\(edit.stderr)")
        let after = try listed()
        #expect(after.landingPlace?.contains("EDKL") == true && !after.outlanding, "\(after)")
        let show = try CLI.run(["show", "\(before.id)"], database: db, in: dir)
        #expect(!show.stdout.contains("(outlanding)"), "\(show.stdout)")
    }
}
