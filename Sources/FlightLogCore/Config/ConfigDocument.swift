/// A parsed config file as the settings mapping (``FlightLogConfig/init(_:)``) sees it: the TOML document's tables
/// and values, each key with the line it stands on. The TOML reading itself (toml++ through TOMLKit, C++) is in
/// `FlightLogConfigFile`, so that Core stays plain Swift.
package struct ConfigTable: Sendable, Hashable {
    /// The table's keys in the order of the file.
    package var entries: [ConfigEntry]

    package init(_ entries: [ConfigEntry]) { self.entries = entries }
}

/// One key of a table, its value and its 1-based line (of the `key =` or the `[table]` header; nil when unknown).
package struct ConfigEntry: Sendable, Hashable {
    package var key: String
    package var value: ConfigValue
    package var line: Int?

    package init(_ key: String, _ value: ConfigValue, line: Int?) {
        self.key = key
        self.value = value
        self.line = line
    }
}

/// A TOML value. No setting takes an array, a date or a time: those only need to be named in a message.
package indirect enum ConfigValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case table(ConfigTable)
    /// An array, date, time or date-time, as TOML writes it.
    case other(String)

    /// The value as it would be written in the file, shortened, for messages.
    package var description: String {
        let text: String
        switch self {
        case .string(let s): text = "\"" + s.unicodeScalars.map { $0.escaped(asASCII: false) }.joined() + "\""
        case .integer(let i): text = String(i)
        case .float(let d): text = d.isNaN ? "nan" : d.isInfinite ? (d < 0 ? "-inf" : "inf") : String(d)
        case .boolean(let b): text = String(b)
        case .table: text = "{ … }"
        case .other(let s): text = s
        }
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}

/// A config file that cannot be used, or a warning about one; names the line (and column, for syntax errors).
package struct ConfigError: Error, Hashable, CustomStringConvertible {
    /// 1-based line number, when the error belongs to a line.
    package var line: Int?
    /// 1-based column, for syntax errors.
    package var column: Int?
    package var message: String

    package init(line: Int?, column: Int? = nil, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 12: message`, `line 3, column 9: message` or `message`.
    package var description: String {
        guard let line else { return message }
        return "line \(line)\(column.map { ", column \($0)" } ?? ""): \(message)"
    }

    /// The one line a user reads: `/etc/flightlog/flightlog.toml line 12: message`.
    package func described(in path: String) -> String {
        line == nil ? "\(path): \(message)" : "\(path) \(description)"
    }
}
