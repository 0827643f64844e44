import FlightLogCore

/// `flightlog simulate`'s options: their checks, and the plan they give (the demo flight with them).
package struct SimulateOptions: Sendable {
    package var launch: LaunchMethod
    package var minutes: Int
    /// `YYYY-MM-DDTHH:MM:SS[.mmm]Z`, UTC.
    package var start: String
    package var seed: UInt64
    package var intervalMillis: Int
    /// `--at`: the field (any longitude; wrapped into ±180°).
    package var field: Coordinate?
    package var elevation: Double?

    package init(
        launch: LaunchMethod, minutes: Int, start: String, seed: UInt64, intervalMillis: Int, field: Coordinate?,
        elevation: Double?
    ) {
        self.launch = launch
        self.minutes = minutes
        self.start = start
        self.seed = seed
        self.intervalMillis = intervalMillis
        self.field = field
        self.elevation = elevation
    }

    /// What is wrong with the options, as the line to print; `fieldUnreadable` says `--at` was given but not read.
    package func problem(fieldUnreadable: Bool) -> String? {
        if launch == .unknown { return "--launch must be winch, aerotow or self." }
        if !(5...720).contains(minutes) { return "--minutes must be 5…720." }
        if Self.utc(start) == nil { return "--start must look like 2025-06-14T10:00:00Z." }
        if !(100...10_000).contains(intervalMillis) { return "--interval-ms must be 100…10000." }
        if fieldUnreadable { return "--at wants latitude,longitude in degrees, e.g. --at 51.0147,7.0053" }
        if let elevation, !(-500...5000).contains(elevation) { return "--elevation must be -500…5000 m." }
        return nil
    }

    /// The plan of options without a ``problem(fieldUnreadable:)``.
    package var plan: SimulatedFlightPlan {
        var plan = SimulatedFlightPlan.demo
        plan.start = Self.utc(start)!
        plan.launch = launch
        plan.flightMinutes = minutes
        plan.seed = seed
        plan.fixIntervalMillis = intervalMillis
        if let field {
            plan.field = Coordinate(latitude: field.latitude, longitude: Geodesy.wrappedLongitude(field.longitude))
        }
        if let elevation { plan.fieldElevation = elevation }
        return plan
    }

    /// Why ``FlightSimulator/igcFile(_:)`` gave no file: the flight is outside the years an IGC file can date.
    package static var yearsProblem: String {
        let range = IGCReader.twoDigitYears
        return "--start: an IGC file dates its flight with two-digit years, read as \(range.lowerBound)–"
            + "\(range.upperBound); give a start (and a flight) within those years."
    }

    /// `YYYY-MM-DDTHH:MM:SS[.mmm]Z` as UTC millis, or nil.
    package static func utc(_ text: String) -> UTCMillis? {
        guard text.hasSuffix("Z"), let t = text.firstIndex(of: "T"),
            let date = CivilDate(iso: String(text[..<t]))
        else { return nil }
        let clock = text[text.index(after: t)..<text.index(before: text.endIndex)].split(separator: ":")
        guard clock.count == 3, let h = Int(clock[0]), let m = Int(clock[1]), let s = Double(clock[2]),
            (0..<24).contains(h), (0..<60).contains(m), (0..<61).contains(s)
        else { return nil }
        return date.utcMidnight + Int64(h) * 3_600_000 + Int64(m) * 60_000 + Int64((s * 1000).rounded())
    }
}
