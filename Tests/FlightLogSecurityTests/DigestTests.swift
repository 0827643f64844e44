import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogSecurity

/// swift-crypto's SHA-256 gives the hex the hand-written one stored for imported files (the same vectors and
/// shared-file digests its tests had), and HMAC/PBKDF2 their RFC vectors.
@Suite struct DigestTests {
    /// FIPS 180-2 appendix B vectors (and the empty message).
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func fipsVectors(message: String, digest: String) {
        #expect(Digest.sha256Hex(Array(message.utf8)) == digest)
    }

    @Test func millionAsAndPaddingBoundary() {
        #expect(
            Digest.sha256Hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(
            Digest.sha256Hex([UInt8](repeating: 0x61, count: 64))
                == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    /// The digests the hand-written SHA-256 stored for two shared files (as `recording.sha256`).
    @Test(.enabled(if: SharedFlights.available))
    func sharedFilesKeepTheirStoredHex() throws {
        #expect(
            Digest.sha256Hex(try SharedFlights.bytes("complex_example_lxn.igc"))
                == "abade242d0a87c133f16d64a2673aaf598705eea47a75d59119f0cf2172f808f")
        #expect(
            Digest.sha256Hex(try SharedFlights.bytes("xctrack-2020-09-04.igc"))
                == "55449c024fb4d1cd1df970746bee073c74fd2e4d4ed6636cebb10796f258453d")
    }

    /// RFC 4231 test case 2 and a key longer than the block (test case 6).
    @Test func hmacVectors() {
        #expect(
            Hex.encode(Digest.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            Hex.encode(
                Digest.hmacSHA256(
                    key: [UInt8](repeating: 0xaa, count: 131),
                    message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func hexRoundTripsAndRefusesJunk() {
        let bytes: [UInt8] = [0, 1, 0xab, 0xff]
        #expect(Hex.encode(bytes) == "0001abff" && Hex.encode(bytes, upperCase: true) == "0001ABFF")
        #expect(Hex.decode("0001abff") == bytes && Hex.decode("0001ABFF") == bytes)
        #expect(Hex.decode("0001abff", upperCaseOnly: true) == nil)
        for junk in ["", "0", "zz", "0g", " 00"] { #expect(Hex.decode(junk) == nil) }
    }

    /// RFC 7914 section 11's PBKDF2-HMAC-SHA256 vectors (their first 32 bytes), through the library's KDF, with
    /// iteration counts far below its checked floor (stored lines may have them).
    @Test(arguments: [
        ("passwd", "salt", 1, "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"),
        ("Password", "NaCl", 80000, "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"),
    ])
    func pbkdf2Vectors(password: String, salt: String, iterations: Int, key: String) {
        let derived = Digest.pbkdf2SHA256(
            password: Array(password.utf8), salt: Array(salt.utf8), iterations: iterations)
        #expect(Hex.encode(derived) == key)
    }

    @Test func randomBytesAreFreshEachTime() {
        let draws = (0..<32).map { _ in Digest.randomBytes(32) }
        #expect(draws.allSatisfy { $0.count == 32 })
        #expect(Set(draws).count == draws.count)
    }
}
