import FlightLogAnalysis
import FlightLogCore
import FlightLogTaskFile
import Foundation
import Testing

/// XCSoar task files (`.tsk`): every zone type as XCSoar builds it, an AAT, XCSoar's own sample, hostile files.
@Suite struct XCSoarTaskReaderTests {
    /// A point element as XCSoar's `Serialise` writes it.
    static func point(_ type: String, _ name: String, _ lat: Double, _ lon: Double, zone: String) -> String {
        """
          <Point type="\(type)">
            <Waypoint name="\(name)" id="1" comment="" altitude="100">
              <Location longitude="\(lon)" latitude="\(lat)"/>
            </Waypoint>
            \(zone)
          </Point>

        """
    }

    /// Start, one turnpoint with `zone`, finish: the turnpoint 30 km north of the start.
    static func task(turn zone: String, type: String = "RT", turnType: String = "Turn", attributes: String = "")
        -> String
    {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Task type=\"\(type)\" \(attributes)>\n"
            + point("Start", "Home", 50, 7, zone: "<ObservationZone type=\"Line\" length=\"2000\"/>")
            + point(turnType, "North", 50.27, 7, zone: zone)
            + point("Finish", "Home", 50, 7, zone: "<ObservationZone type=\"Cylinder\" radius=\"3000\"/>")
            + "</Task>\n"
    }

    func read(_ text: String) throws(TaskFileProblem) -> FlightTask {
        try XCSoarTaskReader.read(Array(text.utf8), name: "T")
    }

    func turnZone(_ zone: String) throws -> (TaskZone, [String]) {
        let task = try read(Self.task(turn: zone))
        return (task.points[1].zone, task.warnings)
    }

    @Test func everyZoneTypeIsXCSoarsGeometry() throws {
        let cases: [(String, TaskZone)] = [
            (#"<ObservationZone type="Cylinder" radius="500"/>"#, .cylinder(500)),
            (#"<ObservationZone type="Cylinder"/>"#, .cylinder(10_000)),
            (#"<ObservationZone type="MatCylinder"/>"#, .cylinder(1609.344)),
            (#"<ObservationZone type="FAISector"/>"#, TaskZone(radius: 10_000, halfAngle: 45, orientation: .symmetric)),
            (
                #"<ObservationZone type="SymmetricQuadrant" radius="15000" angle="60"/>"#,
                TaskZone(radius: 15_000, halfAngle: 30, orientation: .symmetric)
            ),
            (
                #"<ObservationZone type="Keyhole"/>"#,
                TaskZone(radius: 10_000, halfAngle: 45, innerRadius: 500, innerHalfAngle: 180, orientation: .symmetric)
            ),
            (
                #"<ObservationZone type="CustomKeyhole" radius="8000" inner_radius="1000" angle="120"/>"#,
                TaskZone(radius: 8000, halfAngle: 60, innerRadius: 1000, innerHalfAngle: 180, orientation: .symmetric)
            ),
            (
                #"<ObservationZone type="BGAFixedCourse"/>"#,
                TaskZone(radius: 20_000, halfAngle: 45, innerRadius: 500, innerHalfAngle: 180, orientation: .symmetric)
            ),
            (
                #"<ObservationZone type="BGAEnhancedOption"/>"#,
                TaskZone(radius: 10_000, halfAngle: 90, innerRadius: 500, innerHalfAngle: 180, orientation: .symmetric)
            ),
            (
                #"<ObservationZone type="BGAStartSector"/>"#,
                TaskZone(radius: 5000, halfAngle: 90, orientation: .symmetric)
            ),
            (
                #"<ObservationZone type="Line" length="4000"/>"#,
                TaskZone(radius: 2000, halfAngle: 90, orientation: .symmetric)
            ),
            // Fixed radials, clockwise from 0° to 90°: the zone's middle at 45°, so its course at 225°.
            (
                #"<ObservationZone type="Sector" radius="5000" start_radial="0" end_radial="90"/>"#,
                TaskZone(radius: 5000, halfAngle: 45, orientation: .fixed(225))
            ),
            (
                #"<ObservationZone type="Sector" radius="5000" start_radial="300" end_radial="60"/>"#,
                TaskZone(radius: 5000, halfAngle: 60, orientation: .fixed(180))
            ),
            (#"<ObservationZone type="Sector" radius="5000" start_radial="0" end_radial="360"/>"#, .cylinder(5000)),
        ]
        for (xml, expected) in cases {
            let (zone, warnings) = try turnZone(xml)
            #expect(zone == expected, "\(xml)")
            #expect(warnings.isEmpty, "\(xml): \(warnings)")
        }
    }

    @Test func startAndFinishZonesLieBehindAndBeyond() throws {
        let task = try read(Self.task(turn: #"<ObservationZone type="Cylinder" radius="500"/>"#))
        #expect(task.points[0].zone == .line(length: 2000, orientation: .toNext))
        #expect(task.points[2].zone == .cylinder(3000))
        #expect(task.source == .file && task.kind == .racing && task.name == "T")
        #expect(task.points.map(\.name) == ["Home", "North", "Home"])
        let fai = """
            <Task type="FAIGeneral">
            \(Self.point("Start", "A", 50, 7, zone: #"<ObservationZone type="FAISector"/>"#))
            \(Self.point("Finish", "B", 50.3, 7, zone: #"<ObservationZone type="FAISector"/>"#))
            </Task>
            """
        let sectors = try read(fai).points.map(\.zone)
        #expect(sectors[0] == TaskZone(radius: 1000, halfAngle: 45, orientation: .toNext))
        #expect(sectors[1] == TaskZone(radius: 1000, halfAngle: 45, orientation: .toPrevious))
    }

    /// A fixed sector is scored where XCSoar draws it: its radials 0° to 90° (north-east of the point) count, the
    /// opposite quarter does not.
    @Test func aFixedSectorIsScoredOnItsOwnSide() throws {
        let task = try read(
            Self.task(turn: #"<ObservationZone type="Sector" radius="5000" start_radial="0" end_radial="90"/>"#))
        let home = Coordinate(latitude: 50, longitude: 7), north = task.points[1].coordinate
        for (bearing, reached) in [(45.0, true), (225.0, false)] {
            let beyond = Geodesy.destination(from: north, bearing: bearing, distance: 3000)
            let behind = Geodesy.destination(from: home, bearing: 270, distance: 3000)
            let fixes = SyntheticTracks.route([behind, home, beyond, home], speed: 30)
            let score = try TaskScoring(task: task, fixes: fixes).score()
            #expect((score.reached[1] != nil) == reached, "bearing \(bearing): \(score)")
        }
    }

    @Test func anAssignedAreaTaskKeepsItsMinimumTime() throws {
        let task = try read(
            Self.task(
                turn:
                    #"<ObservationZone type="Sector" radius="20000" inner_radius="0" start_radial="0" end_radial="360"/>"#,
                type: "AAT", turnType: "Area", attributes: #"aat_min_time="10800" start_open_time="" fai_finish="0""#))
        #expect(task.kind == .assignedArea && task.minimumTimeSeconds == 10_800)
        #expect(task.points[1].zone == .cylinder(20_000) && task.warnings.isEmpty, "\(task.warnings)")
        let noTime = try read(Self.task(turn: #"<ObservationZone type="Cylinder"/>"#, type: "AAT", turnType: "Area"))
        #expect(noTime.minimumTimeSeconds == nil && noTime.warnings.contains { $0.contains("aat_min_time") })
    }

    /// XCSoar's own sample, `test/data/apf-bug554.tsk` (the content as in its repository, indented alike).
    @Test func xcsoarsSampleTask() throws {
        let sample = """
            <Task type="FAIGeneral" task_scored="1" aat_min_time="19260" start_max_speed="0" start_max_height="0" start_max_height_ref="0" finish_min_height="0" fai_finish="1" min_points="3" max_points="10" homogeneous_tps="1" is_closed="1">
            \t<Point type="Start">
            \t\t<Waypoint name="Wanlo Niersq" id="3675" comment="121.175 0826" altitude="74">
            \t\t\t<Location longitude="6.39361" latitude="51.1011"/>
            \t\t</Waypoint>
            \t\t<ObservationZone type="Cylinder" radius="1000"/>
            \t</Point>
            \t<Point type="Turn">
            \t\t<Waypoint name="Weisweiler K" id="3649" comment="Kw 1011Ft" altitude="144">
            \t\t\t<Location longitude="6.32278" latitude="50.8397"/>
            \t\t</Waypoint>
            \t\t<ObservationZone type="Cylinder" radius="1000"/>
            \t</Point>
            \t<Point type="Turn">
            \t\t<Waypoint name="Langenfeld W" id="3883" comment="122.475 0725" altitude="86">
            \t\t\t<Location longitude="6.98528" latitude="51.1408"/>
            \t\t</Waypoint>
            \t\t<ObservationZone type="Cylinder" radius="1000"/>
            \t</Point>
            \t<Point type="Turn">
            \t\t<Waypoint name="APF001-2" id="3835" comment="NEAR STOMMELN" altitude="45">
            \t\t\t<Location longitude="6.77611" latitude="51.0372"/>
            \t\t</Waypoint>
            \t\t<ObservationZone type="Cylinder" radius="1000"/>
            \t</Point>
            \t<Point type="Finish">
            \t\t<Waypoint name="Wanlo Niersq" id="3675" comment="121.175 0826" altitude="74">
            \t\t\t<Location longitude="6.39361" latitude="51.1011"/>
            \t\t</Waypoint>
            \t\t<ObservationZone type="FAISector"/>
            \t</Point>
            </Task>
            """
        let task = try read(sample)
        #expect(task.kind == .racing && task.warnings.isEmpty, "\(task.warnings)")
        #expect(
            task.points.map(\.name) == ["Wanlo Niersq", "Weisweiler K", "Langenfeld W", "APF001-2", "Wanlo Niersq"])
        #expect(task.points[1].coordinate == Coordinate(latitude: 50.8397, longitude: 6.32278))
        #expect(task.points.dropLast().allSatisfy { $0.zone == .cylinder(1000) })
        #expect(task.points[4].zone == TaskZone(radius: 1000, halfAngle: 45, orientation: .toPrevious))
    }

    @Test func whatCannotBeRepresentedIsAWarningNotAFailure() throws {
        let (unknown, w1) = try turnZone(#"<ObservationZone type="Hexagon" radius="5000"/>"#)
        #expect(unknown == .cylinder(500) && w1.contains { $0.contains("\"Hexagon\"") }, "\(w1)")
        let (annular, w2) = try turnZone(
            #"<ObservationZone type="Sector" radius="9000" inner_radius="2000" start_radial="10" end_radial="50"/>"#)
        #expect(annular == TaskZone(radius: 9000, halfAngle: 20, orientation: .fixed(210)))
        #expect(w2.contains { $0.contains("inner radius 2000 m") }, "\(w2)")
        let (huge, w3) = try turnZone(#"<ObservationZone type="Cylinder" radius="1e308"/>"#)
        #expect(huge == .cylinder(10_000) && w3.contains { $0.contains("radius \"1e308\"") }, "\(w3)")
        let (missing, w4) = try turnZone("")
        #expect(missing == .cylinder(500) && w4.contains { $0.contains("no <ObservationZone>") }, "\(w4)")
        let optional = Self.task(turn: #"<ObservationZone type="Cylinder"/>"#).replacingOccurrences(
            of: "</Task>", with: Self.point("OptionalStart", "Other", 50.1, 7.1, zone: "") + "</Task>")
        let withOptional = try read(optional)
        #expect(withOptional.points.count == 3 && withOptional.warnings.contains { $0.contains("optional start") })
        let gate = try read(
            Self.task(turn: #"<ObservationZone type="Cylinder"/>"#, attributes: #"start_open_time="12:30""#))
        #expect(gate.warnings.contains { $0.contains("start_open_time=12:30") }, "\(gate.warnings)")
    }

    /// `body` refused with a problem on `line` whose words contain `words`.
    func refused(_ body: String, line: Int?, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let task = try read(body)
            Issue.record("read \(task.points.count) points", sourceLocation: sourceLocation)
        } catch {
            #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(words), "\(error)", sourceLocation: sourceLocation)
        }
    }

    /// Only UTF-8 text reaches libxml2: it crashed on bytes it took for UCS-4, and a DOCTYPE in UTF-16 would pass
    /// the check for one unseen.
    @Test func textThatIsNotUTF8IsRefusedBeforeTheXMLParser() {
        func refusedBytes(_ bytes: [UInt8], line: Int) {
            do {
                let task = try XCSoarTaskReader.read(bytes, name: "T")
                Issue.record("read \(task.points.count) points")
            } catch {
                #expect(error.line == line && error.message.contains("not UTF-8 text"), "\(error)")
            }
        }
        refusedBytes([0, 0, 0] + Array("<!-- a comment".utf8), line: 1)  // the fuzzer's crash, shortened
        let laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY a \"&a;&a;\">]>\n<Task>&a;</Task>"
        refusedBytes([0xFF, 0xFE] + laughs.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, line: 1)
        refusedBytes(Array("<Task>\n".utf8) + [0xC3, 0x28] + Array("</Task>".utf8), line: 2)
        let accented = try? read(Self.task(turn: "").replacingOccurrences(of: "\"North\"", with: "\"Zürich\""))
        #expect(accented?.points.map(\.name).contains("Zürich") == true, "UTF-8 names still read")
    }

    @Test func hostileFilesAreRefusedByLine() throws {
        refused("flightlog was here", line: 1, "not well-formed XML")
        refused("", line: 1, "not well-formed XML")
        refused("<Task type=\"RT\">\n<Point>\n</Task>\n", line: 3, "closing tag")
        refused("<Tasks/>", line: 1, "not an XCSoar <Task>")
        let noLocation = Self.task(turn: "").replacingOccurrences(
            of: "<Location longitude=\"7.0\" latitude=\"50.27\"/>", with: "")
        refused(noLocation, line: 10, "point 2 has no <Location>")
        refused(
            Self.task(turn: "").replacingOccurrences(of: "latitude=\"50.27\"", with: "latitude=\"200\""), line: 11,
            "point 2 has latitude \"200\"")
        refused(
            Self.task(turn: "").replacingOccurrences(
                of: "longitude=\"7.0\" latitude=\"50.27\"", with: "longitude=\"nan\" latitude=\"50\""),
            line: 11, "longitude \"nan\"")
        var many = "<Task type=\"RT\">\n"
        for k in 0..<1000 {
            let type = k == 0 ? "Start" : k == 999 ? "Finish" : "Turn"
            many += Self.point(type, "P\(k)", 50, 7 + Double(k) / 1000, zone: "")
        }
        many += "</Task>\n"
        refused(many, line: 2 + 6 * 101, "1000 points, more than 101")
        refused("<Task>\n" + Self.point("Start", "A", 50, 7, zone: "") + "</Task>", line: 1, "1 points")
        let deep = String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40)
        refused(deep, line: 1, "nested more than 16")
        let big = "<Task>" + String(repeating: " ", count: XCSoarTaskReader.maxFileSize) + "</Task>"
        refused(big, line: nil, "more than a task file holds")
    }

    /// Entities are never expanded: a document type declaration is refused before libxml2 sees the file, so neither
    /// "billion laughs" nor an external entity (a local file) gets in; an undeclared entity is an XML error.
    @Test func entitiesAreNeverExpanded() throws {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
             <!ENTITY lol "lol">
             <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
             <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
             <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <Task type="&lol3;"/>
            """
        refused(laughs, line: 2, "document type declaration")
        let external = """
            <?xml version="1.0"?>
            <!doctype t [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
            <Task type="RT">&xxe;</Task>
            """
        refused(external, line: 2, "document type declaration")
        refused("<Task type=\"&xxe;\">\n</Task>", line: 1, "entity (&name;) that is not defined")
        // The five predefined entities are plain text.
        let named = try read(
            Self.task(turn: "").replacingOccurrences(
                of: "name=\"North\"", with: "name=\"Bad &amp; Neuenahr &lt;1&gt;\""))
        #expect(named.points[1].name == "Bad & Neuenahr <1>")
    }

    @Test func zeroLengthLegsAndThePoleAndTheDatelineAreReadAsWritten() throws {
        let body = """
            <Task type="RT">
            \(Self.point("Start", "A", 89.9, 179.9, zone: #"<ObservationZone type="Cylinder" radius="1000"/>"#))
            \(Self.point("Turn", "Pole", 90, 0, zone: #"<ObservationZone type="Cylinder" radius="1000"/>"#))
            \(Self.point("Turn", "Pole", 90, 0, zone: #"<ObservationZone type="Cylinder" radius="1000"/>"#))
            \(Self.point("Finish", "B", 89.9, -179.9, zone: #"<ObservationZone type="Cylinder" radius="1000"/>"#))
            </Task>
            """
        let task = try read(body)
        #expect(task.points.map(\.coordinate.longitude) == [179.9, 0, 0, -179.9])
        #expect(task.warnings == ["leg 2 from Pole to Pole has no length"])
    }
}
