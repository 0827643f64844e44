import FlightLogCore
import TOMLKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FlightLogConfig {
    /// Parses flightlog.toml: TOML 1.0 (``TOMLDocument``), then the settings (``FlightLogConfig/init(_:)``).
    /// - Throws: ``ConfigError`` naming the line: a syntax error (with its column), or a key whose value has the
    ///   wrong type or is out of range.
    package static func parse(utf8 bytes: [UInt8]) throws(ConfigError) -> FlightLogConfig {
        try FlightLogConfig(try TOMLDocument.parse(bytes))
    }

    package static func parse(_ text: String) throws(ConfigError) -> FlightLogConfig {
        try parse(utf8: Array(text.utf8))
    }

    /// The settings of the config file at `path`, the one way flightlogd and flightlog read it: as a file a user
    /// brings (``InputFile``: a regular file of at most ``TOMLDocument/maxBytes``), then ``parse(utf8:)``.
    /// - Throws: ``ConfigFileError``, one line naming the file; the command adds what its user can do about it.
    package static func read(path: String) throws(ConfigFileError) -> FlightLogConfig {
        let bytes: [UInt8]?
        do {
            bytes = try InputFile.read(path, what: "the config file", maxBytes: TOMLDocument.maxBytes)
        } catch {
            throw .unreadable(error.description)
        }
        guard let bytes else {
            throw .unreadable("cannot read the config file \(path): check that it exists and is readable")
        }
        do {
            return try parse(utf8: bytes)
        } catch {
            throw .invalid(error.described(in: path))
        }
    }
}

/// Why the config file at a path could not be used.
package enum ConfigFileError: Error, CustomStringConvertible {
    /// The file itself: missing, not a regular file, too large or not readable.
    case unreadable(String)
    /// What is in it: a syntax error or a bad value, with the file's path and the line.
    case invalid(String)

    package var description: String {
        switch self {
        case .unreadable(let message), .invalid(let message): message
        }
    }

    /// The one line every `flightlog` command says for the config file at `path` it cannot use, with what to do:
    /// the system file readable by the flightlog user only gets the two ways round that.
    package func commandLineMessage(path: String) -> String {
        switch self {
        case .unreadable(let message):
            guard path == ConfigLocation.systemPath, access(path, R_OK) != 0 else {
                return message + " (or pass --config)"
            }
            return "\(path) is readable by the flightlog user only (it may hold your WeGlide login): run "
                + "sudo -u flightlog flightlog …, or keep a copy of your own: sudo install -o $USER -m 0600 "
                + "\(path) ~/.config/flightlog/flightlog.toml"
        case .invalid(let message): return message + " — fix the file or pass --config"
        }
    }
}

/// A TOML 1.0 document read by toml++ (through TOMLKit), as Core's neutral ``ConfigTable`` with each key's line.
package enum TOMLDocument {
    /// Every valid TOML 1.0 document gives its tables and values; anything else throws the first problem with its
    /// line and column (toml++'s words), e.g. `line 3, column 9: syntax error: …`.
    ///
    /// TOMLKit hands the text to toml++ as a C string, so a NUL byte (never valid in TOML) is refused here first,
    /// and so is the invalid TOML on which toml++ 3.4 asserts (``KeyLines/hazard``);
    /// TOMLKit never frees a parsed document (no `deinit`): each call leaks its tree, which is fine for a file read
    /// a few times per process.
    /// flightlog.toml is a few hundred bytes; toml++ builds its whole tree in memory (a 40 KB file of nested
    /// arrays took 5 GB), so the size and the nesting (``KeyLines/maxDepth``) are bounded before it sees the text.
    package static let maxBytes = 1 << 20

    package static func parse(_ bytes: [UInt8]) throws(ConfigError) -> ConfigTable {
        guard bytes.count <= maxBytes else {
            throw ConfigError(
                line: nil,
                "the file has \(bytes.count) bytes, more than \(maxBytes): a flightlog config is a few lines")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(
                line: line(at: firstInvalidUTF8(bytes), in: bytes), "the file is not UTF-8 text: save it as UTF-8")
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw ConfigError(line: line(at: nul, in: bytes), "syntax error: a NUL character is not allowed")
        }
        let lines = KeyLines(text)
        if let hazard = lines.hazard { throw hazard }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let at = error.source.begin
            throw ConfigError(
                line: at.line > 0 ? at.line : nil, column: at.column > 0 ? at.column : nil,
                "syntax error: \(error.description)")
        } catch {
            throw ConfigError(line: nil, "syntax error: \(error)")
        }
        return convert(table, path: [], lines)
    }

    /// The table's keys in the order of the file (toml++ keeps them sorted by name).
    private static func convert(_ table: TOMLTable, path: [String], _ lines: KeyLines) -> ConfigTable {
        let entries = table.keys.enumerated().map { index, key in
            let keyPath = path + [key]
            // A key with an escaped NUL in it cannot be looked up through TOMLKit's C strings: an unknown key.
            let value = table[key].map { convert($0, path: keyPath, lines) } ?? .other("?")
            return (index, ConfigEntry(key, value, line: lines.line(of: keyPath)))
        }
        return ConfigTable(
            entries.sorted { ($0.1.line ?? .max, $0.0) < ($1.1.line ?? .max, $1.0) }.map(\.1))
    }

    private static func convert(_ value: any TOMLValueConvertible, path: [String], _ lines: KeyLines) -> ConfigValue {
        switch value.type {
        case .string: .string(value.string ?? "")
        case .int: value.int.map(ConfigValue.integer) ?? .other("?")
        case .double: value.double.map(ConfigValue.float) ?? .other("?")
        case .bool: value.bool.map(ConfigValue.boolean) ?? .other("?")
        case .table: value.table.map { .table(convert($0, path: path, lines)) } ?? .other("?")
        case .array: .other("[…]")
        case .date, .time, .dateTime: .other(value.tomlValue.debugDescription)
        }
    }

    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
        return offset
    }

    private static func line(at offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].count { $0 == UInt8(ascii: "\n") } + 1
    }
}
