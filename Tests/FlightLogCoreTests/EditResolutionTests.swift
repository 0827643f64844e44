import FlightLogCore
import Testing

@Suite struct EditResolutionTests {
    @Test func theLaterEditWinsWhateverOrderTheyArrive() {
        let early = FieldEdit(uuid: "ffff", field: "pilot", newValue: "Early", editedAt: 1000)
        let late = FieldEdit(uuid: "0000", field: "pilot", newValue: "Late", editedAt: 2000)
        let remark = FieldEdit(uuid: "1111", field: "remarks", newValue: nil, editedAt: 500)
        for edits in [[early, late, remark], [remark, late, early]] {
            let winners = EditResolution.winners(edits)
            #expect(winners["pilot"] == late)
            #expect(winners["remarks"] == remark)
            #expect(EditResolution.winner(edits.filter { $0.field == "pilot" }) == late)
        }
    }

    @Test func atTheSameMillisecondTheGreaterUuidWins() {
        let a = FieldEdit(uuid: "3f0c1e2a-0000-4000-8000-000000000001", field: "pilot", newValue: "A", editedAt: 7)
        let b = FieldEdit(uuid: "9a11d0c4-0000-4000-8000-000000000002", field: "pilot", newValue: "B", editedAt: 7)
        #expect(EditResolution.winners([a, b])["pilot"] == b)
        #expect(EditResolution.winners([b, a])["pilot"] == b)
        #expect(EditResolution.winner([FieldEdit]()) == nil)
    }

    @Test func everyFieldReadsBackFromItsHistoryText() {
        let details = FlightDetails(
            pilot: "Çağrı Şahin", secondPerson: "Müller, Jürgen", secondPersonRole: .instructor, gliderType: "ASK 21",
            registration: "D-1234", competitionId: "XY", launchMethod: .aerotow, releaseHeight: 612.5,
            takeoffPlace: "Aachen-Merzbrück", landingPlace: "Düren", remarks: "Check flight", ownerRole: .dual,
            launches: 3)
        var rebuilt = FlightDetails()
        for (field, text) in details.fieldTexts {
            let read = rebuilt.setField(field, text: text)
            #expect(read, "\(field)")
        }
        #expect(rebuilt == details)
        // Back to nothing where a field may be empty.
        var cleared = details
        for field in ["secondPerson", "secondPersonRole", "releaseHeight", "ownerRole", "remarks"] {
            let read = cleared.setField(field, text: nil)
            #expect(read, "\(field)")
        }
        #expect(cleared.secondPersonRole == nil && cleared.releaseHeight == nil && cleared.ownerRole == nil)
    }

    @Test func unknownFieldsAndUnreadableValuesChangeNothing() {
        let details = FlightDetails(launchMethod: .winch, releaseHeight: 300, launches: 2)
        var copy = details
        #expect(!set(&copy, "colour", text: "red"))
        #expect(!set(&copy, "launchMethod", text: "catapult"))
        #expect(!set(&copy, "launches", text: "0"))
        #expect(!set(&copy, "releaseHeight", text: "high"))
        #expect(!set(&copy, "releaseHeight", text: "nan"))  // a pulled edit never puts NaN into the logbook
        #expect(!set(&copy, "releaseHeight", text: "inf"))
        #expect(!set(&copy, "launchMethod", text: nil))
        #expect(copy == details)
        let winners = EditResolution.winners([FieldEdit(uuid: "1", field: "colour", newValue: "red", editedAt: 1)])
        #expect(EditResolution.apply(winners, to: details) == details)
    }
}

/// `setField` outside `#expect` (the macro cannot call a mutating method).
private func set(_ details: inout FlightDetails, _ field: String, text: String?) -> Bool {
    details.setField(field, text: text)
}

@Suite struct SyncURLTests {
    @Test func readsTheUsualForms() throws {
        let plain = try SyncURL("postgres://glider1@logbook.example.org/club")
        #expect(plain.host == "logbook.example.org" && plain.port == 5432 && plain.user == "glider1")
        #expect(plain.database == "club" && plain.password == nil && plain.tls == .prefer)
        let full = try SyncURL("postgresql://gl%40der:p%2Fw@[::1]:6543/club%20log?sslmode=verify-full")
        #expect(full.user == "gl@der" && full.password == "p/w" && full.host == "::1" && full.port == 6543)
        #expect(full.database == "club log" && full.tls == .verifyFull)
        #expect(full.description == "postgres://gl@der@[::1]:6543/club log")  // never the password
        #expect(try SyncURL("postgres://u@127.0.0.1:5433/db?sslmode=disable").tls == .disable)
    }

    @Test func saysWhatIsWrong() {
        let cases = [
            ("http://u@h/db", "does not start with postgres://"), ("postgres://u@h", "names no database"),
            ("postgres://h/db", "names no user"), ("postgres://u@h:99999/db", "port outside"),
            ("postgres://u@h:abc/db", "bad port"), ("postgres://u@/db", "names no host"),
            ("postgres://u@h/db?sslmode=maybe", "sslmode=maybe"), ("postgres://u@h/db?timeout=3", "unknown option"),
            ("postgres://u:%zz@h/db", "bad %-escape"),
        ]
        for (text, why) in cases {
            #expect(throws: ConfigError.self) { try SyncURL(text) }
            do {
                _ = try SyncURL(text)
            } catch {
                #expect(error.message.contains(why), "\(text): \(error.message)")
            }
        }
    }
}
