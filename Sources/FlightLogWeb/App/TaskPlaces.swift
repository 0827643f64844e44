import FlightLogCore
import Foundation

/// The task page's steps on the task being built (``TaskPage``), pure: its places are names that
/// `flightlog task declare --points` finds (``AirfieldIndex/match(named:)``: a code, a whole name, or a part of a
/// name only one place has), so the page declares exactly what the command would.
package enum TaskPlaces {
    /// Most places a task holds: start, 99 turnpoints, finish (what `task declare` takes, the IGC C records'
    /// two-digit turnpoint count).
    package static let maxPoints = CUPTaskReader.maxTaskWaypoints - 2
    /// Most candidates listed for a name that finds several places, or that comes close to one.
    static let maxCandidates = 12

    /// The names of a task being built: one a line, blank lines and spaces around a name dropped.
    package static func keys(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    package static func tooMany(_ count: Int) -> String {
        "A task holds at most \(maxPoints) points (start, 99 turnpoints, finish); this one has \(count): the rest are "
            + "left out."
    }

    /// `field` as a place of the task: the first of its code, its name and its label that finds it alone (its name
    /// when none does: declaring then names the places it is confused with).
    package static func place(_ field: Airfield, in index: AirfieldIndex) -> TaskPage.Place {
        let key =
            [field.code, field.name, field.label].compactMap { $0 }.first { index.match(named: $0) == .field(field) }
            ?? field.name
        return TaskPage.Place(key: key, label: field.label, coordinate: field.coordinate)
    }

    /// Applies the query's step to `draft`: `add` (a candidate's name), `find` with `op=find`, or
    /// `op=up:K|down:K|remove:K`; what the search found, for the page. Problems (a full task, a step of another
    /// page) are appended to `problems`.
    package static func step(
        _ query: [String: String], draft: inout [TaskPage.Place], index: AirfieldIndex, problems: inout [String]
    ) -> TaskPage.Found? {
        func add(_ field: Airfield) -> TaskPage.Found? {
            guard draft.count < maxPoints else {
                problems.append(tooMany(draft.count + 1))
                return nil
            }
            let place = place(field, in: index)
            draft.append(place)
            return .added(place.label)
        }
        if let name = query["add"].map({ $0.trimmingCharacters(in: .whitespaces) }), !name.isEmpty {
            if case .field(let field) = index.match(named: name) { return add(field) }
            problems.append("'\(name)' no longer names one place.")
            return nil
        }
        let op = query["op"] ?? ""
        if op == "find" {
            let name = (query["find"] ?? "").trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return nil }
            switch index.match(named: name) {
            case .field(let field): return add(field)
            case .ambiguous(let fields):
                return .several(query: name, fields.prefix(maxCandidates).map { place($0, in: index) })
            case .none:
                return .unknown(query: name, suggestions(name, in: index).map { place($0, in: index) })
            }
        }
        let parts = op.split(separator: ":")
        guard parts.count == 2, let k = Int(parts[1]), draft.indices.contains(k) else { return nil }
        switch parts[0] {
        case "up" where k > 0: draft.swapAt(k, k - 1)
        case "down" where k < draft.count - 1: draft.swapAt(k, k + 1)
        case "remove": draft.remove(at: k)
        default: break
        }
        return nil
    }

    /// Places whose name holds `text` anywhere (case ignored), for a name that finds none: a typing slip or a
    /// name's middle ("neuenahr" for "Bad Neuenahr-Ahrweiler" is found as it is; "euenahr" only here).
    static func suggestions(_ text: String, in index: AirfieldIndex) -> [Airfield] {
        let needle = text.lowercased()
        guard needle.count >= 3 else { return [] }
        var found: [Airfield] = []
        for field in index.fields where field.name.lowercased().contains(needle) {
            found.append(field)
            if found.count == maxCandidates { break }
        }
        return found
    }

    /// `task declare --points`'s refusal in the page's words (no option names).
    package static func words(_ message: String) -> String {
        message.replacing("--points: ", with: "").replacing("--points names", with: "The task names")
    }
}
