import FlightLogCore
import Testing

/// Every export's file names (``ExportNames``): unique ignoring case, within 255 bytes of UTF-8, extension kept.
@Suite("Export file names")
struct ExportNamesTests {
    @Test("two of one name, or differing only in case, get numbers before the extension")
    func numbering() {
        var names = ExportNames(reserved: ["logbook.pdf"])
        #expect(names.claim("a.igc") == "a.igc")
        #expect(names.claim("A.IGC") == "A-2.IGC")
        #expect(names.claim("a.igc") == "a-3.igc")
        #expect(names.claim("LOGBOOK.PDF") == "LOGBOOK-2.PDF")
        #expect(names.claim("README") == "README")
        #expect(names.claim("readme") == "readme-2")
    }

    @Test("a name refused by the caller (a file of other bytes, a logbook file) is skipped")
    func refused() {
        var names = ExportNames()
        #expect(names.claim("x.igc") { $0 != "x.igc" && $0 != "x-2.igc" } == "x-3.igc")
    }

    @Test("long names are cut to 255 bytes at a character boundary, keeping the extension, numbered too")
    func long() {
        for stem in [
            String(repeating: "a", count: 300), String(repeating: "ä", count: 200), String(repeating: "🛩", count: 90),
        ] {
            var names = ExportNames()
            let first = names.claim(stem + ".igc"), second = names.claim(stem + ".igc")
            for name in [first, second] {
                #expect(name.utf8.count <= 255 && name.utf8.count > 240, "\(name.utf8.count)")
                #expect(name.hasSuffix(".igc"))
                #expect(String(validating: Array(name.utf8), as: UTF8.self) == name)
            }
            #expect(second.hasSuffix("-2.igc") && first != second)
        }
        let noExtension = String(repeating: "b", count: 250) + "." + String(repeating: "c", count: 40)
        #expect(ExportNames.fitted(noExtension).utf8.count == 255)
        #expect(ExportNames.numbered(noExtension, 7).hasSuffix("-7"))
        #expect(ExportNames.fitted("short.igc") == "short.igc")
    }
}
