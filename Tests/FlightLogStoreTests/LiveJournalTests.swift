import FlightLogCore
import Foundation
import Testing

@testable import FlightLogStore

#if canImport(Glibc)
import Glibc
#endif

/// Serialized: `writeBytesPerHour` reads the process's /proc/self/io, which other tests' writes would inflate.
@Suite(.serialized) struct LiveJournalTests {
    /// Fused 1 Hz fixes as the recorder makes them: a glider circling in a thermal with GNSS noise,
    /// FXA+SIU extensions. Second `i` of the flight for each `i` in `seconds`.
    static func liveFixes(_ seconds: Range<Int>) -> [Fix] {
        seconds.map { i in
            var rng = SeededRandom(seed: UInt64(i))
            let angle = Double(i) * 2 * .pi / 25  // 25 s per circle, 80 m radius, drifting east
            let noise = { (scale: Double) in (Double(rng.next() % 1000) / 1000 - 0.5) * scale }
            return Fix(
                time: day0 + Int64(i) * 1000, isValid: true,
                latitude: 48.5 + 80 * sin(angle) / 111_000 + noise(2e-6),
                longitude: 9.1 + (80 * cos(angle) + Double(i)) / 74_000 + noise(3e-6),
                pressureAltitude: 600 + 1.5 * Double(i) + noise(0.6), gnssAltitude: 650 + 1.5 * Double(i) + noise(3),
                extensions: FixFusion.extensionText(eph: 3 + noise(4), satellitesUsed: 9 + Int(rng.next() % 3)))
        }
    }

    let dir: TempDirectory
    var path: String { dir.path + "/flightlog.journal" }
    init() throws { dir = try TempDirectory() }

    /// Appends seconds `range` one second per write.
    func record(_ journal: LiveJournal, _ range: Range<Int>, recordingId: Int64 = 7) throws {
        for i in range { try journal.append(Self.liveFixes(i..<i + 1), recordingId: recordingId) }
    }

    @Test func appendedFixesAreRecovered() throws {
        defer { dir.cleanup() }
        #expect(LiveJournal.recover(path: path) == nil)
        let journal = try LiveJournal(path: path)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == LiveJournalRecord.fileSize)
        if try fileSystemType(of: dir.path) == "ext4" { #expect(journal.mode == .direct) }
        try record(journal, 0..<10)
        let recovered = try #require(LiveJournal.recover(path: path))
        #expect(recovered.recordingId == 7)
        #expect(recovered.fixes == Self.liveFixes(0..<10))
        #expect(journal.unsettled == Self.liveFixes(0..<10))
    }

    @Test func settledFixesAreNotRecovered() throws {
        defer { dir.cleanup() }
        let journal = try LiveJournal(path: path)
        try record(journal, 0..<60)
        try journal.settled()
        #expect(LiveJournal.recover(path: path) == nil)
        #expect(journal.unsettled.isEmpty)
        try record(journal, 60..<63)
        #expect(LiveJournal.recover(path: path)?.fixes == Self.liveFixes(60..<63))
    }

    @Test func aReopenedJournalContinuesTheSequence() throws {
        defer { dir.cleanup() }
        try record(try LiveJournal(path: path), 0..<5, recordingId: 1)
        #expect(LiveJournal.recover(path: path)?.fixes.count == 5)
        // After a restart the old records stay until overwritten, and the new ones must rank above them.
        let journal = try LiveJournal(path: path)
        try journal.settled()
        #expect(LiveJournal.recover(path: path) == nil)
        try record(journal, 100..<101, recordingId: 2)
        let recovered = try #require(LiveJournal.recover(path: path))
        #expect(recovered.recordingId == 2)
        #expect(recovered.fixes == Self.liveFixes(100..<101))
    }

    @Test func aTornWriteRecoversThePreviousSecond() throws {
        defer { dir.cleanup() }
        let journal = try LiveJournal(path: path)
        try record(journal, 0..<5)
        // Write 5 (sequence 5) went to slot 1: tear it, first as a sector only partly written (zeros in its
        // payload), then as garbage.
        try overwrite(at: LiveJournalRecord.slotSize + 40, with: [UInt8](repeating: 0, count: 20))
        #expect(LiveJournal.recover(path: path)?.fixes == Self.liveFixes(0..<4))
        var rng = SeededRandom(seed: 42)
        try overwrite(
            at: LiveJournalRecord.slotSize, with: (0..<700).map { _ in UInt8.random(in: 0...255, using: &rng) })
        #expect(LiveJournal.recover(path: path)?.fixes == Self.liveFixes(0..<4))
    }

    @Test func aCorruptCRCIsIgnored() throws {
        defer { dir.cleanup() }
        let journal = try LiveJournal(path: path)
        try record(journal, 0..<5)
        try flipByte(at: LiveJournalRecord.slotSize + 28)  // the newest record's CRC
        #expect(LiveJournal.recover(path: path)?.fixes == Self.liveFixes(0..<4))
        try flipByte(at: LiveJournalRecord.headerSize + 3)  // the other record's payload
        #expect(LiveJournal.recover(path: path) == nil)
        // Opening a journal whose records are all corrupt starts afresh and works.
        let reopened = try LiveJournal(path: path)
        try record(reopened, 10..<12)
        #expect(LiveJournal.recover(path: path)?.fixes == Self.liveFixes(10..<12))
    }

    @Test func garbageAndWrongSizesNeverCrashRecovery() throws {
        defer { dir.cleanup() }
        var rng = SeededRandom(seed: 1)
        for size in [0, 1, 31, 512, 32_767, 32_768, 40_000, 65_535, 65_536, 200_000] {
            var bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) }
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            #expect(LiveJournal.recover(path: path) == nil)
            // A plausible header (magic, version) over garbage, with a huge or a small length.
            if size >= 64 {
                bytes.replaceSubrange(0..<8, with: [0x46, 0x4C, 0x4A, 0x52, 1, 0, 0, 0])
                for length: [UInt8] in [[0xFF, 0xFF, 0xFF, 0xFF], [20, 0, 0, 0]] {
                    bytes.replaceSubrange(24..<28, with: length)
                    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
                    #expect(LiveJournal.recover(path: path) == nil)
                }
            }
        }
        // A journal of the wrong size is reset to zeros at open.
        let journal = try LiveJournal(path: path)
        #expect(FileManager.default.contents(atPath: path) == Data(count: LiveJournalRecord.fileSize))
        try record(journal, 0..<2)
        #expect(LiveJournal.recover(path: path)?.fixes.count == 2)
    }

    @Test func theBufferedFallbackWorks() throws {
        defer { dir.cleanup() }
        let journal = try LiveJournal(path: path, direct: false)
        #expect(journal.mode == .buffered)
        try record(journal, 0..<30)
        #expect(LiveJournal.recover(path: path)?.fixes == Self.liveFixes(0..<30))
        try journal.settled()
        #expect(LiveJournal.recover(path: path) == nil)
    }

    @Test func anotherRecordingWithUnsettledFixesIsRefused() throws {
        defer { dir.cleanup() }
        let journal = try LiveJournal(path: path)
        try record(journal, 0..<3, recordingId: 1)
        #expect(throws: LiveJournalError.self) { try journal.append(Self.liveFixes(3..<4), recordingId: 2) }
        #expect(journal.unsettled.count == 3)
        try journal.settled()
        try journal.append(Self.liveFixes(3..<4), recordingId: 2)
        #expect(LiveJournal.recover(path: path)?.recordingId == 2)
    }

    @Test func aMissingFolderIsAClearError() throws {
        defer { dir.cleanup() }
        #expect(throws: LiveJournalError.cannotOpen(dir.path + "/no/such/journal")) {
            try LiveJournal(path: dir.path + "/no/such/journal")
        }
        #expect(LiveJournal.recover(path: dir.path + "/no/such/journal") == nil)
    }

    /// How many seconds of realistic 1 Hz fixes a slot holds; a full slot refuses the write and keeps the rest.
    @Test func slotCapacity() throws {
        defer { dir.cleanup() }
        let journal = try LiveJournal(path: path)
        // Filled in steps that halve when refused (a refused append keeps what was there): the same last fix as
        // one at a time, with ~40 synchronous writes instead of ~2,000 (67 s of a loaded CI machine).
        var seconds = 0, step = 256
        while step > 0 {
            if (try? journal.append(Self.liveFixes(seconds..<seconds + step), recordingId: 3)) != nil {
                seconds += step
            } else {
                step /= 2
            }
        }
        let bytes = TrackCodec.encode(Self.liveFixes(0..<seconds)).count
        let perFix = Double(bytes) / Double(seconds)
        print("live journal slot capacity: \(seconds) fixes at 1 Hz (\(bytes) payload bytes, \(perFix) bytes/fix)")
        #expect(seconds >= 1800)  // half an hour between settles, 30 times the one minute planned
        #expect(throws: LiveJournalError.self) {
            try journal.append(Self.liveFixes(seconds..<seconds + 1), recordingId: 3)
        }
        #expect(LiveJournal.recover(path: path)?.fixes == Self.liveFixes(0..<seconds))
    }

    /// write_bytes of 600 s of recording (settle every 60 s) in each mode, printed as MB per hour.
    @Test func writeBytesPerHour() throws {
        defer { dir.cleanup() }
        func measure(direct: Bool) throws -> Int {
            let journal = try LiveJournal(path: path + (direct ? ".direct" : ".buffered"), direct: direct)
            let before = try writeBytes()
            for second in 0..<600 {
                try journal.append(Self.liveFixes(second..<second + 1), recordingId: 1)
                if second % 60 == 59 { try journal.settled() }
            }
            return try writeBytes() - before
        }
        let buffered = try measure(direct: false)
        let direct = try measure(direct: true)
        let directMode = try LiveJournal(path: path + ".direct").mode
        let perHour = { (bytes: Int) in "\(bytes) B = \(Double(bytes) * 6 / 1e6) MB/h" }
        print("live journal write_bytes per 600 s: \(directMode) \(perHour(direct)); buffered \(perHour(buffered))")
        #expect(buffered >= 600 * 4096)  // every second dirties at least one page
        if directMode == .direct { #expect(direct < buffered) }
    }

    /// The type of the file system holding `path` (the longest mount point in /proc/mounts that contains it).
    private func fileSystemType(of path: String) throws -> String? {
        let mounts = try String(contentsOfFile: "/proc/mounts", encoding: .utf8).split(separator: "\n")
        let fields = mounts.map { $0.split(separator: " ").map(String.init) }.filter { $0.count > 2 }
        let containing = fields.filter { path.hasPrefix($0[1] == "/" ? "/" : $0[1] + "/") }
        return containing.max { $0[1].count < $1[1].count }?[2]
    }

    private func writeBytes() throws -> Int {
        let io = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
        let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("write_bytes:") })
        return try #require(Int(line.dropFirst("write_bytes:".count).trimmingCharacters(in: .whitespaces)))
    }

    private func overwrite(at offset: Int, with bytes: [UInt8]) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(bytes))
    }

    private func flipByte(at offset: Int) throws {
        let byte = try #require(FileManager.default.contents(atPath: path))[offset]
        try overwrite(at: offset, with: [byte ^ 0x5A])
    }
}
