import FlightLogCore

/// The phrases for a flight's analysis that ``AnalysisSummary`` (laid out by `show`, the phone and club pages and
/// the PDF report) and other code share, so that no two places name the same fact differently or apply different
/// rules to say it.
package enum AnalysisWords {
    /// What began the scored time: `Release`, `Engine off` or `Take-off`.
    package static func scoredFrom(_ window: ScoringWindow) -> String {
        switch window.startsAt {
        case .release: "Release"
        case .engineOff: "Engine off"
        case .takeoff: "Take-off"
        }
    }

    /// What ends a launch of `method`: `Engine off` for a self-launch (it has no release), else `Release`.
    package static func launchEnd(_ method: LaunchMethod) -> String { method == .self ? "Engine off" : "Release" }

    /// Said after what began the scored time when the release was found on GNSS altitude (pressure altitude
    /// missing at the launch); nil when on pressure altitude, as everything else.
    package static func launchAltitude(_ window: ScoringWindow) -> String? {
        window.launchOnGNSS == true ? "found on GNSS altitude: no pressure altitude at the launch" : nil
    }

    /// What ended it: `Landing`, `Last fix` (the record ends in flight) or `Engine on`.
    package static func scoredTo(_ window: ScoringWindow, endedInFlight: Bool) -> String {
        window.endsAt == .engineStart ? "Engine on" : endedInFlight ? "Last fix" : "Landing"
    }

    /// Why nothing is scored when the analysis has no scoring window: the flight is longer than any glider flies
    /// (``FlightAnalysis/longestFlight``: not analysed), the engine ran from the launch to the landing, or the
    /// track holds no free flight at all.
    package static func nothingScored(_ analysis: FlightAnalysis) -> String {
        if analysis.inputs.landing - analysis.inputs.takeoff > FlightAnalysis.longestFlight {
            return "nothing: not analysed, over 24 h from take-off to landing (the recorder's clock?)"
        }
        return analysis.engineRuns.isEmpty
            ? "nothing: no free flight in the track" : "nothing: the engine ran to the landing"
    }

    /// Why there is no contest route although there is a scoring window.
    package static let noRoute = "no route: too few valid fixes in the scoring window"
    /// The contests each free distance counts for.
    package static let freeSixContests = "6 legs: OLC classic, WeGlide"
    package static let freeFourContests = "4 legs: DMSt"
    /// Said after an FAI triangle the search could not prove to be the largest (it stopped at its limit).
    package static let triangleNotProven = " (maybe not the largest)"

    /// `1 run` / `3 runs`.
    package static func runs(_ count: Int) -> String { count == 1 ? "1 run" : "\(count) runs" }

    /// Which way a thermal turned, as the phone's and the report's thermal lists say it: `left`, `right`, or
    /// `both ways (40 % left)` when it circled at least once each way.
    package static func direction(_ thermal: FlightPhases.Thermal) -> String {
        switch thermal.direction {
        case .left: "left"
        case .right: "right"
        case .mixed: "both ways (\(decimal(thermal.leftShare * 100, 0)) % left)"
        }
    }
}

extension AnalysisWords {
    /// The points of every contest the analysis scores, with the index they use: `OLC-Plus 412.3 · WeGlide free
    /// 398.0 · DMSt 301.2 (index 100: glider's index unknown)`; the index and where it came from as
    /// ``FlightAnalysis/indexText`` says.
    package static func points(_ analysis: FlightAnalysis) -> String {
        "OLC-Plus \(decimal(analysis.olcPlusPoints, 1)) · WeGlide free \(decimal(analysis.weGlideFreePoints, 1))"
            + " · DMSt \(decimal(analysis.dmstPoints, 1)) (\(analysis.indexText))"
    }
}

extension AnalysisWords {
    /// Said after a free distance whose search stopped at its work budget (`bound`: its upper bound, metres):
    /// ` (not proven yet: at most 318.0 km)`; nothing when it is proven (nil). `flightlog analyse --prove` (the
    /// `flightlog-prove` unit) finishes such searches later.
    package static func notProvenYet(_ bound: Meters?) -> String {
        bound.map { " (\(notProvenYetWords): at most \(decimal($0 / 1000, 1)) km)" } ?? ""
    }

    /// The words for a free distance not proven the longest yet, with its bound: ``notProvenYet(_:)``.
    package static let notProvenYetWords = "not proven yet"

    /// What `flightlog analyse --prove` says of a flight: `flight 12: free distance 318.2 km, proven (41 s)`, or
    /// `flight 12: free distance 312.4 km, not proven yet: at most 318.0 km (41 s)` (the 6-leg distance; the 4-leg
    /// one, said so, when only that is open; `…, proven; FAI triangle 96.3 km, maybe not the largest (41 s)` when
    /// only the triangle is). `seconds`: the proof's time; nil when this run did no step (then "proven (already)").
    package static func proofLine(flight id: Int64, _ analysis: FlightAnalysis, seconds: Double?) -> String {
        let time = seconds.map { " (\(decimal($0, 0)) s)" } ?? (analysis.contestProven ? " (already)" : "")
        func km(_ meters: Meters?) -> String { "\(decimal((meters ?? 0) / 1000, 1)) km" }
        if analysis.freeDistanceProven, !analysis.faiTriangleProven {
            return "flight \(id): free distance \(km(analysis.freeSix?.meters)), proven; FAI triangle "
                + "\(km(analysis.faiTriangle?.meters)), maybe not the largest\(time)"
        }
        if analysis.freeSixUpperBound == nil, let bound = analysis.freeFourUpperBound {
            return "flight \(id): free distance over 4 legs \(km(analysis.freeFour?.meters)), \(notProvenYetWords): "
                + "at most \(km(bound))\(time)"
        }
        let six = "flight \(id): free distance \(km(analysis.freeSix?.meters))"
        guard let bound = analysis.freeSixUpperBound else { return "\(six), proven\(time)" }
        return "\(six), \(notProvenYetWords): at most \(km(bound))\(time)"
    }
}
