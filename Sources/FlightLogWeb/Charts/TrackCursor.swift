import FlightLogCore

/// What the flight page's script (``FlightScript``) needs to link the barogram and the map, precomputed here so
/// that the script only looks values up: at evenly spaced times across the barogram's time axis (the first to the
/// last fix, as ``BarogramChart`` draws it; at most ``maxPoints``), the fix nearest that time with its place on the
/// map (percent of the map's width and height, from the map's own ``MapPlacement``), local time, pressure and GNSS
/// altitude, vario and ground speed. Written into the page as a JSON block of columns (``json``). Pure.
package struct TrackCursor: Sendable {
    /// About two per CSS px of the widest barogram: the cursor steps finer than a finger can point.
    package static let maxPoints = 600
    /// Vario and ground speed are taken over this span centred on the fix (single fixes are too noisy).
    package static let windowMillis: Int64 = 10_000

    package struct Point: Sendable {
        /// Position along the barogram's time axis, 0...1.
        package var fx: Double
        /// Place on the map, percent of its width and height; `nil` without a position (no GNSS fix, no map).
        package var mapX: Double?
        package var mapY: Double?
        /// Local time of the fix, seconds since local midnight.
        package var localSeconds: Int
        package var pressureAltitude: Double?
        package var gnssAltitude: Double?
        /// Metres per second (pressure altitude with a barometer, else GNSS altitude).
        package var vario: Double?
        /// Kilometres per hour over the ground.
        package var groundSpeed: Double?
    }

    package var points: [Point] = []

    /// The cursor's points for `fixes` (the flight's whole track, as the barogram draws it); `placement` is the
    /// map's (``MapChart/placement``), `nil` when there is no map. `nil` when the barogram has no time span.
    package init?(flight: Flight, fixes: [Fix], placement: MapPlacement?) {
        guard let first = fixes.first, let last = fixes.last, last.time > first.time else { return nil }
        let t0 = first.time, span = last.time - first.time
        let count = min(Self.maxPoints, fixes.count)
        var previous = -1
        for k in 0..<count {
            let wanted = t0 + span * Int64(k) / Int64(max(1, count - 1))
            let i = Self.nearest(fixes, to: wanted)
            guard i != previous else { continue }
            previous = i
            points.append(point(flight: flight, fixes: fixes, at: i, t0: t0, span: span, placement: placement))
        }
    }

    private func point(flight: Flight, fixes: [Fix], at i: Int, t0: UTCMillis, span: Int64, placement: MapPlacement?)
        -> Point
    {
        let fix = fixes[i]
        let onMap = fix.isValid ? placement.map { ($0.point(fix.coordinate), $0.viewHeight) } : nil
        let day: Int64 = 86_400
        let local = ((fix.time / 1000 + Int64(flight.utcOffsetSeconds)) % day + day) % day
        // Vario and speed between the fixes nearest half a window before and after this one.
        let a = fixes[Self.nearest(fixes, to: fix.time - Self.windowMillis / 2)]
        let b = fixes[Self.nearest(fixes, to: fix.time + Self.windowMillis / 2)]
        let seconds = Double(b.time - a.time) / 1000
        func altitude(_ f: Fix) -> Double? { (flight.hasBarometer ? f.pressureAltitude : nil) ?? f.gnssAltitude }
        var vario: Double?, speed: Double?
        if seconds > 0 {
            if let high = altitude(b), let low = altitude(a) { vario = (high - low) / seconds }
            if a.isValid && b.isValid { speed = Geodesy.distance(a.coordinate, b.coordinate) / seconds * 3.6 }
        }
        return Point(
            fx: Double(fix.time - t0) / Double(span), mapX: onMap.map { $0.0.x / MapChart.viewWidth * 100 },
            mapY: onMap.map { $0.0.y / $0.1 * 100 }, localSeconds: Int(local),
            pressureAltitude: flight.hasBarometer ? fix.pressureAltitude : nil, gnssAltitude: fix.gnssAltitude,
            vario: vario, groundSpeed: speed)
    }

    /// Index of the fix nearest `time` (`fixes` in time order).
    static func nearest(_ fixes: [Fix], to time: UTCMillis) -> Int {
        var low = 0, high = fixes.count - 1
        while low < high {
            let mid = (low + high) / 2
            if fixes[mid].time < time { low = mid + 1 } else { high = mid }
        }
        if low > 0, time - fixes[low - 1].time <= fixes[low].time - time { return low - 1 }
        return low
    }

    /// The points as one JSON object of columns (`fx`, `x`, `y`, `t`, `p`, `g`, `v`, `s`; `null` where a value is
    /// unknown): numbers only, so it is safe inside a `<script type="application/json">` element.
    package var json: String {
        func column(_ name: String, _ value: (Point) -> Double?, _ places: Int) -> String {
            let values = points.map { p in value(p).flatMap { $0.isFinite ? decimal($0, places) : nil } ?? "null" }
            return "\"\(name)\":[" + values.joined(separator: ",") + "]"
        }
        let columns = [
            column("fx", { $0.fx }, 4), column("x", \.mapX, 2), column("y", \.mapY, 2),
            column("t", { Double($0.localSeconds) }, 0), column("p", \.pressureAltitude, 0),
            column("g", \.gnssAltitude, 0), column("v", \.vario, 1), column("s", \.groundSpeed, 0),
        ]
        return "{" + columns.joined(separator: ",") + "}"
    }
}
