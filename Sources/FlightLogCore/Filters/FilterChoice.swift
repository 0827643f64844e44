/// The list filters as a pilot types them (`flightlog list`, `stats`, `export`): flags that exclude each other and
/// the ``FlightFilter`` they make. The command line only declares the options; the rules are here.
package struct FilterChoice: Sendable, Hashable {
    package var instructor = false
    package var noInstructor = false
    package var guest: String?
    package var instructorName: String?
    package var plane: String?
    package var pilot: String?
    package var registration: String?
    package var since: CivilDate?
    package var until: CivilDate?
    package var year: Int?
    package var launch: LaunchMethod?
    package var outlanding = false
    package var noOutlanding = false

    package init(
        instructor: Bool = false, noInstructor: Bool = false, guest: String? = nil, instructorName: String? = nil,
        plane: String? = nil, pilot: String? = nil, registration: String? = nil, since: CivilDate? = nil,
        until: CivilDate? = nil, year: Int? = nil, launch: LaunchMethod? = nil, outlanding: Bool = false,
        noOutlanding: Bool = false
    ) {
        (self.instructor, self.noInstructor, self.guest, self.instructorName) = (
            instructor, noInstructor, guest, instructorName
        )
        (self.plane, self.pilot, self.registration) = (plane, pilot, registration)
        (self.since, self.until, self.year, self.launch) = (since, until, year, launch)
        (self.outlanding, self.noOutlanding) = (outlanding, noOutlanding)
    }

    /// Why these options cannot go together, in the words of the options (nil: they can).
    package func problem() -> String? {
        if outlanding && noOutlanding { return "--outlanding and --no-outlanding exclude each other." }
        if instructor && noInstructor { return "--instructor and --no-instructor exclude each other." }
        if let year {
            guard (1900...2200).contains(year) else { return "--year \(year) is not a year like 2026." }
            if since != nil || until != nil { return "--year and --since/--until exclude each other." }
        }
        if noInstructor && instructorName != nil { return "--no-instructor and --instructor-name exclude each other." }
        if let since, let until, until < since { return "--until \(until) is before --since \(since)." }
        return nil
    }

    /// The flights chosen (`--year` as its first to its last day).
    package var filter: FlightFilter {
        FlightFilter(
            withInstructor: instructor ? true : (noInstructor ? false : nil),
            guest: guest, plane: plane, pilot: pilot, registration: registration,
            since: since ?? year.map { CivilDate(year: $0, month: 1, day: 1) },
            until: until ?? year.map { CivilDate(year: $0, month: 12, day: 31) }, launch: launch,
            outlanding: outlanding ? true : (noOutlanding ? false : nil), instructorName: instructorName)
    }
}

/// Whose logbook it is: `--owner NAME` (which also keeps only the owner's flights), else the config's
/// `[owner] name`. Shared by `list`, `export` and `stats`.
package struct OwnerChoice: Sendable, Hashable {
    /// `--owner` as typed (nil: not given).
    package var name: String?

    package init(_ name: String?) { self.name = name }

    /// Why `--owner` names nobody (nil: it names someone, or is not given).
    package func problem() -> String? {
        guard let name, LogbookOwner(name) == nil else { return nil }
        return "--owner needs a name with letters, e.g. --owner \"Müller, Jürgen\"."
    }

    /// `--owner`, else the config's owner; nil when neither names one.
    package func owner(_ config: FlightLogConfig) -> LogbookOwner? {
        (name ?? config.owner).flatMap(LogbookOwner.init)
    }

    /// `flights`, only those the owner was aboard when `--owner` was given.
    package func chosen(_ flights: [Flight], _ config: FlightLogConfig) -> [Flight] {
        guard name != nil, let who = owner(config) else { return flights }
        return flights.filter { OwnerRole.of($0, owner: who) != .notAboard }
    }

    /// The filter summary with the owner, e.g. "flights of Müller · with instructor".
    package func summary(_ filter: FlightFilter) -> String {
        guard let name else { return filter.summary }
        return filter.isEmpty ? "flights of \(name)" : "flights of \(name) · \(filter.summary)"
    }

    /// True when neither `filter` nor `--owner` leaves out a flight (no flight chosen: the logbook is empty).
    package func choosesAll(_ filter: FlightFilter) -> Bool { filter.isEmpty && name == nil }
}
