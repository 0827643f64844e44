import FlightLogCore
import FlightLogStore
import Foundation

/// What one `flightlog sync` did.
package struct SyncSummary: Sendable, Equatable {
    /// Flights the server did not have before.
    package var pushedFlights = 0
    /// Edits made here that the server did not have before.
    package var pushedEdits = 0
    /// Edits made elsewhere (the club, another device) that this logbook did not have before.
    package var pulledEdits = 0
    /// Flights deleted here that the club logbook showed until now.
    package var pushedDeletions = 0
    /// One line per pulled edit that was refused (a value no local edit may set), naming flight and field.
    package var refusedEdits: [String] = []
    /// Flights of this logbook the club logbook showed on WeGlide (uploaded from elsewhere): not uploaded again.
    package var foundOnWeGlide = 0
    /// Lines about the server itself (one not upgraded yet), printed after the summary.
    package var notes: [String] = []

    package init(pushedFlights: Int = 0, pushedEdits: Int = 0, pulledEdits: Int = 0, pushedDeletions: Int = 0) {
        self.pushedFlights = pushedFlights
        self.pushedEdits = pushedEdits
        self.pulledEdits = pulledEdits
        self.pushedDeletions = pushedDeletions
    }

    /// `pushed 3 flights, 2 edits; pulled 1 edit` (`pushed 3 flights, 2 edits, 1 deletion; …` after a deletion).
    package var line: String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let deletions = pushedDeletions > 0 ? ", \(count(pushedDeletions, "deletion"))" : ""
        let weglide = foundOnWeGlide > 0 ? "; \(count(foundOnWeGlide, "flight")) already on WeGlide" : ""
        return
            "pushed \(count(pushedFlights, "flight")), \(count(pushedEdits, "edit"))\(deletions); pulled \(count(pulledEdits, "edit"))\(weglide)"
    }
}

/// `flightlog sync`: pushes this logbook's finished flights (tracks, original files, details) and its edits to the
/// club logbook, then pulls the club's edits of this device's flights. A local row is marked pushed only after the
/// server committed it, and the server ignores what it already has, so a sync cut off anywhere and run again
/// neither loses nor duplicates anything.
package enum LogbookSync {
    /// Hooks for tests: called inside each recording's transaction before COMMIT, and after COMMIT before the
    /// recording is marked pushed here.
    package struct Hooks: Sendable {
        package var beforeCommit: @Sendable (_ recording: Int) async throws -> Void = { _ in }
        package var afterCommit: @Sendable (_ recording: Int) async throws -> Void = { _ in }
        package init() {}
    }

    /// - Parameter deviceName: stored with the device on the server (e.g. the host name).
    /// - Throws: ``SyncError``, one line saying what to do. What was committed before the error stays committed.
    package static func run(
        store: FlightStore, url: SyncURL, password: String?, deviceName: String? = nil, glider: OwnGlider,
        hooks: Hooks = Hooks()
    ) async throws(SyncError) -> SyncSummary {
        let device: (uuid: String, editCursor: Int64)
        do { device = try store.syncDevice() } catch { throw SyncError(.local, error.description) }
        let logbook = try await ClubLogbook.connect(
            url: url, password: password, device: device.uuid, deviceName: deviceName)
        do {
            let summary = try await run(
                store: store, logbook: logbook, cursor: device.editCursor, glider: glider, hooks: hooks)
            await logbook.close()
            return summary
        } catch {
            await logbook.close()
            throw error
        }
    }

    private static func run(
        store: FlightStore, logbook: ClubLogbook, cursor: Int64, glider: OwnGlider, hooks: Hooks
    )
        async throws(SyncError) -> SyncSummary
    {
        var summary = SyncSummary()
        let pending = try local { () throws(LogbookError) in try store.recordingsToPush() }
        for (index, outline) in pending.enumerated() {
            let recording = try local { () throws(LogbookError) in try store.recordingToPush(id: outline.id) }
            let result = try await logbook.push(recording) { try await hooks.beforeCommit(index) }
            try await logbook.run { try await hooks.afterCommit(index) }
            try local { () throws(LogbookError) in
                try store.markPushed(recording: recording.id, fingerprint: recording.fingerprint)
            }
            summary.pushedFlights += result.newFlights
        }
        let edits = try local { () throws(LogbookError) in try store.editsToPush() }
        let pushed = try await logbook.push(edits: edits)
        try local { () throws(LogbookError) in try store.markEditsPushed(pushed.held) }
        summary.pushedEdits = pushed.new
        let deletions = try local { () throws(LogbookError) in try store.deletionsToPush() }
        summary.pushedDeletions = try await logbook.push(deletions: deletions)
        try local { () throws(LogbookError) in try store.markDeletionsPushed(deletions.map(\.flightUuid)) }
        var after = cursor
        while true {
            let page = try await logbook.edits(after: after)
            let pulled = try local { () throws(LogbookError) in
                try store.applyPulledEdits(page.edits, cursor: page.cursor)
            }
            summary.pulledEdits += pulled.added
            summary.refusedEdits += pulled.refused
            guard page.edits.count == 1000 else { break }
            after = page.cursor
        }
        // Flights uploaded to WeGlide from elsewhere (after the pulled edits, which may name the pilot or glider).
        let notOnWeGlide = try local { () throws(LogbookError) in try store.flightsNotOnWeGlide() }
        let onWeGlide = try await logbook.weglideUploads(of: notOnWeGlide)
        summary.foundOnWeGlide = try local { () throws(LogbookError) in try store.applyClubWeGlide(onWeGlide) }
        // Every flight's contest figures, after the pulled edits (an edited glider type changes the points); the
        // server changes the rows that differ.
        if logbook.hasContest {
            let contest = try local { () throws(LogbookError) in try store.clubContest(glider: glider) }
            _ = try await logbook.push(contest: contest)
        }
        // The class, task and analysis after the contest figures, which store the analyses they made again.
        if logbook.hasKept {
            let kept = try local { () throws(LogbookError) in try store.clubKept() }
            _ = try await logbook.push(kept: kept)
        } else {
            summary.notes.append(notUpgraded)
        }
        return summary
    }

    /// What sync says when the server lacks the class, task and analysis columns (a glider's own login may not add
    /// them): the flights synced, without those.
    package static let notUpgraded =
        "the club logbook keeps no competition class, declared task or analysis yet, so they were not sent: "
        + "upgrade it with this flightlog as its admin (`flightlog club users --database postgres://…`)"

    private static func local<T>(_ body: () throws(LogbookError) -> T) throws(SyncError) -> T {
        do { return try body() } catch { throw SyncError(.local, error.description) }
    }
}
