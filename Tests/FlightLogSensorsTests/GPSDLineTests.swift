import Testing

@testable import FlightLogSensors

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
}
