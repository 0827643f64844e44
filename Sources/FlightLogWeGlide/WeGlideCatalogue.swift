import Foundation

/// The aircraft catalogue for one run: the kept file, fetched from WeGlide when there is none or a type is not in
/// it and the file is older than a day.
package struct WeGlideCatalogue {
    let databasePath: String
    let api: WeGlideAPI
    private var loaded: AircraftCatalogue?

    package init(databasePath: String, url: String) {
        self.init(databasePath: databasePath, api: WeGlideAPI(baseURL: url))
    }

    init(databasePath: String, api: WeGlideAPI) {
        self.databasePath = databasePath
        self.api = api
        loaded = AircraftCatalogue.read(path: AircraftCatalogue.path(besideDatabase: databasePath))
    }

    mutating func match(_ type: String) async throws(WeGlideTransportError) -> AircraftCatalogue.Aircraft? {
        if let found = loaded?.match(gliderType: type) { return found }
        if let loaded, Date().timeIntervalSince(loaded.fetchedAt) < 86_400 { return nil }
        return try await fetch().match(gliderType: type)
    }

    /// WeGlide's aircraft whose name contains `text` (case, spaces, `-` and `_` ignored), from its list now.
    package mutating func search(_ text: String) async throws(WeGlideTransportError) -> [AircraftCatalogue.Aircraft] {
        try await fetch().search(text)
    }

    /// WeGlide's list now, kept beside the database (a folder we may not write only costs the next fetch).
    mutating func fetch() async throws(WeGlideTransportError) -> AircraftCatalogue {
        let bytes = try await api.aircraftCatalogue()
        let catalogue: AircraftCatalogue
        do { catalogue = try AircraftCatalogue(weglideJSON: bytes, fetchedAt: Date()) } catch {
            throw .server(status: 200, detail: error.description)
        }
        try? catalogue.write(path: AircraftCatalogue.path(besideDatabase: databasePath))
        loaded = catalogue
        return catalogue
    }
}
