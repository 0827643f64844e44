/// A number with a fixed count of decimals, e.g. `decimal(3.14159, 2)` = `3.14` (FoundationEssentials has no
/// `String(format:)`).
package func decimal(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((abs(value) * scale).rounded())
    let whole = scaled / Int64(scale)
    let fraction = scaled % Int64(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    return decimals == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(pad(Int(fraction), decimals))"
}

extension Coordinate {
    /// `51.1000N 6.4000E`: 4 decimals ≈ 10 m, enough to find a field.
    package var shortText: String {
        "\(decimal(abs(latitude), 4))\(latitude < 0 ? "S" : "N") \(decimal(abs(longitude), 4))\(longitude < 0 ? "W" : "E")"
    }
}
