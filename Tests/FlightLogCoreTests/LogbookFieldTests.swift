import FlightLogCore
import Testing

/// `LogbookField` is the one list of the logbook detail fields; these tests keep it whole and each case honest.
@Suite struct LogbookFieldTests {
    /// Every field set, none to its default.
    static let full = FlightDetails(
        pilot: "Çağrı Şahin", secondPerson: "Müller, Jürgen", secondPersonRole: .instructor, gliderType: "ASK 21",
        registration: "D-1234", competitionId: "XY", launchMethod: .aerotow, releaseHeight: 612.5,
        takeoffPlace: "Aachen-Merzbrück", landingPlace: "Düren", remarks: "Check flight", ownerRole: .dual, launches: 3)

    @Test func thereIsOneCaseForEveryPropertyOfTheDetails() {
        let properties = Mirror(reflecting: FlightDetails()).children.compactMap(\.label)
        #expect(properties == LogbookField.allCases.map(\.rawValue))
    }

    /// The names are in every database's edit history and on the club's server: they never change.
    @Test func theStoredNamesStayAsTheyWere() {
        #expect(
            LogbookField.allCases.map(\.historyName) == [
                "pilot", "secondPerson", "secondPersonRole", "gliderType", "registration", "competitionId",
                "launchMethod", "releaseHeight", "takeoffPlace", "landingPlace", "remarks", "ownerRole", "launches",
            ])
        #expect(LogbookField.allCases.map(\.column) == LogbookField.allCases.map(\.historyName))
        #expect(FieldRules.fields == Set(LogbookField.allCases.map(\.historyName)))
        #expect(Set(LogbookField.allCases.map { $0.label() }).count == LogbookField.allCases.count)
    }

    @Test func eachCaseReadsAndWritesOnlyItsOwnProperty() {
        let empty = FlightDetails()
        var rebuilt = FlightDetails()
        for field in LogbookField.allCases {
            let text = field.text(of: Self.full)
            #expect(text != field.text(of: empty), "\(field): the test's value must differ from the default")
            var one = FlightDetails()
            #expect(field.write(text, to: &one), "\(field)")
            for other in LogbookField.allCases {
                #expect(
                    other.text(of: one) == (other == field ? text : other.text(of: empty)), "\(field) wrote \(other)")
            }
            _ = field.write(text, to: &rebuilt)
        }
        #expect(rebuilt == Self.full)
        #expect(Self.full.fieldTexts.map(\.field) == LogbookField.allCases.map(\.historyName))
        let changes = FlightDetails().changes(to: Self.full, editedAt: 1)
        #expect(changes.map(\.field) == LogbookField.allCases.map(\.historyName))
    }

    @Test func outsideValuesAreCheckedByTheirField() {
        for field in LogbookField.allCases {
            #expect(field.problem(field.text(of: Self.full)) == nil, "\(field)")
            #expect(FieldRules.problem(field: field.historyName, text: "x") == field.problem("x"))
        }
        #expect(LogbookField.launches.problem("100") != nil && LogbookField.releaseHeight.problem("5001") != nil)
        #expect(LogbookField.registration.problem(String(repeating: "D", count: 201)) != nil)
        #expect(LogbookField.remarks.problem(String(repeating: "r", count: 2000)) == nil)
        #expect(LogbookField.launchMethod.problem(nil) != nil && LogbookField.remarks.problem(nil) == nil)
        #expect(FieldRules.problem(field: "colour", text: "red") == "'colour' is not a field of this flightlog")
    }

    @Test func aColumnListFindsEveryColumnWhereTheSelectPutsIt() {
        let columns = ColumnList(["f.id"] + LogbookField.allCases.map { "f." + $0.column } + ["r.kind"])
        #expect(columns.sql.hasPrefix("f.id, f.pilot, f.secondPerson, "))
        for (position, name) in columns.names.enumerated() { #expect(columns[name] == position) }
    }
}
