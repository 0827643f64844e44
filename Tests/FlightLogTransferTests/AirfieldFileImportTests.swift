import FlightLogCore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `AirfieldFileImport` on real files in a temporary folder, without a process: the rules the `airfields import`
/// command relies on (the name, replacing, refusing a file without airfields) in the library that owns them.
@Suite struct AirfieldFileImportTests {
    let cup = """
        name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc
        "Merzbrueck",EDKA,DE,5049.383N,00611.767E,189.0m,5,070,1200.0m,122.875,
        "Broken",XX,DE,not-a-latitude,00611.767E,189.0m,5,070,1200.0m,,
        """

    @Test func aFileIsKeptByteForByteUnderItsOwnNameWithCupAdded() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("new/airfields").path  // made when missing
        var skipped: [Int] = []
        let first = try AirfieldFileImport.install(Array(cup.utf8), from: "/media/stick/Club Fields", into: target) {
            skipped.append($0.line)
        }
        #expect(first.path == target + "/Club Fields.cup")
        #expect(!first.replaced)
        #expect(first.read.airfields.map(\.code) == ["EDKA"])
        #expect(skipped == [3])
        #expect(FileManager.default.contents(atPath: first.path) == Data(cup.utf8))
        let again = try AirfieldFileImport.install(Array(cup.utf8), from: "x/Club Fields", into: target) { _ in }
        #expect(again.replaced && again.path == first.path)
        let upper = try AirfieldFileImport.install(Array(cup.utf8), from: "SITES.CUP", into: target) { _ in }
        #expect(upper.path == target + "/SITES.CUP")
    }

    @Test func aFileWithoutAirfieldsIsRefusedAndNothingWritten() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try AirfieldFileImport.install(Array("hello\n".utf8), from: "notes.txt", into: folder.path) { _ in }
            Issue.record("imported a file without airfields")
        } catch {
            #expect(error.description.hasPrefix("notes.txt has no airfields (SeeYou styles 2-5); nothing imported"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
