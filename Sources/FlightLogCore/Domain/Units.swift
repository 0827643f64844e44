/// Milliseconds since 1970-01-01T00:00:00Z, always UTC and always from GNSS time (never the Pi's clock).
package typealias UTCMillis = Int64

/// Metres.
package typealias Meters = Double

/// Degrees of latitude or longitude, WGS84.
package typealias Degrees = Double

package enum Time {
    package static let millisPerSecond: Int64 = 1000
    package static let millisPerDay: Int64 = 86_400_000
}
