import Foundation
import Testing

@testable import FlightLogCore

/// Faults as L records in written IGC files.
@Suite struct IGCFaultRecordTests {
    static let start = CivilDate(year: 2024, month: 7, day: 15).utcMidnight + 10 * 3_600_000  // 10:00:00Z
    static let layout = [FixExtension(code: "FXA", length: 3), FixExtension(code: "SIU", length: 2)]
    static let headers = IGCHeaderValues(pilot: "Muller", pressureSensor: "Bosch,BMP388,max9000m")

    /// 1 Hz for 400 s: no fix 60…149 (V, last position, pressure kept), no pressure 180…239, nothing stored
    /// 260…289 (the recorder was off).
    static func recording() -> [Fix] {
        var last = (lat: 51.19, lon: -1.03)
        return (0..<400).compactMap { i -> Fix? in
            guard !(260..<290).contains(i) else { return nil }
            let valid = !(60..<150).contains(i)
            if valid { last = (51.19 + Double(i) * 1e-4, -1.03 - Double(i) * 1e-4) }
            return Fix(
                time: start + Int64(i) * 1000, isValid: valid, latitude: last.lat, longitude: last.lon,
                pressureAltitude: (180..<240).contains(i) ? nil : 300 + Double(i),
                gnssAltitude: valid ? 350 + Double(i) : nil,
                extensions: valid ? "00509" : "99900")
        }
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    @Test("each fault is an LXFL line right after the B record where it ends, before G, covered by G")
    func placement() throws {
        let fixes = Self.recording()
        let faults = RecordingFaults.derive(fixes, hasBarometer: true)
        #expect(faults.map(\.kind) == [.gps, .baro, .power])
        let bytes = IGCWriter.write(
            fixes: fixes, extensions: Self.layout, headers: Self.headers, serial: "ABC", flightNumberOfDay: 1,
            comments: ["LAUNCH WINCH"], timedComments: faults.map { ($0.to, $0.igcComment) }, signer: TestSigner.signer)
        let all = Self.lines(bytes)
        let expected = ["LXFLGPS LOST 100100-100230", "LXFLBARO LOST 100300-100400", "LXFLPOWER LOST 100419-100450"]
        #expect(all.filter { $0.hasPrefix("LXFL") && $0.contains("LOST") } == expected)
        for (text, endsAt) in zip(expected, ["100230", "100400", "100450"]) {
            let index = try #require(all.firstIndex(of: text))
            #expect(all[index - 1].hasPrefix("B" + endsAt), "\(text) follows the B record of its end")
            #expect(all[index + 1].hasPrefix("B"), "and B records go on after it")
        }
        #expect(all.firstIndex(of: "LXFLLAUNCH WINCH")! < all.firstIndex { $0.hasPrefix("B") }!)
        #expect(all.suffix(2).allSatisfy { $0.hasPrefix("G") })
        #expect(TestSigner.verify(bytes) == true)
        #expect(all.filter { $0.hasPrefix("B") }.count == fixes.count)

        // Without timed comments the file is what it was before faults existed.
        let plain = IGCWriter.write(
            fixes: fixes, extensions: Self.layout, headers: Self.headers, serial: "ABC", flightNumberOfDay: 1,
            comments: ["LAUNCH WINCH"], signer: TestSigner.signer)
        let withoutFaultLines = all.filter { !expected.contains($0) && !$0.hasPrefix("G") }
        #expect(withoutFaultLines == Self.lines(plain).filter { !$0.hasPrefix("G") })
        #expect(
            IGCWriter.write(
                fixes: fixes, extensions: Self.layout, headers: Self.headers, serial: "ABC", flightNumberOfDay: 1,
                comments: ["LAUNCH WINCH"], timedComments: [], signer: TestSigner.signer) == plain)
    }

    @Test("a fault still open at the end of the track is written after the last B record")
    func openAtTheEnd() {
        let fixes = Array(Self.recording().prefix(120))  // ends inside the GPS loss
        let faults = RecordingFaults.derive(fixes, hasBarometer: true)
        #expect(faults.map(\.igcComment) == ["GPS LOST 100100-100159"])
        let all = Self.lines(
            IGCWriter.write(
                fixes: fixes, extensions: Self.layout, headers: Self.headers, serial: "ABC", flightNumberOfDay: 1,
                timedComments: faults.map { ($0.to, $0.igcComment) }, signer: TestSigner.signer))
        #expect(all[all.count - 4].hasPrefix("B100159") && all[all.count - 4].dropFirst(24).hasPrefix("V"))
        #expect(all[all.count - 3] == "LXFLGPS LOST 100100-100159")
    }

    @Test(
        "aerofiles reads a recording with V fixes, missing pressure, a gap and fault L records without errors",
        .enabled(if: AerofilesCheck.python != nil))
    func aerofilesAcceptsFaultRecords() throws {
        let fixes = Self.recording()
        let faults = RecordingFaults.derive(fixes, hasBarometer: true)
        let bytes = IGCWriter.write(
            fixes: fixes, extensions: Self.layout, headers: Self.headers, serial: "ABC", flightNumberOfDay: 1,
            timedComments: faults.map { ($0.to, $0.igcComment) })
        let output = try AerofilesCheck.run(bytes, fixes: fixes, layout: Self.layout)
        #expect(output.status == 0, Comment(rawValue: output.text))
    }
}
