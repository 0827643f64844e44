import FlightLogAirspace
import FlightLogCore

/// One OpenAir file the pilot imported (`flightlog airspace import`), kept byte for byte under its file name.
package struct AirspaceFile: Sendable {
    package var name: String
    package var bytes: [UInt8]
    /// Machine clock, ms since 1970.
    package var importedAt: UTCMillis

    package init(name: String, bytes: [UInt8], importedAt: UTCMillis) {
        self.name = name
        self.bytes = bytes
        self.importedAt = importedAt
    }

    /// The file read now (a few ms for a country's file): the reader is the one interpreter of the kept bytes.
    package var contents: OpenAirReader.Result { OpenAirReader.read(bytes, file: name) }

    /// `flightlog airspace import`'s check before anything is stored: the file to keep and what the reader found
    /// in it (its warnings name the lines it skipped), or `nil` when it holds no airspace (nothing is kept, so the
    /// logbook is not even opened).
    package static func reading(name: String, bytes: [UInt8], importedAt: UTCMillis) -> (
        file: AirspaceFile, contents: OpenAirReader.Result
    )? {
        let contents = OpenAirReader.read(bytes)
        guard !contents.airspaces.isEmpty else { return nil }
        return (AirspaceFile(name: name, bytes: bytes, importedAt: importedAt), contents)
    }
}

/// Where a logbook keeps its OpenAir files: this glider's SQLite file or the club's PostgreSQL logbook
/// (`flightlog airspace … --database postgres://…`), so that `airspace import`, `list` and `remove` are one run
/// over either.
package protocol AirspaceStore: Sendable {
    /// Stores `file`, replacing a file of the same name. - Returns: whether one was replaced.
    func storeAirspaceFile(_ file: AirspaceFile) async throws(LogbookError) -> Bool
    /// Every kept file, by name.
    func airspaceFiles() async throws(LogbookError) -> [AirspaceFile]
    /// Removes the file `name`. - Returns: whether there was one.
    func removeAirspaceFile(named name: String) async throws(LogbookError) -> Bool
}
