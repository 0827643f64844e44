import FlightLogConfigFile
import FlightLogCore
import Testing

/// `[server] online_tiles`: a tile server address the phone's browser fetches map tiles from, checked when the
/// config is read so that a bad one is an error naming the key, never a broken page or a loose security policy.
@Suite("Online map tiles in the config")
struct OnlineTilesConfigTests {
    @Test func offByDefault() throws {
        let config = try FlightLogConfig.parse("[server]\nport = 8080\n")
        #expect(config.server.onlineTiles == nil && config.server.onlineTilesAttribution == nil)
    }

    @Test func aTileServerAndItsAttributionAreRead() throws {
        let config = try FlightLogConfig.parse(
            """
            [server]
            online_tiles = "https://Tile.Example.org:8443/osm/{z}/{x}/{y}.png?key=1"
            online_tiles_attribution = "© OpenStreetMap contributors"
            """)
        let tiles = try #require(config.server.onlineTiles)
        #expect(tiles.origin == "https://tile.example.org:8443")
        #expect(tiles.url(z: 12, x: 2130, y: 1367) == "https://Tile.Example.org:8443/osm/12/2130/1367.png?key=1")
        #expect(config.server.onlineTilesAttribution == "© OpenStreetMap contributors")
        #expect(config.warnings.isEmpty)
    }

    @Test(arguments: [
        "ftp://tile.example.org/{z}/{x}/{y}.png",  // not http(s)
        "https://tile.example.org/{z}/{x}.png",  // no {y}
        "tile.example.org/{z}/{x}/{y}.png",  // no scheme
        "https:///{z}/{x}/{y}.png",  // no host
        "https://{s}.tile.example.org/{z}/{x}/{y}.png",  // a host per subdomain: the policy names one host
        "https://tile.example.org/{z}/{x}/{y}.png\" onerror=\"x",  // would leave the attribute
        "https://user@tile.example.org/{z}/{x}/{y}.png",  // credentials
        "https://tile.example.org/{z}/{x}/{y} .png",
        "javascript:alert(1)//{z}/{x}/{y}",
        // Hosts the Content-Security-Policy would read as more than one host, or as more than a host.
        "https://*/{z}/{x}/{y}.png",  // any https host
        "https://*.example.org/{z}/{x}/{y}.png",  // every subdomain
        "https://tile.example.org:*/{z}/{x}/{y}.png",  // every port
        "https://tile.example.org;script-src/{z}/{x}/{y}.png",  // ends the img-src directive
        "https://tile.example.org,evil.example/{z}/{x}/{y}.png",  // a second policy
        "https://tile%2Eexample.org/{z}/{x}/{y}.png",
        "https://[::1]:8080/{z}/{x}/{y}.png",  // the policy has no IPv6 hosts
        "https://tile.example.org:99999/{z}/{x}/{y}.png",
        "https://tile..example.org/{z}/{x}/{y}.png",
    ])
    func aBadAddressIsAnErrorNamingTheKey(_ address: String) {
        let text = "[server]\nport = 8080\nonline_tiles = \"\(address.replacing("\"", with: "\\\""))\"\n"
        #expect {
            try FlightLogConfig.parse(text)
        } throws: { error in
            let message = "\(error)"
            return message.contains("line 3: [server] online_tiles = ") && message.contains("{z}, {x} and {y}")
                && message.contains("https://tile.example.org/{z}/{x}/{y}.png")
        }
    }

    @Test(arguments: [
        ("http://10.42.0.1:8081/{z}/{x}/{y}.png", "http://10.42.0.1:8081"),
        ("https://a-1.tile.example.org/{z}/{x}/{y}.png", "https://a-1.tile.example.org"),
    ])
    func aPlainHostOrAddressWithAPortIsKept(_ address: String, _ origin: String) throws {
        let config = try FlightLogConfig.parse("[server]\nonline_tiles = \"\(address)\"\n")
        #expect(config.server.onlineTiles?.origin == origin)
    }

    @Test func theAddressMustBeAString() {
        #expect(throws: ConfigError.self) { try FlightLogConfig.parse("[server]\nonline_tiles = 3\n") }
    }
}
