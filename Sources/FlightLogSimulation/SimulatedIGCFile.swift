import FlightLogCore

extension FlightSimulator {
    /// The IGC file `flightlog simulate` writes for `plan` (a pilot, glider and recorder of the simulator's own,
    /// no signature) and its number of fixes; nil when the recording would leave the years an IGC file's two-digit
    /// dates can name (``IGCReader/twoDigitYears``: it would read back as another century).
    package static func igcFile(_ plan: SimulatedFlightPlan) -> (bytes: [UInt8], fixes: Int)? {
        let fixes = simulate(plan)
        let years = [fixes.first, fixes.last].compactMap { $0.map { CivilDateTime(utc: $0.time).date.year } }
        guard years.allSatisfy(IGCReader.twoDigitYears.contains) else { return nil }
        let headers = IGCHeaderValues(
            pilot: "Simulated Pilot", gliderType: "ASK 21", registration: "D-1234",
            gpsReceiver: "flightlog,simulator,12,max18000m", pressureSensor: "flightlog,simulated BMP280,max9000m")
        let bytes = IGCWriter.write(
            fixes: fixes, extensions: extensions, headers: headers, serial: "SIM", flightNumberOfDay: 1,
            comments: ["SIMULATED FLIGHT SEED \(plan.seed) LAUNCH \(plan.launch.rawValue.uppercased())"])
        return (bytes, fixes.count)
    }
}
