import FlightLogCore
import PostgresNIO

/// A query over the club logbook's `flight f` whose conditions bind every value (`$1`, `$2`, …): nothing a
/// visitor types is ever part of the SQL text.
struct ServerQuery {
    private(set) var clauses: [String] = []
    private(set) var bindings = PostgresBindings()

    /// `$n` of `value`, bound.
    mutating func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    /// `$n` of `value` (NULL when nil), bound.
    mutating func bind(optional value: (some PostgresDynamicTypeEncodable)?) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    /// Adds a condition; `make` gets the placeholder of `value`. Nothing is added when `value` is nil.
    mutating func add<V: PostgresDynamicTypeEncodable>(_ value: V?, _ make: (String) -> String) {
        guard let value else { return }
        clauses.append(make(bind(value)))
    }

    mutating func add(_ clause: String) { clauses.append(clause) }

    /// The conditions joined by AND (`true` when there are none).
    var condition: String { clauses.isEmpty ? "true" : clauses.map { "(\($0))" }.joined(separator: " AND ") }

    func query(_ sql: String) -> PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: bindings) }

    /// Only what `account` may see: an admin every flight, a pilot those where they are the pilot or the second
    /// person by ``LogbookOwner``'s rule (the words of the name, in any order; an initial matches its word), the
    /// rule `--owner` follows on a glider. A login whose name has no words sees no flight.
    mutating func restrict(to account: ClubAccount) {
        guard !account.isAdmin else { return }
        guard let owner = LogbookOwner(account.pilotName) else { return add("false") }
        add("\(names("f.pilot_words", match: owner)) OR \(names("f.second_person_words", match: owner))")
    }

    /// The condition that the crew name whose words (``LogbookOwner/words(_:)``) are in `column` matches `owner`:
    /// each of the owner's words is a word of the name, or the name has its initial; an owner's initial matches a
    /// word it begins. `&&` (overlap) lets the server use the column's GIN index.
    mutating func names(_ column: String, match owner: LogbookOwner) -> String {
        owner.words.map { word in
            guard let initial = word.first, word.count > 1 else {
                return "EXISTS (SELECT 1 FROM unnest(\(column)) w WHERE starts_with(w, \(bind(word))))"
            }
            return "\(column) && \(bind([word, String(initial)]))::text[]"
        }.map { "(\($0))" }.joined(separator: " AND ")
    }

    /// The conditions of `filter`, with the meaning ``FlightFilter/matches`` and the glider's SQL
    /// (`FlightRows.condition`) give them: substrings of the search keys, dates at the takeoff place.
    mutating func add(_ filter: FlightFilter) {
        if let withInstructor = filter.withInstructor {
            add(
                withInstructor
                    ? "f.second_person_role = 'instructor'" : "f.second_person_role IS DISTINCT FROM 'instructor'")
        }
        // strpos() is a plain substring test: no LIKE pattern, so no escaping.
        // A name's words, each a substring, in any order (FlightFilter.nameWords).
        for word in filter.guest.map(FlightFilter.nameWords) ?? [] {
            add(word) { "f.second_person_role = 'guest' AND strpos(f.second_person_key, \($0)) > 0" }
        }
        add(filter.plane.map(designationKey)) { "strpos(f.glider_type_key, \($0)) > 0" }
        for word in filter.instructorName.map(FlightFilter.nameWords) ?? [] {
            add(word) { "f.second_person_role = 'instructor' AND strpos(f.second_person_key, \($0)) > 0" }
        }
        for word in filter.pilot.map(FlightFilter.nameWords) ?? [] { add(word) { "strpos(f.pilot_key, \($0)) > 0" } }
        add(filter.registration.map(registrationKey)) { "strpos(f.registration_key, \($0)) > 0" }
        add(filter.since?.description) { "f.local_date >= \($0)::date" }
        add(filter.until?.description) { "f.local_date <= \($0)::date" }
        add(filter.launch?.rawValue) { "f.launch_method = \($0)" }
        add(filter.ids) { "f.id = ANY(\($0))" }
        if let outlanding = filter.outlanding {
            add(outlanding ? "f.landing_outlanding" : "f.landing_outlanding IS NOT TRUE")
        }
    }
}
