import FlightLogAnalysis
import FlightLogCore
import FlightLogLogbook
import FlightLogStore
import FlightLogText
import FlightLogTransfer
import FlightLogWeb
import Foundation

/// The declared task on the phone (docs/TASKS.md, "On the phone"): the flight page's task (picked and scored as
/// `flightlog show` does), and `/task`, where a pilot builds a task from the airfields and CUP waypoints and
/// declares it through the same calls as `flightlog task declare --points` (a glider's logbook only).
extension WebApp {
    /// The task that counts for `flight` (``FlightTaskReport/of(_:fixes:originalFile:declared:)``), scored on its
    /// fixes now (milliseconds), with `show`'s words; nil when the flight has none and its file's reader said nothing.
    func flightTask(_ flight: Flight, fixes: [Fix], extensions: [FixExtension], source: any LogbookSource) async throws
        -> (report: FlightTaskReport?, summary: TaskSummary)?
    {
        guard let id = flight.id else { return nil }
        let inputs = try await source.taskSources(forFlight: id)
        let found = FlightTaskReport.of(
            flight, fixes: fixes, extensions: extensions, originalFile: inputs.originalFile, declared: inputs.declared)
        guard let summary = FlightTaskReport.summary(found, flight: flight) else { return nil }
        return (found.report, summary)
    }

    /// `GET /task`: the pending declaration and the task being built (the query's `points`), after the step the
    /// query asks for: `find` (a name, as `--points` finds it), `add` (a candidate chosen), `op=up:K|down:K|remove:K`.
    func taskPage(_ query: [String: String], viewer: Viewer, notice: String? = nil, error: String? = nil) async throws
        -> WebResponse?
    {
        guard let local else { return nil }
        var problems = error.map { [$0] } ?? []
        let index: AirfieldIndex?
        do { index = try AirfieldCatalog.index().index } catch {
            index = nil
            problems.append("The airfield list cannot be read: \(error)")
        }
        var keys = TaskPlaces.keys(query[TaskPage.draftField] ?? "")
        if keys.count > TaskPlaces.maxPoints {
            problems.append(TaskPlaces.tooMany(keys.count))
            keys = Array(keys.prefix(TaskPlaces.maxPoints))
        }
        var draft: [TaskPage.Place] = []
        for key in keys {
            if let index, case .field(let field) = index.match(named: key) {
                draft.append(TaskPage.Place(key: key, label: field.label, coordinate: field.coordinate))
            } else {
                problems.append("'\(key)' no longer names one place: it is left out.")
            }
        }
        var found: TaskPage.Found?
        if let index {
            found = TaskPlaces.step(query, draft: &draft, index: index, problems: &problems)
        }
        let pending = try local.storeIfPresent()?.pendingTask()
        let page = TaskPage(
            pending: pending, pendingMap: pending.flatMap(taskMap), draft: draft,
            draftMap: draftMap(draft)?
                .replacing("id=\"map\"", with: "id=\"draft-map\""),
            found: found, error: problems.isEmpty ? nil : problems.joined(separator: " "), notice: notice,
            csrfToken: viewer.mayEdit ? viewer.session?.csrfToken : nil, editingEnabled: editingEnabled,
            loggedIn: viewer.loggedIn)
        return .html(page.render(), status: error == nil ? 200 : 400)
    }

    /// The task being built on its map, with a plain declaration's zones; none before it has a start and a finish.
    private func draftMap(_ draft: [TaskPage.Place]) -> String? {
        guard draft.count >= 2 else { return nil }
        let points = draft.map { TaskPoint(name: $0.label, coordinate: $0.coordinate, zone: .faiTurnpoint) }
        return taskMap(FlightTask(source: .declaration, points: FlightTask.withDeclarationZones(points)))
    }

    /// A map of `task` with its zones: the pending declaration's own (a task file's areas), the draft's a plain
    /// declaration's.
    private func taskMap(_ task: FlightTask) -> String? {
        let places = task.points.map(\.coordinate)
        guard places.count >= 2, var chart = MapChart(places: places, tileZooms: tileZooms) else { return nil }
        chart.addTask(task)
        return mapHTML(&chart)
    }

    /// `POST /task` (login and CSRF token as for an edit): declares the form's `points` through
    /// ``TaskDeclaration`` as `flightlog task declare --points` does (the same lookup, bounds, errors and store
    /// call; the time from the recorder's GPS). A refusal stores nothing and shows the page with the reason.
    func declareTask(_ request: WebRequest, viewer: Viewer, sessionId: String?) async throws -> WebResponse? {
        try await checkTaskEdit(request, viewer: viewer, sessionId: sessionId)
        let keys = TaskPlaces.keys(request.form[TaskPage.draftField] ?? "")
        let draft = [TaskPage.draftField: keys.prefix(TaskPlaces.maxPoints).joined(separator: "\n")]
        let task: FlightTask
        do {
            guard keys.count >= 2 else { throw TransferRefusal("A task needs at least a start and a finish.") }
            let index: AirfieldIndex
            do { index = try AirfieldCatalog.index().index } catch { throw TransferRefusal("\(error)") }
            task = try TaskDeclaration.task(points: keys, in: index)
        } catch {
            return try await taskPage(draft, viewer: viewer, error: "Not declared: " + TaskPlaces.words("\(error)"))
        }
        let store = try FlightStore(path: settings.databasePath, mode: .readWrite)
        _ = try TaskDeclaration.declare(task, in: store)
        return try await taskPage(
            [:], viewer: viewer,
            notice: "Declared: flightlogd gives it to the next flight it records that takes off after the declaration.")
    }

    /// `POST /task/clear`: forgets the pending declaration, as `flightlog task clear`.
    func clearTask(_ request: WebRequest, viewer: Viewer, sessionId: String?) async throws -> WebResponse? {
        try await checkTaskEdit(request, viewer: viewer, sessionId: sessionId)
        let store = try FlightStore(path: settings.databasePath, mode: .readWrite)
        return try await taskPage([:], viewer: viewer, notice: try TaskDeclaration.clear(in: store))
    }

    /// A declaration's POST: a glider's logbook with editing on, logged in, with the session's CSRF token.
    private func checkTaskEdit(_ request: WebRequest, viewer: Viewer, sessionId: String?) async throws {
        guard local != nil else {
            throw HTTPError(status: 404, title: "Not found", message: "There is no page at this address.")
        }
        guard editingEnabled else {
            throw HTTPError(
                status: 403, title: "Editing is off",
                message: "Declaring a task needs the edit password ([server] password_hash in the config file).")
        }
        try await checkedEditPost(
            request, viewer: viewer, sessionId: sessionId, needsLogin: "Declaring needs the password: log in first.")
    }
}
