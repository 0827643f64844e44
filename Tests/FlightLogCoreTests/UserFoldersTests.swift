import Testing

@testable import FlightLogCore

/// The one rule for a user's folders: an XDG variable counts only as an absolute path; else under `$HOME`.
struct UserFoldersTests {
    @Test func anAbsoluteVariableWins() {
        let environment = ["HOME": "/h", "XDG_CONFIG_HOME": "/x", "XDG_DATA_HOME": "/d"]
        #expect(UserFolders.config(environment: environment) == "/x/flightlog")
        #expect(UserFolders.data(environment: environment) == "/d/flightlog")
    }

    @Test(arguments: ["", "relative/path", "~/conf"])
    func anEmptyOrRelativeVariableIsIgnored(value: String) {
        let environment = ["HOME": "/h", "XDG_CONFIG_HOME": value, "XDG_DATA_HOME": value]
        #expect(UserFolders.config(environment: environment) == "/h/.config/flightlog")
        #expect(UserFolders.data(environment: environment) == "/h/.local/share/flightlog")
    }

    @Test func withoutHomeOrVariableThereIsNoFolder() {
        #expect(UserFolders.config(environment: [:]) == nil)
        #expect(UserFolders.data(environment: ["HOME": ""]) == nil)
    }
}
