import ArgumentParser
import FlightLogCore
import FlightLogStore
import Foundation

extension FlightLogCommand {
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Is flightlogd recording? gpsd, last fix, barometer, flying or not, database size.",
            discussion: "Example: flightlog status")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let path = store.databasePath
            let statusPath = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("flightlogd.status.json")
            var lines: [String] = []
            if let data = FileManager.default.contents(atPath: statusPath),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            {
                for key in object.keys.sorted() { lines.append("\(key): \(object[key]!)") }
            } else {
                lines.append("flightlogd: no status at \(statusPath) — is the service running? (systemctl status flightlogd)")
            }
            if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int {
                lines.append("database: \(path), \(size / 1024) KiB")
            } else {
                lines.append("database: \(path) does not exist yet")
            }
            print(lines.joined(separator: "\n"))
        }
    }
}
