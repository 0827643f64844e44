import FlightLogCore
import FlightLogStore
import PostgresNIO

/// How a local `flight` column is written on the server: the name in snake_case, and the few columns whose server
/// type differs from SQLite's storage (booleans stored as 0/1, the date stored as text).
enum FlightColumns {
    static let booleans: Set<String> = ["hasBarometer", "takeoffOutlanding", "landingOutlanding", "endedInFlight"]
    static let dates: Set<String> = ["localDate"]

    /// The detail columns an edit can change (``LogbookField``), as on the glider.
    static let details = LogbookField.allCases.map(\.column)

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
