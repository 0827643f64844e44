import FlightLogAirspace
import FlightLogCore
import Synchronization

/// The imported airspace, read once and kept while its files stay the same: `flightlog serve` reads it for every
/// flight page, and a country's files take tens of milliseconds to load and parse. Each use first asks for the
/// files' ``Stamp``s (a query that reads no file bytes); when they differ from the kept ones (`airspace import`
/// or `remove` meanwhile, by any process), the files are read and parsed again, so the next page shows the change.
/// The parsed airspace of a country costs a few MB of memory.
package final class AirspaceCache: Sendable {
    /// What tells one kept file from another: its name, when it was imported, and its size.
    package struct Stamp: Hashable, Sendable {
        package var name: String
        package var importedAt: UTCMillis
        package var size: Int

        /// The stamp in a logbook's row: the file's name, import time and length in bytes (no file bytes read).
        package init(row: (name: String, importedAt: UTCMillis, size: Int)) { (name, importedAt, size) = row }

        /// The stamp of a file read whole.
        package init(_ file: AirspaceFile) { self.init(row: (file.name, file.importedAt, file.bytes.count)) }
    }

    private let held = Mutex<(stamps: [Stamp], airspaces: [Airspace], loads: Int)?>(nil)
    /// How many times the files were read and parsed (for tests).
    package var loads: Int { held.withLock { $0?.loads ?? 0 } }

    package init() {}

    /// The airspace of the files `stamps` describe: the kept airspace when they are the ones it was read from,
    /// else `load()`'s files (their bytes, in the stamps' order) parsed and kept.
    package func airspaces<E: Error>(stamps: [Stamp], load: () throws(E) -> [[UInt8]]) throws(E) -> [Airspace] {
        if let airspaces = kept(stamps) { return airspaces }
        return keep(stamps.isEmpty ? [] : try load(), stamps: stamps)
    }

    /// The kept airspace, when it was read from the files `stamps` describe.
    package func kept(_ stamps: [Stamp]) -> [Airspace]? {
        held.withLock { $0?.stamps == stamps ? $0?.airspaces : nil }
    }

    /// Parses `files` (the bytes of the files `stamps` describe) and keeps their airspace.
    package func keep(_ files: [[UInt8]], stamps: [Stamp]) -> [Airspace] {
        let airspaces = zip(files, stamps).flatMap { OpenAirReader.read($0, file: $1.name).airspaces }
        held.withLock { $0 = (stamps, airspaces, ($0?.loads ?? 0) + 1) }
        return airspaces
    }
}
