import Testing

@testable import FlightLogCore

@Suite struct SHA256Tests {
    /// FIPS 180-2 appendix B vectors (and the empty message).
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func fipsVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(Array(message.utf8)) == digest)
    }

    @Test func millionAs() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(bytes) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the padding boundary (55, 56, 63, 64 bytes) must differ from each other and be stable.
    @Test func paddingBoundaries() {
        let digests = [55, 56, 63, 64, 65].map { SHA256.hash([UInt8](repeating: 0x61, count: $0)) }
        #expect(Set(digests).count == 5)
        #expect(digests.allSatisfy { $0.count == 32 })
        #expect(SHA256.hexDigest([UInt8](repeating: 0x61, count: 64))
            == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test(.enabled(if: SharedFlights.available))
    func sharedFilesMatchTheReadme() throws {
        #expect(SHA256.hexDigest(try SharedFlights.bytes("complex_example_lxn.igc"))
            == "abade242d0a87c133f16d64a2673aaf598705eea47a75d59119f0cf2172f808f")
        #expect(SHA256.hexDigest(try SharedFlights.bytes("xctrack-2020-09-04.igc"))
            == "55449c024fb4d1cd1df970746bee073c74fd2e4d4ed6636cebb10796f258453d")
    }
}
