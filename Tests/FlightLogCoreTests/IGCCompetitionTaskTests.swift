import Testing

@testable import FlightLogCore

/// The competition task SeeYou and competition sites write into L records: `LCU::C` points, `LSEEYOU OZ=` zones.
@Suite struct IGCCompetitionTaskTests {
    private let points = [
        "LCU::C300711151120000000000002Day 3", "LCU::C5214000N00620000ETAKEOFF",
        "LCU::C5215000N00609500EDeventer", "LCU::C5224583N00624583ETP1", "LCU::C5200500N00606683ETP2",
        "LCU::C5215000N00609500EFinish", "LCU::C5214000N00620000ELANDING",
    ]

    @Test func zonesComeFromTheSeeYouLines() throws {
        let file = try IGCReader.read(
            igcWithTaskLines(
                points + [
                    "LSEEYOU OZ=-1,Style=2,SpeedStyle=0,R1=5000m,A1=180,R2=0m,A2=0,MaxAlt=0.0m,Line=1",
                    "LSEEYOU OZ=0,Style=1,SpeedStyle=3,R1=500m,A1=180",
                    "LSEEYOU OZ=1,Style=0,R1=20km,A1=45,R2=500m,A2=180,A12=215",
                    "LSEEYOU OZ=2,Style=3,R1=3000m,A1=180",
                ]), strict: true)
        #expect(file.declarations.isEmpty)
        #expect(file.taskWarnings.isEmpty)
        let task = try #require(file.competitionTask)
        #expect(task.source == .competition && task.kind == .racing && task.name == "Day 3")
        #expect(task.points.map(\.name) == ["Deventer", "TP1", "TP2", "Finish"])
        #expect(task.points[0].zone == TaskZone(radius: 5000, halfAngle: 90, orientation: .toNext, isLine: true))
        #expect(task.points[1].zone == .cylinder(500))
        #expect(
            task.points[2].zone
                == TaskZone(
                    radius: 20000, halfAngle: 45, innerRadius: 500, innerHalfAngle: 180, orientation: .fixed(215)))
        #expect(task.points[3].zone == TaskZone(radius: 3000, orientation: .toPrevious))
    }

    @Test func assignedAreaTaskTakesItsTime() throws {
        let file = try IGCReader.read(
            igcWithTaskLines(
                points + [
                    "LSEEYOU OZ=0,Style=1,R1=30000m,A1=180,AAT=1",
                    "LSEEYOU TSK,NoStart=13:00:00,TaskTime=03:30:00,WpDis=False,MinDis=True",
                ]))
        let task = try #require(file.competitionTask)
        #expect(task.kind == .assignedArea && task.minimumTimeSeconds == 3 * 3600 + 30 * 60)
        #expect(task.points[1].zone == .cylinder(30000))
        #expect(task.points[0].zone == .line(length: 1000, orientation: .toNext))
    }

    @Test func zonesWithoutCompetitionPointsApplyToTheDeclaration() throws {
        let declaration = points.map { "C" + $0.dropFirst(6) }
        let file = try IGCReader.read(igcWithTaskLines(declaration + ["LSEEYOU OZ=0,Style=1,R1=1000m,A1=180"]))
        #expect(file.declarations.first?.points[1].zone == .faiTurnpoint)
        #expect(file.competitionTask?.source == .competition)
        #expect(file.competitionTask?.points[1].zone == .cylinder(1000))
    }

    @Test(arguments: [
        ("LSEEYOU OZ=0,Style=9,R1=500m", "style \"9\" is not 0 to 4"),
        ("LSEEYOU OZ=0,Style=1,R1=-5m", "radius \"-5m\" is not 0 to 1000 km"),
        ("LSEEYOU OZ=0,Style=1,R1=1e308km", "radius \"1e308km\" is not 0 to 1000 km"),
        ("LSEEYOU OZ=0,Style=1,R1=500m,A1=nan", "angle \"nan\" is not 0 to 360°"),
        ("LSEEYOU OZ=0,Style=1,A1=180", "zone 0: no radius (R1)"),
        ("LSEEYOU OZ=x,Style=1", "zone line without a zone number (OZ=n)"),
        ("LSEEYOU OZ=99999999999999999999,R1=1m", "zone line without a zone number (OZ=n)"),
        ("LSEEYOU TSK,TaskTime=99:00:00", "task time \"99:00:00\" is not a time of day"),
    ])
    func hostileZoneLinesAreIgnoredWithAMessage(line: String, message: String) throws {
        let file = try IGCReader.read(igcWithTaskLines(points + [line]), strict: true)
        #expect(file.competitionTask?.points.count == 4)
        #expect(file.taskWarnings.count == 1)
        #expect(file.taskWarnings.first?.contains(message) == true, "\(file.taskWarnings)")
    }

    @Test func zoneBeyondTheLastPointIsReported() throws {
        let file = try IGCReader.read(igcWithTaskLines(points + ["LSEEYOU OZ=7,Style=1,R1=500m"]))
        #expect(file.competitionTask?.warnings == ["zone 7 has no task point (the task has 4): ignored"])
    }
}
