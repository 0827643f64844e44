import FlightLogCore
import FlightLogSecurity
import FlightLogStore

/// What `flightlog upload` decides before it sends anything: the account, the flights, the signer.
extension WeGlideUpload {
    /// `--if-configured` and no `[weglide]` table: nothing to do, in one line (the systemd units run it everywhere).
    package static let notConfiguredLine = "no WeGlide account is set ([weglide]): nothing to upload"

    /// `flightlog upload`: with `ifConfigured` and no `[weglide]` table only ``notConfiguredLine`` to `say`; else
    /// `aircraft`'s list (``listAircraft(_:config:databasePath:say:warn:)``) or the upload of `ids`
    /// (``command(ids:again:config:databasePath:openStore:say:warn:)``). The outcome is the exit status.
    package static func command(
        ids: [Int64], aircraft: String?, again: Bool, ifConfigured: Bool, config: FlightLogConfig,
        databasePath: () throws -> String, openStore: () throws -> FlightStore, say: @escaping (String) -> Void,
        warn: @escaping (String) -> Void
    ) async throws -> Outcome {
        if !config.weglide.isPresent && ifConfigured {
            say(notConfiguredLine)
            return .done
        }
        if let aircraft {
            return try await listAircraft(aircraft, config: config, databasePath: databasePath(), say: say, warn: warn)
        }
        return try await command(
            ids: ids, again: again, config: config, databasePath: databasePath(), openStore: openStore, say: say,
            warn: warn)
    }

    /// `--aircraft NAME`: WeGlide's aircraft whose name contains `name`, one `id<TAB>name` line each to `say`.
    /// WeGlide out of reach is one line to `warn` and ``Outcome/tryLater``; no such aircraft is a ``WeGlideRefusal``.
    package static func listAircraft(
        _ name: String, config: FlightLogConfig, databasePath: String, say: (String) -> Void, warn: (String) -> Void
    ) async throws(WeGlideRefusal) -> Outcome {
        var catalogue = WeGlideCatalogue(databasePath: databasePath, url: config.weglide.url)
        let found: [AircraftCatalogue.Aircraft]
        do { found = try await catalogue.search(name) } catch {
            warn("Error: \(error)")
            return .tryLater
        }
        if found.isEmpty { throw WeGlideRefusal("no WeGlide aircraft is named like \"\(name)\"") }
        for aircraft in found { say("\(aircraft.id)\t\(aircraft.name)") }
        return .done
    }

    /// Uploads the flights `ids` names, or with none the owner's flights not on WeGlide yet (``newFlights(_:owner:)``),
    /// with the config's account; the store is opened only once the account is known. Lines to print go to `say`
    /// (terminal-safe), the unsigned-file warning to `warn`.
    /// - Throws: ``WeGlideRefusal`` without an account in the config; a store error for an unknown id.
    package static func command(
        ids: [Int64], again: Bool, config: FlightLogConfig, databasePath: String,
        openStore: () throws -> FlightStore, say: @escaping (String) -> Void, warn: @escaping (String) -> Void
    ) async throws -> Outcome {
        guard let userId = config.weglide.userId, let dateOfBirth = config.weglide.dateOfBirth else {
            throw WeGlideRefusal(
                "no WeGlide account is set: add [weglide] user_id = 12345 and date_of_birth = \"YYYY-MM-DD\" to "
                    + "the config file (man 5 flightlog.toml)")
        }
        let store = try openStore()
        let flights: [Flight]
        if ids.isEmpty {
            flights = newFlights(
                try store.flights(matching: FlightFilter()), owner: config.owner.flatMap(LogbookOwner.init))
            if flights.isEmpty { say("every flight is on WeGlide already: nothing to upload") }
        } else {
            flights = try ids.map { try store.flight(id: $0) }
        }
        let signer = LazySigner.device(databasePath: databasePath, files: "IGC files sent", warn: warn)
        let upload = WeGlideUpload(
            store: store, databasePath: databasePath, config: config, account: (userId, dateOfBirth),
            signer: signer.callAsFunction, say: say)
        return await upload.run(flights, again: again)
    }
}

/// Why `flightlog upload` cannot start, in one line that says what to do.
package struct WeGlideRefusal: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
