import FlightLogCore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `airfields import FILE` as one library call: reading the file, the folder, and every failure as one line.
@Suite struct AirfieldFileImportFileTests {
    let cup = """
        name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc
        "Merzbrueck",EDKA,DE,5049.383N,00611.767E,189.0m,5,070,1200.0m,122.875,
        "Broken",XX,DE,not-a-latitude,00611.767E,189.0m,5,070,1200.0m,,
        """

    @Test func aReadableFileIsInstalledAndEachDamagedLineSaid() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("club.cup")
        try Data(cup.utf8).write(to: file)
        var warnings: [String] = []
        let done = try AirfieldFileImport.installFile(
            file.path, readFile: TransferLogbook.readFile, into: folder.appendingPathComponent("fields").path,
            warn: { warnings.append($0) })
        #expect(done.read.airfields.map(\.code) == ["EDKA"])
        #expect(
            warnings.count == 1 && warnings[0].hasPrefix("\(file.path): warning: ")
                && warnings[0].hasSuffix("; skipped"))
    }

    @Test func aMissingFileOrHomeIsOneLine() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.cup").path
        #expect {
            try AirfieldFileImport.installFile(missing, readFile: TransferLogbook.readFile, into: folder.path) { _ in }
        } throws: { error in
            "\(error)" == "cannot read \(missing): check that the file exists and is readable"
        }
        let file = folder.appendingPathComponent("club.cup")
        try Data(cup.utf8).write(to: file)
        #expect {
            try AirfieldFileImport.installFile(file.path, readFile: TransferLogbook.readFile, into: nil) { _ in }
        } throws: { error in
            "\(error)" == "cannot find your home folder: set HOME"
        }
    }
}
