/// A pressure altitude of `00000` is also what recorders write when the barometer gave no reading (still warming
/// up after power-on, a dropout in flight): read as 0 m, such a stretch fakes a climb of the whole height, lets
/// the contest's 1000 m rule start or finish "at sea level", and hides a tow's climb from the launch detection.
/// A real 0 m is rare but possible (a field at sea level): its neighbouring readings are near 0 too.
extension IGCReader {
    /// A stretch of `00000` whose nearest other reading before it or after it is more than this from 0 m is no
    /// reading: no glider changes its height by that between two fixes next to each other.
    static let pressureDropoutMeters: Int32 = 100

    /// `fixes` (in time order) with every stretch of pressure altitude exactly 0 set to nil (unknown) where a
    /// reading next to the stretch, before or after it, is more than ``pressureDropoutMeters`` from 0 m.
    static func withoutPressureDropouts(_ fixes: [Fix]) -> [Fix] {
        var fixes = fixes
        let limit = pressureDropoutMeters * 10
        var i = 0
        while i < fixes.count {
            guard fixes[i].pressureAltitudeDm == 0 else {
                i += 1
                continue
            }
            var end = i
            while end + 1 < fixes.count, fixes[end + 1].pressureAltitudeDm == 0 { end += 1 }
            let before = fixes[..<i].last { $0.pressureAltitudeDm != nil }?.pressureAltitudeDm
            let after = end + 1 < fixes.count ? fixes[(end + 1)...].first { $0.pressureAltitudeDm != nil } : nil
            if [before, after?.pressureAltitudeDm].contains(where: { $0.map { abs($0) > limit } ?? false }) {
                for k in i...end { fixes[k].pressureAltitudeDm = nil }
            }
            i = end + 1
        }
        return fixes
    }
}
