import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogStore

/// The shipped data set through the real loader, and places of the shared flights (`../shared/flights`) checked
/// against the data set itself: the expected field is computed by brute force over every field, never typed in.
@Suite struct AirfieldCatalogTests {
    /// Loaded once for the suite (about 28,000 fields).
    static let dataSet: [Airfield] = (try? AirfieldCatalog.dataSet()) ?? []
    static let index = AirfieldIndex(dataSet)

    static func bruteForceNearest(_ point: Coordinate) -> (Airfield, Meters) {
        var best = (dataSet[0], Geodesy.distance(point, dataSet[0].coordinate))
        for field in dataSet {
            let d = Geodesy.distance(point, field.coordinate)
            if d < best.1 { best = (field, d) }
        }
        return best
    }

    @Test func theDataSetLoadsWhole() throws {
        let path = try #require(AirfieldCatalog.dataSetPath())
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let fieldLines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("@") }.count
        #expect(Self.dataSet.count == fieldLines)
        #expect(Self.dataSet.count > 25_000)
        #expect(Self.dataSet.allSatisfy { $0.zoneIdentifier?.isEmpty == false })
        let clock = ContinuousClock()
        var loaded = 0
        let elapsed = clock.measure { loaded = AirfieldIndex((try? AirfieldCatalog.dataSet()) ?? []).fields.count }
        print(
            "AirfieldCatalog: data set \(loaded) fields, \(text.utf8.count) bytes, read + parsed + indexed in \(elapsed)"
        )
        #expect(loaded == Self.dataSet.count)
    }

    @Test func leverkusenAndJeleniaGoraZones() {
        let leverkusen = Self.index.place(at: Coordinate(latitude: 51.0147, longitude: 7.0053))
        #expect(leverkusen.airfield?.code == "EDKL")
        #expect(!leverkusen.isOutlanding)
        #expect(leverkusen.zoneIdentifier == "Europe/Berlin")
        let jelenia = Self.index.place(at: Coordinate(latitude: 50.8989, longitude: 15.7856))
        #expect(jelenia.airfield?.code == "EPJG")
        #expect(jelenia.zoneIdentifier == "Europe/Warsaw")
        // An outlanding between them takes the nearest field's zone.
        let field = Self.bruteForceNearest(Coordinate(latitude: 50.95, longitude: 15.5))
        let out = Self.index.place(at: Coordinate(latitude: 50.95, longitude: 15.5))
        #expect(out.isOutlanding == (field.1 > 3000))
        #expect(out.zoneIdentifier == field.0.zoneIdentifier)
    }

    /// Every shared flight's takeoff and landing: the place found is the data set's nearest field, an airfield
    /// exactly when that field is within 3 km, else an outlanding described from it.
    @Test(.enabled(if: SharedFlights.available)) func sharedFlightsPlaces() throws {
        let names = SharedFlights.files().map(\.lastPathComponent)
        #expect(names.count >= 8)
        for name in names {
            let bytes = try SharedFlights.bytes(name)
            let track = try IGCReader.read(bytes).track
            for flight in FlightSegmenter.flightsForImport(track.fixes, extensions: track.recorder.extensions) {
                for point in [flight.takeoffCoordinate, flight.landingCoordinate] {
                    let (field, distance) = Self.bruteForceNearest(point)
                    let place = Self.index.place(at: point)
                    #expect(place.airfield == field, "\(name)")
                    #expect(place.distance == distance, "\(name)")
                    #expect(place.isOutlanding == (distance > AirfieldIndex.defaultRadius), "\(name)")
                    #expect(place.zoneIdentifier == field.zoneIdentifier, "\(name)")
                    print("\(name): \(point.shortText) -> \(place.description), \(place.zoneIdentifier ?? "?")")
                }
            }
        }
    }

    @Test func cupFoldersAndTheirNotices() throws {
        let folder = NSTemporaryDirectory() + "flightlog-airfields-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let system = folder + "/system", user = folder + "/user"
        try FileManager.default.createDirectory(atPath: system + "/broken.cup", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try Data("\"Wershofen Club\",\"EDRV\",DE,5027.083N,00647.000E,499.0m,2\nbad line\n".utf8)
            .write(to: URL(fileURLWithPath: user + "/Club.CUP"))
        try Data("ignored".utf8).write(to: URL(fileURLWithPath: user + "/notes.txt"))
        #expect(
            AirfieldCatalog.cupFiles(in: [system, user, folder + "/missing"]) == [
                system + "/broken.cup", user + "/Club.CUP",
            ])
        let loaded = try AirfieldCatalog.index(directories: [system, user])
        #expect(loaded.notices.map(\.file) == [system + "/broken.cup", user + "/Club.CUP"])
        #expect(loaded.notices.last?.message.hasPrefix("line 2:") == true)
        let place = loaded.index.place(at: Coordinate(latitude: 50.4514, longitude: 6.7833))
        #expect(place.airfield?.name == "Wershofen Club")
        #expect(place.airfield?.zoneIdentifier == "Europe/Berlin")
        #expect(loaded.index.fields.count == Self.dataSet.count, "EDRV replaced, not added")
    }

    /// A CUP file over the size `airfields import` takes, put in the folder by hand, is skipped with a notice:
    /// every command that places a flight would read it whole.
    @Test func anOversizedCUPFileIsSkipped() throws {
        let folder = NSTemporaryDirectory() + "flightlog-airfields-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let line = "\"Wershofen Club\",\"EDRV\",DE,5027.083N,00647.000E,499.0m,2\n"
        try Data(line.utf8).write(to: URL(fileURLWithPath: folder + "/a-small.cup"))
        let huge = folder + "/b-huge.cup"
        try Data(line.utf8).write(to: URL(fileURLWithPath: huge))
        #expect(truncate(huge, off_t(CUPReader.maxFileSize + 1)) == 0, "sparse: no disk used")
        let loaded = AirfieldCatalog.pilotFields(files: AirfieldCatalog.cupFiles(in: [folder]))
        #expect(loaded.fields.map(\.name) == ["Wershofen Club"])
        #expect(loaded.notices.map(\.description) == ["\(huge): is over 32 MB; skipped"])
    }

    /// flightlogd in the air loads only the fields around the takeoff and landing: the places, zones and
    /// outlanding texts must be exactly those of the whole data set, also where the nearest field is far away.
    @Test func regionalPlacingNamesPlacesAsTheWholeDataSetDoes() throws {
        let whole = try FlightPlacing.load(radius: 3000).placing
        var rng = SystemRandomNumberGenerator()
        var points = [
            Coordinate(latitude: 51.0147, longitude: 7.0053),  // Leverkusen
            Coordinate(latitude: 50.8989, longitude: 15.7856),  // Jelenia Góra
            Coordinate(latitude: -33.95, longitude: 151.18),  // Sydney
            Coordinate(latitude: 35.0, longitude: -40.0),  // mid-Atlantic: nearest field beyond the region
            Coordinate(latitude: -85.0, longitude: 0.0),  // Antarctica
            Coordinate(latitude: 64.1, longitude: -179.9),  // near the date line
        ]
        for _ in 0..<20 {
            let field = Self.dataSet[Int.random(in: 0..<Self.dataSet.count, using: &rng)]
            points.append(Coordinate(latitude: field.coordinate.latitude + 0.05, longitude: field.coordinate.longitude))
        }
        for point in points {
            let regional = try FlightPlacing.load(radius: 3000, near: [point])
            #expect(regional.location(of: point) == whole.location(of: point), "\(point)")
        }
        let leverkusen = try FlightPlacing.load(radius: 3000, near: [points[0]])
        print(
            "AirfieldCatalog: \(leverkusen.index.fields.count) fields within 250 km of Leverkusen, \(whole.index.fields.count) in all"
        )
        #expect(leverkusen.index.fields.count < whole.index.fields.count / 10)
        // A flight from Leverkusen to Jelenia Góra: both ends from one regional load.
        let both = try FlightPlacing.load(radius: 3000, near: [points[0], points[1]])
        #expect(both.location(of: points[1]) == whole.location(of: points[1]))
        #expect(both.location(of: points[0]) == whole.location(of: points[0]))
    }

    @Test func directoriesFromTheEnvironment() {
        #expect(
            AirfieldCatalog.userDirectory(environment: ["HOME": "/home/a"]) == "/home/a/.config/flightlog/airfields")
        #expect(
            AirfieldCatalog.userDirectory(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/x"])
                == "/x/flightlog/airfields")
        #expect(AirfieldCatalog.systemDirectory(environment: [:]) == "/etc/flightlog/airfields")
        #expect(AirfieldCatalog.dataSetPath(environment: ["FLIGHTLOG_AIRFIELD_DATA": "/x/a.tsv"]) == "/x/a.tsv")
    }

    @Test func missingOrDamagedDataSetIsOneClearError() throws {
        #expect(throws: AirfieldCatalog.LoadError.self) {
            try AirfieldCatalog.dataSet(path: "/nonexistent/airfields.tsv")
        }
        let path = NSTemporaryDirectory() + "airfields-\(UUID().uuidString).tsv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("#flightlog-airfields 1\n@Europe/Berlin\nEDKL\tLeverkusen\t51.0\t7.0\t48\t0\nEDXX\tcut off\t51".utf8)
            .write(to: URL(fileURLWithPath: path))
        do {
            _ = try AirfieldCatalog.dataSet(path: path)
            Issue.record("a damaged data set loaded")
        } catch {
            #expect(error.description.contains("line 4"))
            #expect(error.description.contains("reinstall"))
        }
    }
}
