import FlightLogCore

/// Handicap indices of common glider types, for contest points (km × 100 / index) when the config has no
/// `[glider] index`: the contest handicaps XCSoar ships with its glider polars (docs/CONTEST-AND-THERMALS.md,
/// "Glider index"). Contest lists change from year to year; `[glider] index` gives the current figure. A type not
/// in the table counts as 100, as the contests do for an unknown glider.
package enum GliderIndex {
    /// Type names as pilots write them (span in the name where the index depends on it), the index.
    package static let table: [(type: String, index: Double)] = [
        ("ASK 13", 78), ("Ka 8", 78), ("ASK 21", 92), ("ASK 23", 92), ("Junior", 90), ("Astir CS", 96),
        ("Std Cirrus", 98), ("ASW 19", 100), ("DG 100", 100), ("LS 4", 106), ("Janus B", 106), ("Discus", 108),
        ("Discus 2b", 108), ("ASW 24", 108), ("LS 8-15", 108), ("Duo Discus", 110), ("DG 1000", 110),
        ("ASW 20", 110), ("ASW 27", 114), ("ASW 28-18", 114), ("LS 8-18", 114), ("ASG 29-15", 114),
        ("ASG 29-18", 120), ("Ventus 2c", 120), ("Nimbus 4", 128),
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
