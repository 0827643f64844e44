import Testing

@testable import FlightLogCore

/// The task section of a SeeYou CUP file.
@Suite struct CUPTaskReaderTests {
    static let waypoints = """
        name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc
        "Lasham","LASHAM",GB,5111.643N,00102.000W,188.0m,5,090,1200m,,
        "Hay-on-wye","HAY",GB,5204.577N,00307.663W,80.0m,1,,,,
        "Boston","BOSTON",GB,5258.317N,00003.531W,5.0m,1,,,,
        -----Related Tasks-----

        """

    private func read(_ text: String) -> CUPTaskReader.Result { CUPTaskReader.read(Array(text.utf8)) }

    @Test func racingTaskWithZones() throws {
        let result = read(
            Self.waypoints + """
                "500 km","Lasham","Lasham","Hay-on-wye","Boston","Lasham","Lasham"
                Options,NoStart=10:00:00,TaskTime=00:00:00,WpDis=True
                ObsZone=0,Style=2,R1=2500m,A1=180,Line=1
                ObsZone=1,Style=1,R1=500m,A1=180
                ObsZone=2,Style=1,R1=10000m,A1=45,R2=500m,A2=180
                ObsZone=3,Style=3,R1=3km,A1=180

                """)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let task = try #require(result.tasks.first)
        #expect(task.source == .file && task.kind == .racing && task.name == "500 km")
        #expect(task.points.map(\.name) == ["Lasham", "Hay-on-wye", "Boston", "Lasham"])
        #expect(task.takeoff?.name == "Lasham" && task.landing?.name == "Lasham")
        #expect(abs(task.points[1].coordinate.longitude - -(3 + 7.663 / 60)) < 1e-9)
        #expect(task.points[0].zone == TaskZone(radius: 2500, halfAngle: 90, orientation: .toNext, isLine: true))
        #expect(task.points[1].zone == .cylinder(500))
        #expect(
            task.points[2].zone == TaskZone(radius: 10000, halfAngle: 45, innerRadius: 500, innerHalfAngle: 180))
        #expect(task.points[3].zone == TaskZone(radius: 3000, orientation: .toPrevious))
    }

    @Test func assignedAreaTaskAndOwnPoints() throws {
        let result = read(
            Self.waypoints + """
                "AAT","","Lasham","Area 1","Lasham",""
                Options,TaskTime=02:30:00,WpDis=False
                ObsZone=1,Style=1,R1=20000m,A1=180
                Point=1,"Area 1","A1",GB,5130.000N,00200.000W,100.0m,1,,,,

                """)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let task = try #require(result.tasks.first)
        #expect(task.kind == .assignedArea && task.minimumTimeSeconds == 9000)
        // An empty last name is read as StrePla's trailing comma (as XCSoar does): the finish becomes the landing.
        #expect(task.takeoff == nil && task.landing?.name == "Lasham")
        #expect(task.points[1].name == "Area 1" && task.points[1].zone == .cylinder(20000))
        #expect(task.points[0].zone == .line(length: 1000, orientation: .toNext))
    }

    @Test func unknownWaypointsAreNamed() {
        let result = read(
            Self.waypoints + """
                "Typo","Lasham","Lasham","Hay on Wye","Bostn","Lasham","Lasham"
                "Good","Lasham","Lasham","Boston","Lasham","Lasham"

                """)
        #expect(result.tasks.map(\.name) == ["Good"])
        #expect(
            result.warnings == [
                CUPTaskReader.Warning(
                    line: 6, message: "task \"Typo\" names waypoints the file does not hold: \"Hay on Wye\", \"Bostn\"")
            ])
    }

    @Test func hostileTasksGiveMessagesNotCrashes() {
        let many = "\"Long\"," + Array(repeating: "\"Lasham\"", count: 1000).joined(separator: ",")
        let result = read(
            Self.waypoints + """
                "Short","Lasham","Lasham","Lasham"
                \(many)
                ObsZone=0,Style=7,R1=1m
                Bogus line
                "Zero","Lasham","Lasham","Lasham","Lasham"

                """)
        #expect(result.tasks.map(\.name) == ["Zero"])
        #expect(result.tasks.first?.warnings == ["task \"Zero\": leg 1 from Lasham to Lasham has no length"])
        #expect(
            result.warnings.map(\.description) == [
                "line 6: task \"Short\" names 3 waypoints; take-off, start, finish and landing needed",
                "line 8: zone 0: style \"7\" is not 0 to 4, ignored",
                "line 9: not a task line (Options, ObsZone, Point): ignored",
                "line 7: task \"Long\" names 1000 waypoints, more than 103: ignored",
            ])
    }

    /// A damaged start gate leaves the rest of its `Options` line read (the minimum time, the assigned areas), and the
    /// task carries its own lines' warnings, so that `task declare` shows what it did not keep.
    @Test func aTaskKeepsItsOwnLinesWarningsAndTheRestOfADamagedOptionsLine() throws {
        let result = read(
            Self.waypoints + """
                "AAT","Lasham","Lasham","Hay-on-wye","Boston","Lasham","Lasham"
                Options,NoStart=12h30,TaskTime=03:00:00,WpDis=False
                ObsZone=1,Style=9,R1=20km,A1=180
                STARTS="Lasham","Boston"

                """)
        let task = try #require(result.tasks.first)
        #expect(task.kind == .assignedArea && task.minimumTimeSeconds == 3 * 3600 && task.startOpensSeconds == nil)
        let lines = [
            "line 7: start gate \"12h30\" is not a time", "line 8: zone 1: style \"9\" is not 0 to 4, ignored",
            "line 9: not a task line (Options, ObsZone, Point): ignored",
        ]
        #expect(result.warnings.map(\.description) == lines)
        #expect(task.warnings == lines)
    }

    @Test func aFileWithoutTasksHasNone() {
        #expect(read(Self.waypoints).tasks.isEmpty)
        #expect(read("").tasks.isEmpty && read("").warnings.isEmpty)
    }
}
