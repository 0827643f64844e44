import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogCore

/// `IGCReader.tasks` reads a file's task lines without its fixes (a kept file of 334 flights was parsed whole once
/// per flight to find its task): it must say exactly what the full reader says of the same bytes.
@Suite struct IGCReaderTasksTests {
    private func expectSameTasks(_ bytes: [UInt8], _ name: String) throws {
        let file = try IGCReader.read(bytes)
        let tasks = try #require(IGCReader.tasks(bytes))
        #expect(tasks.declarations == file.declarations, "\(name): declarations")
        #expect(tasks.competitionTask == file.competitionTask, "\(name): competition task")
        #expect(tasks.taskWarnings == file.taskWarnings, "\(name): warnings")
        for takeoff in [nil, file.track.fixes.first?.time, file.track.fixes.last?.time] {
            #expect(
                tasks.declarationThatCounts(takeoff: takeoff) == file.declarationThatCounts(takeoff: takeoff),
                "\(name): the declaration that counts")
        }
    }

    @Test func declarationsCompetitionLinesJunkAndLinesAfterTheGRecord() throws {
        let declaration = [
            "C150724093000150724000503Two turnpoints", "C0000000N00000000ETakeoff", "C5100000N00700000EStart",
            "C5110000N00710000ETP1", "C5120000N00700000ETP2", "C5100000N00700000EFinish", "C0000000N00000000ELanding",
        ]
        let competition = [
            "LCU::C150724080000150724000102Day 1", "LCU::C5100000N00700000ETakeoff", "LCU::C5100000N00700000EStart",
            "LCU::C5110000N00710000ETP1", "LCU::C5100000N00700000EFinish", "LCU::C5100000N00700000ELanding",
            "LSEEYOU OZ=0,Style=1,R1=500m,A1=180", "LSEEYOU OZ=9,Style=7,R1=500m",
        ]
        let junk = ["C free text that is no point", "C150724", "C" + String(repeating: "9", count: 5000)]
        for (name, lines) in [
            ("declaration", declaration), ("competition", competition), ("junk", declaration + junk),
            ("two declarations", declaration + declaration), ("none", []),
        ] {
            try expectSameTasks(igcWithTaskLines(lines), name)
        }
        // Lines after the G record are not read: a declaration there is no declaration.
        let afterG = ["GABCDEF", "C150724120000150724000101Late", "C5100000N00700000EX", "C5100000N00700000EY"]
        let signed = igcWithTaskLines(declaration) + Array(afterG.map { $0 + "\r\n" }.joined().utf8)
        try expectSameTasks(signed, "after G")
        #expect(IGCReader.tasks(signed)?.declarations.count == 1)
    }

    /// The real files (C records of six makers, several declarations, LSEEYOU lines) when they are here.
    @Test(.enabled(if: SharedFlights.available, "needs ../shared/flights"))
    func realFilesGiveTheSameTasks() throws {
        for url in SharedFlights.files() {
            try expectSameTasks([UInt8](try Data(contentsOf: url)), url.lastPathComponent)
        }
    }

    @Test func aFileOverTheLimitHasNoTasks() {
        #expect(IGCReader.tasks([UInt8](repeating: 0x41, count: IGCReader.maxFileSize + 1)) == nil)
    }
}
