import ArgumentParser
import FlightLogCore

/// Whose logbook it is: `--owner NAME` (which also keeps only the owner's flights), else the config's
/// `[owner] name`. Shared by `list`, `export` and `stats`.
struct OwnerOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Whose logbook: only flights this pilot was aboard, and their role on each (else config [owner] name).",
            valueName: "name"))
    var owner: String?

    func validate() throws {
        if let owner, LogbookOwner(owner) == nil {
            throw ValidationError("--owner needs a name with letters, e.g. --owner \"Müller, Jürgen\".")
        }
    }

    /// `--owner`, else the config's owner; nil when neither names one.
    func owner(_ config: FlightLogConfig) -> LogbookOwner? {
        (owner ?? config.owner).flatMap(LogbookOwner.init)
    }

    /// `flights`, only those the owner was aboard when `--owner` was given.
    func chosen(_ flights: [Flight], _ config: FlightLogConfig) -> [Flight] {
        guard owner != nil, let who = self.owner(config) else { return flights }
        return flights.filter { OwnerRole.of($0, owner: who) != .notAboard }
    }

    /// The filter summary with the owner, e.g. "owner Müller · with instructor".
    func summary(_ filter: FlightFilter) -> String {
        guard let owner else { return filter.summary }
        return filter.isEmpty ? "flights of \(owner)" : "flights of \(owner) · \(filter.summary)"
    }
}
