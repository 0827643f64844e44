import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogCore

private let declared = CivilDate(year: 2024, month: 7, day: 15).utcMidnight + (8 * 3600 + 5 * 60 + 9) * 1000

private func point(_ name: String, _ latitude: Degrees, _ longitude: Degrees) -> TaskPoint {
    TaskPoint(name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude), zone: .cylinder(500))
}

/// A 300 km triangle from Lasham, one point in the southern and western hemispheres to test the signs.
private let triangle = FlightTask(
    source: .file, name: "Dreieck Süd", declaredAt: declared,
    takeoff: point("Lasham", 51.1875, -1.0333), landing: nil,
    points: [
        point("Lasham Start", 51.1875, -1.0333), point("Sarnesfield", 52.1526, -2.9205),
        point("Südpol Test", -0.5, 0.25), point("Lasham", 51.1875, -1.0333),
    ])

private func fixes() -> [Fix] {
    (0..<5).map {
        Fix(
            time: declared + 3_600_000 + Int64($0) * 1000, isValid: true, latitude: 51.19, longitude: -1.03,
            pressureAltitude: 120, gnssAltitude: 170, extensions: "")
    }
}

private func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
}

@Suite struct IGCDeclarationWriterTests {
    @Test func declarationLinesInTheSpecsForm() {
        #expect(
            IGCWriter.declarationLines(triangle) == [
                "C150724080509000000000102Dreieck Sud",
                "C5111250N00101998WLasham",
                "C5111250N00101998WLasham Start",
                "C5209156N00255230WSarnesfield",
                "C0030000S00015000ESudpol Test",
                "C5111250N00101998WLasham",
                "C0000000N00000000ELANDING",
            ])
    }

    @Test func undatedDeclarationWritesZerosAndLongNamesAreCut() {
        var task = triangle
        task.declaredAt = nil
        task.name = String(repeating: "x", count: 150)
        let written = IGCWriter.declarationLines(task)
        #expect(written[0].hasPrefix("C000000000000000000000102x"))
        #expect(written.allSatisfy { $0.count <= IGCWriter.maxLineLength })
    }

    /// The C lines follow the I record, come before the key comment and every B record, and the signature covers
    /// them: a changed digit in a turnpoint fails the check.
    @Test func declarationIsWrittenBeforeBRecordsAndSigned() throws {
        var bytes = IGCWriter.write(
            fixes: fixes(), extensions: [], headers: IGCHeaderValues(), serial: "ABC", flightNumberOfDay: 1,
            task: triangle, signer: TestSigner.signer)
        #expect(TestSigner.verify(bytes) == true)
        let all = lines(bytes)
        let i = try #require(all.firstIndex { $0.hasPrefix("I") })
        #expect(Array(all[(i + 1)...(i + 7)]) == IGCWriter.declarationLines(triangle))
        #expect(all[i + 8] == "LXFLSIGNKEY TEST")
        let text = String(decoding: bytes, as: UTF8.self)
        let sarnesfield = try #require(text.range(of: "C5209156"))
        let index = text.utf8.distance(from: text.startIndex, to: sarnesfield.lowerBound)
        #expect(bytes[index + 4] == UInt8(ascii: "9"))
        bytes[index + 4] = UInt8(ascii: "8")
        #expect(TestSigner.verify(bytes) == false)
        let plain = IGCWriter.write(
            fixes: fixes(), extensions: [], headers: IGCHeaderValues(), serial: "ABC", flightNumberOfDay: 1)
        #expect(!lines(plain).contains { $0.hasPrefix("C") })
    }

    /// aerofiles 1.5.6 reads the C records back with no error, and they are the declaration (coordinates at the
    /// record's 1/1000 minute).
    @Test(.enabled(if: AerofilesCheck.python != nil))
    func aerofilesReadsTheDeclaration() throws {
        let bytes = IGCWriter.write(
            fixes: fixes(), extensions: [], headers: IGCHeaderValues(), serial: "ABC", flightNumberOfDay: 1,
            task: triangle, signer: TestSigner.signer)
        let read = try AerofilesTask.read(bytes)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.declared == "2024-07-15 08:05:09")
        #expect(read.turnpoints == 2)
        #expect(read.name == "Dreieck Sud")
        let expected: [TaskPoint?] = [triangle.takeoff] + triangle.points + [nil]
        try #require(read.points.count == expected.count)
        for (got, want) in zip(read.points, expected) {
            let coordinate = want?.coordinate ?? Coordinate(latitude: 0, longitude: 0)
            #expect(abs(got.latitude - coordinate.latitude) < 1e-5 && abs(got.longitude - coordinate.longitude) < 1e-5)
            #expect(got.name == (want.map { String(decoding: IGCText.fold($0.name), as: UTF8.self) } ?? "LANDING"))
        }
    }
}

/// The task aerofiles 1.5.6 reads from a file, one value per line printed by a small script.
private struct AerofilesTask {
    var errors: String
    var declared: String
    var turnpoints: Int
    var name: String
    var points: [(latitude: Double, longitude: Double, name: String)]

    static let script = """
        import sys
        from aerofiles.igc import Reader
        with open(sys.argv[1], encoding="latin-1") as f:
            r = Reader().read(f)
        errors = [str(e) for k in r for e in r[k][0]]
        t = r["task"][1]
        print(";".join(errors))
        print(t["declaration_date"], t["declaration_time"])
        print(t["num_turnpoints"])
        print(t["description"])
        for w in t["waypoints"]:
            print(repr(w["latitude"]), repr(w["longitude"]), w["description"], sep="|")
        """

    static func read(_ bytes: [UInt8]) throws -> AerofilesTask {
        let directory = try makeTemporaryDirectory("igc-task")
        defer { try? FileManager.default.removeItem(at: directory) }
        let igc = directory.appendingPathComponent("task.igc")
        try Data(bytes).write(to: igc)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(AerofilesCheck.python))
        process.arguments = ["-c", script, igc.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, Comment(rawValue: output))
        let rows = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(rows.count >= 4, Comment(rawValue: output))
        let points = rows.dropFirst(4).filter { !$0.isEmpty }.map { row in
            let parts = row.split(separator: "|", omittingEmptySubsequences: false)
            return (Double(parts[0]) ?? .nan, Double(parts[1]) ?? .nan, String(parts[2]))
        }
        return AerofilesTask(
            errors: rows[0], declared: rows[1], turnpoints: Int(rows[2]) ?? -1, name: rows[3], points: points)
    }
}
