/// Recency of a sailplane pilot licence (SPL) as EASA Part-SFCL asks it, from the owner's logbook entries, as of
/// a day (docs/LOGBOOK.md):
///
/// - **SFCL.160(e) passengers**: "passengers need 3 launches as PIC in the preceding 90 days". Counted: launches
///   as PIC or instructor. Current while the 3rd most recent such launch is less than 90 days old: it lapses on
///   that launch's date + 90 days (so a launch 89 days ago still counts, one 90 days ago no longer does).
/// - **SFCL.160(a) SPL**: "in 24 months 5 h as PIC or dual/supervised incl. 15 launches and 2 training flights with
///   an FI(S)". Counted: flight time and launches as PIC, dual or instructor (supervised solo is PIC time here);
///   training flights: flights as dual (an instructor aboard). Each part lapses 24 months after the flight that
///   completes it, counting back from the newest; the recency lapses at the first of the three.
///   Not modelled: the signature of those entries by an FI(S) (SFCL.160(d)) and the alternative proficiency
///   check with an FE(S).
/// - **SFCL.155(c) launch methods**: "5 launches per launch method in 2 years" (bungee 2; flightlog has no
///   bungee): each method used lapses 24 months after its 5th most recent launch.
///
/// Dates are logbook dates (local at the takeoff place); a lapse date is the first day the pilot is no longer
/// current.
package struct Recency: Sendable {
    package struct Rule: Sendable, Hashable {
        /// Short name, e.g. `passengers (SFCL.160(e))`.
        package var name: String
        /// What is needed, in words.
        package var requirement: String
        /// What the logbook holds in the window ending on the `asOf` day.
        package var have: String
        /// The first day the rule no longer holds (nil: it never held).
        package var lapses: CivilDate?
        package var isCurrent: Bool
    }

    package var asOf: CivilDate
    package var passengers: Rule
    package var licence: Rule
    /// Per launch method the owner has used (unknown excluded).
    package var launchMethods: [(method: LaunchMethod, rule: Rule)]

    /// A lapse date counts only when the rule held the day before it: counting back from today can date a lapse
    /// to a time the rule was never met (3 launches, the 3rd of them years before the other two), and that is
    /// "not met", never "lapsed". So each rule that is not current is checked once more as of that day.
    package init(_ entries: [LogbookEntry], asOf today: CivilDate) {
        self.init(counting: entries, asOf: today)
        let anyLapse = passengers.lapses != nil || licence.lapses != nil
        guard anyLapse || launchMethods.contains(where: { $0.rule.lapses != nil }) else { return }
        func held(_ rule: Rule, _ pick: (Recency) -> Rule?) -> CivilDate? {
            guard let lapse = rule.lapses, !rule.isCurrent else { return rule.lapses }
            let before = Recency(counting: entries, asOf: lapse.adding(days: -1))
            return pick(before)?.isCurrent == true ? lapse : nil
        }
        passengers.lapses = held(passengers) { $0.passengers }
        licence.lapses = held(licence) { $0.licence }
        launchMethods = launchMethods.map { item in
            var rule = item.rule
            rule.lapses = held(rule) { r in r.launchMethods.first { $0.method == item.method }?.rule }
            return (item.method, rule)
        }
    }

    /// The rules counted back from `today`, lapse dates unchecked.
    private init(counting entries: [LogbookEntry], asOf today: CivilDate) {
        asOf = today
        // Only what had happened by the end of `today`.
        let flown = entries.filter { $0.role.flies && $0.flight.localDate <= today }
            .sorted { $0.flight.takeoffTime > $1.flight.takeoffTime }

        let asPIC = flown.filter { $0.role == .pic || $0.role == .instructor }
        let passengerLapse = Self.nthLaunchDate(asPIC, 3).map { $0.adding(days: 90) }
        let since90 = today.adding(days: -89)
        let recentLaunches = asPIC.filter { $0.flight.localDate >= since90 }.reduce(0) { $0 + $1.launches }
        passengers = Rule(
            name: "passengers (SFCL.160(e))", requirement: "3 launches as PIC in the preceding 90 days",
            have: "\(recentLaunches) launch\(recentLaunches == 1 ? "" : "es") as PIC since \(since90)",
            lapses: passengerLapse, isCurrent: passengerLapse.map { today < $0 } ?? false)

        let windowStart = today.adding(months: -24).adding(days: 1)
        let inWindow = flown.filter { $0.flight.localDate >= windowStart }
        let minutes = inWindow.reduce(Int64(0)) { $0 + $1.loggedMinutes }
        let launches = inWindow.reduce(0) { $0 + $1.launches }
        let training = inWindow.filter { $0.role == .dual }.count
        var lapse: CivilDate?
        let parts: [CivilDate?] = [
            Self.dateReaching(flown, 300) { $0.loggedMinutes }, Self.nthLaunchDate(flown, 15),
            Self.dateReaching(flown.filter { $0.role == .dual }, 2) { _ in 1 },
        ]
        if parts.allSatisfy({ $0 != nil }) { lapse = parts.compactMap { $0?.adding(months: 24) }.min() }
        licence = Rule(
            name: "SPL (SFCL.160(a))",
            requirement: "5 h PIC or dual, 15 launches, 2 flights with an FI(S) in 24 months",
            have: "\(hoursMinutes(minutes * 60_000)) h, \(launches) launch\(launches == 1 ? "" : "es"), "
                + "\(training) training flight\(training == 1 ? "" : "s") since \(windowStart)",
            lapses: lapse, isCurrent: lapse.map { today < $0 } ?? false)

        launchMethods = LaunchMethod.allCases.filter { $0 != .unknown }.compactMap { method in
            let used = flown.filter { $0.flight.details.launchMethod == method }
            guard !used.isEmpty else { return nil }
            let count = used.filter { $0.flight.localDate >= windowStart }.reduce(0) { $0 + $1.launches }
            let lapse = Self.nthLaunchDate(used, 5).map { $0.adding(months: 24) }
            return (
                method,
                Rule(
                    name: "launch method \(method.words) (SFCL.155(c))",
                    requirement: "5 launches by \(method.words) in 24 months",
                    have: "\(count) since \(windowStart)", lapses: lapse, isCurrent: lapse.map { today < $0 } ?? false)
            )
        }
    }

    /// The date of the `n`th most recent launch of `newestFirst` (a flight may hold several launches).
    static func nthLaunchDate(_ newestFirst: [LogbookEntry], _ n: Int) -> CivilDate? {
        dateReaching(newestFirst, Int64(n)) { Int64($0.launches) }
    }

    /// The date of the flight at which the running sum of `value`, newest first, reaches `target`.
    static func dateReaching(_ newestFirst: [LogbookEntry], _ target: Int64, _ value: (LogbookEntry) -> Int64)
        -> CivilDate?
    {
        var sum: Int64 = 0
        for entry in newestFirst {
            sum += value(entry)
            if sum >= target { return entry.flight.localDate }
        }
        return nil
    }
}

extension CivilDate {
    /// The same day `months` later (earlier when negative), clamped to the month's last day (29 Feb + 12 months is
    /// 28 Feb).
    package func adding(months: Int) -> CivilDate {
        let index = year * 12 + (month - 1) + months
        let y = index >= 0 ? index / 12 : (index - 11) / 12
        let m = index - y * 12 + 1
        return CivilDate(year: y, month: m, day: min(day, CivilDate.daysInMonth(year: y, month: m)))
    }
}

extension LaunchMethod {
    /// The method in a pilot's words: winch, aerotow, self-launch, unknown.
    package var words: String { self == .self ? "self-launch" : rawValue }
}
