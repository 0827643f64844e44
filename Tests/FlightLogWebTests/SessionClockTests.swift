import FlightLogWeb
import Synchronization
import Testing

/// A clock the test moves by hand: session ages and the login throttle read it instead of the system's.
private final class DrivenClock: Sendable {
    private let seconds = Mutex(1000.0)
    func advance(_ by: Double) { seconds.withLock { $0 += by } }
    var read: Sessions.Clock { { self.seconds.withLock { $0 } } }
}

/// Session expiry and the login failure window, on a driven clock: no sleeps, no timing luck.
@Suite struct SessionClockTests {
    @Test func aSessionLastsItsLifetimeWithoutUseAndEachUseExtendsIt() async {
        let clock = DrivenClock()
        let sessions = Sessions(lifetimeSeconds: 100, clock: clock.read)
        let id = await sessions.create().id
        clock.advance(99)
        #expect(await sessions.session(id: id) != nil, "used just before it ends")
        clock.advance(99)
        #expect(await sessions.session(id: id) != nil, "the use extended it")
        clock.advance(100)
        #expect(await sessions.session(id: id) == nil, "unused for its whole lifetime")
        #expect(await sessions.count == 0, "an expired session is dropped when asked for")
    }

    @Test func anExpiredSessionsTokenNoLongerPasses() async {
        let clock = DrivenClock()
        let sessions = Sessions(lifetimeSeconds: 60, clock: clock.read)
        let (id, session) = await sessions.create()
        #expect(await sessions.checkCSRF(id: id, token: session.csrfToken))
        clock.advance(61)
        #expect(await !sessions.checkCSRF(id: id, token: session.csrfToken))
    }

    @Test func aFullStoreDropsTheLeastRecentlyUsedSession() async {
        let clock = DrivenClock()
        let sessions = Sessions(lifetimeSeconds: 100, capacity: 2, clock: clock.read)
        let first = await sessions.create().id
        clock.advance(1)
        let second = await sessions.create().id
        clock.advance(1)
        _ = await sessions.session(id: first)  // now the more recently used
        let third = await sessions.create().id
        #expect(await sessions.session(id: first) != nil)
        #expect(await sessions.session(id: second) == nil)
        #expect(await sessions.session(id: third) != nil)
    }

    @Test func theLimitOfWrongPasswordsLocksOnlyThatClientUntilTheWindowPasses() async {
        let clock = DrivenClock()
        let sessions = Sessions(clock: clock.read)
        for _ in 1..<Sessions.failureLimit {
            await sessions.noteFailure(client: "10.0.0.7")
            clock.advance(1)
        }
        #expect(await !sessions.tooManyFailures(client: "10.0.0.7"), "one wrong password short of the limit")
        await sessions.noteFailure(client: "10.0.0.7")
        #expect(await sessions.tooManyFailures(client: "10.0.0.7"))
        #expect(await !sessions.tooManyFailures(client: "10.0.0.8"), "another address is not locked out")
        // The first failure leaves the window a window after it was made; the lock-out ends with it.
        clock.advance(Sessions.failureWindow - Double(Sessions.failureLimit - 1) - 0.5)
        #expect(await sessions.tooManyFailures(client: "10.0.0.7"), "still inside the window")
        clock.advance(1)
        #expect(await !sessions.tooManyFailures(client: "10.0.0.7"), "the oldest failure left the window")
    }

    @Test func wrongPasswordsSpreadWiderThanTheWindowNeverLockOut() async {
        let clock = DrivenClock()
        let sessions = Sessions(clock: clock.read)
        let gap = Sessions.failureWindow / Double(Sessions.failureLimit - 1) + 0.1
        for _ in 0..<(3 * Sessions.failureLimit) {
            await sessions.noteFailure(client: "10.0.0.7")
            #expect(await !sessions.tooManyFailures(client: "10.0.0.7"))
            clock.advance(gap)
        }
    }
}
