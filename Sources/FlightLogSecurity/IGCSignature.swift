import Crypto
import FlightLogCore

/// flightlog's IGC security record: an Ed25519 signature by the device key.
///
/// Format (written by `IGCWriter` with ``signer(_:)``):
/// - `LXFLSIGNKEY <64 upper-case hex digits>`: the signing public key, the first L record after the I record (so
///   before every B record and covered by the signature).
/// - The G record, last: the 64-byte Ed25519 signature of every byte before the first G line (from the `A` of
///   line 1 through the CR LF before `G`), as 128 upper-case hex digits on two lines `G` + 64 digits + CR LF.
///
/// Verification is strict: G lines must be exactly that (upper-case hex, CR LF), so any changed byte before or in
/// them is found. Lines after the G record (IGC allows L records there) are not covered.
package enum IGCSignature {
    /// The L record text after `LXFL` that names the key.
    package static let keyTag = "SIGNKEY "
    /// Hex digits per G line.
    static let digitsPerLine = 64

    /// Signs a file as `IGCWriter` writes it.
    package static func signer(_ key: DeviceKey) -> IGCSigner {
        IGCSigner(keyComment: keyTag + Hex.encode(key.publicKey, upperCase: true)) { bytes in
            // A failure to sign (never seen) leaves the file without G record: verify then says "unsigned".
            guard let signature = key.signature(for: bytes) else { return [] }
            let hex = Array(Hex.encode(signature, upperCase: true))
            return stride(from: 0, to: hex.count, by: digitsPerLine).map {
                String(hex[$0..<min($0 + digitsPerLine, hex.count)])
            }
        }
    }

    /// What a file's security record says, checked against `trustedKey` (this device's public key; `nil` when
    /// there is none). Takes the bytes, so a stored file verifies as well as one on disk.
    package static func verify(_ bytes: [UInt8], trustedKey: [UInt8]?) -> IGCVerification {
        let parts = Parts(bytes)
        guard parts.keyText != nil || parts.maker == IGCWriter.manufacturer else {
            return parts.maker.map { .otherRecorder(maker: $0) } ?? .notIGC
        }
        guard let gStart = parts.gStart else { return .unsigned }
        let signed = Array(bytes[..<gStart])
        guard let keyText = parts.keyText else {
            // flightlog before the signature: SHA-256 of the same bytes as 64 hex digits on two G lines.
            guard let digest = parts.gText, digest.count == 64, let recorded = Hex.decode(digest, upperCaseOnly: true)
            else { return .changed }
            return .unkeyedChecksum(intact: recorded == Digest.sha256(signed))
        }
        guard let key = Hex.decode(keyText), key.count == 32, let gText = parts.gText,
            let signature = Hex.decode(gText, upperCaseOnly: true), signature.count == 64,
            let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: key),
            publicKey.isValidSignature(signature, for: signed)
        else { return .changed }
        return key == trustedKey ? .valid(key: key) : .otherKey(key: key)
    }

    /// The pieces of a file verification needs, found in one pass over its lines.
    struct Parts {
        /// Bytes 1..<4 of the first A record.
        var maker: String?
        /// The hex after the first `LXFLSIGNKEY ` before the G record.
        var keyText: String?
        /// Offset of the first line starting with `G`.
        var gStart: Int?
        /// The G lines' digits joined; `nil` when any G line is not `G` + upper-case hex + CR LF.
        var gText: String?

        init(_ bytes: [UInt8]) {
            let keyPrefix = Array(("L" + IGCWriter.manufacturer + keyTag).utf8)
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                var content = bytes[start..<end]
                if content.last == 0x0D { content = content.dropLast() }
                if content.first == UInt8(ascii: "G") {
                    gStart = start
                    gText = Self.gDigits(bytes[start...])
                    return
                }
                if maker == nil, content.first == UInt8(ascii: "A") {
                    maker = String(decoding: content.dropFirst().prefix(3), as: UTF8.self)
                }
                if keyText == nil, content.starts(with: keyPrefix) {
                    keyText = String(decoding: content.dropFirst(keyPrefix.count), as: UTF8.self)
                }
                start = end + 1
            }
        }

        /// The digits of consecutive G lines from the start of `rest`, or `nil` for any malformed one.
        static func gDigits(_ rest: ArraySlice<UInt8>) -> String? {
            var digits: [UInt8] = []
            var index = rest.startIndex
            while index < rest.endIndex, rest[index] == UInt8(ascii: "G") {
                guard let lf = rest[index...].firstIndex(of: 0x0A), lf - index >= 2, rest[lf - 1] == 0x0D else {
                    return nil
                }
                let line = rest[(index + 1)..<(lf - 1)]
                guard line.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }) else { return nil }
                digits += line
                index = lf + 1
            }
            return String(decoding: digits, as: UTF8.self)
        }
    }
}

/// The answer of ``IGCSignature/verify(_:trustedKey:)``.
package enum IGCVerification: Equatable, Sendable {
    /// Signed by the trusted key and unchanged.
    case valid(key: [UInt8])
    /// Unchanged since another flightlog key (this one) signed it.
    case otherKey(key: [UInt8])
    /// A flightlog file whose signature does not match its bytes (or whose security record is damaged).
    case changed
    /// Another manufacturer's file (its A record): only that maker's validation program can check it.
    case otherRecorder(maker: String)
    /// A flightlog file without G record.
    case unsigned
    /// A file from flightlog before signing: a SHA-256 checksum anyone can recompute.
    case unkeyedChecksum(intact: Bool)
    /// Neither an A record nor a key: not an IGC file.
    case notIGC

    /// `flightlog verify`'s exit status: 0 valid, 2 another flightlog key, 3 another recorder's file, else 1.
    package var exitStatus: Int32 {
        switch self {
        case .valid: 0
        case .otherKey: 2
        case .otherRecorder: 3
        case .changed, .unsigned, .unkeyedChecksum, .notIGC: 1
        }
    }

    /// The one line `flightlog verify` prints; `keyGiven` when the trusted key came from `--key`, not this device.
    package func message(keyGiven: Bool = false) -> String {
        switch self {
        case .valid(let key):
            "valid: signed by \(keyGiven ? "the key given" : "this device") (key \(Hex.encode(key.prefix(8)))…)"
        case .otherKey(let key):
            "intact, but signed by another flightlog key, not \(keyGiven ? "the one given" : "this device's"): \(Hex.encode(key)); "
                + "if you trust that recorder, check with --key \(Hex.encode(key))"
        case .changed:
            "changed after it was signed: the G record does not match the file's content"
        case .otherRecorder(let maker):
            "another recorder's file (maker \(maker)): its G record can only be checked with that maker's validation program"
        case .unsigned:
            "unsigned: no G record (exported without this device's key, or the G lines were removed)"
        case .unkeyedChecksum(let intact):
            "unsigned: an older flightlog's SHA-256 checksum (\(intact ? "it matches" : "it does not match")), "
                + "which anyone can recompute; export the flight again to sign it"
        case .notIGC:
            "not an IGC file: no A record"
        }
    }
}
