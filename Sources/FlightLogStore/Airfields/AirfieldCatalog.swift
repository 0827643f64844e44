import FlightLogCore
import Foundation

/// The airfields `flightlog` knows: the shipped data set (`Data/airfields.tsv`, a SwiftPM resource) plus the
/// pilots' SeeYou CUP files in `/etc/flightlog/airfields/` and `~/.config/flightlog/airfields/` (both read; a
/// pilot's field wins over the data set at the same place). Reading and parsing ~45,000 fields takes a few
/// tens of milliseconds: load once per process.
package enum AirfieldCatalog {
    /// A problem that leaves the catalog usable (a damaged CUP line, an unreadable CUP file).
    package struct Notice: Sendable, Equatable, CustomStringConvertible {
        package var file: String
        package var message: String
        package var description: String { "\(file): \(message)" }
    }

    package struct LoadError: Error, CustomStringConvertible {
        package var description: String
    }

    /// The system folder of pilots' CUP files (what `flightlog airfields import` fills when run as root):
    /// `/etc/flightlog/airfields`, or `$FLIGHTLOG_SYSTEM_AIRFIELDS` (tests, packaging).
    package static func systemDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["FLIGHTLOG_SYSTEM_AIRFIELDS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/flightlog/airfields"
    }

    /// The user's folder of CUP files: `airfields` in the user's config folder (``UserFolders``).
    package static func userDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        UserFolders.config(environment: environment).map { "\($0)/airfields" }
    }

    /// Where the data set file is, first match: `$FLIGHTLOG_AIRFIELD_DATA`; the SwiftPM resource bundle next to
    /// the executable (`flightlog_FlightLogStore.resources/airfields.tsv`, the build folder); `../share/flightlog/`
    /// next to the executable's folder (an install under a prefix); the source tree (tests, `swift run`).
    /// `Bundle.module` is not used: on Linux it stops the process when the bundle folder is missing.
    package static func dataSetPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let explicit = environment["FLIGHTLOG_AIRFIELD_DATA"], !explicit.isEmpty { return explicit }
        let executableDirectory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let candidates = [
            executableDirectory.appendingPathComponent("flightlog_FlightLogStore.resources/airfields.tsv").path,
            Bundle.main.bundleURL.appendingPathComponent("flightlog_FlightLogStore.resources/airfields.tsv").path,
            executableDirectory.deletingLastPathComponent().appendingPathComponent("share/flightlog/airfields.tsv")
                .path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data/airfields.tsv")
                .path,
        ]
        return candidates.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// The shipped data set's fields (with `runways`, their runways: only with a `region`).
    /// - Throws: ``LoadError`` when the file is missing or damaged (a broken install).
    package static func dataSet(
        path: String? = dataSetPath(), region: AirfieldDataSet.Region? = nil, runways: Bool = false
    ) throws(LoadError) -> [Airfield] {
        guard let path, let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(
                description: "the airfield data set is missing: reinstall flightlog (or set FLIGHTLOG_AIRFIELD_DATA)")
        }
        do {
            return try AirfieldDataSet.parse([UInt8](data), region: region, runways: runways)
        } catch {
            throw LoadError(description: "the airfield data set \(path) is damaged (\(error)): reinstall flightlog")
        }
    }

    /// The CUP files (`*.cup`, any case) of the folders, sorted by name; a folder that does not exist is skipped.
    package static func cupFiles(in directories: [String]) -> [String] {
        directories.flatMap { directory -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.filter { $0.lowercased().hasSuffix(".cup") }.sorted().map { "\(directory)/\($0)" }
        }
    }

    /// The pilots' fields from the CUP files, with a notice per unreadable file and per skipped line.
    package static func pilotFields(files: [String]) -> (fields: [Airfield], notices: [Notice]) {
        var fields: [Airfield] = []
        var notices: [Notice] = []
        for file in files {
            // Only a regular file: reading a FIFO dropped in the folder would hang every command that places flights.
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                notices.append(Notice(file: file, message: "is not a regular file; skipped"))
                continue
            }
            // Every command that places a flight reads these files: a huge one would slow each of them.
            guard info.st_size <= CUPReader.maxFileSize else {
                notices.append(Notice(file: file, message: "is over \(CUPReader.maxFileSize >> 20) MB; skipped"))
                continue
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                notices.append(Notice(file: file, message: "cannot be read; skipped"))
                continue
            }
            let result = CUPReader.read([UInt8](data))
            fields += result.airfields
            notices += result.warnings.map { Notice(file: file, message: "\($0); skipped") }
        }
        return (fields, notices)
    }

    /// The index of the data set and the pilots' CUP files of `directories` (default: system, then user); with
    /// `region`, only the data set's fields in it (and with `runways` their runways, for a map).
    package static func index(
        directories: [String] = [systemDirectory()] + [userDirectory()].compactMap { $0 },
        dataSetPath: String? = dataSetPath(), region: AirfieldDataSet.Region? = nil, runways: Bool = false
    ) throws(LoadError) -> (index: AirfieldIndex, notices: [Notice]) {
        let base = try dataSet(path: dataSetPath, region: region, runways: runways)
        let pilots = pilotFields(files: cupFiles(in: directories))
        return (AirfieldIndex(dataSet: base, pilots: pilots.fields, region: region), pilots.notices)
    }
}
