import FlightLogCore
import FlightLogStore
import PostgresNIO

/// How a local `flight` column is written on the server: the name in snake_case, and the few columns whose server
/// type differs from SQLite's storage (booleans stored as 0/1, the date stored as text).
enum FlightColumns {
    static let booleans: Set<String> = ["hasBarometer", "takeoffOutlanding", "landingOutlanding", "endedInFlight"]
    static let dates: Set<String> = ["localDate"]
    /// Where the flight is on WeGlide (server names): kept on the server once set (``ServerSchema/weglideColumns``).
    static let weglide: Set<String> = ["weglide_flight_id", "weglide_uploaded_at"]

    /// The detail columns an edit can change (``LogbookField``), as on the glider.
    static let details = LogbookField.allCases.map(\.column)

    /// Crew name columns and the server-only columns beside them holding their words (``LogbookOwner/words(_:)``):
    /// the club logins' flights are matched by these (``ServerQuery/restrict(to:)``), through a GIN index.
    static let nameWords = [("pilot", "pilot_words"), ("secondPerson", "second_person_words")]

    /// The word columns of the crew names among `columns`, with their words (nil for no name).
    static func words(of columns: [(name: String, value: SyncValue)]) -> [(column: String, words: [String]?)] {
        nameWords.compactMap { name, wordsColumn in
            guard let value = columns.first(where: { $0.name == name })?.value else { return nil }
            guard case .text(let text) = value else { return (wordsColumn, nil) }
            return (wordsColumn, LogbookOwner.words(text))
        }
    }

    /// `takeoffPlaceCode` → `takeoff_place_code`.
    static func serverName(_ local: String) -> String {
        var name = ""
        for character in local {
            if character.isUppercase {
                name += "_" + character.lowercased()
            } else {
                name.append(character)
            }
        }
        return name
    }

    /// `$n` with the cast the server needs for this column.
    static func placeholder(_ n: Int, column: String) -> String {
        dates.contains(column) ? "$\(n)::date" : "$\(n)"
    }

    static func bind(_ value: SyncValue, column: String, into bindings: inout PostgresBindings) {
        switch value {
        case .null: bindings.appendNull()
        case .integer(let i) where booleans.contains(column): bindings.append(i != 0)
        case .integer(let i): bindings.append(i)
        case .real(let d): bindings.append(d)
        case .text(let s): bindings.append(s)
        }
    }
}
