extension GeoExport {
    /// `line` cut where it crosses the 180° meridian, as GeoJSON (RFC 7946, 3.1.9) wants: a map draws a line from
    /// 179.99° to -179.99° the long way round, across the whole world. Each piece ends on the meridian and the next
    /// starts there (±180°), at the latitude, time and altitude interpolated between the two fixes around it. A step
    /// of exactly 180° (straight over a pole) is no crossing. Pure.
    package static func cutAtAntimeridian(_ line: ArraySlice<Fix>) -> [[Fix]] {
        let half: Int64 = 1_800_000_000  // 180° in 1e-7 degrees
        var pieces: [[Fix]] = []
        var piece: [Fix] = []
        for fix in line {
            guard let last = piece.last, abs(Int64(fix.longitudeE7) - Int64(last.longitudeE7)) > half else {
                piece.append(fix)
                continue
            }
            // East across 180° (last near +180) or west (last near -180): unwrap the next fix to that side.
            let edge = last.longitudeE7 > 0 ? half : -half
            let unwrapped = Int64(fix.longitudeE7) + (edge > 0 ? 2 * half : -2 * half)
            let span = unwrapped - Int64(last.longitudeE7)
            let f = span == 0 ? 0 : Double(edge - Int64(last.longitudeE7)) / Double(span)
            func between(_ a: Int32, _ b: Int32) -> Int32 {
                Int32((Double(a) + f * Double(Int64(b) - Int64(a))).rounded())
            }
            func between(_ a: Int32?, _ b: Int32?) -> Int32? { a.flatMap { a in b.map { between(a, $0) } } ?? a ?? b }
            var crossing = last
            crossing.time = last.time + UTCMillis((f * Double(fix.time - last.time)).rounded())
            crossing.latitudeE7 = between(last.latitudeE7, fix.latitudeE7)
            crossing.pressureAltitudeDm = between(last.pressureAltitudeDm, fix.pressureAltitudeDm)
            crossing.gnssAltitudeDm = between(last.gnssAltitudeDm, fix.gnssAltitudeDm)
            crossing.longitudeE7 = Int32(edge)
            piece.append(crossing)
            pieces.append(piece)
            crossing.longitudeE7 = Int32(-edge)
            piece = [crossing, fix]
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }
}
