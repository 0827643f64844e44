import FlightLogCore
import FlightLogSensors
import Logging
import ServiceLifecycle

/// Reads gpsd and hands every event to the recorder.
package struct GPSService: Service {
    let client: GPSDClient
    let recorder: Recorder

    /// The loop is cancelled as a whole on graceful shutdown (`cancelOnGracefulShutdown()` on the sequence would
    /// pass every event through a merge with the shutdown signal: an extra task hop per event).
    package func run() async {
        let client = client
        let recorder = recorder
        await cancelWhenGracefulShutdown {
            for await event in client.events() {
                switch event {
                case .fix(let reading): await recorder.ingest(reading)
                case .noFix(let time, let at): await recorder.gpsNoFix(time: time, now: at)
                case .connected: await recorder.gpsConnected(now: Monotonic.nowNanos())
                case .disconnected(let reason):
                    await recorder.gpsDisconnected(reason: reason, now: Monotonic.nowNanos())
                }
            }
        }
    }
}

/// Samples the IIO barometer and hands every event to the recorder.
package struct BarometerService: Service {
    let barometer: IIOBarometer
    let recorder: Recorder

    package func run() async {
        let barometer = barometer
        let recorder = recorder
        await cancelWhenGracefulShutdown {
            for await event in barometer.events() {
                switch event {
                case .samples(let batch):
                    await recorder.ingest(batch)
                case .glitch(let sample): await recorder.pressureGlitch(pascals: sample.pascals)
                case .found(let device): await recorder.barometerFound(device: device)
                case .lost(let reason): await recorder.barometerLost(reason: reason)
                }
            }
        }
    }
}

/// Drives the recorder's periodic work (fixes the last commit held back, the barograph during a GPS outage,
/// status file, compaction, pruning) every second and flushes everything when the daemon stops. Placed first
/// in the group, so it stops last.
package struct MaintenanceService: Service {
    let recorder: Recorder
    var interval: Duration = .seconds(1)

    package func run() async {
        // Start-up's pages go back 30 s in (recording has settled), then every 10 minutes (a landing drops the
        // airfield data from the heap).
        var nextTrim = Monotonic.nowNanos() + 30_000_000_000
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            let now = Monotonic.nowNanos()
            await recorder.tick(now: now)
            if now >= nextTrim {
                nextTrim = now + 600_000_000_000
                ResidentMemory.dropCleanFilePages()
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
        await recorder.finish(now: Monotonic.nowNanos())
    }
}
