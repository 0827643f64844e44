/// One record of the live journal (`FlightLogStore.LiveJournal`): the fixes of a recording not yet settled
/// into SQLite, with a sequence number that grows with every write.
///
/// The journal file is ``fileSize`` bytes: two slots of ``slotSize`` bytes; write n goes to slot n % 2, so a
/// write torn by a power cut damages only the copy being written. A record in a slot, integers little-endian:
/// ```
/// 0   u32  magic "FLJR"
/// 4   u8   format version (1), then 3 zero bytes
/// 8   i64  recording id
/// 16  u64  sequence
/// 24  u32  payload length
/// 28  u32  CRC-32 of bytes 0..<28 and the payload
/// 32  payload: TrackCodec.encode(fixes)
/// ```
/// padded with zeros to a multiple of ``sectorSize`` (O_DIRECT writes whole sectors).
package struct LiveJournalRecord: Sendable, Hashable {
    package static let fileSize = 65_536
    package static let slotSize = fileSize / 2
    package static let sectorSize = 512
    package static let headerSize = 32
    /// Largest payload a slot holds, bytes: 3,069 realistic 1 Hz fused fixes (~10.7 bytes each, 51 minutes),
    /// measured by `LiveJournalTests.slotCapacity`.
    package static let payloadCapacity = slotSize - headerSize
    package static let magic: UInt32 = 0x524A_4C46  // "FLJR" as little-endian bytes
    package static let version: UInt8 = 1

    package var recordingId: Int64
    package var sequence: UInt64
    package var fixes: [Fix]

    package init(recordingId: Int64, sequence: UInt64, fixes: [Fix]) {
        self.recordingId = recordingId
        self.sequence = sequence
        self.fixes = fixes
    }

    /// The slot (0 or 1) this record is written to.
    package var slot: Int { Int(sequence % 2) }

    /// Header, payload and zero padding to a whole number of sectors. May exceed ``slotSize``: the writer checks.
    package func encoded() -> [UInt8] {
        let payload = TrackCodec.encode(fixes)
        var out: [UInt8] = []
        let total = (Self.headerSize + payload.count + Self.sectorSize - 1) / Self.sectorSize * Self.sectorSize
        out.reserveCapacity(total)
        append(Self.magic, to: &out)
        out += [Self.version, 0, 0, 0]
        append(UInt64(bitPattern: recordingId), to: &out)
        append(sequence, to: &out)
        append(UInt32(payload.count), to: &out)
        let crc = CRC32.checksum(payload, continuing: CRC32.checksum(out))
        append(crc, to: &out)
        out += payload
        out += repeatElement(0, count: total - out.count)
        return out
    }

    /// The record in one slot's bytes, or nil when the slot is empty, torn or corrupt (wrong magic, version,
    /// length or CRC, or a payload TrackCodec rejects). Never traps on any input.
    package static func decode(slot bytes: ArraySlice<UInt8>) -> LiveJournalRecord? {
        let b = Array(bytes)
        guard b.count >= headerSize, read(UInt32.self, b, 0) == magic, b[4] == version else { return nil }
        let length = Int(read(UInt32.self, b, 24))
        guard length <= min(payloadCapacity, b.count - headerSize) else { return nil }
        let payload = b[headerSize..<headerSize + length]
        guard CRC32.checksum(payload, continuing: CRC32.checksum(b[0..<28])) == read(UInt32.self, b, 28),
            let fixes = try? TrackCodec.decode(payload)
        else { return nil }
        return LiveJournalRecord(
            recordingId: Int64(bitPattern: read(UInt64.self, b, 8)), sequence: read(UInt64.self, b, 16), fixes: fixes)
    }

    /// The valid record with the highest sequence among both slots of a journal file's bytes (any length).
    package static func newest(in file: [UInt8]) -> LiveJournalRecord? {
        let slots = stride(from: 0, to: min(file.count, fileSize), by: slotSize).map {
            file[$0..<min($0 + slotSize, file.count)]
        }
        return slots.compactMap { decode(slot: $0) }.max { $0.sequence < $1.sequence }
    }

    private func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    private static func read<T: FixedWidthInteger>(_: T.Type, _ b: [UInt8], _ offset: Int) -> T {
        var value: T = 0
        for i in (0..<MemoryLayout<T>.size).reversed() { value = value << 8 | T(b[offset + i]) }
        return value
    }
}
