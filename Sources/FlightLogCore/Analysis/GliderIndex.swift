/// Handicap indices of a few common glider types, for contest points (km × 100 / index) when the config has no
/// `[glider] index`. The values are the DMSt index list's (docs/CONTEST-AND-THERMALS.md, "Glider index"); a type
/// not in the table counts as 100, as the contests do for an unknown glider.
package enum GliderIndex {
    /// Type names as pilots write them, the index.
    package static let table: [(type: String, index: Double)] = [
        ("ASK 13", 78), ("ASK 21", 92), ("Astir CS", 92), ("LS 4", 104), ("Discus 2", 108), ("ASW 28", 108),
        ("LS 8", 108), ("ASG 29", 121),
    ]

    /// The table's index of `gliderType`: the same name with case, spaces, `-` and `_` ignored ("ls-4" is LS 4,
    /// "LS 4-b" is not: a variant may have its own index).
    package static func forType(_ gliderType: String?) -> (type: String, index: Double)? {
        guard let gliderType else { return nil }
        let key = normalized(gliderType)
        return table.first { normalized($0.type) == key }
    }

    private static func normalized(_ s: String) -> String {
        String(s.lowercased().filter { !" -_".contains($0) })
    }
}
