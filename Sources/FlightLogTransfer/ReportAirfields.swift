import FlightLogCore
import FlightLogStore

/// The airfields a flight report's map may show: the data set's (with runways) and the pilots' CUP fields in a
/// circle around the track, wide enough for the page's map, which is wider or taller than the track.
enum ReportAirfields {
    /// The fields within twice the track's reach from its centre, plus 10 km; none when the data set cannot be
    /// read (the report is then drawn without them).
    static func around(_ fixes: [Fix]) -> [Airfield] {
        let points = RecordingFaults.positionedRuns(fixes).flatMap { fixes[$0].map(\.coordinate) }
        guard !points.isEmpty else { return [] }
        let projection = LocalProjection(around: points)
        let centre = Coordinate(latitude: projection.latitude0, longitude: projection.longitude0)
        let stride = max(1, points.count / 500)
        let reach =
            Swift.stride(from: 0, to: points.count, by: stride).map { Geodesy.distance(centre, points[$0]) }
            .max() ?? 0
        let region = AirfieldDataSet.Region(points: [centre], radius: 2 * reach + 10_000)
        guard let index = try? AirfieldCatalog.index(region: region, runways: true).index else { return [] }
        return index.fields.filter { region.contains($0.coordinate) }
    }
}
