@testable import FlightLogAirspace
@testable import FlightLogCore

/// The code path of the OpenAir fuzz target (`Fuzz/openair.swift`, built by `scripts/fuzz.sh`), shared with
/// `OpenAirReaderTests`: any bytes read as an airspace file, then a short track searched for infringements in
/// what was read. Returns the violated invariant, if any (the fuzzer traps on it).
enum OpenAirFuzzPipeline {
    static func run(_ bytes: [UInt8]) -> (summary: String, violation: String?) {
        let result = OpenAirReader.read(bytes)
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let loneCRs = bytes.indices.filter { bytes[$0] == cr && ($0 + 1 == bytes.count || bytes[$0 + 1] != lf) }.count
        let lines = bytes.count { $0 == lf } + loneCRs + 1
        for warning in result.warnings where !(1...lines).contains(warning.line) {
            return ("read", "warning names line \(warning.line) of \(lines)")
        }
        for airspace in result.airspaces {
            guard Set(airspace.outline).count >= 3, (1...lines).contains(airspace.line) else {
                return ("read", "\(airspace.name) kept with \(airspace.outline.count) points at line \(airspace.line)")
            }
            for c in airspace.outline where !((-90...90).contains(c.latitude) && (-180...180).contains(c.longitude)) {
                return ("read", "\(airspace.name) has a point at \(c.latitude),\(c.longitude)")
            }
        }
        // A track through the first outline's points, at two heights: the search must not trap, and every stretch
        // it reports lies within the track and names an airspace that exists.
        let points = result.airspaces.prefix(3).flatMap { $0.outline.prefix(50) }
        let fixes = points.enumerated().map { i, c in
            Fix(
                time: 1_700_000_000_000 + Int64(i) * 1000, latitude: c.latitude, longitude: c.longitude,
                pressureAltitude: Double(i % 7) * 400, gnssAltitude: i % 5 == 0 ? nil : Double(i % 9) * 350)
        }
        let found = AirspaceInfringements.find(in: fixes, airspaces: result.airspaces, qnh: 101_800)
        for f in found {
            guard result.airspaces.indices.contains(f.airspaceIndex), f.startIndex <= f.endIndex,
                fixes.indices.contains(f.endIndex), f.start <= f.end, f.lateralDepth >= 0
            else { return ("search", "an infringement out of range: \(f)") }
        }
        // Every fix lies on an outline the file holds: the file's box covers the whole track.
        let coverage = AirspaceCoverage(fixes: fixes, airspaces: result.airspaces)
        if !fixes.isEmpty, coverage.extent != .full {
            return ("coverage", "a track along the outlines is covered: \(coverage.extent)")
        }
        return ("\(result.airspaces.count) airspaces, \(result.warnings.count) warnings, \(found.count) found", nil)
    }
}
