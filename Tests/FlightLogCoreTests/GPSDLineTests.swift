import Testing

@testable import FlightLogCore

/// The raw-line scanner the gpsd reader runs on every message (lines as gpsd 3.22 sends them).
@Suite struct GPSDLineTests {
    private func scan<T>(_ text: String, _ body: (GPSDLine) -> T) -> T {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { body(GPSDLine(UnsafeBufferPointer($0))) }
    }

    @Test func classOfEachMessage() {
        let lines = [
            #"{"class":"TPV","device":"/dev/pts/3","mode":3,"time":"2025-06-15T09:30:00.000Z","lat":47.39}"#: "TPV",
            #"{"class":"TOFF","device":"tcp://127.0.0.1:1234","real_sec":1750000000,"real_nsec":0}"#: "TOFF",
            #"{"class":"SKY","device":"/dev/pts/3","satellites":[{"PRN":2,"used":true}]}"#: "SKY",
            #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/3"}]}"#: "DEVICES",
        ]
        for (line, expected) in lines { #expect(scan(line) { $0.string("class") } == expected) }
        #expect(scan(#"{"device":"/dev/pts/3"}"#) { $0.string("class") } == nil)
        #expect(scan(#"{"class":3}"#) { $0.string("class") } == nil)
        #expect(scan(#"{"class":"TPV"#) { $0.string("class") } == nil)  // cut off
        #expect(scan("") { $0.string("class") } == nil)
    }

    @Test func integersOfATOFFLine() {
        let toff =
            #"{"class":"TOFF","device":"x","real_sec":1750000000,"real_nsec":250000000,"clock_sec":1763900000,"clock_nsec":-5,"precision":-1}"#
        #expect(scan(toff) { $0.integer("real_sec") } == 1_750_000_000)
        #expect(scan(toff) { $0.integer("real_nsec") } == 250_000_000)
        #expect(scan(toff) { $0.integer("clock_sec") } == 1_763_900_000)
        #expect(scan(toff) { $0.integer("clock_nsec") } == -5)
        #expect(scan(toff) { $0.integer("precision") } == -1)
        #expect(scan(toff) { $0.integer("device") } == nil)  // a string, not a number
        #expect(scan(toff) { $0.integer("real") } == nil)  // only whole keys match
        #expect(scan(toff) { $0.integer("pps_sec") } == nil)
    }

    /// A number too long for any clock or count is no number, not its first 18 digits.
    @Test func integersOfMoreThan18DigitsAreNone() {
        #expect(scan(#"{"a":999999999999999999}"#) { $0.integer("a") } == 999_999_999_999_999_999)
        #expect(scan(#"{"a":-999999999999999999}"#) { $0.integer("a") } == -999_999_999_999_999_999)
        #expect(scan(#"{"a":9223372036854775807}"#) { $0.integer("a") } == nil)
        #expect(scan(#"{"a":-1000000000000000000}"#) { $0.integer("a") } == nil)
    }

    /// Keys are matched whole, at any place in the line, and a line shorter than the key is no match.
    @Test func keysAreMatchedWhole() {
        #expect(scan(#"{"mode":3,"xmode":1}"#) { $0.integer("mode") } == 3)
        #expect(scan(#"{"xmode":1,"mode":3}"#) { $0.integer("mode") } == 3)
        #expect(scan(#"{"mode" :3}"#) { $0.integer("mode") } == nil)
        #expect(scan(#"{"mode":"#) { $0.integer("mode") } == nil)
        #expect(scan(#""mode":"#) { $0.integer("mode") } == nil)
        #expect(scan(#"mode":7"#) { $0.integer("mode") } == nil)
        #expect(scan(#""mode":7"#) { $0.integer("mode") } == 7)
    }
}
