import FlightLogCore
import FlightLogStore
import Foundation

@testable import FlightLogDaemon

// What the recorder tests that drive time share: a recorder on a real SQLite file with a driven clock, fed the
// synthetic flight second by second.

/// Feeds a driven recorder seconds `range` of the synthetic flight `shift` seconds later (GNSS time and monotonic
/// clock alike), with `glitches` (second → ms) added to the GNSS time of single readings; ticks like the
/// maintenance service.
func feedSeconds(
    _ recorder: Recorder, _ flight: SyntheticFlight, _ range: Range<Int>, shift: Int64 = 0, glitches: [Int: Int64] = [:]
) async {
    for i in range {
        var second = flight.second(i)
        second.reading.time += shift * 1000 + (glitches[i] ?? 0)
        second.reading.receivedAtMonotonicNanos += shift * 1_000_000_000
        for var pressure in second.pressures {
            pressure.monotonicNanos += shift * 1_000_000_000
            await recorder.ingest(pressure)
        }
        await recorder.ingest(second.reading)
        await recorder.tick(now: second.reading.receivedAtMonotonicNanos + 250_000_000)
    }
}

/// A recorder on the SQLite file at `path`, its clock driven from the flight's monotonic start.
func openDrivenRecorder(_ path: String, _ flight: SyntheticFlight) throws -> Recorder {
    try Recorder(
        store: FlightStore(path: path, mode: .readWrite), settings: settings(statusPath: nil), logger: quiet,
        now: flight.monotonicStart, clock: .driven)
}
