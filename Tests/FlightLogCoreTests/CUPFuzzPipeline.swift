@testable import FlightLogCore

/// The code path of the CUP fuzz target (`Fuzz/cup.swift`, built by `scripts/fuzz.sh`), shared with
/// `CUPReaderTests`: a pilot's CUP file read tolerantly, merged into an index with a few data-set fields, and
/// places looked up around its fields. Returns the violated invariant, if any (the fuzzer traps on it).
enum CUPFuzzPipeline {
    static let dataSet = [
        Airfield(
            code: "EDRV", name: "Wershofen/Eifel Airport",
            coordinate: Coordinate(latitude: 50.45139, longitude: 6.78333),
            elevation: 482, zoneIdentifier: "Europe/Berlin", source: .dataSet),
        Airfield(
            code: "EPJG", name: "Jelenia Góra Glider Airport",
            coordinate: Coordinate(latitude: 50.8989, longitude: 15.7856),
            elevation: 341, zoneIdentifier: "Europe/Warsaw", source: .dataSet),
    ]

    static func run(_ bytes: [UInt8]) -> (summary: String, violation: String?) {
        let result = CUPReader.read(bytes)
        // Lines end in LF, CR LF or a lone CR, as the reader splits them.
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let loneCRs = bytes.indices.filter { bytes[$0] == cr && ($0 + 1 == bytes.count || bytes[$0 + 1] != lf) }.count
        let lines = bytes.count { $0 == lf } + loneCRs + 1
        for warning in result.warnings where !(1...lines).contains(warning.line) {
            return ("read", "warning names line \(warning.line) of \(lines)")
        }
        for field in result.airfields {
            let c = field.coordinate
            guard (-90...90).contains(c.latitude), (-180...180).contains(c.longitude), !field.name.isEmpty else {
                return ("read", "field \(field.name) at \(c.latitude),\(c.longitude) is out of range or unnamed")
            }
            if let e = field.elevation, !(-1000...10_000).contains(e) { return ("read", "elevation \(e) out of range") }
        }
        let index = AirfieldIndex(dataSet: dataSet, pilots: result.airfields)
        for field in result.airfields.prefix(20) {
            let place = index.place(at: field.coordinate)
            guard !place.isOutlanding, place.distance <= AirfieldIndex.defaultRadius else {
                return ("lookup", "a pilot's field \(field.name) is not found at its own position")
            }
            let away = Geodesy.destination(from: field.coordinate, bearing: 45, distance: 25_000)
            _ = index.place(at: away).description
        }
        if let violation = dataSet(bytes) { return ("data set", violation) }
        return (
            "\(result.airfields.count) fields, \(result.otherWaypoints) others, \(result.warnings.count) warnings", nil
        )
    }

    /// The same bytes as the bundled airfield data set (`FLIGHTLOG_AIRFIELD_DATA` can name any file): read whole
    /// and through ``AirfieldDataSet/Regions``, a region's fields must be what the whole file's read gives there.
    static func dataSet(_ bytes: [UInt8]) -> String? {
        let region = AirfieldDataSet.Region(points: [Coordinate(latitude: 50.5, longitude: 6.8)], radius: 200_000)
        guard let whole = try? AirfieldDataSet.parse(bytes, region: region) else { return nil }
        guard let kept = try? AirfieldDataSet.Regions(bytes) else { return "Regions refused a file parse read" }
        guard let fields = try? kept.fields(in: region, runways: false), fields == whole else {
            return "Regions' fields of a region differ from the whole file's"
        }
        return nil
    }
}
