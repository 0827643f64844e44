import FlightLogAnalysis
import FlightLogCore

/// The terminal table of `flightlog list`, fitted to `width` columns: first the names and places are narrowed to
/// a readable width, then the registration and the landing time are left out, then names and places narrow
/// further, and last the place, launch, contest distance and second person go (the id, date, takeoff and flight time
/// always stay).
package enum FlightTable {
    enum Column: Int, CaseIterable {
        case id, date, takeoff, landing, time, contest, task, place, glider, registration, pilot, secondPerson, launch

        var header: String {
            [
                "ID", "Date", "Take-off", "Landing", "Time", "Contest", "Task", "Place", "Glider", "Reg", "Pilot",
                "Second person", "Launch",
            ][rawValue]
        }
    }

    /// Narrowing steps: (column, width) in order; `nil` width drops the column.
    static let steps: [(Column, Int?)] = [
        (.secondPerson, 16), (.pilot, 14), (.place, 10), (.glider, 10), (.registration, nil), (.landing, nil),
        (.secondPerson, 10), (.pilot, 10), (.glider, 7), (.place, 6), (.place, nil), (.launch, nil),
        (.task, nil), (.contest, nil),
        (.secondPerson, nil), (.glider, nil), (.pilot, nil),
    ]

    /// ``steps`` when a listed flight has a task: the Task column (4 characters) outranks the place and the glider,
    /// so the glider goes before it (at 80 columns the column stays).
    static let stepsWithTask: [(Column, Int?)] = {
        var reordered = FlightTable.steps.filter { !($0.0 == Column.glider && $0.1 == nil) }
        reordered.insert((Column.glider, nil), at: reordered.firstIndex { $0.0 == Column.task && $0.1 == nil }!)
        return reordered
    }()

    /// `contest`: the flights' stored analyses by id (``ContestSummary``); a flight with a track and none shows "—".
    /// `tasks`: the flights' task results by id; the Task column is there only when one of `flights` has a task.
    package static func render(
        _ flights: [Flight], width: Int = 80, contest: [Int64: ContestSummary] = [:],
        tasks: [Int64: FlightTaskResult] = [:]
    ) -> String {
        let withTask = flights.contains { $0.id.map { tasks[$0] != nil } ?? false }
        let rows = flights.map { f in
            [
                String(f.id ?? 0) + (f.hasTrack ? "" : "*"), f.dateText, f.localText(.takeoffTime, \.hourMinute),
                f.localText(.landingTime, \.hourMinute), f.flightTimeText, contestCell(f, contest),
                taskMark(f.id.flatMap { tasks[$0] }), f.placeCell, f.details.gliderType ?? "",
                f.details.registration ?? "", f.details.pilot ?? "", f.secondPersonText,
                f.details.launchMethod.rawValue,
            ]
        }
        var table = TextTable(headers: Column.allCases.map(\.header))
        table.rows = rows
        table.rightAligned = [Column.id.rawValue, Column.time.rawValue, Column.contest.rawValue]
        var taskShown = false  // the legend goes with the column
        table.fit = { natural in
            let columns = fit(natural, width: width, withTask: withTask)
            taskShown = columns.contains { $0.0 == .task }
            return columns.map { ($0.rawValue, $1) }
        }
        let rendered = table.render()
        let legend =
            taskShown
            ? "\nTask: \(completedMark) declared task completed, \(notCompletedMark) declared, not completed" : ""
        return rendered + "\n" + footer(flights, width: width) + legend
    }

    /// The WeGlide-style "declared task flown" mark; a task declared but not completed has its own mark (a pilot
    /// wants to see the attempt: an outlanding on task is not a local soaring flight), a flight without one none.
    static let completedMark = "✓", notCompletedMark = "✗"

    static func taskMark(_ result: FlightTaskResult?) -> String {
        result.map { $0.completed ? completedMark : notCompletedMark } ?? ""
    }

    /// The free distance (6 legs, OLC classic and WeGlide) in km; "—" not analysed yet; blank without a track.
    static func contestCell(_ f: Flight, _ contest: [Int64: ContestSummary]) -> String {
        guard f.hasTrack else { return "" }
        return f.id.flatMap { contest[$0] }.map { decimal($0.freeSixKm, 1) + " km" } ?? "—"
    }

    /// The columns shown and their widths: the natural widths narrowed and columns dropped by ``steps`` until the
    /// table fits `width`.
    static func fit(_ natural: [Int], width: Int, withTask: Bool = false) -> [(Column, Int)] {
        var widths = natural
        var shown = Set(Column.allCases)
        if !withTask { shown.remove(.task) }
        func total() -> Int {
            let kept = Column.allCases.filter(shown.contains)
            return kept.map { widths[$0.rawValue] }.reduce(0, +) + 2 * (kept.count - 1)
        }
        for (column, narrowed) in withTask ? stepsWithTask : steps where total() > width {
            if let narrowed {
                widths[column.rawValue] = min(widths[column.rawValue], max(narrowed, displayCount(column.header)))
            } else {
                shown.remove(column)
            }
        }
        return Column.allCases.filter(shown.contains).map { ($0, widths[$0.rawValue]) }
    }

    /// The totals line (two lines when it would be wider than `width`) and the "no track" note.
    static func footer(_ flights: [Flight], width: Int) -> String {
        let total = totalMinutes(flights) * 60_000  // the sum of the lines' minutes
        let counted = flights.filter { !$0.unknown.contains(.launches) }
        let launches = counted.reduce(0) { $0 + $1.details.launches }
        let known = counted.filter { $0.details.launchMethod != .unknown }.reduce(0) { $0 + $1.details.launches }
        // A zone is named only when every flight has it (Warsaw and Berlin share UTC+02:00, not a name).
        let labels = Set(flights.map(\.zoneLabel)), offsets = Set(flights.map(\.offsetLabel))
        let zoneNote =
            labels.count == 1
            ? "times local, \(labels.first!)"
            : offsets.count == 1 ? "times local, \(offsets.first!)" : "times local at each take-off place"
        let outlandings = flights.filter(\.isOutlanding).count
        let manual = flights.filter { !$0.hasTrack }.count
        var text =
            "\(flights.count) flight\(flights.count == 1 ? "" : "s"), \(hoursMinutes(total)) h, "
            + "\(launches) launch\(launches == 1 ? "" : "es") (\(known) with a known method)"
            + (outlandings > 0 ? ", \(outlandings) outlanding\(outlandings == 1 ? "" : "s")" : "")
        text += displayCount(text) + 2 + displayCount(zoneNote) > width ? "\n\(zoneNote)" : "; \(zoneNote)"
        if let note = Flight.leftOutNote(flights) { text += "\n" + note }
        if manual > 0 { text += "\n* no track: entered by hand (flightlog add)" }
        if flights.contains(where: \.endedInFlight) {
            text += "\nrecording ended in flight: the landing time is the last fix's, the flight time the recorded time"
        }
        return text
    }
}
