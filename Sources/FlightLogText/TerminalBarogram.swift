import FlightLogCore

/// A barogram in text: one column per time slice, the altitude as a bar of block characters.
package enum TerminalBarogram {
    static let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    package static func render(fixes: [Fix], flight: Flight, columns: Int = 64, rows: Int = 8) -> String {
        let samples = fixes.filter { $0.time >= flight.takeoffTime && $0.time <= flight.landingTime }
            .compactMap { fix -> (UTCMillis, Double)? in
                guard let alt = flight.hasBarometer ? fix.pressureAltitude : fix.gnssAltitude else { return nil }
                return (fix.time, alt)
            }
        guard samples.count >= 2, flight.flightTimeKnown, flight.duration > 0 else { return "" }
        var maxPerColumn = [Double?](repeating: nil, count: columns)
        for (t, alt) in samples {
            let c = min(columns - 1, Int(Double(t - flight.takeoffTime) / Double(flight.duration) * Double(columns)))
            maxPerColumn[c] = max(maxPerColumn[c] ?? alt, alt)
        }
        var last = samples[0].1
        let filled = maxPerColumn.map { v -> Double in
            if let v { last = v }
            return last
        }
        // The labels are the flight's real lowest and highest altitude (each column shows its highest sample, so
        // the lowest column would be higher than the lowest point: 649 m where the glider was at 169 m).
        let altitudes = samples.map(\.1)
        let lo = altitudes.min()!, hi = max(altitudes.max()!, lo + 1)
        var lines: [String] = []
        for row in (0..<rows).reversed() {
            let label =
                row == rows - 1
                ? fit(decimal(hi, 0) + " m", 8, alignRight: true)
                : (row == 0 ? fit(decimal(lo, 0) + " m", 8, alignRight: true) : String(repeating: " ", count: 8))
            var line = label + " │"
            for v in filled {
                let level = (v - lo) / (hi - lo) * Double(rows)
                let eighths = Int(((level - Double(row)) * 8).rounded())
                line.append(blocks[max(0, min(8, eighths))])
            }
            lines.append(line)
        }
        let start = flight.localText(.takeoffTime, \.hourMinute), end = flight.localText(.landingTime, \.hourMinute)
        lines.append(String(repeating: " ", count: 9) + "└" + String(repeating: "─", count: columns))
        lines.append(String(repeating: " ", count: 10) + fit(start, columns - end.count) + end)
        return "Barogram (\(flight.hasBarometer ? "pressure altitude" : "GNSS altitude"), local time):\n"
            + lines.joined(separator: "\n")
    }
}
