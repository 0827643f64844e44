import FlightLogCore
import FlightLogStore
import Foundation
import Logging

/// How fixes reach the disk. With a live journal (``RecorderSettings/journalPath``) each second's fixes are one
/// O_DIRECT write of a sector or two to the journal, and they move into SQLite once a minute (``settle()``), before
/// anything reads them back (takeoff, landing) and at shutdown: the SD card sees ~2.4 MB an hour instead of a WAL
/// frame and a checkpoint per second, and a power cut still loses at most the last second. Without a journal,
/// or once it fails, each flush is its own SQLite commit.
extension Recorder {
    /// Commits what a power cut left in the journal at `path` to its recording (only fixes later than the
    /// recording's newest stored one: the newest record may hold fixes settled just before the cut), then opens
    /// the journal, settled. Nil when the journal cannot be used: the recorder then commits to SQLite, and a
    /// journal whose fixes could not be recovered stays untouched for the next start.
    static func openJournal(at path: String, store: FlightStore, logger: Logger) -> LiveJournal? {
        if let (recordingId, fixes) = LiveJournal.recover(path: path) {
            do {
                let last = try store.lastFixTime(recording: recordingId)
                let unsaved = fixes.filter { fix in last.map { fix.time > $0 } ?? true }
                try store.append(fixes: unsaved, toRecording: recordingId)
                logger.notice(
                    "recovered the last fixes before a power cut from the live journal",
                    metadata: ["recording": "\(recordingId)", "fixes": "\(unsaved.count)", "journal": "\(path)"])
            } catch  where error.code == .notFound {
                // The database was replaced since (a restored backup): the fixes are kept aside, not lost.
                let aside = path + ".unrecovered"
                rename(path, aside)
                logger.error(
                    "the live journal holds fixes of a recording this database does not have: moved aside",
                    metadata: ["recording": "\(recordingId)", "fixes": "\(fixes.count)", "file": "\(aside)"])
            } catch {
                logger.error(
                    "cannot recover the fixes in the live journal: kept for the next start, fixes go to the database",
                    metadata: ["journal": "\(path)", "error": "\(error)"])
                return nil
            }
        }
        do {
            let journal = try LiveJournal(path: path)
            try journal.settled()
            return journal
        } catch {
            logger.warning("no live journal: each fix is its own database commit", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// How the journal writes, nil without one.
    var journalMode: LiveJournal.WriteMode? { journal?.mode }
    /// Fixes on disk in the journal only, not yet in SQLite.
    var unsettledCount: Int { journal?.unsettled.count ?? 0 }

    /// Makes the pending fixes durable: one journal record when the journal is in use, else an SQLite commit.
    /// Settles the journal into SQLite when ``RecorderSettings/settleNanos`` have passed.
    func flush(now: Int64) {
        guard !pending.isEmpty, let recordingId else { return }
        if let journal {
            do {
                try journal.append(pending, recordingId: recordingId)
                pendingDurable()
                if clockNow() - lastSettle >= settings.settleNanos { settle() }
                return
            } catch {
                abandonJournal(error)
            }
        }
        commitPending(recordingId)
    }

    /// Moves the journal's fixes into SQLite (one transaction), then marks them settled in the journal. On a
    /// database error they stay in the journal and the next flush retries.
    func settle() {
        guard let journal, let recordingId, !journal.unsettled.isEmpty else {
            lastSettle = clockNow()
            return
        }
        do {
            try store.append(fixes: journal.unsettled, toRecording: recordingId)
            databaseWritableAgain()
        } catch {
            databaseFailed(error, pending: journal.unsettled.count)
            return
        }
        lastSettle = clockNow()
        do {
            try journal.settled()
        } catch {
            // The fixes are in SQLite; the journal still offers them, and recovery skips what SQLite holds.
            logger.error(
                "the live journal failed: each fix is its own database commit now", metadata: ["error": "\(error)"])
            self.journal = nil
        }
    }

    /// Pending fixes and everything in the journal go to SQLite, now and from now on.
    private func abandonJournal(_ error: LiveJournalError) {
        logger.error(
            "the live journal failed: each fix is its own database commit now", metadata: ["error": "\(error)"])
        if let journal {
            // Their latency was counted when the journal took them.
            pendingArrivals.insert(contentsOf: repeatElement(Int64.max, count: journal.unsettled.count), at: 0)
            pending.insert(contentsOf: journal.unsettled, at: 0)
        }
        journal = nil
    }

    /// Commits the pending fixes in one transaction. On failure they stay pending and are retried.
    private func commitPending(_ recordingId: Int64) {
        do {
            try store.append(fixes: pending, toRecording: recordingId)
            pendingDurable()
            databaseWritableAgain()
        } catch {
            databaseFailed(error, pending: pending.count)
        }
    }

    /// The pending fixes are on disk: their latency is counted and the list emptied.
    private func pendingDurable() {
        let durable = clockNow()
        lastCommit = durable
        for arrival in pendingArrivals where arrival <= durable { latencies.add(durable - arrival) }
        pending.removeAll(keepingCapacity: true)
        pendingArrivals.removeAll(keepingCapacity: true)
    }

    private func databaseWritableAgain() {
        if storeFailing { logger.notice("database writable again") }
        storeFailing = false
    }

    private func databaseFailed(_ error: LogbookError, pending count: Int) {
        if !storeFailing { logger.error("cannot write fixes", metadata: ["error": "\(error)", "pending": "\(count)"]) }
        storeFailing = true
    }
}
