import Crypto
import FlightLogCore
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This device's Ed25519 signing key (swift-crypto `Curve25519.Signing`), kept beside the database.
///
/// Files: `signing.key` = the 32-byte private key (raw seed), mode 0600, readable only by the user flightlogd runs
/// as; `signing.pub` beside it = the public key as 64 lower-case hex digits and a newline, mode 0644, for
/// `flightlog verify` and for publishing. A key is made once (the first start of flightlogd, or the first export
/// for a logbook without one) and never replaced: a key file with group/other permissions or the wrong size is
/// refused, never overwritten.
package struct DeviceKey: Sendable {
    package static let fileName = "signing.key"
    package static let publicFileName = "signing.pub"
    package static let size = 32

    let privateKey: Curve25519.Signing.PrivateKey

    package init(rawRepresentation: [UInt8]) throws(SecurityError) {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: rawRepresentation) else {
            throw SecurityError("an Ed25519 private key has \(Self.size) bytes, not \(rawRepresentation.count)")
        }
        privateKey = key
    }

    private init(privateKey: Curve25519.Signing.PrivateKey) { self.privateKey = privateKey }

    /// A new random key (not stored).
    package static func generate() -> DeviceKey { DeviceKey(privateKey: Curve25519.Signing.PrivateKey()) }

    /// The 32-byte public key.
    package var publicKey: [UInt8] { Array(privateKey.publicKey.rawRepresentation) }
    package var publicKeyHex: String { Hex.encode(publicKey) }

    /// The 64-byte Ed25519 signature of `bytes`; `nil` only if BoringSSL fails (never seen).
    package func signature(for bytes: [UInt8]) -> [UInt8]? {
        (try? privateKey.signature(for: bytes)).map { Array($0) }
    }

    // MARK: Files

    /// `signing.key` in the folder of the database (`/var/lib/flightlog/signing.key` for the recorder).
    package static func path(besideDatabase databasePath: String) -> String {
        URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent(fileName).path
    }

    /// `signing.pub` beside the key file.
    package static func publicKeyPath(forKeyAt keyPath: String) -> String {
        URL(fileURLWithPath: keyPath).deletingLastPathComponent().appendingPathComponent(publicFileName).path
    }

    /// The key at `path`, made first when there is no file (`created`). Also writes `signing.pub` when it is
    /// missing or names another key (a failure to write it only matters for a new key: then it throws).
    /// Two processes starting at once get the same key: the new file is linked into place, never renamed over one.
    /// - Throws: ``SecurityError`` for a key file that cannot be read or is refused (see ``load(at:)``), or a new
    ///   key that cannot be stored.
    package static func loadOrCreate(at path: String) throws(SecurityError) -> (key: DeviceKey, created: Bool) {
        var created = false
        let key: DeviceKey
        if let existing = try loadIfPresent(at: path) {
            key = existing
        } else {
            let fresh = generate()
            if try KeyFiles.store(Array(fresh.privateKey.rawRepresentation), to: path, mode: 0o600, replace: false) {
                key = fresh
                created = true
            } else if let other = try loadIfPresent(at: path) {  // another process made it first
                key = other
            } else {
                throw SecurityError("\(path) vanished while it was made: start again")
            }
        }
        let publicPath = publicKeyPath(forKeyAt: path)
        let publicText = Array((key.publicKeyHex + "\n").utf8)
        if (try? KeyFiles.readPublic(publicPath, maxBytes: 4096)) != publicText {
            do {
                _ = try KeyFiles.store(publicText, to: publicPath, mode: 0o644, replace: true)
            } catch  where created {
                throw error
            } catch {}
        }
        return (key, created)
    }

    /// The key at `path`.
    /// - Throws: ``SecurityError`` when there is no such file, it cannot be read (a user other than flightlogd's),
    ///   it is readable or writable by group or others, or it is not a 32-byte key.
    package static func load(at path: String) throws(SecurityError) -> DeviceKey {
        guard let key = try loadIfPresent(at: path) else {
            throw SecurityError("no signing key at \(path): flightlogd makes it on its first start")
        }
        return key
    }

    /// The signer for IGC files exported from the logbook at `databasePath`: the key beside it, made now when
    /// there is none (a logbook without flightlogd). When it cannot be read or made (`flightlog export` run by a
    /// user other than flightlogd's), `signer` is nil and `problem` says why: the file is then written unsigned.
    package static func exportSigner(databasePath: String) -> (signer: IGCSigner?, problem: String?) {
        do {
            return (IGCSignature.signer(try loadOrCreate(at: path(besideDatabase: databasePath)).key), nil)
        } catch {
            return (nil, error.description)
        }
    }

    /// `nil` when there is no file at `path`.
    static func loadIfPresent(at path: String) throws(SecurityError) -> DeviceKey? {
        guard let bytes = try KeyFiles.readPrivate(path, size: size) else { return nil }
        return try DeviceKey(rawRepresentation: bytes)
    }
}

/// The module's one error type: one line saying what went wrong and what to do.
package struct SecurityError: Error, CustomStringConvertible, Equatable {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Public keys as `flightlog verify` takes them.
package enum PublicKeyText {
    /// `text` as a public key: 64 hex digits, or the path of a `.pub` file holding them.
    /// - Throws: ``SecurityError`` when it is neither.
    package static func parse(_ text: String) throws(SecurityError) -> [UInt8] {
        if let key = Hex.decode(text), key.count == DeviceKey.size { return key }
        guard FileManager.default.fileExists(atPath: text) else {
            throw SecurityError("--key \(text) is neither 64 hex digits nor an existing .pub file: give one of them")
        }
        return try read(text)
    }

    /// The key in a `.pub` file (64 hex digits, surrounding white space ignored).
    /// - Throws: ``SecurityError`` when it cannot be read or holds anything else.
    package static func read(_ path: String) throws(SecurityError) -> [UInt8] {
        let text = String(decoding: try KeyFiles.readPublic(path, maxBytes: 4096), as: UTF8.self)
        guard let key = Hex.decode(text.trimmingCharacters(in: .whitespacesAndNewlines)), key.count == DeviceKey.size
        else {
            throw SecurityError(
                "\(path) does not hold a public key (64 hex digits): give another file or the key itself")
        }
        return key
    }
}

/// The device key's signer for an export of many files, loaded at the first file we write (an export of only
/// imported originals never reads the key) and reused, so the key is read, and a problem reported, once. Safe to
/// share (a `Mutex` guards the loading), so an exporter's logbook source may hold it.
package final class LazySigner: @unchecked Sendable {
    private let load: () -> IGCSigner?
    private let loaded = Mutex<IGCSigner??>(nil)

    package init(_ load: @escaping () -> IGCSigner?) { self.load = load }

    package func callAsFunction() -> IGCSigner? {
        loaded.withLock { loaded in
            if let loaded { return loaded }
            let signer = load()
            loaded = .some(signer)
            return signer
        }
    }
}

extension LazySigner {
    /// The device key's signer (`signing.key` beside `databasePath`); when the files go out unsigned, `warn` gets
    /// one line saying why, `files` naming them ("IGC files written", "IGC files sent"). `export` and `upload`.
    package static func device(databasePath: String, files: String, warn: @escaping (String) -> Void) -> LazySigner {
        LazySigner {
            let (signer, problem) = DeviceKey.exportSigner(databasePath: databasePath)
            if let problem { warn("warning: \(files) without G record (unsigned): \(problem)") }
            return signer
        }
    }
}
