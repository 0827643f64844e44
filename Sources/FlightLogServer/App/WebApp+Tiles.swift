import FlightLogAirspace
import FlightLogAnalysis
import FlightLogCore
import FlightLogStore
import FlightLogWeb
import Foundation

/// The background map: tiles of the user's MBTiles file (`[server] map_tiles`), served read-only at
/// `/tiles/z/x/y.png`, or of an online tile server; drawn under the flight map's track.
extension WebApp {
    /// The configured tile file, opened on first use; `nil` without one, or when it cannot be read (the map is
    /// then drawn without a background, as without a file).
    func mapTiles() -> MBTiles? {
        guard let path = settings.config.server.mapTiles else { return nil }
        return tileFile.update { (slot: inout MBTiles??) -> MBTiles? in
            if let opened = slot { return opened }
            let opened = try? MBTiles(path: path)
            slot = .some(opened)
            return opened
        }
    }

    /// Why the configured tile file cannot be used (said once when `flightlog serve` starts), or `nil` when no
    /// file is configured or it opens.
    package func mapTilesProblem() -> String? {
        guard let path = settings.config.server.mapTiles else { return nil }
        do {
            _ = try MBTiles(path: path)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// `/tiles/z/x/y.ext`: the tile's bytes, 404 when the file has none there (or there is no file).
    func tileResponse(_ segments: [String]) throws -> WebResponse {
        func number(_ text: Substring, below limit: Int) throws -> Int {
            guard !text.isEmpty, text.count <= 8, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
                let value = Int(text),
                value < limit
            else {
                throw HTTPError(status: 404, title: "No such tile", message: "There is no map tile at this address.")
            }
            return value
        }
        let last = segments[3].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let z = try number(Substring(segments[1]), below: 25)
        let x = try number(Substring(segments[2]), below: 1 << z), y = try number(last[0], below: 1 << z)
        guard let tiles = mapTiles(), last.count == 2, last[1] == tiles.format,
            let bytes = try tiles.tile(z: z, x: x, y: y)
        else {
            throw HTTPError(status: 404, title: "No such tile", message: "There is no map tile at this address.")
        }
        return WebResponse(contentType: tiles.contentType, headers: [], body: bytes)
    }

    /// The flight map with the tile file's tiles under it (only those the file holds), else the online tile
    /// server's (`[server] online_tiles`, fetched by the browser), else none; the imported airspace under the track
    /// and the shipped airfields over it; the flight's `task` (with its score and words) over the track. The file
    /// wins when both are set: it needs no internet and sends no track position to another server. `placed` gets
    /// the map's ``MapPlacement`` (for the barogram–map cursor).
    func mapChart(
        flight: Flight, fixes: [Fix], faults: [RecordingFault], analysis: FlightAnalysis? = nil,
        airspaces: [Airspace] = [], task: (FlightTask, TaskScore?, TaskSummary?)? = nil,
        placed: (MapPlacement) -> Void = { _ in }
    ) -> String? {
        // The task's points widen the view, those within reach of the take-off (a task far away is left off).
        let takeoff = flight.mapEnds(fixes.map(\.coordinate)).takeoff
        let including = (task?.0.points ?? []).map(\.coordinate).filter {
            Geodesy.distance($0, takeoff) <= Self.taskViewReach
        }
        guard
            var chart = MapChart(
                flight: flight, fixes: fixes, faults: faults, tileZooms: tileZooms, analysis: analysis,
                including: including)
        else {
            return nil
        }
        chart.addAirspace(airspaces)
        chart.addAirfields(mapAirfields(on: chart, flight: flight, fixes: fixes))
        if let task { chart.addTask(task.0, score: task.1, summary: task.2) }
        placed(chart.placement)
        return mapHTML(&chart)
    }

    /// How far from the take-off a task's point may lie and still widen the flight's map.
    static let taskViewReach: Meters = 1_000_000

    /// The zoom levels of the background tiles (the file's, or any for an online server); nil without tiles.
    var tileZooms: ClosedRange<Int>? {
        mapTiles()?.zooms ?? settings.config.server.onlineTiles.map { _ in 0...19 }
    }

    /// The map's HTML over the tile file's tiles (only those it holds) or the online server's, or none.
    func mapHTML(_ chart: inout MapChart) -> String {
        let tiles = mapTiles()
        if tiles == nil, let online = settings.config.server.onlineTiles {
            let attribution = settings.config.server.onlineTilesAttribution ?? online.origin
            return ChartHTML.map(chart, attribution: attribution, tileURL: online.url)
        }
        guard let tiles else { return ChartHTML.map(chart) }
        let held = tiles.existing(chart.tiles.map { ($0.z, $0.x, $0.y) })
        chart.tiles = chart.tiles.filter { held.contains([$0.z, $0.x, $0.y]) }
        return ChartHTML.map(chart, tileFormat: tiles.format, attribution: tiles.attribution)
    }
}
