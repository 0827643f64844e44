import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

@Suite("Pages and downloads over HTTP", .serialized, .timeLimit(.minutes(3)))
struct PagesTests {
    @Test func listShowsFlightsNewestFirstWithTotalsAndSecurityHeaders() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let reply = try await client.get("/")
            #expect(reply.status == 200)
            #expect(reply.header("content-type") == "text/html; charset=utf-8")
            #expect(reply.header("content-security-policy")?.contains("default-src 'none'") == true)
            #expect(reply.header("content-security-policy")?.contains("frame-ancestors 'none'") == true)
            #expect(reply.header("x-content-type-options") == "nosniff")
            #expect(reply.header("referrer-policy") == "no-referrer")
            let page = reply.text
            #expect(page.contains("Çağrı Şahin (guest)"))
            #expect(page.contains("Øyvind Ærø (instructor)"))
            #expect(page.contains("<b>3</b> flights"))
            #expect(page.contains("<b>0:57</b> h"), "three flights of 19:58 each: 0:19 on each line, their sum")
            // Newest first: flight 3 (June) before flight 2 (May, afternoon) before flight 1.
            let positions = ids.reversed().map { page.range(of: "href=\"/flights/\($0)\"")?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil })
            #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        }
    }

    @Test func filtersMatchTheListCommand() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let cases: [(String, [Int64])] = [
                ("instructor=yes", [ids[0]]),
                ("instructor=no", [ids[1], ids[2]]),
                ("guest=cagri", [ids[1]]),
                ("plane=ls+4", [ids[2]]),
                ("registration=d1234", [ids[0], ids[1]]),
                ("launch=aerotow", [ids[1]]),
                ("since=2025-06-01", [ids[2]]),
                ("until=2025-05-03&pilot=m%C3%BCller", [ids[0], ids[1]]),
                ("instructor_name=%C3%B8yvind", [ids[0]]),
                ("instructor_name=cagri", []),
                ("year=2025", ids),
                ("year=2024", []),
                ("plane=ls4", [ids[2]]),
                ("registration=d_1234", [ids[0], ids[1]]),
            ]
            for (query, expected) in cases {
                let reply = try await client.get("/?\(query)")
                #expect(reply.status == 200, "\(query)")
                for id in ids {
                    #expect(
                        reply.text.contains("href=\"/flights/\(id)\"") == expected.contains(id),
                        "\(query): flight \(id)")
                }
                #expect(reply.text.contains("<b>\(expected.count)</b> flight"), "\(query)")
            }
            let bad = try await client.get("/?since=2025-13-45")
            #expect(bad.status == 400)
            #expect(bad.text.contains("is not a date"))
            let reversed = try await client.get("/?since=2025-06-01&until=2025-01-01")
            #expect(reversed.status == 400)
        }
    }

    /// The filtered list's IGC files and logbook PDF in one ZIP download.
    @Test func zipOfTheFilteredFlights() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        _ = try logbook.fillWithThreeFlights()
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let list = try await client.get("/?registration=d1234")
            #expect(list.text.contains("href=\"/logbook.zip?registration=d1234\""))
            let reply = try await client.get("/logbook.zip?registration=d1234")
            #expect(reply.status == 200)
            #expect(reply.header("content-type") == "application/zip")
            #expect(reply.header("content-disposition")?.contains("flights.zip") == true)
            #expect(reply.body.starts(with: [0x50, 0x4B, 0x03, 0x04]), "a ZIP local file header")
            // Entry names sit uncompressed in the headers: two IGC files of 2025-05-03 and the logbook.
            let text = String(decoding: reply.body, as: UTF8.self)
            #expect(text.components(separatedBy: "logbook.pdf").count - 1 == 2, "local header + central directory")
            #expect(text.components(separatedBy: "2025-05-03-XFL-").count - 1 == 4, "2 files, named twice each")
            #expect(try await client.get("/logbook.zip?registration=nothing").status == 404)
        }
    }

    /// Outlandings are marked in the list and filtered like `flightlog list --outlanding`.
    @Test func outlandingsAreMarkedAndFiltered() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let flight = try store.flight(id: ids[0])
        func field(at point: Coordinate) -> AirfieldIndex {
            AirfieldIndex([
                Airfield(
                    code: "EDKA", name: "Aachen-Merzbruck Airport", coordinate: point, elevation: 189,
                    zoneIdentifier: "Europe/Berlin", source: .dataSet)
            ])
        }
        let far = Geodesy.destination(from: flight.landingCoordinate, bearing: 90, distance: 20_000)
        for (index, outlandings) in [(field(at: far), ids), (field(at: flight.landingCoordinate), [])] {
            try store.assignPlaces(using: FlightPlacing(index: index), all: true)
            try #require(try ids.filter { try store.flight(id: $0).isOutlanding } == outlandings)
            try await withServer(databasePath: logbook.databasePath) { client, _ in
                let all = try await client.get("/")
                // The phone's rows (the desktop table after them repeats each flight).
                let rows = all.text.components(separatedBy: "<div class=\"flights-table\">")[0]
                #expect(
                    rows.components(separatedBy: "<b class=\"badge out\">outlanding</b>").count - 1
                        == outlandings.count)
                for (query, expected) in [
                    ("outlanding=yes", outlandings), ("outlanding=no", ids.filter { !outlandings.contains($0) }),
                ] {
                    let reply = try await client.get("/?\(query)")
                    #expect(reply.status == 200, "\(query)")
                    for id in ids {
                        #expect(
                            reply.text.contains("href=\"/flights/\(id)\"") == expected.contains(id),
                            "\(query): flight \(id)")
                    }
                }
                #expect(try await client.get("/?outlanding=maybe").status == 400)
            }
        }
    }

    @Test func pagingCoversEveryFlightOnce() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let start = CivilDate(year: 2024, month: 4, day: 1).utcMidnight + 10 * 3_600_000
        let ids = try (0..<(ListQuery.pageSize * 2 + 7)).map { i in
            try logbook.addFlight(
                store: store, start: start + Int64(i) * Time.millisPerDay, details: FlightDetails(pilot: "P"),
                minutes: 2)
        }
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            var seen: [Int64] = []
            for page in 1...3 {
                let reply = try await client.get("/?page=\(page)")
                #expect(reply.status == 200)
                #expect(reply.text.contains("Page \(page) of 3"))
                seen += ids.filter { reply.text.contains("href=\"/flights/\($0)\"") }
            }
            #expect(seen.count == ids.count)
            #expect(Set(seen) == Set(ids))
            #expect(try await client.get("/?page=2").text.contains("href=\"/?page=3\""))
            #expect(try await client.get("/?page=0").status == 400)
        }
    }

    @Test func flightPageShowsDetailsMapAndBarogram() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let reply = try await client.get("/flights/\(ids[0])")
            #expect(reply.status == 200)
            let page = reply.text
            for text in [
                "2025-05-03", "11:00 local", "09:00 UTC", "Europe/Berlin, UTC+02:00", "Aachen-Merzbrück", "ASK 21",
                "D-1234", "Øyvind Ærø (instructor)", "Winch", "420 m", "1000 m", "3.2 km", "25 km",
            ] {
                #expect(page.contains(esc(text)), "flight page shows \(text)")
            }
            #expect(page.components(separatedBy: "<svg").count - 1 == 2, "map and barogram inline")
            #expect(!page.contains("<?xml"))
            for kind in ExportKind.allCases { #expect(page.contains("/flights/\(ids[0])/\(kind.rawValue)")) }
        }
    }

    @Test func downloadsHaveContentTypesAndFileNames() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let expectations: [(ExportKind, String, String)] = [
                (.igc, "application/vnd.fai.igc", "AXFLABC"),
                (.report, "application/pdf", "%PDF-"),
                (.kml, "application/vnd.google-earth.kml+xml", "<?xml"),
                (.gpx, "application/gpx+xml", "<?xml"),
                (.geojson, "application/geo+json", "{"),
            ]
            for (kind, type, start) in expectations {
                let reply = try await client.get("/flights/\(ids[1])/\(kind.rawValue)")
                #expect(reply.status == 200, "\(kind)")
                #expect(reply.header("content-type") == type, "\(kind)")
                #expect(reply.header("content-disposition")?.hasPrefix("attachment; filename=\"") == true, "\(kind)")
                #expect(reply.text.hasPrefix(start), "\(kind) starts with \(start)")
            }
            let igcName = try await client.get("/flights/\(ids[1])/igc").header("content-disposition") ?? ""
            #expect(
                igcName.contains("2025-05-03") && igcName.contains("02.IGC"), "second flight of the day: \(igcName)")
            let geojson = try await client.get("/flights/\(ids[1])/track.geojson")
            #expect(try JSONSerialization.jsonObject(with: Data(geojson.body)) is [String: Any])
            let logbookPDF = try await client.get("/logbook.pdf?plane=ask")
            #expect(logbookPDF.status == 200)
            #expect(logbookPDF.header("content-type") == "application/pdf")
            #expect(logbookPDF.text.hasPrefix("%PDF-"))
            #expect(try await client.get("/logbook.pdf?plane=nothing-like-this").status == 404)
        }
    }

    @Test func statusPageShowsTheDaemonStatusFile() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        _ = try logbook.fillWithThreeFlights()
        let statusPath = logbook.folder + "/flightlogd.status.json"
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let without = try await client.get("/status")
            #expect(without.status == 200)
            #expect(without.text.contains("Not recording: no status from flightlogd"))
            try Data(#"{"gpsd":{"connected":true,"satellites":9},"flying":false,"barometer":"bmp280"}"#.utf8)
                .write(to: URL(fileURLWithPath: statusPath))
            let with = try await client.get("/status")
            #expect(with.text.contains("its status file is unreadable"), "another version's file: said, rows folded")
            #expect(with.text.contains("gpsd.satellites"))
            #expect(with.text.contains("bmp280"))
            #expect(with.text.contains("<dt>Flights</dt><dd>3</dd>"))
            #expect(!with.text.contains("USB stick"))
            // The last USB stick export's line (flightlog-usb writes it beside the logbook).
            try FileManager.default.createDirectory(
                atPath: logbook.folder + "/sticks", withIntermediateDirectories: true)
            try Data("3 flights written to stick 3A1F-22C4 at 17:42 UTC (…)\n".utf8)
                .write(to: URL(fileURLWithPath: logbook.folder + "/sticks/last-export.txt"))
            let stick = try await client.get("/status")
            #expect(stick.text.contains("<dt>USB stick</dt><dd>3 flights written to stick 3A1F-22C4 at 17:42 UTC"))
        }
    }

    @Test func emptyAndMissingLogbookExplainHowToCheckTheSensors() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let reply = try await client.get("/")
            #expect(reply.status == 200)
            #expect(reply.text.contains("No flights yet"))
            #expect(reply.text.contains("systemctl status flightlogd"))
            #expect(try await client.get("/flights/1").status == 503)
            // The database appears while the server runs (flightlogd started later).
            _ = try logbook.fillWithThreeFlights()
            #expect(try await client.get("/").text.contains("Çağrı Şahin"))
        }
    }

    @Test func noPageLoadsAnythingFromElsewhere() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        let hash = try PasswordHash.make(password: "x", iterations: 10)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            for target in [
                "/", "/?plane=ask", "/flights/\(ids[0])", "/flights/\(ids[2])", "/status", "/login", "/nope",
            ] {
                // The only scripts: the flight page's data block and its script from this site.
                let page = try await client.get(target).text.lowercased()
                    .replacing("<script type=\"application/json\" id=\"cursor-data\">", with: "")
                    .replacing(/<script src="\/static\/flight\.js\?v=[0-9a-f]{8}" defer><\/script>/, with: "")
                for banned in ["http://", "https://", "//cdn", "@import", "<script", "src=\"//", "url(http"] {
                    #expect(!page.contains(banned), "\(target) contains \(banned)")
                }
            }
        }
    }
}
