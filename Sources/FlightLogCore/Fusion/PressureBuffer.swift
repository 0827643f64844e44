/// One barometer reading stamped with `CLOCK_MONOTONIC`.
package struct PressureReading: Sendable, Hashable {
    package var monotonicNanos: Int64
    package var pascals: Pascals
    /// Die temperature, °C (not outside air temperature).
    package var temperatureCelsius: Double?
    /// How long the pressure read took, nanoseconds: the uncertainty of `monotonicNanos` (a read the scheduler
    /// interrupted has an imprecise time; the barometer's gate drops such reads). 0 when not measured.
    package var readNanos: Int64

    package init(monotonicNanos: Int64, pascals: Pascals, temperatureCelsius: Double? = nil, readNanos: Int64 = 0) {
        self.monotonicNanos = monotonicNanos
        self.pascals = pascals
        self.temperatureCelsius = temperatureCelsius
        self.readNanos = readNanos
    }
}

/// The last few seconds of barometer readings, so that a GNSS fix (which arrives late) can be given
/// the pressure at its own instant.
package struct PressureBuffer: Sendable {
    /// Readings older than this (behind the newest) are dropped, nanoseconds.
    package var retentionNanos: Int64
    /// A value further than this from every reading is unknown (`nil`), nanoseconds.
    package var stalenessNanos: Int64

    private var readings: [PressureReading] = []
    private var start = 0

    package init(retentionNanos: Int64 = 30_000_000_000, stalenessNanos: Int64 = 2_000_000_000) {
        self.retentionNanos = retentionNanos
        self.stalenessNanos = stalenessNanos
    }

    package var newest: PressureReading? { start < readings.count ? readings.last : nil }
    package var count: Int { readings.count - start }

    /// Adds a reading. Plausibility gate: 5–1100 hPa, finite; a reading not newer than the newest is ignored.
    /// - Returns: `false` when the reading was rejected.
    @discardableResult
    package mutating func append(_ reading: PressureReading) -> Bool {
        guard reading.pascals.isFinite, reading.pascals >= 500, reading.pascals <= 110_000 else { return false }
        if let newest, reading.monotonicNanos <= newest.monotonicNanos { return false }
        readings.append(reading)
        let oldest = reading.monotonicNanos - retentionNanos
        while start < readings.count - 1, readings[start].monotonicNanos < oldest { start += 1 }
        if start > 256, start * 2 > readings.count {
            readings.removeFirst(start)
            start = 0
        }
        return true
    }

    /// Forgets every reading (barometer lost).
    package mutating func removeAll() {
        readings.removeAll()
        start = 0
    }

    /// True when the newest reading is older than the staleness limit at `now` (or there is none).
    package func isStale(now: Int64) -> Bool {
        guard let newest else { return true }
        return now - newest.monotonicNanos > stalenessNanos
    }

    /// Pressure at a monotonic instant: linear interpolation between the readings around it, the nearest
    /// reading just outside the covered span, `nil` when no reading is within the staleness limit.
    package func pressure(at nanos: Int64) -> Pascals? {
        guard let newest else { return nil }
        let first = readings[start]
        if nanos >= newest.monotonicNanos {
            return nanos - newest.monotonicNanos <= stalenessNanos ? newest.pascals : nil
        }
        if nanos <= first.monotonicNanos {
            return first.monotonicNanos - nanos <= stalenessNanos ? first.pascals : nil
        }
        // Binary search for the first reading after `nanos`.
        var low = start
        var high = readings.count - 1
        while low < high {
            let mid = (low + high) / 2
            if readings[mid].monotonicNanos > nanos { high = mid } else { low = mid + 1 }
        }
        let after = readings[low]
        let before = readings[low - 1]
        if after.monotonicNanos - before.monotonicNanos > 2 * stalenessNanos {
            // A hole in the readings: only a close neighbour counts.
            if nanos - before.monotonicNanos <= stalenessNanos { return before.pascals }
            if after.monotonicNanos - nanos <= stalenessNanos { return after.pascals }
            return nil
        }
        let fraction = Double(nanos - before.monotonicNanos) / Double(after.monotonicNanos - before.monotonicNanos)
        return before.pascals + (after.pascals - before.pascals) * fraction
    }
}
