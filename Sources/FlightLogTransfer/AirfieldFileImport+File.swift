import FlightLogCore
import FlightLogText

extension AirfieldFileImport {
    /// Reads a file users name, at most `maxBytes` (FlightLogConfigFile's `InputFile.read`): nil when it cannot be
    /// read, a thrown error when it is not a regular file or too big.
    package typealias ReadFile = (_ path: String, _ maxBytes: Int) throws -> [UInt8]?

    /// `flightlog airfields import FILE`: reads the CUP file at `path` (at most 32 MiB) and installs it into
    /// `directory` (nil: no home folder), each damaged line said to `warn`; every failure is one terminal-safe line.
    package static func installFile(
        _ path: String, readFile: ReadFile, into directory: String?, warn: (String) -> Void
    ) throws(TransferRefusal) -> Result {
        let data: [UInt8]?
        do {
            data = try readFile(path, 32 << 20)
        } catch {
            throw TransferRefusal(terminalSafe("\(error)"))
        }
        guard let data else {
            throw TransferRefusal("cannot read \(terminalSafe(path)): check that the file exists and is readable")
        }
        guard let directory else { throw TransferRefusal("cannot find your home folder: set HOME") }
        do {
            return try install(data, from: path, into: directory) { warning in
                warn("\(terminalSafe(path)): warning: \(terminalSafe(warning.description)); skipped")
            }
        } catch {
            throw TransferRefusal(terminalSafe(error.description))
        }
    }
}
