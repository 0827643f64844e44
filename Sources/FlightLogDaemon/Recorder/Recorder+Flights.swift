import FlightLogCore
import FlightLogSensors
import FlightLogStore
import Foundation
import Logging

/// The flights of a recording: continuing one across a restart, takeoff and landing events, the flight row kept up
/// to date while in the air and closed with its statistics, launch and places at the landing.
extension Recorder {
    /// Continues the previous recording after a short gap, else begins a new one.
    func openRecording(firstFix fix: Fix, now: Int64) {
        if let previous, fix.time > previous.lastFixTime, fix.time - previous.lastFixTime <= settings.resumeGapMillis {
            recordingId = previous.id
            logger.notice(
                "continuing the previous recording",
                metadata: ["recording": "\(previous.id)", "gapSeconds": "\((fix.time - previous.lastFixTime) / 1000)"])
            refeedTail(recording: previous.id, until: previous.lastFixTime, now: now)
        } else {
            if let stored = previousFlight { closeInterruptedFlight(stored) }
            do {
                recordingId = try store.beginRecording(recorder: recorderInfo())
                logger.info("recording started", metadata: ["recording": "\(recordingId!)"])
            } catch {
                storeFailing = true
                logger.error("cannot begin a recording", metadata: ["error": "\(error)"])
            }
        }
        previous = nil
        previousFlight = nil
    }

    /// The receiver's time went back for good (the fusion's time gate confirmed it with several fixes): what was
    /// recorded on the old time is closed as it is (a flight ends at its last fix) and a new recording begins, so
    /// the fixes of a recording stay in time order.
    func startNewTimeline(at fix: Fix, now: Int64) {
        logger.warning(
            "GPS time went back: a new recording",
            metadata: ["from": "\(lastFix.map { iso8601UTC($0.time) } ?? "-")", "to": "\(iso8601UTC(fix.time))"])
        flush(now: now)
        settle()
        if flight != nil, let lastFix { finishFlight(landingTime: lastFix.time) }
        detection = LiveDetection()
        recordingId = nil
        previous = nil
        previousFlight = nil
    }

    /// Re-feeds the detector with the stored tail of the recording so that detection continues where the
    /// previous run stopped: an interrupted flight (kept as the current flight) or a takeoff the previous run
    /// had not yet confirmed. Starts after the newest finished flight, so nothing is found twice.
    func refeedTail(recording id: Int64, until lastFixTime: UTCMillis, now: Int64) {
        let interrupted = previousFlight.flatMap { $0.recordingId == id ? $0 : nil }
        var from = interrupted.map { $0.flight.takeoffTime - 10 * 60_000 } ?? lastFixTime - 15 * 60_000
        if let newest = try? store.flights(matching: FlightFilter(), newestFirst: true, limit: 2)
            .first(where: { $0.id != interrupted?.id && $0.takeoffTime <= lastFixTime })
        {
            from = max(from, newest.landingTime + 1)
        }
        let tail: [Fix]
        do {
            tail = try store.fixes(recording: id, from: from, to: lastFixTime)
        } catch {
            logger.error("cannot read the stored tail of the recording", metadata: ["error": "\(error)"])
            return
        }
        if let interrupted { flight = (interrupted.id, interrupted.flight) }
        for fix in tail {
            lastFix = fix
            for event in detection.ingest(fix) { handle(event, now: now) }
        }
        if let interrupted {
            logger.notice(
                "continuing the flight interrupted by a restart",
                metadata: [
                    "flight": "\(interrupted.id)", "storedFixes": "\(tail.count)", "flying": "\(detection.isFlying)",
                ])
            if flight != nil, !detection.isFlying { finishFlight(landingTime: lastFixTime) }
        }
    }

    /// A flight left in progress by a crash, too long ago to continue: ends at its last stored fix.
    func closeInterruptedFlight(_ stored: (id: Int64, recordingId: Int64, flight: Flight)) {
        flight = (stored.id, stored.flight)
        let end = (try? store.lastRecording()).flatMap { $0?.id == stored.recordingId ? $0?.lastFixTime : nil }
        logger.notice("closing a flight interrupted by a restart", metadata: ["flight": "\(stored.id)"])
        finishFlight(landingTime: end ?? stored.flight.landingTime, recording: stored.recordingId, landed: false)
    }

    func handle(_ event: LiveDetection.Event, now: Int64) {
        switch event {
        case .glider(let event):
            handle(event, now: now)
        case .slowFlight(let takeoff, let landing):
            // Only what an import of the same fixes would keep (a change of altitude, no glider flight).
            guard flight == nil, let recordingId,
                let fixes = try? store.fixes(recording: recordingId, from: takeoff, to: landing),
                FlightSegmenter.isSlowFlight(fixes, from: 0, to: fixes.count - 1)
            else { return }
            logger.notice(
                "slow flight (paraglider or foot launch profile)", metadata: ["takeoff": "\(iso8601UTC(takeoff))"])
            handle(.takeoff(time: takeoff, index: 0), now: now)
            finishFlight(landingTime: landing)
        }
    }

    func handle(_ event: DetectorEvent, now: Int64) {
        switch event {
        case .takeoff(let time, _):
            guard flight == nil, let recordingId, let lastFix else { return }
            let takeoffFix = (try? store.fixes(recording: recordingId, from: time, to: time))?.first ?? lastFix
            var details = settings.defaults
            details.launchMethod = .unknown
            // The fields around the takeoff only, dropped again at once (a few hundred, a few milliseconds).
            let place = settings.loadPlacing(settings.airfieldRadiusMeters, [takeoffFix.coordinate])?
                .location(of: takeoffFix.coordinate)
            details.takeoffPlace = place?.description
            let rules =
                place?.zoneIdentifier.flatMap(zones.rules(identifier:)) ?? zones.rules(near: takeoffFix.coordinate)
            var new = Flight(
                takeoffTime: time, landingTime: lastFix.time, takeoffCoordinate: takeoffFix.coordinate,
                landingCoordinate: lastFix.coordinate, details: details, source: .recorded,
                maxAltitude: lastFix.pressureAltitude ?? lastFix.gnssAltitude,
                takeoffAltitude: takeoffFix.pressureAltitude ?? takeoffFix.gnssAltitude,
                hasBarometer: takeoffFix.pressureAltitudeDm != nil, timeZoneIdentifier: rules.identifier,
                utcOffsetSeconds: rules.offsetSeconds(at: time))
            new.takeoffLocation = place
            do {
                let id = try store.insertFlight(new, recording: recordingId, inProgress: true)
                flight = (id, new)
                lastFlightUpdate = now
                logger.notice("takeoff", metadata: ["flight": "\(id)", "time": "\(iso8601UTC(time))"])
                attachPendingTask(toFlight: id, takeoff: time, now: now)
            } catch {
                storeFailing = true
                logger.error("cannot insert the flight", metadata: ["error": "\(error)"])
            }
        case .landing(let time, _):
            finishFlight(landingTime: time)
        }
    }

    /// Computes launch, release and statistics from the stored fixes and closes the flight. `landed` false: no
    /// landing was detected (the recording stopped): the stored fixes tell whether it ended in flight.
    func finishFlight(landingTime: UTCMillis, recording: Int64? = nil, landed: Bool = true) {
        guard let (id, current) = flight, let recording = recording ?? recordingId else { return }
        flight = nil
        var finished = current
        finished.landingTime = max(landingTime, current.takeoffTime)
        finished.endedInFlight = !landed
        do {
            let fixes = try store.fixes(recording: recording, from: current.takeoffTime, to: finished.landingTime)
            if let first = fixes.firstIndex(where: { $0.time >= current.takeoffTime }),
                let last = fixes.lastIndex(where: { $0.time <= finished.landingTime }), last >= first
            {
                let stats = FlightSegmenter.statistics(fixes, from: first, to: last)
                if !landed { finished.endedInFlight = FlightSegmenter.endsAirborne(fixes, from: first, to: last) }
                let launch = LaunchAnalyzer.analyze(
                    fixes, extensions: FixFusion.extensions, takeoffIndex: first, landingIndex: last)
                finished.takeoffCoordinate = stats.takeoffCoordinate
                finished.landingCoordinate = stats.landingCoordinate
                finished.takeoffAltitude = stats.takeoffAltitude
                finished.maxAltitude = stats.maxAltitude
                finished.maxDistanceFromTakeoff = stats.maxDistanceFromTakeoff
                finished.pathLength = stats.pathLength
                finished.hasBarometer = stats.usesPressureAltitude
                finished.releaseTime = launch.releaseTime
                finished.details.launchMethod = launch.method
                finished.details.releaseHeight = launch.releaseHeight?.rounded()
            }
            // Places (the place texts are written unless the pilot edited them meanwhile).
            settings.loadPlacing(
                settings.airfieldRadiusMeters, [finished.takeoffCoordinate, finished.landingCoordinate])?
                .place(&finished)
            try store.updateRecordedFacts(of: id, from: finished, inProgress: false)
            _ = try? store.checkpoint()  // the .sqlite file alone now holds this flight (a copy without -wal too)
            analyseInBackground(flight: id)
            if let stamp = settings.landingStampPath,
                !FileManager.default.createFile(atPath: stamp, contents: Data("\(id)\n".utf8))
            {
                logger.warning("cannot write the landing stamp for the sync", metadata: ["path": "\(stamp)"])
            }
            logger.notice(
                "landing",
                metadata: [
                    "flight": "\(id)", "takeoff": "\(iso8601UTC(finished.takeoffTime))",
                    "landing": "\(iso8601UTC(finished.landingTime))", "launch": "\(finished.details.launchMethod)",
                ])
        } catch {
            storeFailing = true
            logger.error("cannot close the flight", metadata: ["flight": "\(id)", "error": "\(error)"])
        }
    }

    /// Analyses a landed flight (contest routes, scoring window) on a thread of its own, so that the recorder goes
    /// on with the next fixes (a 10-hour flight takes a second or more on a Pi). A failure loses nothing: the
    /// flight is analysed on first use.
    func analyseInBackground(flight id: Int64) {
        let store = self.store, logger = self.logger
        let glider = OwnGlider(
            type: settings.defaults.gliderType, registration: settings.defaults.registration,
            index: settings.gliderIndex)
        Thread {
            nameCurrentThread("analysis")
            do { _ = try store.analysis(forFlight: id, glider: glider) } catch {
                logger.warning("cannot analyse the flight now", metadata: ["flight": "\(id)", "error": "\(error)"])
            }
        }.start()
    }

    func updateFlightInProgress(now: Int64) {
        guard let (id, stored) = flight, let lastFix else { return }
        lastFlightUpdate = now
        var current = stored
        current.landingTime = lastFix.time
        current.landingCoordinate = lastFix.coordinate
        if let altitude = lastFix.pressureAltitude ?? lastFix.gnssAltitude {
            current.maxAltitude = max(current.maxAltitude ?? altitude, altitude)
        }
        flight = (id, current)
        perform("update the flight in progress") {
            try store.updateRecordedFacts(of: id, from: current, inProgress: true)
        }
    }
}
