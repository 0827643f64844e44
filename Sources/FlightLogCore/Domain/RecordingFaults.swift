/// A stretch of a recorded flight where the recorder missed something, found in the stored fixes.
///
/// flightlogd writes a fix every logging interval while it runs, fix or no fix (a `V` fix with the last position
/// when the receiver has none, pressure altitude `nil` when the barometer does not answer), so the fixes alone
/// tell what went missing: a run of `V` fixes is a GPS loss, a run without pressure altitude a barometer loss,
/// and a gap between two stored fixes a time the recorder was not running (a power cut).
package struct RecordingFault: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case gps, baro, power

        /// The word in IGC L records and JSON: `GPS`, `BARO`, `POWER`.
        package var code: String { rawValue.uppercased() }
        /// For people: `GPS lost`, `Barometer lost`, `Power lost`.
        package var label: String {
            switch self {
            case .gps: "GPS lost"
            case .baro: "Barometer lost"
            case .power: "Power lost"
            }
        }
    }

    package var kind: Kind
    /// GPS/BARO: the first fix without it. POWER: the last fix stored before the gap.
    package var from: UTCMillis
    /// GPS/BARO: the first fix with it again (the last fix without it when none follows before a gap or the end
    /// of the track). POWER: the first fix stored after the gap.
    package var to: UTCMillis

    package var durationMillis: Int64 { to - from }

    /// The IGC comment text (after `LXFL`): `GPS LOST 101500-101630`, times in UTC.
    package var igcComment: String { "\(kind.code) LOST \(Self.hhmmss(from))-\(Self.hhmmss(to))" }

    /// `GPS lost 10:15:00–10:16:30 UTC (1 min 30 s)`.
    package var text: String {
        "\(kind.label) \(CivilDateTime(utc: from).hourMinuteSecond)–\(CivilDateTime(utc: to).hourMinuteSecond) UTC"
            + " (\(Self.durationText(durationMillis)))"
    }

    /// `45 s`, `1 min 30 s`, `1 h 02 min`.
    package static func durationText(_ millis: Int64) -> String {
        let seconds = max(0, millis) / 1000
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60) min" + (seconds % 60 == 0 ? "" : " \(seconds % 60) s") }
        return "\(seconds / 3600) h \(pad(Int(seconds / 60 % 60), 2)) min"
    }

    private static func hhmmss(_ time: UTCMillis) -> String {
        CivilDateTime(utc: time).hourMinuteSecond.filter { $0 != ":" }
    }
}

package enum RecordingFaults {
    /// Shorter losses are not faults: a GPS, barometer or power loss is a fault from 10 s on.
    package static let minimumMillis: Int64 = 10_000

    /// The faults of a flight: derived from its fixes (the stored track around it) for a flight recorded by
    /// flightlogd, those overlapping takeoff…landing, by start time. Imported flights have none: their file says
    /// what it says.
    package static func of(_ flight: Flight, fixes: [Fix]) -> [RecordingFault] {
        guard case .recorded = flight.source else { return [] }
        return derive(fixes, hasBarometer: flight.hasBarometer).filter {
            $0.to > flight.takeoffTime && $0.from < flight.landingTime
        }
    }

    /// Every fault of at least `minimumMillis` in `fixes` (time order), sorted by start time (power, GPS, baro
    /// for equal starts). A gap of `minimumMillis` or more between two fixes is a power cut and ends any run.
    /// BARO only when `hasBarometer`.
    package static func derive(_ fixes: [Fix], hasBarometer: Bool, minimumMillis: Int64 = minimumMillis)
        -> [RecordingFault]
    {
        var faults: [RecordingFault] = []
        for i in fixes.indices.dropFirst() where fixes[i].time - fixes[i - 1].time >= minimumMillis {
            faults.append(RecordingFault(kind: .power, from: fixes[i - 1].time, to: fixes[i].time))
        }
        faults += runs(fixes, .gps, minimumMillis) { !$0.isValid }
        if hasBarometer { faults += runs(fixes, .baro, minimumMillis) { $0.pressureAltitudeDm == nil } }
        let order: [RecordingFault.Kind: Int] = [.power: 0, .gps: 1, .baro: 2]
        return faults.sorted { ($0.from, order[$0.kind]!) < ($1.from, order[$1.kind]!) }
    }

    /// Runs of fixes where `missing` holds, not crossing a gap of `minimumMillis`, lasting `minimumMillis` or more.
    private static func runs(
        _ fixes: [Fix], _ kind: RecordingFault.Kind, _ minimumMillis: Int64, missing: (Fix) -> Bool
    ) -> [RecordingFault] {
        var faults: [RecordingFault] = []
        var i = 0
        while i < fixes.count {
            guard missing(fixes[i]) else {
                i += 1
                continue
            }
            var j = i
            while j + 1 < fixes.count, missing(fixes[j + 1]), fixes[j + 1].time - fixes[j].time < minimumMillis {
                j += 1
            }
            // The fix that ended the run, unless the run ended at a gap or at the end of the track.
            let recovered = j + 1 < fixes.count && fixes[j + 1].time - fixes[j].time < minimumMillis
            let to = recovered ? fixes[j + 1].time : fixes[j].time
            if to - fixes[i].time >= minimumMillis {
                faults.append(RecordingFault(kind: kind, from: fixes[i].time, to: to))
            }
            i = j + 1
        }
        return faults
    }

    /// The stretches of `fixes` with known positions, as index ranges: consecutive valid (`A`) fixes, broken at
    /// every `V` fix (its position is only the last known one) and at every power cut in `faults`. A map draws
    /// one line per stretch and never a line through an unknown position.
    package static func positionedRuns(_ fixes: [Fix], faults: [RecordingFault] = []) -> [Range<Int>] {
        let cuts = Set(faults.filter { $0.kind == .power }.map(\.to))
        var runs: [Range<Int>] = []
        var start: Int?
        for (i, fix) in fixes.enumerated() {
            if let s = start, !fix.isValid || cuts.contains(fix.time) {
                runs.append(s..<i)
                start = nil
            }
            if fix.isValid && start == nil { start = i }
        }
        if let s = start { runs.append(s..<fixes.count) }
        return runs
    }

    /// `points` (time, value) as lines broken wherever one of `faults` lies between two neighbours: the line
    /// stops at the last value before the loss and starts again at the first after it.
    package static func split(_ points: [(UTCMillis, Double)], at faults: [RecordingFault]) -> [[(UTCMillis, Double)]] {
        var lines: [[(UTCMillis, Double)]] = []
        var current: [(UTCMillis, Double)] = []
        for point in points {
            if let last = current.last, faults.contains(where: { $0.from >= last.0 && $0.to <= point.0 }) {
                lines.append(current)
                current = []
            }
            current.append(point)
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
