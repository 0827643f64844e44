/// The files a flight can be downloaded as; the raw value is the last URL path segment.
package enum ExportKind: String, CaseIterable, Sendable {
    case igc = "igc"
    case report = "report.pdf"
    case kml = "track.kml"
    case gpx = "track.gpx"
    case geojson = "track.geojson"

    package var label: String {
        switch self {
        case .igc: "IGC file"
        case .report: "Report (PDF)"
        case .kml: "KML (Google Earth)"
        case .gpx: "GPX track"
        case .geojson: "GeoJSON"
        }
    }

    package var contentType: String {
        switch self {
        case .igc: "application/vnd.fai.igc"
        case .report: "application/pdf"
        case .kml: "application/vnd.google-earth.kml+xml"
        case .gpx: "application/gpx+xml"
        case .geojson: "application/geo+json"
        }
    }
}
