import FlightLogCore
import FlightLogTestSupport
import Foundation

/// A fresh temporary directory, removed by `cleanup()`.
struct TempDirectory {
    let path: String
    init() throws {
        path = try makeTemporaryDirectory("flightlog-store").path
    }
    var databasePath: String { path + "/sub/dir/flightlog.sqlite" }
    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

let day0: UTCMillis = 1_735_689_600_000  // 2025-01-01T00:00Z

let recorder = RecorderInfo(
    manufacturer: "XFL", serial: "ABC", recorderType: "flightlog", pressureSensor: "BMP280",
    extensions: [FixExtension(code: "FXA", length: 3)])

/// A 1 Hz track from `start` with `count` fixes: a gentle climb and a circle, with FXA extensions.
func track(start: UTCMillis, count: Int, stepMillis: Int64 = 1000) -> Track {
    let fixes = (0..<count).map { i in
        let angle = Double(i) / 30
        return Fix(
            time: start + Int64(i) * stepMillis, isValid: i % 97 != 0,
            latitude: 48 + 0.002 * sin(angle) + Double(i) * 1e-6, longitude: 9 + 0.003 * cos(angle),
            pressureAltitude: i % 500 == 7 ? nil : 400 + Double(i % 900) / 3, gnssAltitude: 450 + Double(i % 900) / 3,
            extensions: "0\(pad(i % 7 == 0 ? 12 : 10, 2))")
    }
    return Track(recorder: recorder, fixes: fixes)
}

func flight(
    takeoff: UTCMillis, minutes: Int64 = 60, pilot: String? = "Anna Huber", second: String? = nil,
    role: SecondPersonRole? = nil, glider: String? = "ASK 21", registration: String? = "D-1234",
    launch: LaunchMethod = .winch, offset: Int = 3600
) -> Flight {
    Flight(
        takeoffTime: takeoff, landingTime: takeoff + minutes * 60_000,
        takeoffCoordinate: Coordinate(latitude: 48.1, longitude: 9.2),
        landingCoordinate: Coordinate(latitude: 48.2, longitude: 9.3), releaseTime: takeoff + 40_000,
        details: FlightDetails(
            pilot: pilot, secondPerson: second, secondPersonRole: role, gliderType: glider,
            registration: registration, launchMethod: launch, releaseHeight: 350, takeoffPlace: "Hahnweide"),
        maxAltitude: 1234.5, takeoffAltitude: 310, maxDistanceFromTakeoff: 12_000, pathLength: 80_000,
        hasBarometer: true, timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: offset)
}

let names = [
    "Çağrı Şahin", "Müller, Jürgen", "Øyvind Ærø", "Ιωάννης Παπαδόπουλος", "Anna Huber", "Jean-Luc Picard",
    "ÇAĞRI ŞAHİN", "Фёдор Иванов", "Straße",
]
let gliders = ["ASK 21", "Ka 8b", "LS4", "Duo Discus", "ASK 13", "DG-1000"]
let registrations = ["D-1234", "D-5678", "HB-3407", "OY-XKL", "d 8888"]

/// A random flight over two years with random details (some fields missing).
func randomFlight(_ rng: inout SeededRandom) -> Flight {
    func pick<T>(_ items: [T]) -> T? {
        let n = Int(rng.next() % UInt64(items.count + 1))
        return n == items.count ? nil : items[n]
    }
    let takeoff = day0 + Int64(rng.next() % (730 * 86_400)) * 1000
    return flight(
        takeoff: takeoff, minutes: Int64(rng.next() % 300) + 3, pilot: pick(names), second: pick(names),
        role: pick(SecondPersonRole.allCases), glider: pick(gliders), registration: pick(registrations),
        launch: pick(LaunchMethod.allCases) ?? .unknown, offset: [0, 3600, 7200, -36_000, 46_800][Int(rng.next() % 5)])
}

/// A random filter with 1–3 criteria; text criteria are fragments of the stored values, in other cases.
func randomFilter(_ rng: inout SeededRandom) -> FlightFilter {
    var filter = FlightFilter()
    func fragment(_ list: [String]) -> String {
        let s = Array(list[Int(rng.next() % UInt64(list.count))])
        let a = Int(rng.next() % UInt64(s.count))
        let b = min(s.count, a + 1 + Int(rng.next() % 6))
        let text = String(s[a..<b])
        return rng.next() % 2 == 0 ? text.uppercased() : text
    }
    for _ in 0...(rng.next() % 3) {
        switch rng.next() % 9 {
        case 0: filter.withInstructor = rng.next() % 2 == 0
        case 1: filter.guest = fragment(names + ["cagri", "muller"])
        case 2: filter.plane = fragment(gliders)
        case 3: filter.pilot = fragment(names + ["oyvind aero", "ιωαννης"])
        case 4: filter.registration = fragment(registrations + ["d1234"])
        case 5: filter.since = CivilDate(daysSinceEpoch: day0 / 86_400_000 + Int64(rng.next() % 730))
        case 6: filter.until = CivilDate(daysSinceEpoch: day0 / 86_400_000 + Int64(rng.next() % 730))
        case 7: filter.launch = LaunchMethod.allCases[Int(rng.next() % 4)]
        default: filter.ids = (0..<(rng.next() % 20)).map { _ in Int64(rng.next() % 400) }
        }
    }
    return filter
}

/// Bytes of the database file and the frames in its WAL (to prove a refused open changed nothing). A read-only
/// connection may create an empty `-wal`; that holds no data.
func fileBytes(_ path: String) -> [Data] {
    [path, path + "-wal"].map { FileManager.default.contents(atPath: $0) ?? Data() }
}
