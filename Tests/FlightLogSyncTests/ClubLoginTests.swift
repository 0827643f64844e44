import FlightLogCore
import FlightLogSync
import Testing

/// Where `club`, `sync`, `serve --database` and `airspace --database` find the club logbook and its password,
/// without a server.
@Suite("club login lookup")
struct ClubLoginTests {
    /// A file system of `files` (path → text); any other path cannot be read.
    static func files(_ files: [String: String]) -> ClubLogin.ReadFile {
        { path, _ in files[path].map { Array($0.utf8) } }
    }

    @Test func theOptionComesBeforeTheConfigAndNamesItselfWhenWrong() throws {
        var config = FlightLogConfig()
        config.sync.url = try SyncURL("postgres://glider@config.example.org/club")
        let given = try ClubLogin(
            database: "postgres://admin@db.example.org/club", config: config, environment: [:],
            readFile: Self.files([:]))
        #expect(given.url.host == "db.example.org" && given.url.user == "admin")
        let configured = try ClubLogin(database: nil, config: config, environment: [:], readFile: Self.files([:]))
        #expect(configured.url.host == "config.example.org")
        #expect {
            try ClubLogin(database: "postgres://", config: config, environment: [:], readFile: Self.files([:]))
        } throws: { error in
            let text = "\(error)"
            return text.contains("--database") && !text.contains("[sync] url")
        }
    }

    @Test func noClubLogbookSaysHowToSetOne() {
        #expect {
            try ClubLogin(database: nil, config: FlightLogConfig(), environment: [:], readFile: Self.files([:]))
        } throws: { error in
            (error as? SyncError)?.code == .notConfigured && "\(error)".contains("[sync] url = \"postgres://")
        }
    }

    @Test func thePasswordFileFirstLineElseTheEnvironment() throws {
        let environment = ["FLIGHTLOG_SYNC_PASSWORD": "from-env"]
        let read = Self.files(["/etc/pw": "secret-one\r\nsecond line\n"])
        #expect(try ClubLogin.password(file: "/etc/pw", environment: environment, readFile: read) == "secret-one")
        #expect(try ClubLogin.password(file: nil, environment: environment, readFile: read) == "from-env")
        #expect(try ClubLogin.password(file: nil, environment: [:], readFile: read) == nil)
        #expect {
            try ClubLogin.password(file: "/missing", environment: environment, readFile: read)
        } throws: { error in
            "\(error)" == "cannot read the password file /missing: check that it exists and this user may read it"
        }
    }

    @Test func newPasswordsAreRefusedWhenMissingOrShort() throws {
        #expect(try ClubLogin.newPassword("long enough", login: "anna") == "long enough")
        #expect(throws: SyncError.self) { try ClubLogin.newPassword(nil, login: "anna") }
        #expect(throws: SyncError.self) { try ClubLogin.newPassword("short", login: "anna") }
        #expect(try ClubLogin.gliderPassword("glider-password") == "glider-password")
        #expect(throws: SyncError.self) { try ClubLogin.gliderPassword(String(repeating: "x", count: 201)) }
    }
}
