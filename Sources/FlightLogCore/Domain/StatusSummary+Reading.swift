/// One status snapshot read against the system clock: how old it is, what it says about now, and its sections.
struct StatusReading {
    let status: RecorderStatus
    let facts: StatusFacts
    /// Seconds since the snapshot was written (``RecorderStatus/fileAge(modified:now:)``); nil: from the future.
    let age: Double?
    /// Too old to tell the present: its fix, mode and "recording" are history.
    let stale: Bool

    init(_ status: RecorderStatus, facts: StatusFacts) {
        self.status = status
        self.facts = facts
        age = status.fileAge(modified: facts.modified, now: facts.now)
        stale = age.map(RecorderStatus.isStale(fileAgeSeconds:)) ?? true
    }

    /// Seconds since the last fix, now.
    var fixAge: Double? { age.flatMap { status.lastFixAge(fileAgeSeconds: $0) } }

    /// No position now: gpsd gone, a reading without a fix, or the last fix too old.
    var noFix: Bool {
        status.gpsdConnected != true || (status.gpsMode ?? 0) < 2 || status.lastFixTime == nil
            || (fixAge ?? .infinity) > StatusSummary.noFixAfterSeconds
    }

    /// The flight in progress, when the logbook's newest flight is the one the status names.
    private var flightInProgress: Flight? {
        guard status.flying, let flight = facts.lastFlight, flight.id != nil, flight.id == status.flightId else {
            return nil
        }
        return flight
    }

    /// The headline of a fresh status from a live recorder.
    var headline: String {
        var text = "Recording"
        if status.flying {
            // The logbook's flight in progress and the recorder agree; its takeoff is the one the page shows below.
            let flight = flightInProgress
            let takeoff = flight.flatMap { $0.known(.takeoffTime, $0.takeoffTime) }
            let since = (takeoff ?? status.flyingSince.flatMap(RecorderStatus.utcMillis(iso:))).map {
                " since " + clockText($0, offsetSeconds: flight.flatMap { $0.known(.utcOffset, $0.utcOffsetSeconds) })
            }
            text += ", in flight" + (since ?? "")
        }
        let comma = status.flying ? "," : ""
        if !status.databaseWritable {
            text += comma + " but cannot write the database"
        } else if noFix {
            text += comma + " but no GPS fix " + (fixAge.map { "for \(StatusSummary.ago($0))" } ?? "yet")
        }
        return text
    }

    /// What is wrong with a fresh status from a live recorder.
    var problems: [StatusSummary.Problem] {
        var problems: [StatusSummary.Problem] = []
        if !status.databaseWritable {
            problems.append(
                .init(
                    what: "flightlogd cannot write the database: new fixes wait in memory and are lost if the power "
                        + "goes.",
                    todo: "Check the free space (df -h \(folder(facts.databasePath))) and that the folder belongs to "
                        + "the flightlog user, then sudo systemctl restart flightlogd."))
        }
        let sky =
            "Give the antenna a clear view of the sky (not under a roof or a canopy cover); a receiver that was off "
            + "for long needs a few minutes."
        if status.gpsdConnected != true {
            problems.append(
                .init(
                    what: "gpsd is not connected" + (status.gpsdProblem.map { ": \($0)" } ?? "") + ".",
                    todo: "Check that gpsd runs (systemctl status gpsd) and that the GPS receiver is plugged in; "
                        + "flightlogd connects again by itself."))
        } else if let lost = status.gpsLostSince {
            let time = RecorderStatus.utcMillis(iso: lost).map { clockText($0, seconds: true) } ?? lost
            problems.append(
                .init(
                    what: "GPS lost since \(time): recording pressure altitude with the last position (V fixes) "
                        + "until it is back.", todo: sky))
        } else if noFix {
            let since = fixAge.map { " for \(StatusSummary.ago($0))" } ?? " yet"
            problems.append(.init(what: "No GPS fix\(since): no position is recorded.", todo: sky))
        }
        if status.barometerConfigured, let problem = status.barometerProblem {
            problems.append(
                .init(
                    what: "Barometer: \(problem). Recording GPS only, without pressure altitude (00000 in IGC files).",
                    todo: "Check the sensor's wiring and the barometer in the config file; journalctl -u flightlogd "
                        + "says what the device answered."))
        }
        return problems
    }

    var gpsSection: StatusSummary.Section {
        var rows: [StatusSummary.Row] = []
        if stale {
            rows.append(.init("Fix", "not known now (the status is old)"))
        } else if status.gpsdConnected != true {
            rows.append(.init("Fix", "none: gpsd is not connected" + (status.gpsdProblem.map { " (\($0))" } ?? "")))
        } else {
            let mode = noFix ? "no fix" : (status.gpsMode ?? 0) >= 3 ? "3D fix" : "2D fix"
            rows.append(.init("Fix", mode + (status.satellitesUsed.map { ", \($0) satellites" } ?? "")))
        }
        if let time = status.lastFixTime {
            let at = RecorderStatus.utcMillis(iso: time).map { clockText($0, seconds: true) } ?? time
            rows.append(.init("Last fix", (fixAge.map { "\(StatusSummary.agoText($0)), " } ?? "") + "at \(at)"))
        } else {
            rows.append(.init("Last fix", "none yet"))
        }
        if let lat = status.latitude, let lon = status.longitude {
            let altitude = status.gnssAltitudeMeters.map { ", \(decimal($0, 0)) m GNSS altitude" } ?? ""
            rows.append(.init("Position", Coordinate(latitude: lat, longitude: lon).shortText + altitude))
        }
        let glitches = [
            (status.positionGlitches ?? 0) > 0 ? "\(status.positionGlitches ?? 0) implausible fixes stored as V" : nil,
            (status.pressureGlitches ?? 0) > 0 ? "\(status.pressureGlitches ?? 0) barometer samples dropped" : nil,
        ].compactMap { $0 }
        if !glitches.isEmpty { rows.append(.init("Glitches", glitches.joined(separator: ", "))) }
        return .init(title: "GPS", rows: rows)
    }

    var barometerSection: StatusSummary.Section {
        guard status.barometerConfigured else {
            return .init(
                title: "Barometer",
                rows: [.init("Device", "none configured: recording GPS only, without pressure altitude")])
        }
        var rows = [StatusSummary.Row("Device", status.barometerDevice ?? Flight.unknownText)]
        if let problem = status.barometerProblem {
            rows.append(.init("Reading", "none: \(problem)"))
        } else {
            if let h = status.pressureAltitudeMeters {
                rows.append(.init("Pressure altitude", "\(decimal(h, 0)) m (ISA, the altitude IGC files record)"))
            }
            if let p = status.pressurePascals {
                rows.append(
                    .init(
                        "Pressure",
                        "\(decimal(p / 100, 2)) hPa"
                            + (status.temperatureCelsius.map { ", \(decimal($0, 1)) °C" } ?? "")))
            }
            if let v = status.varioMetersPerSecond {
                rows.append(.init("Vario", (v > 0 ? "+" : "") + "\(decimal(v, 1)) m/s"))
            }
        }
        rows.append(.init("Read", age.map(StatusSummary.agoText) ?? "at a time still to come"))
        return .init(title: "Barometer", rows: rows)
    }

    /// `12:04` at `offsetSeconds` east of UTC (local time), or `12:04 UTC` without one; the date first when it is
    /// not today's.
    func clockText(_ time: UTCMillis, offsetSeconds: Int? = nil, seconds: Bool = false) -> String {
        StatusSummary.clockText(time, now: facts.now, offsetSeconds: offsetSeconds, seconds: seconds)
    }
}

extension StatusSummary {
    static func clockText(_ time: UTCMillis, now: UTCMillis, offsetSeconds: Int? = nil, seconds: Bool = false)
        -> String
    {
        let civil = CivilDateTime(utc: time, offsetSeconds: offsetSeconds ?? 0)
        var text = seconds ? civil.hourMinuteSecond : civil.hourMinute
        if civil.date != CivilDateTime(utc: now, offsetSeconds: offsetSeconds ?? 0).date {
            text = "\(civil.date) \(text)"
        }
        return offsetSeconds == nil ? text + " UTC" : text
    }

    static func storageSection(_ facts: StatusFacts) -> Section {
        let status: RecorderStatus? = if case .status(let s) = facts.file { s } else { nil }
        var rows = [
            Row(
                "Database",
                facts.databasePath + (facts.databaseSize.map { ", \($0)" } ?? " (not created yet)")
                    + (status?.databaseWritable == false ? " — NOT WRITABLE" : ""))
        ]
        if let destination = status?.fixesDurableIn { rows.append(Row("Fixes go to", destination)) }
        if let free = facts.freeBytes { rows.append(Row("Free space", bytesText(free))) }
        if let count = facts.flightCount { rows.append(Row("Flights", "\(count)")) }
        if let p50 = status?.fixToDiskMillisP50, let p99 = status?.fixToDiskMillisP99 {
            rows.append(Row("Fix to disk", "\(decimal(p50, 0)) ms typically, 99 % within \(decimal(p99, 0)) ms"))
        }
        if let stick = facts.stickExport { rows.append(Row("USB stick", stick)) }
        return Section(title: "Storage", rows: rows)
    }

    static func lastFlightSection(_ facts: StatusFacts) -> Section {
        guard let flight = facts.lastFlight, let id = flight.id else {
            return Section(title: "Last flight", rows: [Row("Flight", "none yet")])
        }
        let reading: StatusReading? =
            if case .status(let s) = facts.file { StatusReading(s, facts: facts) } else { nil }
        let live =
            reading.map { !$0.stale && !$0.status.stopped && $0.status.flying && $0.status.flightId == id } ?? false
        let takeoff = flight.localText(.takeoffTime) { $0.hourMinute }
        let times =
            live
            ? "since \(takeoff), in flight"
            : "\(takeoff)–\(flight.localText(.landingTime) { $0.hourMinute }) (\(flight.flightTimeText) h)"
        let from =
            flight.details.takeoffPlace ?? (flight.hasTrack ? flight.takeoffCoordinate.shortText : Flight.unknownText)
        let to =
            flight.landingPlaceLabel
            ?? (flight.hasTrack && !live ? flight.landingCoordinate.shortText : Flight.unknownText)
        return Section(
            title: "Last flight",
            rows: [
                Row("Flight", "\(flight.dateText), flight \(id)", link: "/flights/\(id)"),
                Row("Times", "\(times), \(flight.offsetLabel)"),
                Row("Places", from == to || live ? from : "\(from) → \(to)"),
            ])
    }
}

/// The folder of `path`.
private func folder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}
