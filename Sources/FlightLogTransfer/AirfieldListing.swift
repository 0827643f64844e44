import FlightLogCore
import FlightLogStore
import FlightLogText
import Foundation

/// `flightlog airfields list` and `import`: what they print about the known fields.
package enum AirfieldListing {
    /// `51.0147,7.0053` (latitude,longitude in decimal degrees; south and west negative), nil for anything else.
    package static func coordinate(_ text: String) -> Coordinate? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
            (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// One warning line per CUP file with damaged lines (they were listed one by one when it was imported).
    package static func noticeLines(_ notices: [AirfieldCatalog.Notice]) -> [String] {
        var perFile: [String: [AirfieldCatalog.Notice]] = [:]
        for notice in notices { perFile[notice.file, default: []].append(notice) }
        return perFile.sorted(by: { $0.key < $1.key }).map { file, notices in
            let count = notices.count
            let what = count == 1 ? notices[0].message : "\(count) damaged lines skipped (first: \(notices[0].message))"
            return "warning: \(terminalSafe(file)): \(terminalSafe(what))"
        }
    }

    /// Without `near`: the fields of the pilot's CUP files. With it: the fields within `radiusKm`, nearest first, or
    /// a line naming the place when there is none.
    package static func listing(_ index: AirfieldIndex, near point: Coordinate?, radiusKm: Double) -> String {
        guard let point else {
            let own = index.fields.filter { $0.source == .pilot }
            if own.isEmpty {
                return "No airfields of your own: add a CUP file with flightlog airfields import FILE.cup"
            }
            return table(own.map { ($0, nil) })
        }
        let found = index.fields(within: radiusKm * 1000, of: point)
        guard !found.isEmpty else {
            let place = index.place(at: point, radius: radiusKm * 1000)
            return "No airfield within \(decimal(radiusKm, radiusKm < 10 ? 1 : 0)) km of \(point.shortText): "
                + "\(terminalSafe(place.description))."
        }
        return table(found.map { ($0.airfield, $0.distance) })
    }

    /// The fields as a table: code, name, distance (when given), elevation, time zone and where it comes from.
    package static func table(_ rows: [(Airfield, Meters?)]) -> String {
        var table = TextTable(headers: ["Code", "Name", "Distance", "Elevation", "Zone", "Source"])
        table.rightAligned = [2, 3]
        table.maxWidth = 40
        for (field, distance) in rows {
            table.rows.append([
                field.code ?? "-", field.name, distance.map { "\(decimal($0 / 1000, 1)) km" } ?? "",
                field.elevation.map { "\(decimal($0, 0)) m" } ?? "", field.zoneIdentifier ?? "?",
                field.source == .pilot ? "your CUP" : "data set",
            ])
        }
        return table.render()
    }
}

extension AirfieldFileImport {
    /// `Imported 12 airfields from club.cup as ~/.config/flightlog/airfields/club.cup.` (with the damaged lines).
    package static func summary(_ done: Result, file: String) -> String {
        let count = done.read.airfields.count
        let skipped = done.read.warnings.count
        return
            "\(done.replaced ? "Replaced" : "Imported") \(count) airfield\(count == 1 ? "" : "s") from \(terminalSafe(file)) "
            + "as \(terminalSafe(done.path))"
            + (skipped > 0 ? "; \(skipped) damaged line\(skipped == 1 ? "" : "s") skipped (see above)." : ".")
    }
}

extension AirfieldListing {
    /// The data set and the CUP files, for `airfields list`; a damaged CUP line is one warning line, never a failure.
    package static func loadIndex(warn: (String) -> Void) throws(TransferRefusal) -> AirfieldIndex {
        let loaded: (index: AirfieldIndex, notices: [AirfieldCatalog.Notice])
        do { loaded = try AirfieldCatalog.index() } catch { throw TransferRefusal(error.description) }
        for line in noticeLines(loaded.notices) { warn(line) }
        return loaded.index
    }

    /// `flightlog airfields assign`: names the places of the flights without one (`all`: of every flight) within
    /// `radius` of a field, and says how many it placed and how many outlandings the logbook holds now. The store
    /// is opened once the airfields are read.
    package static func assignPlaces(
        radius: Meters, all: Bool, openStore: () throws -> FlightStore, warn: (String) -> Void
    ) throws -> String {
        let loaded: (placing: FlightPlacing, notices: [AirfieldCatalog.Notice])
        do { loaded = try FlightPlacing.load(radius: radius) } catch { throw TransferRefusal("\(error)") }
        for notice in loaded.notices { warn("warning: \(terminalSafe(notice.description))") }
        let store = try openStore()
        let placed = try store.assignPlaces(using: loaded.placing, all: all)
        let outlandings = try store.count(matching: FlightFilter(outlanding: true))
        return "Placed \(placed) flight\(placed == 1 ? "" : "s"); "
            + "\(outlandings) outlanding\(outlandings == 1 ? "" : "s") in the logbook."
    }
}
