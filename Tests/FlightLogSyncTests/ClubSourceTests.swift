import FlightLogCore
import FlightLogLogbook
import FlightLogStore
import FlightLogSync
import Foundation
import Testing

/// The club logbook as `flightlog serve --database postgres://…` reads it: three gliders synced to a real
/// PostgreSQL server, read back per login through `ClubLogbookSource` and compared with the gliders' own stores.
@Suite(.serialized) struct ClubSourceTests {
    @Test(.postgreSQL) func theAdminSeesEveryFlightAsTheGlidersHoldIt() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let fleet = try await ClubFleet.make(fixture)
        let local = try fleet.localFlights()
        #expect(local.count == 8)
        try await fleet.withClub { club in
            #expect(club.location == "glider@127.0.0.1:\(fixture.server.port)/club")
            let admin = club.source(for: ClubFleet.admin)
            let all = try await admin.flights(matching: FlightFilter())
            // Every column read back: the flights equal the gliders' own, but for the ids.
            #expect(all.map(\.bare) == local.map(\.flight))
            #expect(Set(all.compactMap(\.id)).count == 8)
            for flight in all { #expect(try await admin.flight(id: flight.id!) == flight) }
            let page = try await admin.flights(matching: FlightFilter(), newestFirst: true, limit: 3, offset: 2)
            #expect(page == Array(all.reversed()[2..<5]))
            #expect(
                try await admin.flights(matching: FlightFilter(), newestFirst: false, limit: 2, offset: 7) == [all[7]])
        }
    }

    @Test(.postgreSQL) func aPilotSeesOnlyTheirFlightsAsPilotOrSecondPersonAndNothingElseAnywhere() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let fleet = try await ClubFleet.make(fixture)
        let editsBefore = try fixture.count("SELECT count(*) FROM flight_edit")
        try await fleet.withClub { club in
            let all = try await club.source(for: ClubFleet.admin).flights(matching: FlightFilter())
            // The pilot's name's search key, exactly: "Änna Hüber" is Anna, "Hanna Huber" is not.
            let mine = all.filter {
                $0.details.pilot.map(searchKey) == "anna huber"
                    || $0.details.secondPerson.map(searchKey) == "anna huber"
            }
            #expect(mine.map(\.details.pilot) == ["Anna Huber", "Anna Huber", "Bob Berg", "Änna Hüber"])
            for account in [
                ClubFleet.anna, ClubAccount(login: "a2", pilotName: "ANNA  HUBER", isAdmin: false, passwordHash: ""),
            ]
            where searchKey(account.pilotName) == "anna huber" {
                let anna = club.source(for: account)
                #expect(try await anna.flights(matching: FlightFilter()) == mine)
                #expect(try await anna.totals(matching: FlightFilter()).flights == 4)
                // A filter never reaches past the scope.
                #expect(try await anna.flights(matching: FlightFilter(pilot: "huber")).count == 3)
                #expect(try await anna.flights(matching: FlightFilter(ids: all.compactMap(\.id))) == mine)
            }
            let anna = club.source(for: ClubFleet.anna)
            let hannas = all.first { $0.details.pilot == "Hanna Huber" }!.id!
            let missing = all.compactMap(\.id).max()! + 1000
            for id in [hannas, missing] {
                await expectNotFound(id) { try await anna.flight(id: id) }
                await expectNotFound(id) { try await anna.track(forFlight: id) }
                await expectNotFound(id) { try await anna.history(id: id) }
                await expectNotFound(id) { try await anna.igcFile(flightId: id) }
                await expectNotFound(id) {
                    try await anna.updateDetails(id: id, to: FlightDetails(pilot: "Anna Huber"), editedAt: 5000)
                }
            }
            #expect(try await club.source(for: ClubFleet.admin).flight(id: hannas).details.pilot == "Hanna Huber")
        }
        #expect(try fixture.count("SELECT count(*) FROM flight_edit") == editsBefore)
    }

    @Test(.postgreSQL) func filtersAndTotalsMatchTheGlidersOwnStores() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let fleet = try await ClubFleet.make(fixture)
        func date(_ days: Int64) -> CivilDate {
            CivilDateTime(utc: june14 + days * ClubFleet.day, offsetSeconds: 7200).date
        }
        let injection = "'; DROP TABLE flight; --"
        let filters: [FlightFilter] = [
            FlightFilter(), FlightFilter(pilot: "anna"), FlightFilter(pilot: "ANNA HUB"), FlightFilter(pilot: "müller"),
            FlightFilter(withInstructor: true), FlightFilter(withInstructor: false), FlightFilter(guest: "gast"),
            FlightFilter(instructorName: "huber"), FlightFilter(plane: "ask21"), FlightFilter(plane: "ls 4"),
            FlightFilter(registration: "dkb"), FlightFilter(registration: "d 12"), FlightFilter(since: date(1)),
            FlightFilter(until: date(2)), FlightFilter(since: date(2), until: date(3)), FlightFilter(launch: .aerotow),
            FlightFilter(launch: .winch), FlightFilter(outlanding: true), FlightFilter(outlanding: false),
            FlightFilter(withInstructor: true, pilot: "bob"), FlightFilter(pilot: ""),
            FlightFilter(pilot: injection), FlightFilter(guest: injection), FlightFilter(plane: injection),
            FlightFilter(registration: injection), FlightFilter(instructorName: injection),
            FlightFilter(pilot: "%"), FlightFilter(pilot: "_"), FlightFilter(ids: []),
        ]
        try await fleet.withClub { club in
            let admin = club.source(for: ClubFleet.admin)
            for filter in filters {
                let local = try fleet.localFlights(matching: filter)
                let server = try await admin.flights(matching: filter)
                #expect(server.map(\.bare) == local.map(\.flight), "\(filter.summary)")
                var expected = FlightTotals()
                for pi in fleet.pis {
                    let t = try pi.store.totals(matching: filter)
                    expected.flights += t.flights
                    expected.launches += t.launches
                    expected.durationMillis += t.durationMillis
                }
                #expect(try await admin.totals(matching: filter) == expected, "\(filter.summary)")
            }
            #expect(try await admin.flights(matching: FlightFilter(pilot: injection)).isEmpty)
            #expect(try await admin.flights(matching: FlightFilter(pilot: "bob")).count == 2)
            let all = try await admin.flights(matching: FlightFilter())
            let two = [all[1].id!, all[6].id!]
            #expect(try await admin.flights(matching: FlightFilter(ids: two)) == [all[1], all[6]])
        }
        #expect(try fixture.count("SELECT count(*) FROM flight") == 8)  // the injection text changed nothing
    }

    @Test(.postgreSQL) func tracksAndIGCFilesComeBackExactlyAsTheGliderGivesThem() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let fleet = try await ClubFleet.make(fixture)
        let local = try fleet.localFlights()
        try await fleet.withClub { club in
            let admin = club.source(for: ClubFleet.admin)
            let all = try await admin.flights(matching: FlightFilter())
            var originals = 0
            for (server, (flight, pi, id)) in zip(all, local) {
                let track = try await admin.track(forFlight: server.id!)
                let mine = try pi.store.track(forFlight: id)
                #expect(track.fixes == mine.fixes)
                #expect(track.recorder == mine.recorder)
                guard flight.hasTrack else {
                    #expect(track.fixes.isEmpty)
                    await #expect(throws: LogbookError.noTrack(server.id!, export: "IGC")) {
                        try await admin.igcFile(flightId: server.id!)
                    }
                    continue
                }
                #expect(track.fixes.count > 3600)
                // The same file the glider exports unsigned: its own original, or one written the same way.
                let file = try await admin.igcFile(flightId: server.id!)
                let glider = try igcExport(flightId: id, store: pi.store, config: FlightLogConfig(), signer: { nil })
                #expect(file.bytes == glider.bytes)
                #expect(file.fileName == glider.fileName)
                #expect(file.isOriginal == glider.isOriginal)
                #expect(file.flightsInFile == glider.flightsInFile)
                if file.isOriginal { originals += 1 }
            }
            #expect(originals == 6)
        }
    }

    @Test(.postgreSQL) func aWebEditJoinsTheHistoryAndTheGliderPullsIt() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let fleet = try await ClubFleet.make(fixture)
        let (a, b) = (fleet.pis[0], fleet.pis[1])
        let annasLocal = try a.store.flights(matching: FlightFilter(pilot: "anna"))[0]
        let bobsLocal = try b.store.flights(matching: FlightFilter(guest: "gast"))[0]
        try await fleet.withClub { club in
            let anna = club.source(for: ClubFleet.anna)
            let admin = club.source(for: ClubFleet.admin)
            let flight = try await anna.flights(matching: FlightFilter())[0]
            #expect(flight.takeoffTime == annasLocal.takeoffTime)
            var details = flight.details
            details.remarks = "Thermik bis 1800 m"
            details.secondPerson = "Tom Trainer"
            details.secondPersonRole = .instructor
            let changes = try await anna.updateDetails(id: flight.id!, to: details, editedAt: 9_000)
            #expect(changes.map(\.field) == ["secondPerson", "secondPersonRole", "remarks"])
            #expect(try await anna.history(id: flight.id!) == changes)
            #expect(try await anna.flight(id: flight.id!).details == details)
            #expect(try await anna.updateDetails(id: flight.id!, to: details, editedAt: 9_500).isEmpty)
            // A save made from the details before that edit (a second phone's form) writes nothing: the compare is
            // in the transaction that writes, on the row locked FOR UPDATE.
            var stale = flight.details
            stale.remarks = "Made from the old form"
            await #expect(throws: LogbookError.changedElsewhere(flight.id!)) {
                try await anna.updateDetails(id: flight.id!, to: stale, editedAt: 9_600, base: flight.details)
            }
            #expect(try await anna.history(id: flight.id!) == changes)
            // The admin gives Bob's outlanding to another pilot.
            let bobs = try await admin.flights(matching: FlightFilter(guest: "gast"))[0]
            details = bobs.details
            details.pilot = "Dora Neu"
            #expect(try await admin.updateDetails(id: bobs.id!, to: details, editedAt: 10_000).count == 1)
            #expect(try await admin.flight(id: bobs.id!).details.pilot == "Dora Neu")
        }
        #expect(
            try fixture.rows("SELECT DISTINCT d.name FROM flight_edit e JOIN device d ON d.uuid = e.device_uuid") == [
                "club web"
            ])
        // Each glider pulls the edits of its own flights.
        #expect(try await fixture.sync(a).pulledEdits == 3)
        let pulled = try a.store.flight(id: annasLocal.id!).details
        #expect(pulled.remarks == "Thermik bis 1800 m")
        #expect(pulled.secondPerson == "Tom Trainer")
        #expect(try a.store.history(id: annasLocal.id!).map(\.editedAt) == [9_000, 9_000, 9_000])
        #expect(try await fixture.sync(b).pulledEdits == 1)
        #expect(try b.store.flight(id: bobsLocal.id!).details.pilot == "Dora Neu")
        #expect(try b.store.count(matching: FlightFilter(pilot: "dora")) == 1)
        #expect(try await fixture.sync(fleet.pis[2]).pulledEdits == 0)
    }

    private func expectNotFound<T>(_ id: Int64, _ body: () async throws -> T) async {
        do {
            _ = try await body()
            Issue.record("flight \(id) was found")
        } catch let error as LogbookError {
            #expect(error == LogbookError.notFound(id))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
