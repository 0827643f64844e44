import FlightLogCore
import Foundation

extension RecorderInfo {
    /// The recorder details as a recording keeps them (`recorder` JSON, in the SQLite file and on the club's
    /// server), so the club's code reads them without the SQLite module.
    package init(json: String) throws {
        self = try JSONDecoder().decode(RecorderInfo.self, from: Data(json.utf8))
    }
}
