import FlightLogCore
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

    /// Issue 41: `--speed-in` took a window that ends where it starts, a speed that never ends (0.000001) and hex.
    @Test func speedInRefusesAnEmptyWindowATinySpeedAndAnythingButADecimal() {
        var session = ReplaySession()
        session.serveNMEA = "127.0.0.1:29480"
        #expect(session.problem() == nil)
        let rule = "is not a window and speed like 10:15:00-10:30:00=3 (a decimal speed from 0.1 to 1000)."
        for bad in [
            "10:15:00-10:15:00=3", "10:15:00-10:30:00=0.000001", "10:15:00-10:30:00=0.09", "10:15:00-10:30:00=0x10",
            "10:15:00-10:30:00=1e2", "10:15:00-10:30:00=-3", "10:15:00-10:30:00=inf", "10:15:00-10:30:00=",
            "=3", "10:15:00-10:30:00=1001",
        ] {
            session.speedIn = [bad]
            #expect(session.problem() == "\(bad) \(rule)", "\(bad)")
        }
        session.speedIn = []
        (session.iioTree, session.pressureGlitch) = ("/tmp/iio", ["10:15:00=0x10"])
        #expect(session.problem() == "10:15:00=0x10 is not a glitch like 10:15:00=25000 or 10:15:00=+800 (pascals).")
        (session.iioTree, session.pressureGlitch) = (nil, [])
        for good in ["10:15:00-10:30:00=0.1", "10:15:00-10:30:00=3", "10:15:00-10:30:00=2.5", "10:15:00-=1000"] {
            session.speedIn = [good]
            #expect(session.problem() == nil, "\(good)")
        }
    }

    /// Issue 41: windows outside the file's time, reversed ones and overlapping ones were taken as given.
    @Test func speedInAndRealTimeWindowsLieWithinTheFileAndDoNotOverlap() {
        // 10:00:00 to 12:00:00 UTC on 14 June 2025.
        let start: UTCMillis = 1_749_895_200_000
        let fixes = [start, start + 7_200_000].map {
            Fix(time: $0, latitude: 50.8, longitude: 6.1, pressureAltitude: 500, gnssAltitude: 520)
        }
        var session = ReplaySession()
        session.serveNMEA = "127.0.0.1:29480"
        session.speedIn = ["10:15:00-10:30:00=3", "11:00:00-11:10:00=0.5"]
        session.realTime = ["10:40:00-10:45:00"]
        #expect(session.problem() == nil && session.problem(for: fixes) == nil)
        let outside = "a window of --speed-in or --real-time starts before it ends, within the file's time."
        for (bad, time) in [
            ("10:30:00-10:15:00=3", "10:30:00"), ("12:30:00-12:40:00=3", "12:30:00"),
            ("09:00:00-09:30:00=3", "09:00:00"), ("11:50:00-12:10:00=3", "11:50:00"), ("13:00:00-=3", "13:00:00"),
        ] {
            session.speedIn = [bad]
            #expect(
                session.problem(for: fixes)
                    == "\(bad) ends after the file (10:00:00–12:00:00 UTC) or before it starts; \(outside)", "\(time)")
        }
        session.speedIn = ["10:15:00-10:30:00=3", "10:20:00-10:40:00=2"]
        #expect(
            session.problem(for: fixes)
                == "10:15:00-10:30:00=3 and 10:20:00-10:40:00=2 overlap; --speed-in and --real-time windows must not.")
        session.speedIn = ["10:15:00-10:30:00=3"]
        session.realTime = ["10:29:00-10:35:00"]
        #expect(
            session.problem(for: fixes)
                == "10:15:00-10:30:00=3 and 10:29:00-10:35:00 overlap; --speed-in and --real-time windows must not.")
        session.realTime = ["10:30:00-10:35:00"]
        #expect(session.problem(for: fixes) == nil, "touching is not overlapping")
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
