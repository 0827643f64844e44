import FlightLogWeb
import Testing

/// A download's file name fits the phone's file system (255 bytes), keeping its extension.
@Suite struct DownloadNameTests {
    @Test func aLongOriginalNameIsCutKeepingItsExtension() throws {
        let response = WebResponse.download(
            [1], contentType: "application/octet-stream", fileName: String(repeating: "x", count: 300) + ".igc")
        let header = try #require(response.headers.first { $0.name == "Content-Disposition" }?.value)
        let name = header.dropFirst("attachment; filename=\"".count).dropLast()
        #expect(name.utf8.count == 255 && name.hasSuffix(".igc"), "\(name.utf8.count) \(name.suffix(8))")
    }
}
