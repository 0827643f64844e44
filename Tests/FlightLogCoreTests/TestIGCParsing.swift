// TEST-ONLY minimal IGC B-record reader, used until the real `IGCReader` (branch `igc`) is on main.
// Delete this file and switch the tests to `IGCReader.read` once it is.
import FlightLogCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The shared real flights (`<package root>/../shared/flights`), absent on machines without them.
enum SharedFlights {
    static let directory: String = {
        let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.deletingLastPathComponent().appendingPathComponent("shared/flights").path
    }()

    static var available: Bool { FileManager.default.fileExists(atPath: directory + "/apf-bug554.igc") }

    static func load(_ name: String) throws -> TestIGCTrack {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        return TestIGCTrack.parse([UInt8](data))
    }
}

struct TestIGCTrack {
    var fixes: [Fix] = []
    var extensions: [FixExtension] = []

    /// Reads HFDTE (both forms), the I record and the B records; adds a day when the time of day wraps.
    static func parse(_ bytes: [UInt8]) -> TestIGCTrack {
        var track = TestIGCTrack()
        var day: Int64 = 0
        var lastSecondOfDay = -1
        let lines = bytes.split(whereSeparator: { $0 == 10 || $0 == 13 }).map { String(decoding: $0, as: UTF8.self) }
        for line in lines {
            let chars = Array(line.utf8)
            if line.hasPrefix("HFDTE") {
                let digits = line.dropFirst(5).drop { !$0.isNumber }.prefix(6)
                if digits.count == 6, let d = Int(digits.prefix(2)), let m = Int(digits.dropFirst(2).prefix(2)),
                    let y = Int(digits.suffix(2))
                {
                    day = CivilDate(year: 2000 + y, month: m, day: d).daysSinceEpoch
                }
            } else if line.hasPrefix("I"), chars.count >= 3, let n = Int(String(line.dropFirst().prefix(2))) {
                var list: [FixExtension] = []
                for k in 0..<n {
                    let start = 3 + k * 7
                    guard chars.count >= start + 7, let from = Int(sub(chars, start, 2)), let to = Int(sub(chars, start + 2, 2))
                    else { break }
                    list.append(FixExtension(code: sub(chars, start + 4, 3), length: to - from + 1))
                }
                track.extensions = list
            } else if line.hasPrefix("B"), chars.count >= 35 {
                guard let hh = Int(sub(chars, 1, 2)), let mm = Int(sub(chars, 3, 2)), let ss = Int(sub(chars, 5, 2)),
                    let latD = Double(sub(chars, 7, 2)), let latM = Double(sub(chars, 9, 5)),
                    let lonD = Double(sub(chars, 15, 3)), let lonM = Double(sub(chars, 18, 5)),
                    let pressure = Int32(sub(chars, 25, 5)), let gnss = Int32(sub(chars, 30, 5))
                else { continue }
                let secondOfDay = hh * 3600 + mm * 60 + ss
                if lastSecondOfDay >= 0, secondOfDay < lastSecondOfDay - 3600 { day += 1 }
                lastSecondOfDay = secondOfDay
                var lat = latD + latM / 60000
                if chars[14] == UInt8(ascii: "S") { lat = -lat }
                var lon = lonD + lonM / 60000
                if chars[23] == UInt8(ascii: "W") { lon = -lon }
                let time = (day * 86400 + Int64(secondOfDay)) * 1000
                let valid = chars[24] == UInt8(ascii: "A")
                track.fixes.append(
                    Fix(time: time, isValid: valid, latitudeE7: Int32((lat * 1e7).rounded()),
                        longitudeE7: Int32((lon * 1e7).rounded()), pressureAltitudeDm: pressure * 10,
                        gnssAltitudeDm: valid ? gnss * 10 : nil, extensions: String(decoding: chars.dropFirst(35), as: UTF8.self)))
            }
        }
        return track
    }

    private static func sub(_ chars: [UInt8], _ start: Int, _ length: Int) -> String {
        String(decoding: chars[start..<min(chars.count, start + length)], as: UTF8.self)
    }
}
