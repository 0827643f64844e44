import Crypto
import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogSecurity

/// The Ed25519 security record: what it covers, and that verify tells valid, changed, another key, another
/// recorder and unsigned apart.
@Suite struct IGCSignatureTests {
    static let key = DeviceKey.generate()
    static let start: UTCMillis = 1_721_037_600_000  // 2024-07-15 10:00:00 UTC

    /// A small signed file: header, I record, the key's L record, a launch comment, three B records, one fault
    /// L record among them, the G record.
    static func file(signedBy key: DeviceKey = key) -> [UInt8] {
        let fixes = (0..<3).map {
            Fix(
                time: start + Int64($0) * 1000, isValid: true, latitudeE7: 511_900_000, longitudeE7: 10_300_000,
                pressureAltitudeDm: 1200 + Int32($0), gnssAltitudeDm: 1700, extensions: "00509")
        }
        return IGCWriter.write(
            fixes: fixes, extensions: [FixExtension(code: "FXA", length: 3), FixExtension(code: "SIU", length: 2)],
            headers: IGCHeaderValues(pilot: "Müller", pressureSensor: "Bosch,BMP388,max9000m"), serial: "ABC",
            flightNumberOfDay: 1, comments: ["LAUNCH WINCH"], timedComments: [(start + 1000, "GPS LOST 100001-100001")],
            signer: IGCSignature.signer(key))
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    static func gStart(_ bytes: [UInt8]) throws -> Int {
        try #require(IGCSignature.Parts(bytes).gStart)
    }

    @Test func aSignedFileVerifiesAndHasTheDocumentedShape() throws {
        let bytes = Self.file()
        #expect(IGCSignature.verify(bytes, trustedKey: Self.key.publicKey) == .valid(key: Self.key.publicKey))
        let all = Self.lines(bytes)
        let i = try #require(all.firstIndex { $0.hasPrefix("I") })
        #expect(all[i + 1] == "LXFLSIGNKEY " + Self.key.publicKeyHex.uppercased())
        #expect(i + 1 < all.firstIndex { $0.hasPrefix("B") }!, "the key is named before the first B record")
        let g = all.filter { $0.hasPrefix("G") }
        #expect(g.count == 2 && Array(all.suffix(2)) == g)
        #expect(g.allSatisfy { $0.count == 65 && $0.dropFirst().allSatisfy { "0123456789ABCDEF".contains($0) } })
        // The G lines are the signature of every byte before them.
        let signature = try #require(Hex.decode(g.map { $0.dropFirst() }.joined()))
        let publicKey = try Curve25519.Signing.PublicKey(rawRepresentation: Self.key.publicKey)
        #expect(publicKey.isValidSignature(signature, for: Array(bytes[..<(try Self.gStart(bytes))])))
        #expect(all.allSatisfy { $0.utf8.count <= 99 })
    }

    @Test("every single changed byte before the G record is found, one at a time, three ways of changing it")
    func everyByteBeforeTheGRecord() throws {
        let bytes = Self.file()
        let end = try Self.gStart(bytes)
        var missed: [String] = []
        for index in 0..<end {
            for flip: UInt8 in [0x01, 0x20, 0x80] {
                var changed = bytes
                changed[index] ^= flip
                let verdict = IGCSignature.verify(changed, trustedKey: Self.key.publicKey)
                if verdict != .changed { missed.append("byte \(index) ^ \(flip): \(verdict)") }
            }
        }
        #expect(end > 400)
        #expect(missed.isEmpty, "\(missed.prefix(5))")
    }

    @Test("every changed byte of the G lines (digits, G, CR, LF) is found")
    func everyByteOfTheGRecord() throws {
        let bytes = Self.file()
        var missed: [Int] = []
        for index in (try Self.gStart(bytes))..<bytes.count {
            for flip: UInt8 in [0x01, 0x20] {
                var changed = bytes
                changed[index] ^= flip
                if IGCSignature.verify(changed, trustedKey: Self.key.publicKey) != .changed { missed.append(index) }
            }
        }
        #expect(missed.isEmpty, "\(missed)")
    }

    @Test func anotherDevicesKeyIsNamedNotCalledChanged() {
        let other = DeviceKey.generate()
        let bytes = Self.file(signedBy: other)
        #expect(IGCSignature.verify(bytes, trustedKey: Self.key.publicKey) == .otherKey(key: other.publicKey))
        #expect(IGCSignature.verify(bytes, trustedKey: nil) == .otherKey(key: other.publicKey))
        #expect(IGCSignature.verify(bytes, trustedKey: other.publicKey) == .valid(key: other.publicKey))
        let message = IGCVerification.otherKey(key: other.publicKey).message()
        #expect(message.contains(other.publicKeyHex) && message.contains("--key"))
    }

    @Test func aSignatureMovedToAnotherKeyLineIsChanged() throws {
        // Someone edits a file and names their own key: the old signature does not match it.
        let other = DeviceKey.generate()
        let text = String(decoding: Self.file(), as: UTF8.self)
            .replacingOccurrences(of: Self.key.publicKeyHex.uppercased(), with: other.publicKeyHex.uppercased())
        #expect(IGCSignature.verify(Array(text.utf8), trustedKey: Self.key.publicKey) == .changed)
    }

    @Test func withoutGRecordItIsUnsigned() throws {
        let bytes = Self.file()
        let cut = Array(bytes[..<(try Self.gStart(bytes))])
        #expect(IGCSignature.verify(cut, trustedKey: Self.key.publicKey) == .unsigned)
        #expect(IGCVerification.unsigned.exitStatus == 1)
        #expect(IGCSignature.verify(Array("no A record\r\n".utf8), trustedKey: nil) == .notIGC)
    }

    @Test("a file of flightlog before signing: its SHA-256 checksum is recognised, matching or not, and never valid")
    func olderChecksum() throws {
        let body = Array("AXFLABC\r\nHFDTEDATE:150724,01\r\nB1000005111400N00101800WA001200017000509\r\n".utf8)
        let digest = Hex.encode(Digest.sha256(body), upperCase: true)
        let file = body + Array("G\(digest.prefix(32))\r\nG\(digest.suffix(32))\r\n".utf8)
        #expect(IGCSignature.verify(file, trustedKey: Self.key.publicKey) == .unkeyedChecksum(intact: true))
        var edited = file
        edited[30] ^= 0x01
        #expect(IGCSignature.verify(edited, trustedKey: Self.key.publicKey) == .unkeyedChecksum(intact: false))
        #expect(IGCVerification.unkeyedChecksum(intact: true).exitStatus == 1)
    }

    @Test(
        "the shared real flights are other recorders' files", .enabled(if: SharedFlights.available),
        arguments: SharedFlights.files().map(\.lastPathComponent))
    func sharedFlights(name: String) throws {
        let bytes = try SharedFlights.bytes(name)
        let verdict = IGCSignature.verify(bytes, trustedKey: Self.key.publicKey)
        guard case .otherRecorder(let maker) = verdict else {
            Issue.record("\(name): \(verdict)")
            return
        }
        #expect(maker == String(decoding: bytes.drop { $0 != UInt8(ascii: "A") }.dropFirst().prefix(3), as: UTF8.self))
        #expect(verdict.exitStatus == 3)
        #expect(verdict.message().contains("another recorder's file (maker \(maker))"))
    }
}
