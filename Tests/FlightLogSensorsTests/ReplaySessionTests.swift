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

    @Test func hostAndPortSplitAtTheLastColon() {
        #expect(ReplaySession.hostPort("127.0.0.1:29480").map { "\($0.0) \($0.1)" } == "127.0.0.1 29480")
        #expect(ReplaySession.hostPort("::1:2947").map { "\($0.0) \($0.1)" } == "::1 2947")
        #expect(ReplaySession.hostPort(":2947") == nil)
        #expect(ReplaySession.hostPort("localhost") == nil)
        #expect(ReplaySession.hostPort("localhost:99999") == nil)
    }
}
