import FlightLogCore
import Foundation

/// Where a place falls on a ``MapChart``: the projection its track was drawn with (local azimuthal equidistant,
/// or Web Mercator under tiles) and the map's scale and centre, so that every layer over or under the track
/// (airfields, airspace, marks) lands where the track does. Map units: ``MapChart/viewWidth`` across.
package struct MapPlacement: Sendable {
    let local: LocalProjection
    let webMercator: Bool
    /// The map's centre in projected metres, and map units per projected metre.
    let mid: (e: Double, n: Double)
    let scale: Double
    package let viewHeight: Double

    package init(
        local: LocalProjection, webMercator: Bool, mid: (e: Double, n: Double), scale: Double, viewHeight: Double
    ) {
        self.local = local
        self.webMercator = webMercator
        self.mid = mid
        self.scale = scale
        self.viewHeight = viewHeight
    }

    /// `c` in map units (x east from the left edge, y south from the top); may lie outside the map.
    package func point(_ c: Coordinate) -> MapChart.Point {
        let p = webMercator ? WebMercator.project(local.unwrapped(c)) : local.project(c)
        return (MapChart.viewWidth / 2 + (p.e - mid.e) * scale, viewHeight / 2 - (p.n - mid.n) * scale)
    }

    /// Whether map point `p` lies on the map, `margin` map units inside its edges (negative: outside them).
    package func contains(_ p: MapChart.Point, margin: Double = 0) -> Bool {
        p.x >= margin && p.x <= MapChart.viewWidth - margin && p.y >= margin && p.y <= viewHeight - margin
    }

    /// The true metres one map unit spans at the map's centre (for "within the view" searches by distance).
    package var metresPerUnit: Double {
        webMercator ? 1 / (scale * WebMercator.stretch(atLatitude: local.latitude0)) : 1 / scale
    }

    /// The map's centre as a place, and the distance from it to the map's farthest corner, in metres: a circle
    /// that holds the whole view (to pick the airfields or airspace worth projecting).
    package var viewCircle: (centre: Coordinate, radius: Double) {
        let centre = Coordinate(latitude: local.latitude0, longitude: local.longitude0)
        let corner = (MapChart.viewWidth * MapChart.viewWidth + viewHeight * viewHeight).squareRoot() / 2
        let offCentre = hypot(point(centre).x - MapChart.viewWidth / 2, point(centre).y - viewHeight / 2)
        return (centre, (corner + offCentre) * metresPerUnit * 1.05)
    }
}
