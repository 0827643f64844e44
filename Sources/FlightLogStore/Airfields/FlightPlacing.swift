import FlightLogCore
import GRDB

/// Puts flights on the airfield map: the takeoff and landing places from the airfield index (the
/// nearest field within the radius, else an outlanding described from the nearest field), the IANA zone of each
/// place, and the flight's zone, UTC offset and local date from the takeoff place.
package struct FlightPlacing: Sendable {
    package let index: AirfieldIndex
    /// A place within this distance (m) of a field is at that field (config `airfield_radius_m`, default 3 km).
    package let radius: Meters
    package let zones: SystemTimeZones

    package init(
        index: AirfieldIndex, radius: Meters = AirfieldIndex.defaultRadius, zones: SystemTimeZones = SystemTimeZones()
    ) {
        self.index = index
        self.radius = radius
        self.zones = zones
    }

    /// The shipped data set with the pilots' CUP files; the notices name CUP lines skipped.
    /// - Throws: ``AirfieldCatalog/LoadError`` when the data set is missing or damaged: then flights are not
    ///   placed at all (an empty index would call every landing an outlanding).
    package static func load(radius: Meters = AirfieldIndex.defaultRadius) throws(AirfieldCatalog.LoadError)
        -> (placing: FlightPlacing, notices: [AirfieldCatalog.Notice])
    {
        let (index, notices) = try AirfieldCatalog.index()
        return (FlightPlacing(index: index, radius: radius), notices)
    }

    /// How far around a point the fields are loaded for it: beyond the zone search (200 km), so that a place
    /// whose nearest field is in the region is named exactly as with every field.
    package static let regionRadius: Meters = 250_000

    /// Placing for flights at `points` (a takeoff, a landing) with only the fields within ``regionRadius`` of
    /// them (flightlogd in the air: a few hundred fields instead of 45,000). When a point has no field in its
    /// region (the nearest is farther away), every field is loaded, so the answer is always the same as
    /// ``load(radius:)``'s.
    package static func load(radius: Meters = AirfieldIndex.defaultRadius, near points: [Coordinate])
        throws(AirfieldCatalog.LoadError) -> FlightPlacing
    {
        let region = AirfieldDataSet.Region(points: points, radius: regionRadius)
        let (index, _) = try AirfieldCatalog.index(region: region)
        if region.points.allSatisfy({ index.nearest(to: $0, within: regionRadius) != nil }) {
            return FlightPlacing(index: index, radius: radius)
        }
        return try load(radius: radius).placing
    }

    /// Sets the flight's places, its zone, offset and local date; and the editable place texts, unless `edited`
    /// names them (a place the pilot typed is never overwritten).
    package func place(_ flight: inout Flight, edited: Set<String> = []) {
        let takeoff = location(of: flight.takeoffCoordinate)
        let landing = location(of: flight.landingCoordinate)
        flight.takeoffLocation = takeoff
        flight.landingLocation = landing
        let rules =
            takeoff.zoneIdentifier.flatMap(zones.rules(identifier:)) ?? zones.rules(near: flight.takeoffCoordinate)
        flight.timeZoneIdentifier = rules.identifier
        flight.utcOffsetSeconds = rules.offsetSeconds(at: flight.takeoffTime)
        if !edited.contains("takeoffPlace") { flight.details.takeoffPlace = takeoff.description }
        if flight.endedInFlight {
            // The last fix is no landing place: none is named (the pilot may type one), nothing is an outlanding.
            flight.landingLocation = nil
            if !edited.contains("landingPlace") { flight.details.landingPlace = nil }
        } else if !edited.contains("landingPlace") {
            flight.details.landingPlace = landing.description
        } else {
            flight.landingLocation = landing.named(flight.details.landingPlace)  // the outlanding follows the text
        }
    }

    /// The place at `point`; its zone: the field's own when at a field, else the nearest field's that has one,
    /// else tzdata's nearest zone.
    package func location(of point: Coordinate) -> FlightPlace {
        let place = index.place(at: point, radius: radius)
        let zone =
            (place.isOutlanding ? nil : place.airfield?.zoneIdentifier) ?? index.zoneIdentifier(near: point)
            ?? zones.rules(near: point).identifier
        return FlightPlace(place, zoneIdentifier: zone)
    }
}

extension FlightStore {
    /// Places the flights that have no place yet (`all`: every flight; texts the pilot edited stay). Flights
    /// recorded or imported before places were kept get theirs this way (flightlogd runs it when it starts).
    /// - Returns: the number of flights placed.
    @discardableResult
    package func assignPlaces(using placing: FlightPlacing, all: Bool = false) throws(LogbookError) -> Int {
        let ids = try read { db in
            try Int64.fetchAll(
                db,
                sql: "SELECT id FROM flight WHERE NOT inProgress AND \(FlightRows.hasTrack)"
                    + (all ? "" : " AND takeoffPlaceDistance IS NULL"))
        }
        var placed = 0
        for batch in stride(from: 0, to: ids.count, by: 200).map({ ids[$0..<min($0 + 200, ids.count)] }) {
            placed += try write { db in
                var count = 0
                for id in batch {
                    guard var flight = try? Self.flight(id: id, db) else { continue }  // deleted meanwhile
                    try placing.place(&flight, edited: Self.editedFields(id, db))
                    let columns =
                        FlightRows.placeColumns(flight) + [
                            ("timeZoneIdentifier", flight.timeZoneIdentifier),
                            ("utcOffsetSeconds", flight.utcOffsetSeconds),
                            ("localDate", flight.localDate.description), ("takeoffPlace", flight.details.takeoffPlace),
                            ("landingPlace", flight.details.landingPlace),
                        ]
                    if try FlightRows.update(id, columns, in: db) { count += 1 }
                }
                return count
            }
        }
        return placed
    }

    /// Finished flights without places yet.
    package func unplacedFlightCount() throws(LogbookError) -> Int {
        try read { db in
            try Int.fetchOne(
                db,
                sql:
                    "SELECT count(*) FROM flight WHERE NOT inProgress AND \(FlightRows.hasTrack) AND takeoffPlaceDistance IS NULL"
            ) ?? 0
        }
    }

    /// The detail fields of flight `id` the pilot has edited.
    static func editedFields(_ id: Int64, _ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT DISTINCT field FROM flightEdit WHERE flightId = ?", arguments: [id]))
    }
}
