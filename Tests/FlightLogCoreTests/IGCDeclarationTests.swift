import Testing

@testable import FlightLogCore

/// An IGC file with `lines` before one B record at 10:00:00 on 15 July 2024.
func igcWithTaskLines(_ lines: [String]) -> [UInt8] {
    let all = ["AXFLABC", "HFDTEDATE:150724,01"] + lines + ["B1000005407121N00249342WA0028000421"]
    return Array(all.map { $0 + "\r\n" }.joined().utf8)
}

/// The declarations of a file read in strict mode: task lines never make a file fail.
private func read(_ lines: [String]) throws -> IGCFile {
    try IGCReader.read(igcWithTaskLines(lines), strict: true)
}

private func near(_ a: Coordinate, _ latitude: Degrees, _ longitude: Degrees) -> Bool {
    abs(a.latitude - latitude) < 1e-9 && abs(a.longitude - longitude) < 1e-9
}

/// C records as real recorders write them (lines shaped like those of a Zander, XCSoar, Flarm and LXNAV file).
@Suite struct IGCDeclarationTests {
    @Test func zanderDeclarationWithTakeoffAndLanding() throws {
        let file = try read([
            "C291209220332291209000102", "C3559616S14621200E COROWA      ", "C3559616S14621200E COROWA      ",
            "C3513650S14643183E LOCKHART SIL", "C3421416S14654050E ARDLETHAN BF", "C3559616S14621200E COROWA      ",
            "C3559616S14621200E COROWA      ",
        ])
        #expect(file.taskWarnings.isEmpty)
        let task = try #require(file.declarations.first)
        #expect(file.declarations.count == 1)
        #expect(task.source == .declaration)
        #expect(task.name == nil)
        #expect(
            task.declaredAt == CivilDate(year: 2009, month: 12, day: 29).utcMidnight + (22 * 3600 + 3 * 60 + 32) * 1000)
        #expect(task.points.map(\.name) == ["COROWA", "LOCKHART SIL", "ARDLETHAN BF", "COROWA"])
        #expect(task.takeoff?.name == "COROWA" && task.landing?.name == "COROWA")
        #expect(near(task.points[1].coordinate, -(35 + 13.650 / 60), 146 + 43.183 / 60))
        #expect(task.points[0].zone == .line(length: 1000, orientation: .toNext))
        #expect(task.points[1].zone == .faiTurnpoint && task.points[2].zone == .faiTurnpoint)
        #expect(task.points[3].zone == .line(length: 1000, orientation: .toPrevious))
        #expect(task.warnings.isEmpty)
    }

    @Test func placeholdersAreNoPointsAndWestIsNegative() throws {
        let file = try read([
            "C050822090459000000000502", "C0000000N00000000E", "C5111643N00102000WLasham Finish North",
            "C5204577N00307663WHay-on-wye", "C5258317N00003531WBoston", "C5111643N00102000WLasham Finish North",
            "C0000000N00000000E",
        ])
        let task = try #require(file.declarations.first)
        #expect(task.takeoff == nil && task.landing == nil)
        #expect(task.points.count == 4)
        #expect(near(task.points[0].coordinate, 51 + 11.643 / 60, -(1 + 2.0 / 60)))
        #expect(task.warnings.isEmpty)
    }

    @Test func taskTextIsItsName() throws {
        let file = try read([
            "C040516072924000000000002Task", "C0000000N00000000ET", "C5049383N00611183E1", "C4903133N00757383E2",
            "C5037817N01009517E3", "C5049383N00611183E4", "C0000000N00000000EL",
        ])
        #expect(file.declarations.first?.name == "Task")
        #expect(file.declarations.first?.points.map(\.name) == ["1", "2", "3", "4"])
    }

    @Test func headerCountThatLiesIsReadAsTheLinesCome() throws {
        let file = try read([
            "C150717074935150717000109", "C0000000N00000000E", "C5108483N00659117E006LANGENFELD",
            "C5049450N00611217E009AACHEN", "C5105867N00702217E002ZIELKREIS", "C0000000N00000000E",
        ])
        let task = try #require(file.declarations.first)
        #expect(task.points.count == 3)
        #expect(task.warnings.contains { $0.contains("counts 9 turnpoints but 1 follow") })
    }

    @Test(arguments: [
        ("C5160000N00102000WBad minutes", "out of range"),
        ("C9100000N00102000WBeyond the pole", "out of range"),
        ("C5111643N18100000EBeyond 180", "out of range"),
        ("C51116X3N00102000WJunk", "not a point"),
        ("C5111643X00102000WJunk", "hemisphere"),
    ])
    func unreadablePointDropsTheDeclaration(line: String, reason: String) throws {
        let file = try read([
            "C010824090000000000000001", "C0000000N00000000E", "C5111643N00102000WA", line,
            "C5111643N00102000WA", "C0000000N00000000E",
        ])
        #expect(file.declarations.isEmpty)
        #expect(file.taskWarnings.count == 1)
        #expect(file.taskWarnings.first?.contains("line 6") == true)
        #expect(file.taskWarnings.first?.contains(reason) == true)
        #expect(file.track.fixes.count == 1)
    }

    @Test func emptyAndHeaderlessDeclarationsAreNullWithAWarning() throws {
        let empty = try read(["C010824090000000000000001"])
        #expect(empty.declarations.isEmpty)
        #expect(
            empty.taskWarnings == [
                "declaration (C records) at line 3 ignored: 0 point lines, fewer than take-off, start, finish and landing"
            ])
        let placeholders = try read([
            "C010824090000000000000000", "C0000000N00000000E", "C0000000N00000000E", "C0000000N00000000E",
            "C0000000N00000000E",
        ])
        #expect(placeholders.declarations.isEmpty)
        #expect(placeholders.taskWarnings.first?.contains("0 task points") == true)
        let headerless = try read(["C5111643N00102000WA", "C5111643N00102000WB"])
        #expect(headerless.declarations.isEmpty)
        #expect(headerless.taskWarnings.first?.contains("point lines without a header") == true)
        let brokenHeader = try read(["C0108240900X0000000000001", "C5111643N00102000WA"])
        #expect(brokenHeader.taskWarnings.first?.contains("not 24 digits") == true)
    }

    @Test func aThousandTurnpointsAreRefusedNotRead() throws {
        var lines = ["C010824090000000000000099"]
        for k in 0..<1000 { lines.append("C51\(pad(k % 60, 2))000N001\(pad(k % 60, 2))000EP\(k)") }
        let file = try read(lines)
        #expect(file.declarations.isEmpty)
        #expect(
            file.taskWarnings == [
                "declaration (C records) at line 3 ignored: it has 1000 point lines, more than the 103 a declaration may have"
            ])
    }

    @Test func manyDeclarationsAreBounded() throws {
        var lines: [String] = []
        for _ in 0..<30 {
            lines += [
                "C010824090000000000000000", "C0000000N00000000E", "C5111643N00102000WA", "C5211643N00102000WB",
                "C0000000N00000000E",
            ]
        }
        let file = try read(lines)
        #expect(file.declarations.count == IGCTaskLines.maxDeclarations)
        #expect(file.taskWarnings == ["file holds 10 declarations more than the 20 read: ignored"])
    }

    @Test func poleAntimeridianAndZeroLengthLegsAreRead() throws {
        let file = try read([
            "C010824090000000000000002", "C0000000N00000000E", "C8959000N17959000EEast", "C9000000N00000000EPole",
            "C9000000N00000000EPole", "C8959000S17959000WWest", "C0000000N00000000E",
        ])
        let task = try #require(file.declarations.first)
        #expect(near(task.points[1].coordinate, 90, 0))
        #expect(task.points[3].coordinate.longitude < -179.98)
        #expect(task.warnings == ["declaration (C records) at line 3: leg 2 from Pole to Pole has no length"])
    }

    @Test func theLastDeclarationBeforeTakeoffCounts() throws {
        func declaration(_ hhmmss: String, _ name: String) -> [String] {
            [
                "C150724\(hhmmss)000000000000\(name)", "C0000000N00000000E", "C5111643N00102000WA",
                "C5211643N00102000WB", "C0000000N00000000E",
            ]
        }
        let file = try read(
            declaration("080000", "early") + declaration("090000", "late") + declaration("110000", "after"))
        #expect(file.declarations.map(\.name) == ["early", "late", "after"])
        let takeoff = CivilDate(year: 2024, month: 7, day: 15).utcMidnight + 10 * 3600 * 1000
        let choice = file.declarationThatCounts(takeoff: takeoff)
        #expect(choice.task?.name == "late")
        #expect(
            choice.warnings == [
                "file holds 3 declarations; the one made at 2024-07-15T09:00:00Z counts (1 made after take-off ignored)"
            ])
        let none = IGCFile.declarationThatCounts([file.declarations[2]], takeoff: takeoff)
        #expect(none.task == nil)
        #expect(none.warnings == ["the declaration was made after take-off (from 2024-07-15T11:00:00Z): none counts"])
        #expect(file.declarationThatCounts(takeoff: nil).task?.name == "after")
        #expect(IGCFile.declarationThatCounts([], takeoff: takeoff).task == nil)
    }

    @Test func linesAfterTheSignatureAreNotRead() throws {
        let lines = [
            "AXFLABC", "HFDTEDATE:150724,01", "B1000005407121N00249342WA0028000421", "GABCDEF",
            "C010824090000000000000000", "C0000000N00000000E", "C5111643N00102000WA", "C5211643N00102000WB",
            "C0000000N00000000E",
        ]
        let file = try IGCReader.read(Array(lines.map { $0 + "\n" }.joined().utf8))
        #expect(file.declarations.isEmpty && file.taskWarnings.isEmpty)
    }
}
