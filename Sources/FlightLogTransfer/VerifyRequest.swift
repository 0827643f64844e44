import FlightLogCore
import FlightLogSecurity
import FlightLogStore
import FlightLogText
import Foundation

/// `flightlog verify FILE|ID`: which bytes to check and which key to trust.
package struct VerifyRequest {
    /// Reads a file users name, at most `maxBytes` (FlightLogConfigFile's `InputFile.read`): nil when it cannot be
    /// read, a thrown error when it is not a regular file or too big.
    package typealias ReadFile = (_ path: String, _ maxBytes: Int) throws -> [UInt8]?

    /// The logbook's database; the device key's public half is beside it.
    package var databasePath: String
    /// `--key`: 64 hex digits or a `.pub` file.
    package var key: String?

    package init(databasePath: String, key: String?) {
        self.databasePath = databasePath
        self.key = key
    }

    /// `flightlog verify`: the verdict on `file` (a file or a flight id, ``bytes(of:readFile:store:config:note:)``)
    /// against `key`, else this device's (``trustedKey(note:)``), to `say`, and its exit status; without a `file`,
    /// this device's public key (`--print-key`, ``devicePublicKey()``). Notes go to `warn`.
    package static func run(
        file: String?, key: String?, location: LogbookLocation, readFile: ReadFile, say: (String) -> Void,
        warn: (String) -> Void
    ) throws -> Int32 {
        let request = VerifyRequest(databasePath: try location.databasePath(warn: warn), key: key)
        guard let file else {
            say(try request.devicePublicKey())
            return 0
        }
        let bytes = try request.bytes(
            of: file, readFile: readFile, store: { try location.open(.readOnly, warn: warn) },
            config: { try location.loadConfig(warn: warn) }, note: warn)
        let result = IGCSignature.verify(bytes, trustedKey: try request.trustedKey(note: warn))
        say(result.message(keyGiven: key != nil))
        return result.exitStatus
    }

    /// This device's public key file.
    package var publicKeyPath: String {
        DeviceKey.publicKeyPath(forKeyAt: DeviceKey.path(besideDatabase: databasePath))
    }

    /// The bytes of `argument`: a file, or (a number that names no file) the IGC file of that flight as
    /// `export --igc` gives it, signed when this user can read the key (else `note` says it is unsigned).
    package func bytes(
        of argument: String, readFile: ReadFile, store: () throws -> FlightStore, config: () throws -> FlightLogConfig,
        note: (String) -> Void
    ) throws -> [UInt8] {
        if let id = Int64(argument), !FileManager.default.fileExists(atPath: argument) {
            let databasePath = databasePath
            return try igcExport(flightId: id, store: store(), config: config()) {
                let (signer, problem) = DeviceKey.exportSigner(databasePath: databasePath)
                if let problem { note("note: the file written now is unsigned: \(problem)") }
                return signer
            }.bytes
        }
        let data: [UInt8]?
        do {
            data = try readFile(argument, IGCReader.maxFileSize)
        } catch {
            throw TransferRefusal(terminalSafe("\(error)"))
        }
        guard let data else {
            throw TransferRefusal("cannot read \(argument): check the name and that you may read it")
        }
        return data
    }

    /// `--key`, else this device's public key, else none (and `note` says so).
    package func trustedKey(note: (String) -> Void) throws -> [UInt8]? {
        if let key { return try PublicKeyText.parse(key) }
        if FileManager.default.fileExists(atPath: publicKeyPath) { return try PublicKeyText.read(publicKeyPath) }
        note("note: no public key of this device at \(publicKeyPath) (give --key to name the one to trust)")
        return nil
    }

    /// `--print-key`: this device's public key, 64 hex digits.
    package func devicePublicKey() throws -> String {
        guard FileManager.default.fileExists(atPath: publicKeyPath) else {
            throw TransferRefusal(
                "no public key at \(publicKeyPath): flightlogd makes the device key on its first start")
        }
        return Hex.encode(try PublicKeyText.read(publicKeyPath))
    }
}
