@testable import FlightLogCore

/// The code path of the live-journal fuzz target (`Fuzz/journal.swift`, built by `scripts/fuzz.sh`): whatever a power
/// cut, a bad sector or a stray write leaves in `flightlog.sqlite.live`, recovery reads it without trapping, and a
/// record it accepts encodes back to a record that decodes the same. Returns the violated invariant, if any.
enum JournalFuzzPipeline {
    static func run(_ bytes: [UInt8]) -> FuzzOutcome {
        guard let record = LiveJournalRecord.newest(in: bytes) else { return FuzzOutcome("no valid record") }
        let encoded = record.encoded()
        guard encoded.count % LiveJournalRecord.sectorSize == 0 else {
            return FuzzOutcome("record \(record.sequence)", violation: "encoded record is not whole sectors")
        }
        if encoded.count <= LiveJournalRecord.slotSize, LiveJournalRecord.decode(slot: encoded[...]) != record {
            return FuzzOutcome("record \(record.sequence)", violation: "re-encoded record decodes differently")
        }
        return FuzzOutcome("record \(record.sequence) of recording \(record.recordingId): \(record.fixes.count) fixes")
    }
}
