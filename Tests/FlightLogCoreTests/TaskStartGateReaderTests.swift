import Testing

@testable import FlightLogCore

/// The start gate (SeeYou `NoStart=HH:MM:SS`) read into ``FlightTask/startOpensSeconds`` from a CUP task's
/// `Options` line and an IGC file's `LSEEYOU TSK` line (docs/TASKS.md, "Start gate").
@Suite struct TaskStartGateReaderTests {
    @Test func cupOptionsGiveTheGate() throws {
        let result = CUPTaskReader.read(
            Array(
                (CUPTaskReaderTests.waypoints + """
                    "Gate","Lasham","Lasham","Hay-on-wye","Lasham","Lasham"
                    Options,NoStart=12:34:56,WpDis=True

                    """).utf8))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(try #require(result.tasks.first).startOpensSeconds == 12 * 3600 + 34 * 60 + 56)
    }

    @Test func aDamagedCUPGateIsAWarning() throws {
        let result = CUPTaskReader.read(
            Array(
                (CUPTaskReaderTests.waypoints + """
                    "Gate","Lasham","Lasham","Hay-on-wye","Lasham","Lasham"
                    Options,NoStart=25:00:00

                    """).utf8))
        #expect(result.warnings.map(\.message) == ["start gate \"25:00:00\" is not a time"])
        #expect(try #require(result.tasks.first).startOpensSeconds == nil)
    }

    @Test func seeYouTaskLineGivesTheGate() throws {
        let lines = [
            "LCU::C300711151120000000000002Day 3", "LCU::C5214000N00620000ETAKEOFF",
            "LCU::C5215000N00609500EDeventer", "LCU::C5224583N00624583ETP1", "LCU::C5215000N00609500EFinish",
            "LCU::C5214000N00620000ELANDING", "LSEEYOU OZ=0,Style=1,R1=500m,A1=180",
            "LSEEYOU TSK,NoStart=13:00:00,WpDis=True",
        ]
        let file = try IGCReader.read(igcWithTaskLines(lines), strict: true)
        #expect(file.taskWarnings.isEmpty, "\(file.taskWarnings)")
        let task = try #require(file.competitionTask)
        #expect(task.startOpensSeconds == 13 * 3600 && task.kind == .racing)
        let damaged = try IGCReader.read(igcWithTaskLines(lines.dropLast() + ["LSEEYOU TSK,NoStart=13h"]))
        #expect(damaged.competitionTask?.startOpensSeconds == nil)
        #expect(damaged.taskWarnings.contains { $0.contains("start gate \"13h\" is not a time of day") })
    }
}
