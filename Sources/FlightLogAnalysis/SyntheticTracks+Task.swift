import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SyntheticTracks {
    /// A glider flying the great circles through `way` at `speed` m/s, a fix every `every` seconds from `start`,
    /// the last fix at the last point: for the task scoring's tests and benchmark.
    package static func route(
        _ way: [Coordinate], speed: Double, every: Double = 1, start: UTCMillis = 1_750_000_000_000
    ) -> [Fix] {
        let points = way.map(SpherePoint.init)
        let legs = zip(points, points.dropFirst()).map { $0.distance(to: $1) }
        let total = legs.reduce(0, +)
        var fixes: [Fix] = [], leg = 0, legStart = 0.0
        var t = 0.0
        while true {
            let along = min(total, t * speed)
            while leg < legs.count - 1 && along > legStart + legs[leg] {
                legStart += legs[leg]
                leg += 1
            }
            let fraction = legs.isEmpty || legs[leg] == 0 ? 0 : (along - legStart) / legs[leg]
            let p = legs.isEmpty ? points[0] : points[leg].interpolated(to: points[leg + 1], min(1, fraction))
            let c = p.coordinate
            fixes.append(
                Fix(
                    time: start + UTCMillis((t * 1000).rounded()), latitude: c.latitude, longitude: c.longitude,
                    pressureAltitude: 1000, gnssAltitude: 1050))
            if along >= total { return fixes }
            t += every
        }
    }

    /// A racing task of `points` 500 m cylinders (start and finish lines of 1 km) round a circle of `radius`
    /// metres near 51° N 7° E, and a 1 Hz track of `hours` that flies it at the speed that takes that long, with a
    /// circle of 60 m every ten minutes: the benchmark's "10-hour flight against a 10-point task".
    package static func taskFlight(points: Int, hours: Double, radius: Meters = 60_000) -> (FlightTask, [Fix]) {
        let center = Coordinate(latitude: 51, longitude: 7)
        let way = (0..<points).map { i -> Coordinate in
            i == points - 1
                ? Geodesy.destination(from: center, bearing: 0, distance: radius)
                : Geodesy.destination(from: center, bearing: Double(i) * 360 / Double(points - 1), distance: radius)
        }
        let taskPoints = way.enumerated().map { i, c in
            let zone: TaskZone =
                i == 0
                ? .line(length: 1000, orientation: .toNext)
                : i == points - 1 ? .line(length: 1000, orientation: .toPrevious) : .cylinder(500)
            return TaskPoint(name: "TP\(i)", coordinate: c, zone: zone)
        }
        // Begin 2 km before the start, on the far side from the first leg, and end 2 km past the finish.
        let before = Geodesy.destination(
            from: way[0], bearing: Geodesy.bearing(way[1], way[0]), distance: 2000)
        let after = Geodesy.destination(
            from: way[points - 1], bearing: Geodesy.bearing(way[points - 2], way[points - 1]), distance: 2000)
        let path = [before] + way + [after]
        let length = zip(path, path.dropFirst()).reduce(0) { $0 + Geodesy.distance($1.0, $1.1) }
        var fixes = route(path, speed: length / (hours * 3600))
        for i in fixes.indices where i % 600 < 40 {  // a 40-second circle every ten minutes
            let turn = Double(i % 600) / 40 * 2 * .pi
            let c = Geodesy.destination(
                from: fixes[i].coordinate, bearing: turn * 180 / .pi, distance: 60 * sin(turn / 2))
            fixes[i] = Fix(
                time: fixes[i].time, latitude: c.latitude, longitude: c.longitude, pressureAltitude: 1000,
                gnssAltitude: 1050)
        }
        return (FlightTask(source: .file, name: "bench", points: taskPoints), fixes)
    }
}
