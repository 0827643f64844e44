import FlightLogCore
import FlightLogTestSupport
import Foundation

/// What the core tests know of the shared real flights (FlightLogTestSupport finds them).
extension SharedFlights {
    /// Expected facts from shared/flights/README.md: fixes after dropping equal times (keep first).
    package static let fixCounts: [String: Int] = [
        "apf-bug554.igc": 4872, "2016-11-08-xcs-aaa-02.igc": 6752, "654G6NG1.IGC": 9762, "01lz1hq1.igc": 4960,
        "complex_example_lxn.igc": 25459, "H1_77flne21.IGC": 7593, "T_77fv4np1.igc": 9996,
        "xctrack-2020-09-04.igc": 583,
    ]

    /// The real reader's view of a shared file: the track's fixes and its declared extensions.
    package static func load(_ name: String) throws -> Track {
        try IGCReader.read(bytes(name)).track
    }

    package static var names: [String] { fixCounts.keys.sorted() }
}
