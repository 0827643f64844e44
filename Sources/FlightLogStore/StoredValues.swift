import FlightLogCore
import Foundation
import GRDB
import Synchronization

/// The plausible range of every number a flight row holds, checked as the row is read.
///
/// The database is outside input (a file from an older flightlog, rows pulled by a club sync, a hand edit with
/// sqlite3): a value outside its range is read as unknown, so no command traps on arithmetic with it (a UTC offset
/// of 2^61 s, a height of 1e308 m). Optional fields become nil; a field every flight has gets a neutral value (a
/// bad landing time the takeoff time, a bad position 0°/0°, a bad offset UTC). Each such value is reported once per
/// process on standard error, naming the flight and the field. The ranges keep every sum over a logbook far from
/// overflow: times lie in 1970…2200, a line logs at most 99 launches.
enum StoredValues {
    /// 1970-01-01 … 2200-01-01 (ms since 1970).
    static let time: ClosedRange<Int64> = 0...7_258_118_400_000
    /// Landing minus takeoff, and release minus takeoff (ms): never negative, at most the whole `time` range. Not
    /// shorter: a file from a recorder with a broken clock makes a "flight" of years, and its track must still be
    /// found and exported whole (the sums stay far from overflow: flight time is summed in whole minutes).
    static let flightLength: ClosedRange<Int64> = 0...7_258_118_400_000
    /// ±18 h, the widest offset a time zone may have.
    static let utcOffset: ClosedRange<Int> = -64_800...64_800
    static let latitude: ClosedRange<Double> = -90...90
    static let longitude: ClosedRange<Double> = -180...180
    /// Heights above sea level (m): the Dead Sea shore to well above any glider's ceiling.
    static let altitude: ClosedRange<Double> = -1_000...30_000
    /// Distances (m): once round the Earth for a place or the farthest point, a week at 300 km/h for a path.
    static let distance: ClosedRange<Double> = 0...40_075_000
    static let pathLength: ClosedRange<Double> = 0...50_400_000
    static let bearing: ClosedRange<Double> = 0...360
    /// As every edit accepts them (``FieldRules``).
    static let releaseHeight = FieldRules.releaseHeight
    static let launches = FieldRules.launches

    private static let reported = Mutex<Set<String>>([])

    /// The whole number in `column` of `row`, or nil when it holds none (NULL, text, a fraction, out of Int64): GRDB's
    /// typed subscripts trap on such a value, and a hand edit can store any value in any column.
    static func integer(_ row: Row, _ column: String) -> Int64? {
        Int64.fromDatabaseValue(row[column] as DatabaseValue)
    }

    /// The whole number at position `index` of `row`, or nil (as ``integer(_:_:)``).
    static func integer(_ row: Row, at index: Int) -> Int64? {
        Int64.fromDatabaseValue(row[index] as DatabaseValue)
    }

    /// The text in `column` of `row`, or nil when it holds none (NULL, a number, bytes that are not UTF-8).
    static func text(_ row: Row, _ column: String) -> String? {
        String.fromDatabaseValue(row[column] as DatabaseValue)
    }

    /// Says once per process that flight `id`'s `column` holds `value`, not a value of type `type`.
    static func warn(flight id: Int64, column: String, holds value: DatabaseValue, expected type: Any.Type) {
        let kind = type == String.self ? "text" : type == Bool.self ? "0 or 1" : "a number"
        guard reported.withLock({ $0.insert("\(id) \(column)").inserted }) else { return }
        let text =
            "warning: flight \(id): the stored \(column) holds \(FieldRules.preview(String(describing: value))), "
            + "not \(kind); shown as unknown. Correct it with flightlog edit \(id), or restore a backup.\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Says once per process, on standard error, that a row of `table` cannot be used: `problem` and what was done.
    static func warn(table: String, row: String, _ problem: String) {
        guard reported.withLock({ $0.insert("\(table) \(row)").inserted }) else { return }
        let text = "warning: \(table) \(row): \(problem). Restore a backup to get it back.\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Says once per process, on standard error, that flight `id`'s `field` holds `value`, outside `range`.
    static func warn(flight id: Int64, _ field: String, _ value: String, expected range: String) {
        let key = "\(id) \(field)"
        guard reported.withLock({ $0.insert(key).inserted }) else { return }
        let text =
            "warning: flight \(id): the stored \(field) (\(value)) is outside \(range); shown as unknown. "
            + "Correct it with flightlog edit \(id), or restore a backup.\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Checks the numbers of one flight row against `StoredValues`.
struct StoredValueCheck {
    let flight: Int64

    /// `value` when it lies in `range`, else nil (warned); nil stays nil.
    func checked<T: Comparable>(_ value: T?, _ range: ClosedRange<T>, _ field: String, unit: String = "") -> T? {
        guard let value else { return nil }
        if range.contains(value) { return value }
        StoredValues.warn(
            flight: flight, field, "\(value)\(unit)", expected: "\(range.lowerBound)…\(range.upperBound)\(unit)")
        return nil
    }

    /// The coordinate when both halves are on the Earth, else nil (warned).
    func coordinate(_ latitude: Double, _ longitude: Double, _ field: String) -> Coordinate? {
        guard StoredValues.latitude.contains(latitude) && StoredValues.longitude.contains(longitude) else {
            StoredValues.warn(flight: flight, field, "\(latitude), \(longitude)", expected: "±90°, ±180°")
            return nil
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A time of this flight that must lie within `flightLength` after `start` (and in `time`), else nil (warned).
    func time(_ value: Int64?, after start: Int64, _ field: String) -> Int64? {
        guard let value else { return nil }
        if StoredValues.time.contains(value), StoredValues.flightLength.contains(value - start) { return value }
        StoredValues.warn(flight: flight, field, "\(value) ms", expected: "the take-off time to 2200")
        return nil
    }
}
