import FlightLogAnalysis
import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogText
import FlightLogTransfer
import FlightLogWeb
import Foundation
import Testing

/// The declared task on the phone: the flight page's Task section in `show`'s words and the task drawn on its map;
/// `/task`, where a pilot finds places, builds a task and declares it through the store call of
/// `flightlog task declare`, with every refusal leaving the pending declaration as it was.
@Suite("The task on the phone pages", .serialized, .timeLimit(.minutes(3)))
struct TaskPagesTests {
    static let password = "Thermik über Zülpich"
    static let t0 = CivilDate(year: 2025, month: 7, day: 2).utcMidnight + 9 * 3_600_000
    static let home = Coordinate(latitude: 50.8, longitude: 6.2)
    static let north = Geodesy.destination(from: home, bearing: 0, distance: 10_000)
    static let east = Geodesy.destination(from: north, bearing: 90, distance: 10_000)

    /// A triangle declared as `flightlog task declare --points` makes it (1 km lines, FAI turnpoints): a declaration.
    static let task = FlightTask(
        source: .declaration, name: "Triangle", declaredAt: t0 - 3_600_000,
        points: FlightTask.withDeclarationZones([
            TaskPoint(name: "Home", coordinate: home, zone: .faiTurnpoint),
            TaskPoint(name: "North", coordinate: north, zone: .faiTurnpoint),
            TaskPoint(name: "East", coordinate: east, zone: .faiTurnpoint),
            TaskPoint(name: "Home", coordinate: home, zone: .faiTurnpoint),
        ]))

    /// A recorded flight through `way` at 30 m/s that was declared with ``task``; its id.
    static func declaredFlight(_ logbook: TestLogbook, through way: [Coordinate]) throws -> Int64 {
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let fixes = SyntheticTracks.route(way, speed: 30, start: t0)
        let track = Track(recorder: TestLogbook.track(start: t0).recorder, fixes: fixes)
        let id = try logbook.addFlight(store: store, track: track, details: FlightDetails(pilot: "Jürgen Müller"))
        try store.declare(task)
        #expect(try store.attachPendingTask(toFlight: id, declaredBy: t0) == task)
        return id
    }

    static let behind = Geodesy.destination(from: home, bearing: 180, distance: 2000)

    /// The count of `needle` in `text`.
    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func aFlownTaskIsShownInShowsWordsAndDrawnWithItsZonesReached() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let past = Geodesy.destination(from: Self.home, bearing: Geodesy.bearing(Self.east, Self.home), distance: 2000)
        let id = try Self.declaredFlight(
            logbook, through: [Self.behind, Self.home, Self.north, Self.east, Self.home, past])
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/flights/\(id)").text
            // The words are `show`'s: the summary FlightTaskReport makes for the same flight and fixes.
            let store = try FlightStore(path: logbook.databasePath, mode: .readOnly)
            let flight = try store.flight(id: id)
            let found = FlightTaskReport.of(
                flight, fixes: try store.track(forFlight: id).fixes, originalFile: nil, declared: Self.task)
            let words = try #require(FlightTaskReport.summary(found, flight: flight))
            #expect(words.completed && words.result.hasPrefix("Completed: "), "\(words.result)")
            // Scored as its exported file's C records are, by the Sporting Code (issue 41).
            #expect(
                page.contains(
                    "<h2>Task</h2><section id=\"task\"><p>&quot;Triangle&quot;, declared in the file "
                        + "(scored by the FAI Sporting Code)"))
            #expect(page.contains("<p class=\"task-result ok\">\(esc(words.result))</p>"), "\(words.result)")
            for row in words.rows {
                #expect(page.contains("<tr><td>\(row.role)</td><td>\(row.name)</td><td>\(row.when)</td></tr>"))
            }
            #expect(words.rows.map(\.role) == ["start", "turnpoint 1", "turnpoint 2", "finish"])
            #expect(!page.contains("class=\"missed\""))
            // The map: two lines and two areas, all reached; three legs; a reached dot per point; a ring per
            // place (the start and finish share one) and their names.
            #expect(Self.count("class=\"task-zone line reached\"", in: page) == 2)
            #expect(Self.count("class=\"task-zone reached\"", in: page) == 2)
            #expect(Self.count("class=\"task-leg\"", in: page) == 3)
            #expect(Self.count("<i class=\"tkr\"", in: page) == 4)
            #expect(Self.count("<i class=\"tkp\"", in: page) == 3)
            #expect(page.contains(">Home</span>") && page.contains(">North</span>") && page.contains(">East</span>"))
        }
    }

    @Test func aMissedTurnpointIsRedWithTheReasonAndAFlightWithoutTaskHasNoSection() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try Self.declaredFlight(logbook, through: [Self.behind, Self.home, Self.north])
        let plain = try logbook.addFlight(
            store: try FlightStore(path: logbook.databasePath, mode: .readWrite), start: Self.t0 + 86_400_000,
            details: FlightDetails(pilot: "Jürgen Müller"))
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/flights/\(id)").text
            #expect(page.contains("<p class=\"task-result warn\">Not completed: "))
            #expect(page.contains("turnpoint 2 East missed by "), "the reason in show's words")
            #expect(page.contains("<td>turnpoint 2</td><td>East</td><td class=\"missed\">missed</td>"))
            #expect(Self.count("class=\"task-zone missed\"", in: page) == 1, "East's area")
            #expect(Self.count("class=\"task-zone line missed\"", in: page) == 1, "the finish line")
            #expect(Self.count("<i class=\"tkr\"", in: page) == 2, "start and North reached")

            let none = try await client.get("/flights/\(plain)").text
            #expect(!none.contains("<h2>Task</h2>") && !none.contains("task-zone"))
        }
    }

    /// Logs in; the session cookie and the page's CSRF token.
    static func logIn(_ client: AppClient) async throws -> (cookie: String, csrf: String) {
        let cookie = try await EditRoundTripTests.logIn(client, password: password)
        let page = try await client.get("/task", cookie: cookie).text
        return (cookie, try #require(SecurityTests.hidden("csrf", in: page)))
    }

    @Test func aPilotFindsPlacesBuildsATaskAndDeclaresIt() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let hash = try PasswordHash.make(password: Self.password, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            let empty = try await client.get("/task").text
            #expect(empty.contains("<a href=\"/task\" aria-current=\"page\">Task</a>"), "in the navigation")
            #expect(empty.contains("No task is declared."))
            // A code finds one field: added.
            let one = try await client.get("/task?op=find&find=EDKA").text
            #expect(one.contains("Added Aachen-Merzbrück Airport (EDKA)."))
            #expect(SecurityTests.hidden("points", in: one) == "EDKA")
            // A part of many names: candidates, each a button that adds it; an unknown name: close names.
            let several = try await client.get("/task?points=EDKA&op=find&find=Bad").text
            #expect(several.contains("'Bad' matches ") && several.contains("name=\"add\" value=\""))
            let unknown = try await client.get("/task?points=EDKA&op=find&find=Merzbrxck").text
            #expect(unknown.contains("No airfield or waypoint is called 'Merzbrxck'."))
            let close = try await client.get("/task?points=EDKA&op=find&find=erzbr").text
            #expect(close.contains("Did you mean:") || close.contains("Added "), "a name's middle")
            // Added, moved, removed: each step a GET of the task so far.
            let three = try await client.get("/task?points=EDKA%0AEDKV&add=EDKL").text
            #expect(SecurityTests.hidden("points", in: three) == "EDKA\nEDKV\nEDKL")
            #expect(three.contains("Total: ") && three.contains("<svg"), "legs and map of the task being built")
            #expect(three.contains("Log in to declare"), "no declare button without a login")
            let moved = try await client.get("/task?points=EDKA%0AEDKV%0AEDKL&op=up:2").text
            #expect(SecurityTests.hidden("points", in: moved) == "EDKA\nEDKL\nEDKV")
            let removed = try await client.get("/task?points=EDKA%0AEDKV%0AEDKL&op=remove:1").text
            #expect(SecurityTests.hidden("points", in: removed) == "EDKA\nEDKL")

            // Declared: what `flightlog task declare --points EDKA,EDKV,EDKA` stores.
            let (cookie, csrf) = try await Self.logIn(client)
            let declared = try await client.post(
                "/task", form: [("csrf", csrf), ("points", "EDKA\nEDKV\nEDKA")], cookie: cookie)
            #expect(declared.status == 200 && declared.text.contains("Declared:"), "\(declared.text.suffix(800))")
            let store = try FlightStore(path: logbook.databasePath, mode: .readOnly)
            let pending = try #require(try store.pendingTask())
            let index = try AirfieldCatalog.index().index
            #expect(pending == (try TaskDeclaration.task(points: ["EDKA", "EDKV", "EDKA"], in: index)))
            #expect(pending.declaredAt == nil, "no recorder running: flightlogd stamps it with GPS time")
            let shown = try await client.get("/task", cookie: cookie).text
            #expect(shown.contains("No GPS time yet") && shown.contains("Clear the declared task"))

            // Cleared, as `flightlog task clear`.
            let cleared = try await client.post("/task/clear", form: [("csrf", csrf)], cookie: cookie)
            #expect(cleared.text.contains("The declared task is cleared."))
            #expect(try store.pendingTask() == nil)
        }
    }

    @Test func hostileFormsAreRefusedInWordsAndStoreNothing() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let hash = try PasswordHash.make(password: Self.password, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            let (cookie, csrf) = try await Self.logIn(client)
            let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
            let before = FlightTask(
                source: .file, name: "kept", points: FlightTask.withDeclarationZones(Array(Self.task.points[0...1])))
            try store.declare(before)
            func declare(_ points: String, csrf: String? = csrf) async throws -> HTTPReply {
                try await client.post(
                    "/task", form: (csrf.map { [("csrf", $0)] } ?? []) + [("points", points)], cookie: cookie)
            }
            let cases: [(String, String)] = [
                ("EDKA\nNowhere Field", "Not declared: no airfield or waypoint is called &#39;Nowhere Field&#39;"),
                ((0..<1000).map { _ in "EDKA" }.joined(separator: "\n"), "The task names 1000 points"),
                ("EDKA\n<script>\u{7}x</script>", "&lt;script&gt;"),
                ("EDKA", "A task needs at least a start and a finish."),
                ("EDKA\nBad", "matches "),
            ]
            for (points, said) in cases {
                let reply = try await declare(points)
                #expect(reply.status == 400 && reply.text.contains(said), "\(said): \(reply.text.suffix(600))")
                #expect(!reply.text.contains("<script>"))
                #expect(try store.pendingTask() == before, "nothing stored: \(said)")
            }
            #expect(try await declare("EDKA\nEDKV", csrf: nil).status == 403, "no CSRF token")
            #expect(try await declare("EDKA\nEDKV", csrf: "forged").status == 403, "a forged token")
            let anonymous = try await client.post("/task", form: [("csrf", csrf), ("points", "EDKA\nEDKV")])
            #expect(anonymous.status == 403, "not logged in")
            #expect(try store.pendingTask() == before)
            // A GET of a thousand places is cut to what a declaration holds, said so.
            let long = try await client.get(
                "/task?points=" + (0..<1000).map { _ in "EDKA" }.joined(separator: "%0A")
            ).text
            #expect(long.contains("A task holds at most 101 points"))
            #expect(Self.count("<li><span class=\"what\">", in: long) == 101)
        }
    }

    @Test func aTaskAcross180DegreesIsDeclaredAndDrawnWhole() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let hash = try PasswordHash.make(password: Self.password, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            let (cookie, csrf) = try await Self.logIn(client)
            // Rabi Island (179.98° E) → Matei (179.88° W) → Moala (179.95° E), Fiji.
            let reply = try await client.post(
                "/task", form: [("csrf", csrf), ("points", "NFFR\nNFNM\nNFMO")], cookie: cookie)
            #expect(reply.status == 200, "\(reply.text.suffix(600))")
            let pending = try #require(
                try FlightStore(path: logbook.databasePath, mode: .readOnly).pendingTask())
            let legs = pending.legDistances()
            #expect(legs.count == 2 && legs.allSatisfy { $0 > 10_000 && $0 < 300_000 }, "short legs: \(legs)")
            // Every drawn leg stays on the map: no line runs the long way round the world.
            let page = reply.text
            let xs = AnalysisPageTests.attributes(page, tag: "polyline", kind: "task-leg", "points")
                .flatMap { $0.split(separator: " ").compactMap { Double($0.split(separator: ",")[0]) } }
            #expect(!xs.isEmpty && xs.allSatisfy { $0 >= 0 && $0 <= 1000 }, "\(xs)")
        }
    }
}

extension TaskPagesTests {
    /// A task declared from a task file with its own zones (an assigned area task of 5 km cylinders, as a `.tsk`
    /// gives it) is shown on `/task` as declared: its kind, each zone in words, and on the map its cylinders, not a
    /// plain declaration's lines and FAI sectors.
    @Test func aPendingTaskFilesOwnZonesAreDrawnAndNamed() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        var task = FlightTask(
            source: .file, kind: .assignedArea, name: "Areas",
            points: [Self.home, Self.north, Self.east, Self.home].enumerated().map {
                TaskPoint(name: "P\($0.offset)", coordinate: $0.element, zone: .cylinder(5000))
            })
        task.minimumTimeSeconds = 2 * 3600 + 30 * 60
        try FlightStore(path: logbook.databasePath, mode: .readWrite).declare(task)
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/task").text
            #expect(page.contains("Assigned area task, minimum time 2:30"), "\(page)")
            #expect(page.contains(TaskPage.ownZonesCaption) && !page.contains(TaskPage.mapCaption), "\(page)")
            #expect(Self.count("<td>cylinder 5 km</td>", in: page) == 2, "\(page)")
            #expect(Self.count("<td>area: cylinder 5 km</td>", in: page) == 2, "\(page)")
            #expect(!page.contains("task-zone line"), "the pending map draws the file's cylinders, not lines")
        }
    }

    /// A point's name on the map: as it is when short, an airfield label's code when long, else cut.
    @Test func longNamesOnTheMapAreCodesOrCut() {
        #expect(MapChart.cut("Bad Neuenahr") == "Bad Neuenahr")
        #expect(MapChart.cut("Aachen-Merzbrück Airport (EDKA)") == "EDKA")
        #expect(MapChart.cut("Turnpoint two with a long name") == "Turnpoint two with a lo…")
    }
}
