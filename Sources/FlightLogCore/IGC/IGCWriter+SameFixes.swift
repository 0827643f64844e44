/// Whether two fix lists are the same flight's fixes as an IGC file writes them: the import's check for a file
/// rebuilt from a flight already in the logbook (`export --igc --rebuild`), whose bytes differ from the original
/// file's (other headers, no signature) but whose B records say the same.
extension IGCWriter {
    /// The first 35 bytes of `fix`'s B record (time to the second, position to 1/1000 minute, validity, pressure and
    /// GNSS altitudes in whole metres), as ``appendB(_:_:layout:hasBarometer:)`` writes them: what a rebuilt file
    /// keeps of a fix, whatever precision the logbook stored it with.
    static func bRecordCore(_ fix: Fix) -> [UInt8] {
        var out: [UInt8] = []
        appendB(&out, fix, layout: BLayout([]), hasBarometer: true)
        return Array(out.prefix(35))
    }

    /// `a` and `b` hold as many fixes, each the same as the other's in its B record (``bRecordCore(_:)``); a fix
    /// without a pressure altitude matches one at 0 m (a file written without a barometer). Cheap: stops at the
    /// first difference.
    package static func sameFixesAsWritten(_ a: [Fix], _ b: [Fix]) -> Bool {
        guard a.count == b.count else { return false }
        func core(_ fix: Fix) -> [UInt8] {
            var fix = fix
            if fix.pressureAltitudeDm == nil { fix.pressureAltitudeDm = 0 }
            return bRecordCore(fix)
        }
        for (x, y) in zip(a, b) where x.time / 1000 != y.time / 1000 || core(x) != core(y) { return false }
        return true
    }
}
