import FlightLogCore

/// The flight list's GET form: the same filters as `flightlog list`, plus the page number.
package struct ListQuery: Sendable, Equatable {
    package var filter = FlightFilter()
    /// 1-based page number.
    package var page = 1

    package static let pageSize = 50
    /// Query parameter names the list understands (the form fields).
    static let names: Set<String> = [
        "instructor", "instructor_name", "guest", "plane", "pilot", "registration", "year", "since", "until", "launch",
        "outlanding", "page",
    ]

    package init(filter: FlightFilter = FlightFilter(), page: Int = 1) {
        self.filter = filter
        self.page = page
    }

    /// Parses and validates the query parameters; empty fields mean "any".
    /// - Throws: `ServerError` naming the bad field (unknown names are ignored, as browsers add none).
    package init(query: [String: String]) throws(ServerError) {
        func text(_ name: String) throws(ServerError) -> String? {
            guard let raw = query[name] else { return nil }
            let value = raw.trimmingCharacters(in: .whitespaces)
            if value.isEmpty { return nil }
            guard value.count <= WebLimits.maxFieldCharacters, !value.unicodeScalars.contains(where: { $0.value < 32 })
            else { throw ServerError("\(name): at most \(WebLimits.maxFieldCharacters) characters of plain text") }
            return value
        }
        func date(_ name: String) throws(ServerError) -> CivilDate? {
            guard let value = try text(name) else { return nil }
            guard let date = CivilDate(iso: value), (1900...2200).contains(date.year) else {
                throw ServerError("\(name): \(value) is not a date like 2025-05-03")
            }
            return date
        }
        switch try text("instructor") {
        case nil: break
        case "yes": filter.withInstructor = true
        case "no": filter.withInstructor = false
        case let other?: throw ServerError("instructor: \(other) is not yes or no")
        }
        filter.instructorName = try text("instructor_name")
        filter.guest = try text("guest")
        filter.plane = try text("plane")
        filter.pilot = try text("pilot")
        filter.registration = try text("registration")
        filter.since = try date("since")
        filter.until = try date("until")
        if let text = try text("year") {
            guard let year = Int(text), (1900...2200).contains(year) else {
                throw ServerError("year: \(text) is not a year like 2026")
            }
            guard filter.since == nil, filter.until == nil else {
                throw ServerError("year: give a year or a date range, not both")
            }
            filter.since = CivilDate(year: year, month: 1, day: 1)
            filter.until = CivilDate(year: year, month: 12, day: 31)
        }
        if let since = filter.since, let until = filter.until, until < since {
            throw ServerError("until \(until) is before since \(since)")
        }
        if let launch = try text("launch") {
            guard let method = LaunchMethod(rawValue: launch) else {
                throw ServerError("launch: \(launch) is not winch, aerotow, self or unknown")
            }
            filter.launch = method
        }
        switch try text("outlanding") {
        case nil: break
        case "yes": filter.outlanding = true
        case "no": filter.outlanding = false
        case let other?: throw ServerError("outlanding: \(other) is not yes or no")
        }
        if let number = try text("page") {
            guard let page = Int(number), (1...1_000_000).contains(page) else {
                throw ServerError("page: \(number) is not a page number")
            }
            self.page = page
        }
    }

    /// The query string for these filters (without `page` unless asked), for links and downloads.
    package func queryString(page: Int? = nil) -> String {
        var items: [(String, String)] = []
        if let withInstructor = filter.withInstructor { items.append(("instructor", withInstructor ? "yes" : "no")) }
        if let name = filter.instructorName { items.append(("instructor_name", name)) }
        if let guest = filter.guest { items.append(("guest", guest)) }
        if let plane = filter.plane { items.append(("plane", plane)) }
        if let pilot = filter.pilot { items.append(("pilot", pilot)) }
        if let registration = filter.registration { items.append(("registration", registration)) }
        if let since = filter.since { items.append(("since", since.description)) }
        if let until = filter.until { items.append(("until", until.description)) }
        if let launch = filter.launch { items.append(("launch", launch.rawValue)) }
        if let outlanding = filter.outlanding { items.append(("outlanding", outlanding ? "yes" : "no")) }
        if let page, page > 1 { items.append(("page", String(page))) }
        return items.map { "\($0.0)=\(urlEncoded($0.1))" }.joined(separator: "&")
    }

    /// The active filters in a few words each, for the folded filter line: `instructor`, `LS 4`, `2025`,
    /// `winch`, `outlandings`… (empty without filters).
    package var filterWords: [String] {
        let f = filter
        var words: [String] = []
        if let withInstructor = f.withInstructor { words.append(withInstructor ? "instructor" : "no instructor") }
        if let name = f.instructorName { words.append("instructor \(name)") }
        if let guest = f.guest { words.append("guest \(guest)") }
        if let pilot = f.pilot { words.append("pilot \(pilot)") }
        if let plane = f.plane { words.append(plane) }
        if let registration = f.registration { words.append(registration) }
        switch (f.since, f.until) {
        case (let s?, let u?) where s.year == u.year && (s.month, s.day, u.month, u.day) == (1, 1, 12, 31):
            words.append("\(s.year)")
        case (let s?, let u?): words.append("\(s) – \(u)")
        case (let s?, nil): words.append("since \(s)")
        case (nil, let u?): words.append("until \(u)")
        case (nil, nil): break
        }
        if let launch = f.launch { words.append(launch.words) }
        if let outlanding = f.outlanding { words.append(outlanding ? "outlandings" : "no outlandings") }
        return words
    }

    /// The folded filter form's line: `Filters: instructor · LS 4`, or `Filters` without any.
    package var foldedSummary: String {
        let words = filterWords
        return words.isEmpty ? "Filters" : "Filters: " + words.joined(separator: " · ")
    }
}
