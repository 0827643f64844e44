/// Live takeoff and landing detection that finds what an import of the same fixes finds
/// (``FlightSegmenter/flightsForImport(_:extensions:)``): the glider profile, and the slow profile (paragliders,
/// foot launches) only where the glider profile sees no flight.
///
/// Glider events pass straight through, as they happen (a flight is stored *in progress* from its takeoff). A slow
/// flight is reported once, complete, at its landing, and only if no glider flight overlaps it and it changed
/// altitude (``FlightSegmenter/isSlowFlight(_:from:to:)``): a car towing a glider across the field is not a
/// flight. An import applies the same test to its slow fallback, so both paths agree on the same data.
package struct LiveDetection: Sendable {
    package enum Event: Sendable, Hashable {
        /// A glider-profile event, as ``FlightDetector`` reports it.
        case glider(DetectorEvent)
        /// A complete flight found by the slow profile while the glider profile saw none; check it with
        /// ``FlightSegmenter/isSlowFlight(_:from:to:)`` on the stored fixes before keeping it.
        case slowFlight(takeoff: UTCMillis, landing: UTCMillis)
    }

    private var glider = FlightDetector(profile: .glider)
    private var slow = FlightDetector(profile: .slow)
    private var slowTakeoff: UTCMillis?
    /// Takeoff time of the glider flight in progress, or landing time of the last one.
    private var gliderFlightUntil: UTCMillis?

    package init() {}

    /// True between a glider takeoff and its landing.
    package var isFlying: Bool { glider.isFlying }

    package mutating func ingest(_ fix: Fix) -> [Event] {
        var events: [Event] = []
        for event in glider.ingest(fix) {
            switch event {
            case .takeoff(let time, _): gliderFlightUntil = max(gliderFlightUntil ?? time, time)
            case .landing(let time, _): gliderFlightUntil = max(gliderFlightUntil ?? time, time)
            }
            events.append(.glider(event))
        }
        if glider.isFlying { gliderFlightUntil = max(gliderFlightUntil ?? fix.time, fix.time) }
        for event in slow.ingest(fix) {
            switch event {
            case .takeoff(let time, _): slowTakeoff = time
            case .landing(let time, _): events += slowLanding(at: time)
            }
        }
        return events
    }

    /// The recording ends (clean shutdown): a stillness of at least 10 s that has not yet lasted the landing hold
    /// is the landing, as at the end of an imported file (``FlightDetector/landingInProgress``).
    package mutating func finish() -> [Event] {
        var events: [Event] = []
        if let landing = glider.landingInProgress {
            events.append(.glider(landing))
            if case .landing(let time, _) = landing { gliderFlightUntil = max(gliderFlightUntil ?? time, time) }
        }
        if case .landing(let time, _)? = slow.landingInProgress {
            events += slowLanding(at: time, gliderLanding: !events.isEmpty)
        }
        return events
    }

    private mutating func slowLanding(at time: UTCMillis, gliderLanding: Bool = false) -> [Event] {
        defer { slowTakeoff = nil }
        guard let takeoff = slowTakeoff, !glider.isFlying || gliderLanding else { return [] }
        if let until = gliderFlightUntil, until >= takeoff { return [] }  // the glider profile saw this flight
        return [.slowFlight(takeoff: takeoff, landing: time)]
    }
}

extension FlightSegmenter {
    /// A slow-profile flight must change altitude by at least `minimumHeightChange` metres (pressure altitude,
    /// else GNSS) between `from` and `to`: foot launches glide down, paragliders climb; ground handling does neither.
    package static func isSlowFlight(_ fixes: [Fix], from: Int, to: Int, minimumHeightChange: Meters = 50) -> Bool {
        guard from >= 0, to < fixes.count, from < to else { return false }
        let series = FlightSeries(fixes, range: from...to)
        let altitudes = series.altitudes.compactMap { $0 }
        guard let low = altitudes.min(), let high = altitudes.max() else { return false }
        return high - low >= minimumHeightChange
    }
}
