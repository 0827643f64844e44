/// The user's own folders for flightlog, by the XDG base directory rules: one rule for every file a user's
/// `flightlog` keeps (config file, CUP airfields, the logbook when there is no system one). A variable counts only
/// when it holds an absolute path (the rules say to ignore a relative one); otherwise the folder under `$HOME`.
package enum UserFolders {
    /// `$XDG_CONFIG_HOME/flightlog`, else `$HOME/.config/flightlog`; `nil` without either.
    package static func config(environment: [String: String]) -> String? {
        folder("XDG_CONFIG_HOME", else: ".config", environment: environment)
    }

    /// `$XDG_DATA_HOME/flightlog`, else `$HOME/.local/share/flightlog`; `nil` without either.
    package static func data(environment: [String: String]) -> String? {
        folder("XDG_DATA_HOME", else: ".local/share", environment: environment)
    }

    private static func folder(_ variable: String, else underHome: String, environment: [String: String]) -> String? {
        if let base = environment[variable], base.hasPrefix("/") { return base + "/flightlog" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/" + underHome + "/flightlog"
    }
}
