import FlightLogCore
import FlightLogSimulation
import FlightLogStore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every fix of every recording in the database, in time order.
private func storedFixes(_ path: String) throws -> [Fix] {
    let store = try FlightStore(path: path, mode: .readOnly)
    guard let last = try store.lastRecording() else { return [] }
    var fixes: [Fix] = []
    for id in 1...last.id {
        fixes += (try? store.fixes(recording: id, from: 0, to: .max)) ?? []
    }
    return fixes.sorted { $0.time < $1.time }
}

private func storedFlights(_ path: String) throws -> [Flight] {
    try FlightStore(path: path, mode: .readOnly).flights(matching: FlightFilter())
}

/// flightlogd as shipped, against gpsd (gpsfake) and libiio (fake sysfs tree in a mount namespace).
@Suite(.serialized, .enabled(if: DaemonHarness.isAvailable, "needs gpsfake, sqlite3, unshare and the built flightlogd"))
struct DaemonEndToEndTests {
    @Test(.timeLimit(.minutes(3)))
    func replayedFlightIsRecordedWithPressureAltitude() throws {
        let world = try DaemonWorld()
        let fixes = DaemonHarness.flight()
        world.makeBarometer(kPa: 97.7720625)
        try world.startGPSFake(NMEAWriter.log(fixes), delay: 0.005)
        try world.startDaemon(barometer: true)
        #expect(world.waitForLastFix(fixes.last!.time))
        world.signalDaemon(SIGTERM)
        #expect(world.waitForDaemon() == 0)
        #expect(world.integrityCheck() == "ok")

        let stored = try storedFixes(world.database)
        #expect(stored.count >= fixes.count - 5)
        #expect(zip(stored, stored.dropFirst()).allSatisfy { $0.time < $1.time })
        let expectedDm = Int32((ISA.altitude(pressure: 97_772.0625) * 10).rounded())
        let withPressure = stored.filter { $0.pressureAltitudeDm != nil }
        #expect(withPressure.count >= stored.count - 5)
        #expect(withPressure.allSatisfy { abs($0.pressureAltitudeDm! - expectedDm) <= 1 })
        #expect(stored.allSatisfy { $0.extensions.count == 5 })

        let flights = try storedFlights(world.database)
        try #require(flights.count == 1, "flights: \(flights.count); log: \(logTail(world))")
        let (takeoff, landing) = DaemonHarness.times(fixes)
        #expect((takeoff...takeoff + 15_000).contains(flights[0].takeoffTime))
        #expect(abs(flights[0].landingTime - landing) <= 30_000)
        #expect(flights[0].hasBarometer)
        // The recorded flight's IGC file covers 60 s before takeoff and after landing (badge rules).
        let igc = DaemonHarness.shell(
            "'\(DaemonHarness.flightlog)' export --igc \(try #require(flights[0].id)) -o - --database '\(world.database)'"
        )
        let bTimes = try IGCReader.read(Array(igc.output.utf8)).track.fixes.map(\.time)
        #expect(igc.status == 0 && bTimes.count > 300)
        #expect(
            bTimes.first.map { $0 <= flights[0].takeoffTime - 60_000 } == true,
            "first B \(bTimes.first.map(iso8601UTC) ?? "-")")
        #expect(
            bTimes.last.map { $0 >= flights[0].landingTime + 60_000 } == true,
            "last B \(bTimes.last.map(iso8601UTC) ?? "-")")
        let status = try String(contentsOfFile: world.statusPath, encoding: .utf8)
        #expect(status.contains("\"barometerDevice\" : \"bmp280\""))
        #expect(status.contains("\"stopped\" : true"))
    }

    @Test(.timeLimit(.minutes(5)))
    func sigkillAtTwentyRandomMomentsLosesAtMostOneSecondAndKeepsOneFlight() throws {
        let world = try DaemonWorld()
        let fixes = DaemonHarness.flight(groundBefore: 70, airborne: 360, groundAfter: 90)
        world.makeBarometer()
        try world.startGPSFake(NMEAWriter.log(fixes), delay: 0.02)
        try world.startObserver()
        try world.startDaemon(barometer: true)
        var runs: [(start: Double, kill: Double)] = []
        var start = DaemonHarness.monotonicSeconds()
        for _ in 0..<20 {
            usleep(UInt32.random(in: 700_000...1_400_000))
            let kill = DaemonHarness.monotonicSeconds()
            world.signalDaemon(SIGKILL)
            world.waitForDaemon()
            runs.append((start, kill))
            #expect(world.integrityCheck() == "ok")
            start = DaemonHarness.monotonicSeconds()
            try world.startDaemon(barometer: true)
        }
        #expect(world.waitForLastFix(fixes.last!.time))
        world.signalDaemon(SIGTERM)
        #expect(world.waitForDaemon() == 0)

        let stored = Set(try storedFixes(world.database).map(\.time))
        let observed = world.observed()
        #expect(observed.count >= fixes.count - 60)
        // In each run: once the daemon stored its first fix, everything gpsd delivered more than 1 s before the
        // SIGKILL is on disk.
        for run in runs {
            let delivered = observed.filter { $0.arrival >= run.start && $0.arrival < run.kill - 1.0 }
            guard let firstStored = delivered.firstIndex(where: { stored.contains($0.time) }) else { continue }
            let lost = delivered[firstStored...].filter { !stored.contains($0.time) }
            #expect(lost.isEmpty, "lost \(lost.count) fixes delivered > 1 s before a SIGKILL")
        }
        let flights = try storedFlights(world.database)
        #expect(flights.count == 1, "flights: \(flights.map { "\($0.takeoffTime)-\($0.landingTime)" })")
        let (takeoff, landing) = DaemonHarness.times(fixes, groundBefore: 70, airborne: 360)
        if let flight = flights.first {
            #expect(abs(flight.takeoffTime - takeoff) <= 30_000)
            #expect(abs(flight.landingTime - landing) <= 60_000)
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func vanishingBarometerKeepsRecordingGPSOnly() throws {
        let world = try DaemonWorld()
        let fixes = DaemonHarness.flight()
        world.makeBarometer()
        try world.startGPSFake(NMEAWriter.log(fixes), delay: 0.01)
        try world.startDaemon(barometer: true)
        sleep(4)
        let device = world.iioTree.appendingPathComponent("bus/iio/devices/iio:device0")
        try FileManager.default.removeItem(at: device.appendingPathComponent("in_pressure_input"))
        sleep(4)
        let status = try String(contentsOfFile: world.statusPath, encoding: .utf8)
        #expect(status.contains("\"gpsOnly\" : true"), "\(status)")
        #expect(world.waitForLastFix(fixes.last!.time))
        world.signalDaemon(SIGTERM)
        #expect(world.waitForDaemon() == 0)
        let stored = try storedFixes(world.database)
        #expect(stored.count >= fixes.count - 5)
        #expect(stored.first?.pressureAltitudeDm != nil)
        #expect(stored.last?.pressureAltitudeDm == nil)
        let log = try String(contentsOf: world.daemonLog, encoding: .utf8)
        #expect(log.contains("BAROMETER LOST"))
    }

    @Test(.timeLimit(.minutes(3)))
    func repeatedBackwardAndJumpingTimesAreNeverStored() throws {
        let world = try DaemonWorld()
        var fixes = DaemonHarness.flight(groundBefore: 60, airborne: 200, groundAfter: 60)
        // Repeat an epoch, go back 30 s once, and warp the position for one fix.
        fixes.insert(fixes[100], at: 101)
        fixes.insert(fixes[150], at: 200)
        fixes[250].latitudeE7 += 50_000_000
        try world.startGPSFake(NMEAWriter.log(fixes), delay: 0.005)
        try world.startDaemon(barometer: false)
        #expect(world.waitForLastFix(fixes.last!.time))
        world.signalDaemon(SIGTERM)
        #expect(world.waitForDaemon() == 0)
        let stored = try storedFixes(world.database)
        #expect(zip(stored, stored.dropFirst()).allSatisfy { $0.time < $1.time })
        #expect(stored.count >= Set(fixes.map(\.time)).count - 5)
        #expect(stored.allSatisfy { $0.pressureAltitudeDm == nil })
        #expect(try storedFlights(world.database).count == 1)
    }

    @Test(.timeLimit(.minutes(3)))
    func gpsdKilledAndRestartedMidFlightKeepsOneFlight() throws {
        let world = try DaemonWorld()
        let fixes = DaemonHarness.flight(groundBefore: 60, airborne: 360, groundAfter: 80)
        let gpsd = RestartableGPSD(directory: world.directory)
        try gpsd.startSource(NMEAWriter.log(fixes), delay: 0.03)
        try gpsd.startGPSD()
        world.port = gpsd.port
        try world.startDaemon(barometer: false)
        sleep(7)  // in the air by now (epoch ~230)
        gpsd.killGPSD()
        sleep(3)
        try gpsd.startGPSD()
        #expect(world.waitForLastFix(fixes.last!.time))
        world.signalDaemon(SIGTERM)
        #expect(world.waitForDaemon() == 0)
        let stored = try storedFixes(world.database)
        // ~100 epochs went by without gpsd; everything else is there.
        #expect(stored.count >= fixes.count - 200)
        #expect(stored.last?.time == fixes.last?.time)
        let flights = try storedFlights(world.database)
        #expect(flights.count == 1, "flights: \(flights.map { "\($0.takeoffTime)-\($0.landingTime)" })")
        let log = try String(contentsOf: world.daemonLog, encoding: .utf8)
        #expect(log.contains("gpsd disconnected"))
    }

    private func logTail(_ world: DaemonWorld) -> String {
        String(((try? String(contentsOf: world.daemonLog, encoding: .utf8)) ?? "").suffix(2000))
    }
}
