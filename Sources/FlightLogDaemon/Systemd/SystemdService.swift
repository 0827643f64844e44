import FlightLogCore
import FlightLogSensors
import Logging
import ServiceLifecycle

/// Talks to systemd: `READY=1` once the database is open and sensor data arrived, `WATCHDOG=1` every
/// `WATCHDOG_USEC/2` only while the recorder is healthy, `STATUS=` lines when the state changes, and
/// `STOPPING=1` as soon as shutdown begins. Placed last in the group: started last, stopped first.
package struct SystemdService: Service {
    let notifier: SystemdNotifier
    let recorder: Recorder
    let logger: Logger
    /// How often the recorder's health is asked for until it is ready (`READY=1` soon after the first data).
    var pollInterval: Duration = .milliseconds(100)
    /// How often afterwards: the STATUS line changes at most this often, and the watchdog (`WatchdogSec=` of
    /// several seconds) is pinged on the first poll after each half interval. Each poll wakes the daemon.
    var readyPollInterval: Duration = .seconds(1)

    package func run() async {
        let clock = ContinuousClock()
        var ready = false
        var lastStatus = ""
        var nextPing = clock.now
        var withheld = false
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            let health = await recorder.health(now: Monotonic.nowNanos())
            if !ready, health.isReady {
                ready = true
                notifier.ready(status: health.summary)
                lastStatus = health.summary
                logger.info("ready", metadata: ["status": "\(health.summary)"])
            }
            if ready, let interval = notifier.watchdogInterval, clock.now >= nextPing {
                nextPing = clock.now + interval
                if health.isHealthy {
                    notifier.watchdog()
                    if withheld { logger.notice("healthy again: watchdog pings resumed") }
                    withheld = false
                } else if !withheld {
                    withheld = true
                    logger.warning(
                        "unhealthy (no sensor data or database not writable): withholding watchdog pings",
                        metadata: ["status": "\(health.summary)"])
                }
            }
            if ready, health.summary != lastStatus {
                lastStatus = health.summary
                notifier.status(health.summary)
            }
            let interval = ready ? readyPollInterval : pollInterval
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
        notifier.stopping(status: "Stopping: committing the last fixes")
    }
}
