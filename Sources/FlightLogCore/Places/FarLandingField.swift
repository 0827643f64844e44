/// The one rule for a landing field the pilot names: the pilot's word wins and the
/// outlanding follows it, but a field farther than the airfield radius from where the track ends is said, with
/// the distance (a typo, or the wrong flight). `flightlog edit`, the phone's and the club's edit forms use it.
package struct FarLandingField: Sendable, Hashable {
    package var field: Airfield
    /// From the field to the track's last fix.
    package var distanceMeters: Meters
    package var radiusMeters: Meters

    /// The warning for `field` as `flight`'s landing place; nil when it is within `radiusMeters` of where the
    /// track ends, or the flight has no track to compare with.
    package init?(_ field: Airfield, landingOf flight: Flight, radiusMeters: Meters) {
        guard flight.hasTrack, !flight.unknown.contains(.landingPosition) else { return nil }
        let distance = Geodesy.distance(field.coordinate, flight.landingCoordinate)
        guard distance > radiusMeters else { return nil }
        self.field = field
        self.distanceMeters = distance
        self.radiusMeters = radiusMeters
    }

    /// "Düren (EDKD) is 12.3 km from where the track ends (the airfield radius is 3.0 km); set as you said".
    package var text: String {
        "\(field.label) is \(decimal(distanceMeters / 1000, 1)) km from where the track ends (the airfield radius is "
            + "\(decimal(radiusMeters / 1000, 1)) km); set as you said"
    }
}
