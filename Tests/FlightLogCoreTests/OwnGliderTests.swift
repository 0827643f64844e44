import FlightLogCore
import Testing

/// The one rule for "this device's glider" (issue 38), which both `[glider] index` and `[weglide] aircraft_id` ask.
@Suite struct OwnGliderTests {
    static let own = OwnGlider(type: "ASK 21", registration: "D-1234", index: 95)
    static let file = FlightSource.imported(fileName: "other-recorder.igc", sha256: "ab")

    private func flew(
        _ type: String?, _ mark: String?, glider: OwnGlider = own, source: FlightSource = file
    ) -> Bool {
        glider.flew(source: source, gliderType: type, registration: mark)
    }

    /// What this device recorded, or what was entered by hand, is its glider's whatever its details say.
    @Test func recordedAndManualFlightsAreThisGlidersAlways() {
        #expect(flew("LS 4", "D-9999", source: .recorded))
        #expect(flew(nil, nil, source: .manual))
        #expect(flew(nil, nil, glider: OwnGlider(), source: .recorded))
    }

    /// An imported file of the owner's glider from its other recorder: the type spelt otherwise, the registration
    /// folded (case, spaces, dashes).
    @Test func anImportedFileOfTheSameTypeAndRegistrationIsThisGliders() {
        #expect(flew("ASK 21", "D-1234"))
        #expect(flew("ask-21", "d 1234"))
        #expect(flew("ASK_21", "D1234"))
        #expect(flew("ASK 21", nil))  // the file names no registration: the type decides
        #expect(flew("ASK 21", "D-5678", glider: OwnGlider(type: "ASK 21")))  // the config names none
    }

    /// The club's other ASK 21, or a stranger's Ventus 3T, is not; nor a file that names no type, nor any file when
    /// the config names no type.
    @Test func anotherRegistrationOrTypeIsNot() {
        #expect(!flew("ASK 21", "D-5678"))
        #expect(!flew("Ventus 3T", "D-1234"))
        #expect(!flew("Ventus 3T", nil))
        #expect(!flew(nil, "D-1234"))
        #expect(!flew("", "D-1234"))
        #expect(!flew("ASK 21", "D-1234", glider: OwnGlider(registration: "D-1234", index: 95)))
    }

    /// Types compare as the glider index compares them: a span named by both must agree, one named by either alone
    /// does not part them; an engine suffix is no other type, a variant letter is.
    @Test func typesCompareAsTheIndexTableComparesThem() {
        let asg = OwnGlider(type: "ASG-29E (18m)", index: 121)
        #expect(flew("ASG 29 E", nil, glider: asg))
        #expect(flew("asg 29-18", nil, glider: asg))
        #expect(!flew("ASG 29 (15m)", nil, glider: asg))
        #expect(!flew("LS 4-b", nil, glider: OwnGlider(type: "LS 4")))
    }

    /// The config's own three values are the rule's.
    @Test func theConfigNamesTheGlider() {
        var config = FlightLogConfig(gliderType: "ASK 21", registration: "D-1234")
        config.gliderIndex = 95
        #expect(config.ownGlider == Self.own)
    }
}
