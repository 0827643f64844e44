import FlightLogCore
import FlightLogStore
import Foundation

/// `flightlog airfields import`: a pilot's SeeYou CUP file, checked by the tolerant reader and kept byte for byte
/// among the files ``AirfieldCatalog`` reads (the damaged lines it skips are skipped again on every read).
package enum AirfieldFileImport {
    /// What an import did.
    package struct Result: Sendable {
        /// Where the file was written.
        package var path: String
        /// A file of that name was there before and was replaced.
        package var replaced: Bool
        /// The airfields read (SeeYou styles 2–5) and the damaged lines skipped.
        package var read: CUPReader.Result
    }

    /// Why nothing was imported, as one line that says what to do.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The folder a CUP file goes to: the system's (for every user and flightlogd) when run as root, else the
    /// user's; `nil` without a home folder.
    package static func directory(asRoot: Bool) -> String? {
        asRoot ? AirfieldCatalog.systemDirectory() : AirfieldCatalog.userDirectory()
    }

    /// Reads `bytes`, the file at `source` (each damaged line to `skipped` first), and when they hold an airfield
    /// writes them completely or not at all into `directory` (made when missing) under the file's own name, `.cup`
    /// added when it lacks it; a file of that name there is replaced.
    package static func install(
        _ bytes: [UInt8], from source: String, into directory: String, skipped: (CUPReader.Warning) -> Void
    ) throws(Failure) -> Result {
        let read = CUPReader.read(bytes)
        read.warnings.forEach(skipped)
        guard !read.airfields.isEmpty else {
            throw Failure(
                description:
                    "\(source) has no airfields (SeeYou styles 2-5); nothing imported — is it a CUP waypoint file?")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create the folder \(directory): check its permissions")
        }
        var name = (source as NSString).lastPathComponent
        if !name.lowercased().hasSuffix(".cup") { name += ".cup" }
        let target = (directory as NSString).appendingPathComponent(name)
        let replaced = FileManager.default.fileExists(atPath: target)
        do {
            try AtomicFile.write(bytes, to: target)
        } catch {
            throw Failure(description: error.description)
        }
        return Result(path: target, replaced: replaced, read: read)
    }
}
