import FlightLogCore

/// Which part of a flight the imported airspace speaks for. Each imported file covers the latitude and longitude
/// box of all its outlines (every class, drawn or guarded): a German file says nothing about a flight in
/// Australia, so "no infringement" there would be a false comfort. A fix outside every file's box is not covered.
package struct AirspaceCoverage: Sendable {
    package enum Extent: String, Sendable {
        /// Every fix flown lies inside some file's box (or there was no fix to judge).
        case full
        /// Some fixes lie outside every file's box: ``uncovered`` says when.
        case partial
        /// No fix lies inside any file's box: nothing about this flight can be judged.
        case none
    }

    /// A stretch of consecutive fixes outside every file's box: first and last fix time.
    package struct Stretch: Sendable, Hashable {
        package var start: UTCMillis, end: UTCMillis
    }

    /// The imported files, in the order their airspaces came (names; empty for airspace read from nameless bytes).
    package var files: [String]
    package var uncovered: [Stretch]
    package var extent: Extent

    /// The coverage of `fixes` (the flown ones; invalid fixes are not judged) by the files of `airspaces`.
    package init(fixes: [Fix], airspaces: [Airspace]) {
        let areas = Self.areas(airspaces)
        files = areas.compactMap(\.file)
        var uncovered: [Stretch] = []
        var open: Stretch?
        var covered = 0, judged = 0
        for fix in fixes where fix.isValid {
            judged += 1
            if areas.contains(where: { $0.box.contains(fix.coordinate) }) {
                covered += 1
                if let o = open { uncovered.append(o) }
                open = nil
            } else {
                open = Stretch(start: open?.start ?? fix.time, end: fix.time)
            }
        }
        if let o = open { uncovered.append(o) }
        self.uncovered = uncovered
        extent = covered == judged ? .full : covered == 0 ? .none : .partial
    }

    /// Milliseconds of the flight outside every file's box (from the first to the last fix of each stretch).
    package var uncoveredMillis: Int64 { uncovered.reduce(0) { $0 + ($1.end - $1.start) } }

    /// "(files: germany.txt, alps.txt)", or "" when the files have no names.
    package var filesText: String { files.isEmpty ? "" : " (files: \(files.joined(separator: ", ")))" }

    /// One file's box: all its outlines' latitudes and longitudes (longitudes counted from its first point, so a
    /// file across 180° is not torn).
    struct Area {
        var file: String?
        var box: AirspaceInfringements.Box
    }

    /// The box of each file of `airspaces`, in the order the files first appear.
    static func areas(_ airspaces: [Airspace]) -> [Area] {
        var areas: [Area] = []
        for airspace in airspaces {
            guard let first = airspace.outline.first else { continue }
            let index = areas.firstIndex { $0.file == airspace.file }
            let longitude0 = index.map { areas[$0].box.longitude0 } ?? first.longitude
            let own = AirspaceInfringements.Box(
                airspace.outline, around: longitude0, enclosing: AirspaceInfringements.enclosedPole(airspace.outline))
            if let index {
                areas[index].box = areas[index].box.union(own)
            } else {
                areas.append(Area(file: airspace.file, box: own))
            }
        }
        return areas
    }
}

extension AirspaceInfringements.Box {
    /// The box holding both (`other` counted from the same ``longitude0``).
    func union(_ other: Self) -> Self {
        Self(
            longitude0: longitude0,
            latitudes: min(
                latitudes.lowerBound, other.latitudes.lowerBound)...max(
                    latitudes.upperBound, other.latitudes.upperBound),
            longitudes: min(
                longitudes.lowerBound, other.longitudes.lowerBound)...max(
                    longitudes.upperBound, other.longitudes.upperBound))
    }

    private init(longitude0: Double, latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>) {
        self.longitude0 = longitude0
        self.latitudes = latitudes
        self.longitudes = longitudes
    }
}
