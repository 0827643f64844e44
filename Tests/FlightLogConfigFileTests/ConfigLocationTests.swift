import FlightLogConfigFile
import Testing

/// One rule decides where flightlog.toml is looked for; flightlogd and flightlog differ only as documented.
@Suite struct ConfigLocationTests {
    let home = ["HOME": "/home/anna"]
    let user = "/home/anna/.config/flightlog/flightlog.toml"
    let system = "/etc/flightlog/flightlog.toml"

    @Test func anExplicitPathAlwaysWins() {
        for reader in [ConfigLocation.Reader.recorder, .user] {
            #expect(
                ConfigLocation.path(explicit: "my.toml", for: reader, environment: home, exists: { _ in false })
                    == "my.toml")
        }
    }

    @Test func theCommandReadsTheUsersFileFirstThenTheSystemFile() {
        #expect(ConfigLocation.candidates(for: .user, environment: home) == [user, system])
        #expect(ConfigLocation.path(explicit: nil, for: .user, environment: home, exists: { _ in true }) == user)
        #expect(ConfigLocation.path(explicit: nil, for: .user, environment: home, exists: { $0 == system }) == system)
        #expect(ConfigLocation.path(explicit: nil, for: .user, environment: home, exists: { _ in false }) == nil)
        let xdg = home.merging(["XDG_CONFIG_HOME": "/cfg"]) { $1 }
        #expect(ConfigLocation.candidates(for: .user, environment: xdg) == ["/cfg/flightlog/flightlog.toml", system])
        let emptyXDG = home.merging(["XDG_CONFIG_HOME": ""]) { $1 }
        #expect(ConfigLocation.candidates(for: .user, environment: emptyXDG) == [user, system])
        #expect(ConfigLocation.candidates(for: .user, environment: [:]) == [system])
    }

    /// The recorder is a system service: a user's file never changes what it records.
    @Test func theRecorderReadsOnlyTheSystemFile() {
        #expect(ConfigLocation.candidates(for: .recorder, environment: home) == [system])
        #expect(ConfigLocation.path(explicit: nil, for: .recorder, environment: home, exists: { _ in true }) == system)
        #expect(ConfigLocation.path(explicit: nil, for: .recorder, environment: home, exists: { $0 == user }) == nil)
    }
}
