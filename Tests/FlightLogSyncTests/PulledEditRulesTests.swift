import FlightLogCore
import FlightLogStore
import Foundation
import Testing

/// Edit rows on the club's server are outside input: hostile values written there by hand are refused at the pull,
/// each with a line, and the glider's logbook, its commands and its next syncs keep working.
@Suite(.serialized) struct PulledEditRulesTests {
    @Test(.postgreSQL) func hostileEditRowsAreRefusedWithALineAndTheRestIsPulled() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        let id = try #require(try pi.importFile(start: june14).first)
        _ = try await fixture.sync(pi)
        let before = try pi.store.flight(id: id).details
        let flight = try #require(try fixture.rows("SELECT uuid FROM flight").first)

        let editor = "00000000-0000-4000-8000-0000000000e1"
        _ = try fixture.rows("INSERT INTO device (uuid, name) VALUES ('\(editor)', 'hand')")
        // New values as SQL expressions.
        let hostile: [(field: String, value: String, at: String)] = [
            ("launches", "'9223372036854775807'", "1750000000000"),
            ("launches", "'-1'", "1750000000001"),
            ("launches", "'1e3'", "1750000000002"),
            ("releaseHeight", "'1e308'", "1750000000003"),
            ("releaseHeight", "'NaN'", "1750000000004"),
            ("releaseHeight", "'-40'", "1750000000005"),
            ("pilot", "repeat('A', 100000)", "1750000000006"),
            ("pilot", "'Eve' || chr(27) || '[2J'", "1750000000007"),
            ("hackField", "'1'", "1750000000008"),
            ("launchMethod", "'rocket'", "1750000000009"),
            ("remarks", "'from the far future'", "9000000000000000000"),
        ]
        for (i, edit) in hostile.enumerated() {
            _ = try fixture.rows(
                """
                INSERT INTO flight_edit (uuid, flight_uuid, device_uuid, field, old_value, new_value, edited_at)
                VALUES ('00000000-0000-4000-8000-\(String(format: "%012d", i))', '\(flight)', '\(editor)',
                    '\(edit.field)', repeat('o', 50000), \(edit.value), \(edit.at))
                """)
        }
        _ = try fixture.rows(
            """
            INSERT INTO flight_edit (uuid, flight_uuid, device_uuid, field, old_value, new_value, edited_at)
            VALUES ('00000000-0000-4000-8000-0000000000ff', '\(flight)', '\(editor)', 'pilot', 'Anna Huber',
                'Berta Brandt', 1750000000100)
            """)

        let summary = try await fixture.sync(pi)
        #expect(summary.pulledEdits == 1)
        #expect(summary.refusedEdits.count == hostile.count)
        for (line, edit) in zip(summary.refusedEdits, hostile) {
            #expect(
                line.hasPrefix("refused the club logbook's edit of flight \(id) (\(flight)), field '\(edit.field)': "))
            #expect(line.count < 250)
            #expect(!line.contains("\u{1B}"))
        }
        var expected = before
        expected.pilot = "Berta Brandt"
        #expect(try pi.store.flight(id: id).details == expected)

        // The next sync neither fails nor refuses them again; a local edit pushed now leaves the server's row sane.
        expected.remarks = "checked"
        _ = try pi.store.updateDetails(id: id, to: expected, editedAt: 1_750_000_000_200)
        let next = try await fixture.sync(pi)
        #expect(next.refusedEdits.isEmpty && next.pulledEdits == 0 && next.pushedEdits == 1)
        #expect(
            try fixture.rows(
                "SELECT launches || '|' || release_height || '|' || launch_method || '|' || pilot FROM flight")
                == ["1|\(Int(before.releaseHeight ?? -1))|\(before.launchMethod.rawValue)|Berta Brandt"])

        // Every whole-logbook command still works on the glider.
        let directory = fixture.directory
        for arguments in [["list"], ["stats"], ["show", "\(id)"], ["export", "--pdf", "-o", directory + "/book.pdf"]] {
            let result = try run(arguments + ["--database", pi.path])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }

    /// The rules of a pulled edit are those of a local edit: the values `flightlog edit` refuses are refused here.
    @Test func theRulesAreTheLocalEditRules() {
        #expect(FieldRules.problem(field: "launches", text: "99") == nil)
        #expect(FieldRules.problem(field: "launches", text: "100") != nil)
        #expect(FieldRules.problem(field: "releaseHeight", text: "5000") == nil)
        #expect(FieldRules.problem(field: "releaseHeight", text: "inf") != nil)
        #expect(FieldRules.problem(field: "pilot", text: String(repeating: "é", count: 200)) == nil)
        #expect(FieldRules.problem(field: "pilot", text: String(repeating: "é", count: 201)) != nil)
        #expect(FieldRules.problem(field: "remarks", text: "two\nlines") == nil)
        #expect(FieldRules.problem(field: "pilot", text: nil) == nil)
        #expect(FieldRules.problem(field: "launches", text: nil) != nil)
        #expect(FieldRules.preview(String(repeating: "x", count: 1000)).count == 27)
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = SyncCommandTests.flightlogURL
        process.arguments = arguments
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
