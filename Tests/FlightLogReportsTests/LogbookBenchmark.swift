import FlightLogCore
import FlightLogReports
import Foundation
import Testing

/// Speed of the logbook, printed, not asserted. Run in release:
/// `FLIGHTLOG_BENCHMARK=1 swift test -c release --filter LogbookBenchmark`
@Suite("LogbookBenchmark", .serialized, .enabled(if: ProcessInfo.processInfo.environment["FLIGHTLOG_BENCHMARK"] == "1"))
struct LogbookBenchmark {
    @Test(arguments: [1000, 2000])
    func render(count: Int) throws {
        let flights = Fixtures.flights(count)
        let dir = Tool.scratch("bench")
        let path = dir + "/logbook-\(count).pdf"
        let options = LogbookOptions(owner: "Müller, Jürgen", filterSummary: "benchmark")
        _ = try LogbookPDF.render(flights: Array(flights.prefix(16)), options: options)  // warm fontconfig
        let clock = ContinuousClock()
        let cpuStart = Foundation.clock()
        let elapsed = try clock.measure {
            try Tool.save(LogbookPDF.render(flights: flights, options: options), to: path)
        }
        let cpu = Double(Foundation.clock() - cpuStart) / Double(CLOCKS_PER_SEC)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let pages = (try? Tool.pageCount(path)) ?? nil
        print(
            "LogbookBenchmark: \(count) flights -> \(pages ?? -1) pages, \(size / 1024) KB in \(elapsed) wall, \(cpu) s CPU"
        )
        try? FileManager.default.removeItem(atPath: dir)
    }
}
