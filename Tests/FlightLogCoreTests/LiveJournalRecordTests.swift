import FlightLogCore
import Testing

@Suite struct LiveJournalRecordTests {
    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        // In parts, as the record header and payload are checksummed.
        #expect(CRC32.checksum(Array("6789".utf8), continuing: CRC32.checksum(Array("12345".utf8))) == 0xCBF4_3926)
    }

    @Test func recordsAreWholeSectorsAndRoundTrip() throws {
        let fixes = (0..<50).map { i in
            Fix(
                time: 1_000_000 + Int64(i) * 1000, latitude: 48 + Double(i) * 1e-5, longitude: 9, pressureAltitude: 500,
                gnssAltitude: nil, extensions: "00311")
        }
        for count in [0, 1, 50] {
            let record = LiveJournalRecord(recordingId: -3, sequence: 12, fixes: Array(fixes.prefix(count)))
            let bytes = record.encoded()
            #expect(bytes.count % LiveJournalRecord.sectorSize == 0 && !bytes.isEmpty)
            #expect(LiveJournalRecord.decode(slot: bytes[...]) == record)
            // The same record inside a full slot of stale bytes after it.
            let slot = bytes + [UInt8](repeating: 0xAB, count: LiveJournalRecord.slotSize - bytes.count)
            #expect(LiveJournalRecord.decode(slot: slot[...]) == record)
            // Any single flipped header or payload bit is caught.
            for offset in [0, 4, 8, 16, 24, 28, LiveJournalRecord.headerSize] where offset < bytes.count - 1 {
                var damaged = bytes
                damaged[offset] ^= 0x10
                #expect(LiveJournalRecord.decode(slot: damaged[...]) == nil)
            }
        }
    }

    @Test func theNewestValidSlotWins() {
        let old = LiveJournalRecord(recordingId: 1, sequence: 8, fixes: [])
        let new = LiveJournalRecord(
            recordingId: 1, sequence: 9,
            fixes: [
                Fix(time: 5000, latitude: 1, longitude: 2, pressureAltitude: nil, gnssAltitude: nil)
            ])
        func file(_ slot0: [UInt8], _ slot1: [UInt8]) -> [UInt8] {
            let half = LiveJournalRecord.slotSize
            return slot0 + [UInt8](repeating: 0, count: half - slot0.count) + slot1
                + [UInt8](repeating: 0, count: half - slot1.count)
        }
        #expect(LiveJournalRecord.newest(in: file(old.encoded(), new.encoded())) == new)
        #expect(LiveJournalRecord.newest(in: file(new.encoded(), old.encoded())) == new)
        #expect(LiveJournalRecord.newest(in: file(old.encoded(), [1, 2, 3])) == old)
        #expect(LiveJournalRecord.newest(in: []) == nil)
        #expect(LiveJournalRecord.newest(in: Array(old.encoded().prefix(20))) == nil)
    }
}
