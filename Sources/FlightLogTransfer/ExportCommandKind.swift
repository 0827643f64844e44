import FlightLogCore
import FlightLogReports
import Foundation

/// What `flightlog export --KIND` writes, and which options go with it.
package enum ExportCommandKind: String, CaseIterable, Sendable {
    case igc, kml, gpx, geojson, report, pdf, zip

    /// Why the options cannot go with this kind, or nil: `output` is `-o`, `filtered` and `ownerGiven` say whether a
    /// list filter and `--owner` were given, `qnh` is in hPa.
    package func problem(
        output: String?, ids: [Int64], filtered: Bool, ownerGiven: Bool, qnh: Double?, rebuild: Bool
    ) -> String? {
        if self == .pdf && output == nil { return "--pdf needs -o FILE.pdf (or -o - for standard output)" }
        if self == .zip && output == nil { return "--zip needs -o FILE.zip (or -o - for standard output)" }
        if let qnh, !(900...1100).contains(qnh) { return "--qnh must be between 900 and 1100 hPa." }
        if qnh != nil && self != .report {
            return "--qnh only changes the barogram and airspace check of --report; leave it out."
        }
        if rebuild && self != .igc { return "--rebuild goes with --igc." }
        if !ids.isEmpty && filtered {
            return "give flight ids or filters, not both: with ids the filters choose nothing."
        }
        if !ids.isEmpty && ownerGiven && self != .pdf {
            return "--owner chooses flights (and whose logbook --pdf is); with flight ids it does nothing here."
        }
        let suffix = output.map { ($0 as NSString).pathExtension.lowercased() } ?? ""
        let ownSuffix = self == .pdf ? "pdf" : rawValue
        if suffix == "png" && self != .report { return "only --report can be a PNG; write -o FILE.\(ownSuffix)" }
        if suffix == "svg" && self != .report { return "only --report can be an SVG; write -o FILE.\(ownSuffix)" }
        return nil
    }

    /// The exporter's format; a report's is the file's suffix (`.svg`, `.png`, else PDF).
    package func format(_ target: ExportTarget, logbook: LogbookOptions, qnhHectopascals qnh: Double?) -> ExportFormat {
        switch self {
        case .igc: return .igc
        case .kml: return .kml
        case .gpx: return .gpx
        case .geojson: return .geojson
        case .pdf: return .logbookPDF(logbook)
        case .zip: return .zip(logbook)
        case .report:
            var suffix = ""
            if case .file(let path) = target { suffix = (path as NSString).pathExtension.lowercased() }
            let format: FlightReportFormat = suffix == "svg" ? .svg : suffix == "png" ? .png : .pdf
            return .report(format, qnhPascals: qnh.map { $0 * 100 })
        }
    }

    /// The kind in a sentence: `IGC`, `KML` …, `a report`.
    package var what: String { self == .report ? "a report" : rawValue.uppercased() }
}
