import FlightLogAnalysis
import FlightLogCore

/// `flightlog list --csv`.
package enum FlightCSV {
    package static let header = [
        "id", "date", "takeoff_utc", "landing_utc", "takeoff_local", "landing_local", "utc_offset", "duration_min",
        "glider_type", "registration", "competition_id", "pilot", "second_person", "second_person_role", "launch",
        "release_height_m", "takeoff_place", "landing_place", "max_altitude_m", "distance_km", "remarks",
        "takeoff_airfield", "landing_airfield", "outlanding", "time_zone", "launches", "track", "owner_role",
        "ended_in_flight", "task_name", "task_completed", "task_km", "task_speed_kmh", "task_scored_km", "contest_km",
        "engine_min",
    ]

    /// `owner_role` is the logbook owner's role (``OwnerRole``); without an owner, the pilot's. `contest_km` (the
    /// free distance over 6 legs) and `engine_min` come from `contest`, the flights' stored analyses by id, and
    /// are empty for a flight without one (and `engine_min` for a flight without an engine sensor). The `task_`
    /// columns come from `tasks`, the flights' task results by id, and are empty for a flight without a task.
    package static func render(
        _ flights: [Flight], owner: LogbookOwner? = nil, contest: [Int64: ContestSummary] = [:],
        tasks: [Int64: FlightTaskResult] = [:]
    ) -> String {
        var out = header.joined(separator: ",") + "\r\n"
        for f in flights {
            let d = f.details
            let local = { (t: CivilDateTime) in "\(t.date)T\(t.hourMinuteSecond)" }
            let times: [String?] = [
                f.known(.takeoffTime, f.localDate.description), f.known(.takeoffTime, iso8601UTC(f.takeoffTime)),
                f.known(.landingTime, iso8601UTC(f.landingTime)),
                f.known(.takeoffTime, .utcOffset, local(f.localTakeoff)),
                f.known(.landingTime, .utcOffset, local(f.localLanding)),
                f.known(.utcOffset, offsetText(f.utcOffsetSeconds)),
                f.known(.takeoffTime, .landingTime, String(f.duration / 60_000)),
            ]
            let distance = f.known(.maxDistance, decimal(f.maxDistanceFromTakeoff / 1000, 1)) ?? ""
            let launches = f.known(.launches, String(d.launches)) ?? ""
            let outlanding = f.landingLocation == nil ? "" : f.isOutlanding ? "yes" : "no"
            let rest: [String] = [
                d.gliderType ?? "", d.registration ?? "", d.competitionId ?? "",
                d.pilot ?? "", d.secondPerson ?? "", d.secondPersonRole?.rawValue ?? "", d.launchMethod.rawValue,
                d.releaseHeight.map { decimal($0, 0) } ?? "", f.takeoffPlaceText, f.landingPlaceText,
                f.maxAltitude.map { decimal($0, 0) } ?? "", distance, d.remarks ?? "",
                f.takeoffLocation?.code ?? "", f.landingLocation?.code ?? "", outlanding, f.timeZoneIdentifier ?? "",
                launches, f.hasTrack ? "yes" : "no", OwnerRole.of(f, owner: owner).rawValue,
                f.endedInFlight ? "yes" : "no",
            ]
            let summary = f.id.flatMap { contest[$0] }
            let analysed = [
                summary.map { decimal($0.freeSixKm, 1) } ?? "",
                summary?.engineSeconds.map { decimal($0 / 60, 0) } ?? "",
            ]
            let task = f.id.flatMap { tasks[$0] }
            let taskFields = [
                task?.name ?? "", task.map { $0.completed ? "yes" : "no" } ?? "",
                task?.distanceKm.map { decimal($0, 1) } ?? "", task?.speedKmh.map { decimal($0, 1) } ?? "",
                task.map { decimal($0.scoredKm, 1) } ?? "",
            ]
            let fields = [String(f.id ?? 0)] + times.map { $0 ?? "" } + rest + taskFields + analysed
            out += fields.map(csvField).joined(separator: ",") + "\r\n"
        }
        return out
    }
}
