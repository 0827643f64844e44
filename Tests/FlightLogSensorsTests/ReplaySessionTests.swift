import FlightLogReplay
import Testing

/// `flightlog replay`'s option rules, as the replay library checks them (the command only maps its options).
@Suite struct ReplaySessionTests {
    @Test func optionsThatCannotGoTogetherAreNamed() {
        var session = ReplaySession()
        #expect(session.problem() == "Give --nmea PATH, --iio-tree DIR and/or --serve-nmea HOST:PORT.")
        session.nmeaPath = "/tmp/f.nmea"
        #expect(session.problem() == nil)
        session.followGpsd = "127.0.0.1:2947"
        #expect(session.problem() == "--follow-gpsd needs --iio-tree DIR.")
        session.iioTree = "/tmp/iio"
        #expect(session.problem() == nil)
        session.serveNMEA = "127.0.0.1:29480"
        #expect(session.problem() == "--follow-gpsd and --serve-nmea exclude each other.")
        session.followGpsd = nil
        session.speed = 0
        #expect(session.problem() == "--speed must be above 0 and at most 1000.")
        session.speed = 50
        session.noFix = ["10:15:00-10:16:30", "later"]
        #expect(session.problem() == "later is not a UTC window like 10:15:00-10:16:30.")
        session.noFix = []
        session.timeGlitch = ["10:15:00=+3600"]
        #expect(session.problem() == nil)
        session.serveNMEA = nil
        #expect(session.problem() == "--time-glitch needs --serve-nmea.")
    }

    struct Refused: Error, CustomStringConvertible { var description: String { "the IGC file is a FIFO" } }

    @Test func theIGCFileIsReadAsAFileAUserBringsAndMustHoldFixes() throws {
        #expect(throws: ReplayError.self) { try ReplaySession.readFixes("gone.igc") { _, _ in nil } }
        do {
            _ = try ReplaySession.readFixes("gone.igc") { _, _ in nil }
        } catch {
            #expect("\(error)" == "cannot read gone.igc (does it exist?)")
        }
        do {
            _ = try ReplaySession.readFixes("fifo.igc") { _, _ in throw Refused() }
        } catch {
            #expect("\(error)" == "the IGC file is a FIFO")
        }
        let header = Array("AXFLABC\r\nHFDTE140625\r\n".utf8)
        #expect(throws: (any Error).self) { try ReplaySession.readFixes("empty.igc") { _, _ in header } }
        let fix = Array("AXFLABC\r\nHFDTE140625\r\nB1000005051000N00610000EA0010000200\r\n".utf8)
        var asked = 0
        #expect(
            try ReplaySession.readFixes("one.igc") { _, max in
                asked = max; return fix
            }.count == 1)
        #expect(asked > 1_000_000)  // the IGC size limit, not a guess
    }

    @Test func hostAndPortSplitAtTheLastColon() {
        #expect(ReplaySession.hostPort("127.0.0.1:29480").map { "\($0.0) \($0.1)" } == "127.0.0.1 29480")
        #expect(ReplaySession.hostPort("::1:2947").map { "\($0.0) \($0.1)" } == "::1 2947")
        #expect(ReplaySession.hostPort(":2947") == nil)
        #expect(ReplaySession.hostPort("localhost") == nil)
        #expect(ReplaySession.hostPort("localhost:99999") == nil)
    }
}
