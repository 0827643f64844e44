import FlightLogCore
import Foundation
import Synchronization

/// The airfields around a map, for a process that draws many (`flightlog serve`): the data set is read once and
/// kept (``AirfieldDataSet/Regions``: ~4.5 MB), and the pilots' CUP files are read again only when one is added,
/// removed or changed (their names, sizes and modification times are compared on each use), so that
/// `flightlog airfields import` shows on the next page.
package final class AirfieldRegions: Sendable {
    private let directories: [String]
    private let dataSetPath: String?
    private let dataSet = Mutex<Result<AirfieldDataSet.Regions, AirfieldCatalog.LoadError>?>(nil)
    private let pilots = Mutex<(stamps: [String], fields: [Airfield])?>(nil)

    package init(
        directories: [String] = [AirfieldCatalog.systemDirectory()]
            + [AirfieldCatalog.userDirectory()].compactMap {
                $0
            },
        dataSetPath: String? = AirfieldCatalog.dataSetPath()
    ) {
        self.directories = directories
        self.dataSetPath = dataSetPath
    }

    /// The index of the data set's fields in `region` (with their runways) and every pilot's field, as
    /// ``AirfieldCatalog/index(directories:dataSetPath:region:runways:)`` gives it.
    /// - Throws: ``AirfieldCatalog/LoadError`` when the data set is missing or damaged (a broken install).
    package func index(region: AirfieldDataSet.Region) throws(AirfieldCatalog.LoadError) -> AirfieldIndex {
        let regions = try kept()
        let base: [Airfield]
        do {
            base = try regions.fields(in: region, runways: true)
        } catch {
            throw AirfieldCatalog.LoadError(
                description: "the airfield data set \(dataSetPath ?? "") is damaged (\(error)): reinstall flightlog")
        }
        return AirfieldIndex(dataSet: base, pilots: pilotFields(), region: region)
    }

    private func kept() throws(AirfieldCatalog.LoadError) -> AirfieldDataSet.Regions {
        let result = dataSet.withLock { dataSet in
            if let dataSet { return dataSet }
            let loaded = Result { () throws(AirfieldCatalog.LoadError) in
                guard let path = dataSetPath, let data = FileManager.default.contents(atPath: path) else {
                    throw AirfieldCatalog.LoadError(
                        description:
                            "the airfield data set is missing: reinstall flightlog (or set FLIGHTLOG_AIRFIELD_DATA)")
                }
                do {
                    return try AirfieldDataSet.Regions([UInt8](data))
                } catch {
                    throw AirfieldCatalog.LoadError(
                        description: "the airfield data set \(path) is damaged (\(error)): reinstall flightlog")
                }
            }
            dataSet = loaded
            return loaded
        }
        return try result.get()
    }

    /// The pilots' fields, read again when the CUP files' names, sizes or modification times changed.
    private func pilotFields() -> [Airfield] {
        let files = AirfieldCatalog.cupFiles(in: directories)
        let stamps = files.map { file -> String in
            var info = stat()
            guard stat(file, &info) == 0 else { return file }
            return "\(file) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        if let kept = pilots.withLock({ $0 }), kept.stamps == stamps { return kept.fields }
        let fields = AirfieldCatalog.pilotFields(files: files).fields
        pilots.withLock { $0 = (stamps, fields) }
        return fields
    }
}
