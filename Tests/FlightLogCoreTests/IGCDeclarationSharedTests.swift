import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogCore

/// The declarations of the shared real flights, compared with aerofiles 1.5.6's IGC reader (its `task`: the last
/// declaration's header and every point line) when its venv is set up (`scripts/setup-aerofiles.sh`).
@Suite struct IGCDeclarationSharedTests {
    @Test(.enabled(if: SharedFlights.available), arguments: SharedFlights.names)
    func everyDeclarationIsReadAndCounts(name: String) throws {
        let bytes = try SharedFlights.bytes(name)
        let file = try IGCReader.read(bytes)
        #expect(file.taskWarnings.isEmpty, "\(file.taskWarnings)")
        #expect(file.competitionTask == nil)
        let hasCRecords = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).contains {
            $0.hasPrefix("C")
        }
        guard hasCRecords else {
            #expect(file.declarations.isEmpty)
            return
        }
        #expect(file.declarations.count == 1)
        let choice = file.declarationThatCounts(takeoff: file.track.fixes.first?.time)
        let task = try #require(choice.task)
        #expect(choice.warnings.isEmpty, "\(choice.warnings)")
        #expect(task.points.count >= 3)
    }

    @Test(.enabled(if: SharedFlights.available && AerofilesCheck.python != nil), arguments: SharedFlights.names)
    func declarationsAgreeWithAerofiles(name: String) throws {
        let file = try IGCReader.read(SharedFlights.bytes(name))
        let theirs = try aerofilesTask(SharedFlights.directory.appendingPathComponent(name).path)
        guard let waypoints = theirs["waypoints"] as? [[Any]], !waypoints.isEmpty else {
            #expect(file.declarations.isEmpty)
            return
        }
        let task = try #require(file.declarations.last)
        func coordinate(_ point: [Any]) -> Coordinate? {
            guard let lat = point[0] as? Double, let lon = point[1] as? Double, lat != 0 || lon != 0 else { return nil }
            return Coordinate(latitude: lat, longitude: lon)
        }
        func same(_ a: Coordinate?, _ b: Coordinate?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return abs(a.latitude - b.latitude) < 1e-9 && abs(a.longitude - b.longitude) < 1e-9
        }
        #expect(same(task.takeoff?.coordinate, coordinate(waypoints[0])))
        #expect(same(task.landing?.coordinate, coordinate(waypoints[waypoints.count - 1])))
        let middle = waypoints.dropFirst().dropLast().filter { coordinate($0) != nil }
        #expect(task.points.count == middle.count)
        for (ours, theirs) in zip(task.points, middle) {
            #expect(same(ours.coordinate, coordinate(theirs)), "\(ours.name)")
            #expect(ours.name == theirs[2] as? String)
        }
        let declared = try #require(theirs["declared"] as? String)
        #expect(task.declaredAt.map(iso8601UTC) == declared)
        #expect(task.name ?? "" == theirs["description"] as? String)
    }

    /// aerofiles' task of the file at `path`: `waypoints` as [latitude, longitude, description], `declared` as
    /// ISO 8601 UTC, `description` the header text.
    private func aerofilesTask(_ path: String) throws -> [String: Any] {
        let script = """
            import json, sys, datetime
            from aerofiles.igc import Reader
            task = Reader().read(open(sys.argv[1], encoding='latin-1'))['task'][1]
            out = {'waypoints': [[w['latitude'], w['longitude'], w['description']] for w in task['waypoints']]}
            if 'declaration_date' in task:
                d = datetime.datetime.combine(task['declaration_date'], task['declaration_time'])
                out['declared'] = d.strftime('%Y-%m-%dT%H:%M:%SZ')
                out['description'] = task['description']
            print(json.dumps(out))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(AerofilesCheck.python))
        process.arguments = ["-c", script, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
