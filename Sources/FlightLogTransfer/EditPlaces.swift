import FlightLogCore
import FlightLogStore

/// `flightlog edit --takeoff-place/--landing-place`: a place that names a known field (code, name or a part only
/// it has) is stored as the field's label; other text stays as typed, also when the airfield data cannot be read
/// (nothing is lost).
package enum EditPlaces {
    /// Names the places of `details` that the options gave (`takeoffGiven`, `landingGiven`); `index` is read only
    /// then (nil: the airfield data cannot be read).
    /// - Returns: the known field the landing place names, if it does.
    package static func name(
        in details: inout FlightDetails, takeoffGiven: Bool, landingGiven: Bool, index: () -> AirfieldIndex?
    ) throws(TransferRefusal) -> Airfield? {
        guard
            details.takeoffPlace != nil && takeoffGiven || details.landingPlace != nil && landingGiven,
            let index = index()
        else { return nil }
        if takeoffGiven, let text = details.takeoffPlace {
            details.takeoffPlace = try lookUpPlace(text, option: "--takeoff-place", in: index).text
        }
        guard landingGiven, let text = details.landingPlace else { return nil }
        let landing = try lookUpPlace(text, option: "--landing-place", in: index)
        details.landingPlace = landing.text
        return landing.field
    }
}
