import FlightLogCore
import Foundation

/// Where flightlog.toml is looked for: the one rule for flightlogd and flightlog (see flightlog.toml(5)).
///
/// An explicit `--config` path always wins. Otherwise flightlogd, a system service, reads only the system file
/// `/etc/flightlog/flightlog.toml` (a user's home must not change what the recorder does); a user's `flightlog`
/// command reads `flightlog.toml` in its ``UserFolders/config(environment:)`` (`~/.config/flightlog/` unless
/// `$XDG_CONFIG_HOME` says otherwise) first and the system file second. The first file that exists is the one; `nil` when none does.
package enum ConfigLocation {
    package static let systemPath = "/etc/flightlog/flightlog.toml"

    /// Who is looking for the config.
    package enum Reader: Sendable {
        /// flightlogd: the system file only.
        case recorder
        /// The flightlog command: the user's file, then the system file.
        case user
    }

    /// The config file to read: `explicit` (`--config`), else the first of the candidates for `reader` that exists.
    package static func path(
        explicit: String?, for reader: Reader,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> String? {
        if let explicit { return explicit }
        return candidates(for: reader, environment: environment).first(where: exists)
    }

    /// The files looked for, in order.
    package static func candidates(for reader: Reader, environment: [String: String]) -> [String] {
        switch reader {
        case .recorder: return [systemPath]
        case .user:
            return [UserFolders.config(environment: environment).map { "\($0)/flightlog.toml" }, systemPath]
                .compactMap { $0 }
        }
    }
}
