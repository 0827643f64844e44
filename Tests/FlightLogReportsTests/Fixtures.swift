import FlightLogCore
import Foundation

/// Flights and synthetic tracks built in the test (no simulator, no files).
enum Fixtures {
    static let names = [
        "Müller, Jürgen", "Øyvind Ærø", "Ιωάννης Παπαδόπουλος", "Çağrı Şahin", "Doe, John",
        "Łukasz Wróbel", "Anne-Sophie de la Motte-Fouqué von Hohenstaufen",
    ]
    static let places = ["Bad Sobernheim", "Wasserkuppe", "Zell am See", "Ålesund/Vigra", nil]
    static let types = ["ASK 21", "LS 4", "Discus 2b", "DG-1000S", "Duo Discus XLT"]

    /// `count` flights, one or two per day from 2024-04-01, with varied people, places and launches.
    static func flights(_ count: Int) -> [Flight] {
        let start = CivilDate(year: 2024, month: 4, day: 1).utcMidnight
        return (0..<count).map { i in
            let takeoff =
                start + Int64(i / 2) * Time.millisPerDay + Int64(9 * 3600 + (i % 2) * 4 * 3600 + i % 7 * 60) * 1000
            let minutes = Int64(7 + (i * 37) % 290)
            let role: SecondPersonRole? = i % 3 == 0 ? nil : SecondPersonRole.allCases[i % 4]
            let method = [LaunchMethod.winch, .aerotow, .self, .unknown][i % 4]
            let base = Coordinate(latitude: 49.78 + Double(i % 5) * 0.1, longitude: 7.66 + Double(i % 3) * 0.1)
            return Flight(
                id: Int64(i + 1), takeoffTime: takeoff, landingTime: takeoff + minutes * 60_000 + Int64(i % 60) * 1000,
                takeoffCoordinate: base, landingCoordinate: base,
                releaseTime: takeoff + 60_000,
                details: FlightDetails(
                    pilot: names[i % names.count],
                    secondPerson: role == nil ? nil : names[(i + 3) % names.count],
                    secondPersonRole: role,
                    gliderType: types[i % types.count], registration: "D-\(pad(1000 + i % 9000, 4))",
                    launchMethod: method, releaseHeight: method == .winch ? Double(350 + i % 100) : nil,
                    takeoffPlace: places[i % places.count], landingPlace: places[(i + 1) % places.count],
                    remarks: i % 4 == 0 ? "Thermals to cloud base, \(i % 9 + 1) knots; field landing practice" : nil),
                maxAltitude: 1200 + Double(i % 800), takeoffAltitude: 200,
                maxDistanceFromTakeoff: 15_000, pathLength: 80_000,
                timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 7200)
        }
    }

    /// A simple flight: winch launch to ~420 m, a few thermal climbs and glides drifting east, landing
    /// back near the start; one fix per second. Returns the flight and its fixes (pressure and GNSS altitude).
    static func climbAndGlide(seconds: Int = 3600, barometer: Bool = true) -> (Flight, [Fix]) {
        let t0 = CivilDate(year: 2025, month: 6, day: 14).utcMidnight + 11 * 3_600_000
        let lat0 = 49.7806, lon0 = 7.6639, ground = 195.0
        var fixes: [Fix] = []
        var altitude = ground
        var east = 0.0, north = 0.0
        let takeoffAt = 60, landingAt = seconds - 60
        for s in 0..<seconds {
            let phase = Double(s - takeoffAt)
            if s > takeoffAt && s < takeoffAt + 40 {  // winch
                altitude += 8
                north += 25
            } else if s >= takeoffAt + 40 && s < landingAt {
                let cycle = Int(phase) % 600
                if cycle < 300 {  // circle in lift
                    let a = Double(cycle) * 2 * Double.pi / 25
                    east += cos(a) * 22 + 1.5
                    north += sin(a) * 22
                    altitude += 2.2
                } else {  // glide home-ish
                    let dir = Double(s / 600) * 1.3
                    east += cos(dir) * 30
                    north += sin(dir) * 30
                    altitude -= 1.1
                }
                let remaining = Double(landingAt - s)
                if remaining < 300 {  // final approach: go down to the ground, pull back to the field
                    altitude += (ground - altitude) / max(1, remaining / 2)
                    east *= 0.985
                    north *= 0.985
                }
            }
            altitude = max(ground, altitude)
            let lat = lat0 + north / 111_320
            let lon = lon0 + east / (111_320 * cos(lat0 * Double.pi / 180))
            fixes.append(
                Fix(
                    time: t0 + Int64(s) * 1000, isValid: true, latitude: lat, longitude: lon,
                    pressureAltitude: barometer ? altitude - 12 : nil, gnssAltitude: altitude + 48))
        }
        let maxAltitude = fixes.compactMap { $0.pressureAltitude ?? $0.gnssAltitude }.max()
        let flight = Flight(
            id: 7, takeoffTime: t0 + Int64(takeoffAt) * 1000, landingTime: t0 + Int64(landingAt) * 1000,
            takeoffCoordinate: fixes[takeoffAt].coordinate, landingCoordinate: fixes[landingAt].coordinate,
            releaseTime: t0 + Int64(takeoffAt + 40) * 1000,
            details: FlightDetails(
                pilot: "Müller, Jürgen", secondPerson: "Ιωάννης Παπαδόπουλος", secondPersonRole: .instructor,
                gliderType: "ASK 21", registration: "D-5821", competitionId: "K2", launchMethod: .winch,
                releaseHeight: 320, takeoffPlace: "Bad Sobernheim", landingPlace: nil,
                remarks: "Training: thermalling, Øyvind Ærø on the winch"),
            maxAltitude: maxAltitude, takeoffAltitude: ground - 12, maxDistanceFromTakeoff: 9_000, pathLength: 62_000,
            hasBarometer: barometer, timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 7200)
        return (flight, fixes)
    }
}
