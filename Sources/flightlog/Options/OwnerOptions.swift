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

    /// The option as the core's rules take it (``OwnerChoice``: whose logbook, which flights, the summary).
    var choice: OwnerChoice { OwnerChoice(owner) }

    func validate() throws {
        if let problem = choice.problem() { throw ValidationError(problem) }
    }
}
