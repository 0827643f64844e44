import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `flightlog export`'s choices before anything is written: the flights, and the stick set's options.
@Suite struct ExportChoiceTests {
    @Test func idsOrTheFiltersAndTheOwnerChooseTheFlights() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try TransferLogbook.logbook(in: dir)
        let store = try FlightStore(path: db.path, mode: .readOnly)
        let config = FlightLogConfig()
        func chosen(_ ids: [Int64], _ filter: FlightFilter, _ owner: String? = nil) throws -> [Int64?] {
            try ExportChoice.flights(ids: ids, filter: filter, owner: OwnerChoice(owner), config: config, store: store)
                .map(\.id)
        }
        #expect(try chosen([3, 1], FlightFilter()) == [3, 1])
        #expect(try chosen([3, 1, 3, 3], FlightFilter()) == [3, 1], "each id once, in the order given")
        #expect(try chosen([], FlightFilter()).count == 4)
        #expect(try chosen([], FlightFilter(since: CivilDate(year: 2025, month: 7, day: 1))).count == 2)
        // The imported files name no pilot: only a filter that matches nothing leaves none.
        #expect(
            refusal { try chosen([], FlightFilter(pilot: "Nobody"), "Nobody") }
                == "no flights match: flights of Nobody · pilot Nobody; nothing written")
        let empty = try FlightStore(path: dir.appendingPathComponent("empty.sqlite").path, mode: .readWrite)
        #expect(
            refusal {
                try ExportChoice.flights(
                    ids: [], filter: FlightFilter(), owner: OwnerChoice(nil), config: config, store: empty)
            } == "the logbook is empty: nothing to export")
    }

    /// What a ``TransferRefusal`` says (nil: `body` chose flights).
    func refusal(_ body: () throws -> [Any]) -> String? {
        do {
            _ = try body()
            return nil
        } catch let refusal as TransferRefusal {
            return refusal.description
        } catch {
            return "another error: \(error)"
        }
    }

    @Test func theStickSetsOptionsGoWithToAlone() {
        func problem(
            to: String? = nil, new: Bool = false, all: Bool = false, stick: String? = nil,
            kind: ExportCommandKind? = nil, output: String? = nil, rebuild: Bool = false
        ) -> String? {
            ExportChoice.Stick(to: to, new: new, all: all, stick: stick)
                .problem(kind: kind, output: output, rebuild: rebuild)
        }
        #expect(problem()?.hasPrefix("choose what to export: --igc") == true)
        #expect(problem(kind: .igc) == nil)
        #expect(problem(new: true, kind: .igc) == "--new, --all and --stick go with --to FOLDER")
        #expect(problem(to: "/media/usb", kind: .pdf)?.hasSuffix("leave out --pdf") == true)
        #expect(problem(to: "/media/usb", output: "x") == "--to FOLDER is where the files go; leave out -o")
        #expect(problem(to: "/media/usb", rebuild: true)?.hasPrefix("--rebuild is for --igc") == true)
        #expect(problem(to: "/media/usb", new: true, all: true)?.hasSuffix("choose one") == true)
        #expect(problem(to: "-") == "--to needs a folder (e.g. a stick's FLIGHTLOG folder)")
        #expect(problem(to: "/media/usb", stick: "a/b")?.hasPrefix("'a/b' is not a stick id") == true)
        #expect(problem(to: "/media/usb", new: true, stick: "1234-ABCD") == nil)
    }
}
