import FlightLogCore
import FlightLogSecurity

/// A file from anywhere through `flightlog verify` (IGCSignature.verify): shared by the `verify` libFuzzer target
/// (Fuzz/verify.swift) and VerifyFuzzRegressionTests. Returns the violation of an invariant, nil when none.
enum VerifyFuzzPipeline {
    static let key = try! DeviceKey(rawRepresentation: Array(repeating: 7, count: 32))

    static func run(_ bytes: [UInt8]) -> String? {
        let result = IGCSignature.verify(bytes, trustedKey: key.publicKey)
        if IGCSignature.verify(bytes, trustedKey: key.publicKey) != result { return "two answers for one file" }
        if case .valid(let signer) = result, signer != key.publicKey { return "valid under a key not trusted" }
        if result.message().isEmpty || result.message().contains("\n") { return "not one line: \(result)" }
        // The same bytes written and signed by us verify as valid; one byte changed in the signed part never does.
        let lines = bytes.split(separator: UInt8(ascii: "\n")).prefix(20).map { String(decoding: $0, as: UTF8.self) }
        let ours = IGCWriter.write(
            fixes: [], extensions: [], headers: IGCHeaderValues(pilot: lines.first), serial: "FUZ",
            flightNumberOfDay: 1,
            comments: Array(lines.dropFirst()), signer: IGCSignature.signer(key))
        guard case .valid = IGCSignature.verify(ours, trustedKey: key.publicKey) else {
            return "our own file is not valid"
        }
        var changed = ours
        let at = bytes.isEmpty ? 0 : Int(bytes[0]) % max(1, ours.count - 140)  // before the two G lines
        changed[at] ^= 0x01
        if case .valid = IGCSignature.verify(changed, trustedKey: key.publicKey) {
            return "a changed byte at \(at) verifies"
        }
        return nil
    }
}
