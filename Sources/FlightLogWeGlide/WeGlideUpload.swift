import FlightLogAnalysis
import FlightLogCore
import FlightLogSecurity
import FlightLogStore
import Foundation

/// `flightlog upload`: each chosen flight's IGC file (exactly what `flightlog export --igc` writes) to the pilot's
/// WeGlide account, its WeGlide id stored with the flight. Never twice: an uploaded flight is skipped unless
/// `again`; a flight whose upload was sent but whose answer never got stored is looked up in WeGlide's list
/// (``settle(_:since:now:)``), never resent blindly. Never lost:
/// nothing is marked unless WeGlide said `201`.
package struct WeGlideUpload {
    /// How a run ended, for the exit status.
    package enum Outcome: Int32, Sendable, Comparable {
        case done = 0
        /// A refusal, no aircraft, or an uncertain earlier upload: a person must look.
        case needsAttention = 1
        /// EX_TEMPFAIL: WeGlide out of reach, timed out or failing; run again later.
        case tryLater = 75

        package static func < (a: Outcome, b: Outcome) -> Bool { a.rawValue < b.rawValue }
    }

    package var store: FlightStore
    package var databasePath: String
    package var config: FlightLogConfig
    package var account: (userId: Int, dateOfBirth: String)
    package var api: WeGlideAPI
    /// The device key's signer for recorded flights (asked only when one is written).
    package var signer: () -> IGCSigner?
    /// Called with each line to print, as it happens.
    package var say: (String) -> Void

    package init(
        store: FlightStore, databasePath: String, config: FlightLogConfig, account: (userId: Int, dateOfBirth: String),
        signer: @escaping () -> IGCSigner?, say: @escaping (String) -> Void
    ) {
        self.store = store
        self.databasePath = databasePath
        self.config = config
        self.account = account
        self.api = WeGlideAPI(baseURL: config.weglide.url)
        self.signer = signer
        self.say = say
    }

    /// The flights `--new` uploads: the owner's (`[owner] name`), else the ones this device recorded; not yet on
    /// WeGlide (uncertain ones are included, so that they are reported).
    package static func newFlights(_ flights: [Flight], owner: LogbookOwner?) -> [Flight] {
        flights.filter { flight in
            guard flight.hasTrack, flight.weglide.flightId == nil else { return false }
            if let owner { return OwnerRole.of(flight, owner: owner) != .notAboard }
            return flight.source == .recorded
        }
    }

    /// Uploads `flights` in order; stops at the first sign that WeGlide is out of reach.
    package func run(_ flights: [Flight], again: Bool) async -> Outcome {
        var outcome = Outcome.done
        var catalogue = WeGlideCatalogue(databasePath: databasePath, api: api)
        for flight in flights {
            let result = await upload(flight, again: again, catalogue: &catalogue)
            outcome = max(outcome, result)
            if result == .tryLater {
                say("nothing more sent: run flightlog upload --new again later")
                break
            }
        }
        return outcome
    }

    private func upload(_ flight: Flight, again: Bool, catalogue: inout WeGlideCatalogue) async -> Outcome {
        let id = flight.id!
        do {
            switch try store.weglideState(flightId: id) {
            case .uploaded(let weglideId, _) where !again:
                say("flight \(id) is on WeGlide already: \(WeGlideState.link(weglideId)) (--again sends it anyway)")
                return .done
            case .uncertain(let since) where !again:
                let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
                if let settled = await settle(flight, since: since, now: now) { return settled }
            default: break
            }
            guard let aircraftId = try await aircraft(for: flight, catalogue: &catalogue) else {
                return .needsAttention
            }
            let file = try igcExport(flightId: id, store: store, config: config, signer: signer)
            try store.markWeGlidePending(flightId: id)
            let answer: WeGlideAPI.UploadAnswer
            do {
                answer = try await api.upload(
                    igc: file.bytes, fileName: file.fileName, userId: account.userId,
                    dateOfBirth: account.dateOfBirth, aircraftId: aircraftId)
            } catch {
                if case .uncertain = error {
                    say(
                        "flight \(id): \(error); it may be on WeGlide, so it is not sent again by itself (flightlog "
                            + "upload \(id) says what to do)")
                } else {
                    try store.clearWeGlidePending(flightId: id)
                    say("flight \(id) not sent: \(error)")
                }
                return .tryLater
            }
            switch answer {
            case .created(let ids):
                Self.stopHereForTests()
                try store.markWeGlideUploaded(flightId: id, weglideId: ids[0])
                say("flight \(id) → WeGlide flight \(ids[0]) (\(WeGlideState.link(ids[0])))")
                return .done
            case .refused(_, let detail):
                try store.clearWeGlidePending(flightId: id)
                let hint =
                    detail.lowercased().contains("aircraft")
                    ? " — set [weglide] aircraft_id (flightlog upload --aircraft \(Self.hintName(flight))) lists the "
                        + "catalogue's ids" : ""
                say("WeGlide refused flight \(id): \(detail)\(hint)")
                return .needsAttention
            }
        } catch let error as WeGlideTransportError {
            say("flight \(id) not sent: \(error)")
            return .tryLater
        } catch {
            say("flight \(id) not sent: \(error)")
            return .needsAttention
        }
    }

    /// `[weglide] aircraft_id` where it is this flight's glider (``configuredAircraft(_:for:)``), else the
    /// catalogue's aircraft named like the glider type; nil (said) when none.
    private func aircraft(for flight: Flight, catalogue: inout WeGlideCatalogue) async throws(WeGlideTransportError)
        -> Int?
    {
        if let id = Self.configuredAircraft(config, for: flight) { return id }
        guard let type = flight.details.gliderType, !type.isEmpty else {
            say(
                "flight \(flight.id!) not sent: it has no glider type; set one (flightlog edit \(flight.id!) "
                    + "--glider-type \"LS 4\") or [weglide] aircraft_id")
            return nil
        }
        if let found = try await catalogue.match(type) { return found.id }
        say(
            "flight \(flight.id!) not sent: no WeGlide aircraft is named \"\(type)\": set [weglide] "
                + "aircraft_id (flightlog upload --aircraft \(Self.hintName(flight)) lists the catalogue's ids)")
        return nil
    }

    /// `[weglide] aircraft_id` where `flight` is this device's glider's (``OwnGlider/flew(_:)``, the rule that
    /// also says where `[glider] index` applies): a stranger's imported LS 4, or the club's other ASK 21, is sent as
    /// the aircraft its own type names, not as the configured one.
    package static func configuredAircraft(_ config: FlightLogConfig, for flight: Flight) -> Int? {
        guard let id = config.weglide.aircraftId, config.ownGlider.flew(flight) else { return nil }
        return id
    }

    private static func hintName(_ flight: Flight) -> String {
        let first = flight.details.gliderType.map { String($0.prefix { $0.isLetter }) } ?? ""
        return first.isEmpty ? "LS" : first
    }

    /// A test's crash between WeGlide's answer and the local commit (`FLIGHTLOG_TEST_KILL_AFTER_WEGLIDE_ANSWER`).
    private static func stopHereForTests() {
        if ProcessInfo.processInfo.environment["FLIGHTLOG_TEST_KILL_AFTER_WEGLIDE_ANSWER"] == "1" {
            kill(getpid(), SIGKILL)
        }
    }
}
