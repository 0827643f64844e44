import Foundation
import Testing

@testable import FlightLogDaemon

struct ResidentMemoryTests {
    @Test func smapsEntriesAreReadWithTheirDirtyAndAnonymousSizes() {
        let text = """
            55d0a0000000-55d0a4000000 r-xp 00001000 08:01 1234   /usr/bin/flightlogd
            Size:              65536 kB
            Private_Dirty:         0 kB
            Anonymous:             0 kB
            55d0a4000000-55d0a4100000 r--p 04001000 08:01 1234   /usr/bin/flightlogd
            Private_Dirty:       812 kB
            Anonymous:           812 kB
            55d0a4100000-55d0a4200000 rw-p 04101000 08:01 1234   /usr/bin/flightlogd
            Private_Dirty:        40 kB
            Anonymous:            40 kB
            7f0000000000-7f0000100000 rw-p 00000000 00:00 0
            Private_Dirty:      1024 kB
            7f0000200000-7f0000300000 r--s 00000000 08:01 99     /var/lib/flightlog/flightlog.sqlite-shm
            Private_Dirty:         0 kB
            """
        let mappings = ResidentMemory.Mapping.parse(text)
        #expect(mappings.count == 5)
        let textStart = 0x55d0_a000_0000, textEnd = 0x55d0_a400_0000
        #expect(mappings[0].start == textStart)
        #expect(mappings[0].end == textEnd)
        #expect(mappings[1].privateDirtyKB == 812)
        #expect(mappings[1].anonymousKB == 812)
        // Only the clean read-only private text may be dropped: not relocated data, not .data, not the heap,
        // not a shared mapping.
        let droppable: [Bool] = mappings.map(\.isCleanReadOnlyFile)
        #expect(droppable == [true, false, false, false, false])
    }

    @Test func droppingCleanPagesLowersTheFileBackedResidentSetAndTheProcessRunsOn() throws {
        func rssFileKB() throws -> Int {
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("RssFile:") })
            return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        }
        let before = try rssFileKB()
        let advised = ResidentMemory.dropCleanFilePages()
        let after = try rssFileKB()
        #expect(advised > 0)
        #expect(after < before, "RssFile \(before) kB before, \(after) kB after")
        // Code and constants come back on use.
        let squares: Int = (1...1000).map { $0 * $0 }.reduce(0, +)
        #expect(squares == 333_833_500)
        #expect(try JSONEncoder().encode(["ok": 1]).count == 8)
    }
}
