import FlightLogTestSupport
import Foundation
import Synchronization
import Testing

@testable import FlightLogSecurity

/// The device key's files: made once (0600, 32 bytes) with its public key beside it, reused across restarts,
/// refused (never replaced) when unsafe.
@Suite struct DeviceKeyTests {
    static func folder() throws -> URL {
        try makeTemporaryDirectory("flightlog-key")
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func madeOnceWithMode0600AndReusedAcrossRestarts() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = DeviceKey.path(besideDatabase: dir.appendingPathComponent("flightlog.sqlite").path)
        #expect(path == dir.appendingPathComponent("signing.key").path)
        let first = try DeviceKey.loadOrCreate(at: path)
        #expect(first.created)
        #expect(try Self.mode(path) == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 32)
        let publicPath = DeviceKey.publicKeyPath(forKeyAt: path)
        #expect(try String(contentsOfFile: publicPath, encoding: .utf8) == first.key.publicKeyHex + "\n")
        #expect(try Self.mode(publicPath) == 0o644)
        #expect(try PublicKeyText.read(publicPath) == first.key.publicKey)

        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for _ in 0..<3 {  // restarts
            let again = try DeviceKey.loadOrCreate(at: path)
            #expect(!again.created)
            #expect(again.key.publicKey == first.key.publicKey)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "never regenerated")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["signing.key", "signing.pub"],
            "no temporary file left")

        // A deleted public key file comes back on the next start.
        try FileManager.default.removeItem(atPath: publicPath)
        _ = try DeviceKey.loadOrCreate(at: path)
        #expect(try PublicKeyText.read(publicPath) == first.key.publicKey)
    }

    @Test func processesStartingAtOnceGetOneKey() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("signing.key").path
        let results = Mutex<[(key: [UInt8], created: Bool)]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let made = try? DeviceKey.loadOrCreate(at: path) {
                results.withLock { $0.append((made.key.publicKey, made.created)) }
            }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 8)
        #expect(Set(all.map { Hex.encode($0.key) }).count == 1)
        #expect(all.filter { $0.created }.count == 1)
    }

    @Test(arguments: [0o640, 0o604, 0o660, 0o700])
    func aKeyOpenToGroupOrOthersIsRefusedAndKept(mode: Int) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("signing.key").path
        let made = try DeviceKey.loadOrCreate(at: path).key
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        if mode & 0o077 != 0 {
            let error = #expect(throws: SecurityError.self) { try DeviceKey.loadOrCreate(at: path) }
            #expect(error?.description.contains("chmod 600") == true, "\(String(describing: error))")
            #expect(DeviceKey.exportSigner(databasePath: dir.appendingPathComponent("f.sqlite").path).signer == nil)
        } else {
            #expect(try DeviceKey.load(at: path).publicKey == made.publicKey)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "the file is left as it was")
    }

    @Test(arguments: [0, 31, 33, 64])
    func aKeyOfTheWrongSizeIsRefusedAndKept(size: Int) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("signing.key").path
        let bytes = Data(repeating: 7, count: size)
        #expect(FileManager.default.createFile(atPath: path, contents: bytes, attributes: [.posixPermissions: 0o600]))
        let error = #expect(throws: SecurityError.self) { try DeviceKey.loadOrCreate(at: path) }
        #expect(error?.description.contains("has \(size) bytes") == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aSymbolicLinkIsRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("elsewhere.key").path
        _ = try DeviceKey.loadOrCreate(at: real)
        let path = dir.appendingPathComponent("signing.key").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: real)
        #expect(throws: SecurityError.self) { try DeviceKey.load(at: path) }
    }

    @Test func publicKeysAreTakenAsHexOrPubFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = DeviceKey.generate()
        #expect(try PublicKeyText.parse(key.publicKeyHex) == key.publicKey)
        #expect(try PublicKeyText.parse(key.publicKeyHex.uppercased()) == key.publicKey)
        let file = dir.appendingPathComponent("club.pub")
        try Data((" " + key.publicKeyHex + "\n").utf8).write(to: file)
        #expect(try PublicKeyText.parse(file.path) == key.publicKey)
        #expect(throws: SecurityError.self) { try PublicKeyText.parse("abcd") }
        try Data("not a key\n".utf8).write(to: file)
        #expect(throws: SecurityError.self) { try PublicKeyText.parse(file.path) }
    }
}
