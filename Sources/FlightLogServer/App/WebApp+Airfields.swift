import FlightLogCore
import FlightLogStore
import FlightLogWeb

/// The shipped layer of the flight map: the airfields around the map's view, from the data set (only the fields
/// in a circle around the view are decoded, with their runways) and the pilots' CUP files, both kept in memory
/// between pages (``AirfieldRegions``).
extension WebApp {
    /// The airfields to draw on `chart`, ranked (``MapAirfields``); none when the data set cannot be read (the
    /// map is then drawn without them, as the rest of the page is).
    func mapAirfields(on chart: MapChart, flight: Flight, fixes: [Fix]) -> [MapAirfields.Mark] {
        let view = chart.placement.viewCircle
        let region = AirfieldDataSet.Region(points: [view.centre], radius: view.radius)
        guard let index = try? airfieldRegions.index(region: region) else { return [] }
        let candidates = index.fields.filter { region.contains($0.coordinate) }
        let ends = flight.mapEnds(RecordingFaults.positionedRuns(fixes).flatMap { fixes[$0].map(\.coordinate) })
        return MapAirfields.select(
            candidates, takeoff: ends.takeoff, landing: ends.landing, radius: settings.config.airfieldRadiusMeters,
            centre: view.centre
        ) { chart.placement.contains(chart.placement.point($0)) }
    }
}
