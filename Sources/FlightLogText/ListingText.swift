import FlightLogAirspace
import FlightLogCore

/// The small tables of `flightlog airspace list` and `flightlog club users`, each with what to do when empty.
package enum ListingText {
    /// One kept airspace file, as `airspace list` shows it.
    package struct AirspaceFileRow {
        package var name: String
        package var airspaces: [Airspace]
        package var importedAt: UTCMillis

        package init(name: String, airspaces: [Airspace], importedAt: UTCMillis) {
            self.name = name
            self.airspaces = airspaces
            self.importedAt = importedAt
        }
    }

    /// `airspace list`: file, how many airspaces, their classes, when imported (UTC); names made terminal-safe.
    package static func airspaceFiles(_ files: [AirspaceFileRow]) -> String {
        guard !files.isEmpty else { return "No airspace: add an OpenAir file with flightlog airspace import FILE" }
        var table = TextTable(headers: ["File", "Airspaces", "Classes", "Imported (UTC)"])
        table.rightAligned = [1]
        for file in files {
            let when = CivilDateTime(utc: file.importedAt)
            table.rows.append([
                file.name, "\(file.airspaces.count)", AirspaceText.classCounts(file.airspaces),
                "\(when.date) \(when.hourMinute)",
            ])
        }
        return terminalSafe(table.render(), keepNewlines: true)
    }

    /// `club users`: login, pilot, role and the day it was added (UTC); printed as it is (only the empty case
    /// ends in a newline).
    package static func logins(_ logins: [ClubAccountListing]) -> String {
        guard !logins.isEmpty else { return "no logins yet: add one with flightlog club add-user LOGIN --pilot NAME\n" }
        var table = TextTable(headers: ["Login", "Pilot", "Role", "Added (UTC)"])
        for login in logins {
            table.rows.append([
                login.login, login.pilotName, login.isAdmin ? "admin" : "pilot",
                CivilDateTime(utc: login.createdAt).date.description,
            ])
        }
        return table.render()
    }
}
