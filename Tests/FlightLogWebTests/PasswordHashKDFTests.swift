import FlightLogSecurity
import FlightLogWeb
import Testing

/// The password hash over swift-crypto's PBKDF2: new lines at the library's iteration floor, and the lines made
/// before (the hand-written PBKDF2, 100,000 iterations) still verify, so no config file or club account breaks.
@Suite struct PasswordHashKDFTests {
    /// Made by the hand-written PBKDF2 this replaced (the same function as Python's `hashlib.pbkdf2_hmac`).
    static let madeBefore = (
        password: "ridge lift",
        line: "pbkdf2-sha256$1000$00112233445566778899aabbccddeeff$"
            + "66361de3b529d87087b48e20baa1f65e15af071c9a6a9285c04859ce25fa4535"
    )

    @Test func aLineMadeBeforeStillVerifies() {
        #expect(PasswordHash.verify(password: Self.madeBefore.password, against: Self.madeBefore.line))
        #expect(!PasswordHash.verify(password: "ridge lift ", against: Self.madeBefore.line))
    }

    @Test func aNewLineUsesTheLibrarysIterationFloorAndVerifies() throws {
        let line = try PasswordHash.make(password: "thermal")
        #expect(PasswordHash.defaultIterations >= 210_000)
        #expect(line.hasPrefix("pbkdf2-sha256$\(PasswordHash.defaultIterations)$"))
        #expect(PasswordHash.isWellFormed(line))
        #expect(PasswordHash.verify(password: "thermal", against: line))
        #expect(!PasswordHash.verify(password: "Thermal", against: line))
    }

    /// RFC 7914 section 11's PBKDF2-HMAC-SHA256 vector (its first 32 bytes).
    @Test func theKDFMatchesTheRFCVector() {
        let key = PasswordHash.pbkdf2(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1)
        #expect(Hex.encode(key) == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
    }

    @Test func saltsAndTokensAreFreshRandomBytes() {
        let salts = (0..<64).map { _ in randomBytes(16) }
        #expect(salts.allSatisfy { $0.count == 16 })
        #expect(Set(salts).count == salts.count)
        #expect(Sessions.isWellFormedNonce(Sessions.newLoginNonce()))
    }
}
