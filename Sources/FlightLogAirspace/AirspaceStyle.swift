import FlightLogCore

/// How maps draw an airspace: one colour per kind, as gliding maps do (red where a glider may not go, blue for
/// controlled airspace, violet for transponder and radio zones, green for class E, grey for the rest).
extension Airspace {
    /// `#rrggbb`.
    package var mapColor: String {
        let kinds = [airspaceClass] + (type.map { [$0] } ?? [])
        func any(_ set: Set<String>) -> Bool { kinds.contains { set.contains($0) } }
        if any(["R", "P", "Q", "GP", "RESTRICTED", "PROHIBITED", "DANGER"]) { return "#c62828" }
        if any(["TMZ", "RMZ"]) { return "#7b3fa0" }
        if any(["A", "B", "C", "D", "CTR", "CTA", "TMA", "ATZ", "MATZ", "TRA", "TSA"]) { return "#1f5fbf" }
        if any(["E"]) { return "#2e7d32" }
        return "#6b7280"
    }
}
