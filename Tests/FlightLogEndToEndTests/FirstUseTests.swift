import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Synchronization
import Testing

/// A new logbook used by many processes at once from its first moment: the schema is set up exactly once,
/// whoever comes first, and nobody sees a half-made schema.
@Suite("first use of a new logbook", .serialized, .timeLimit(.minutes(4)))
struct FirstUseTests {
    /// Eight `flightlog import` processes, `flightlog list` and an in-process writer (as flightlogd) start together
    /// on a database path that does not exist yet (nor its folder), several times over.
    @Test func parallelImportsIntoANewDatabaseAllLand() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try ParallelUseTests().simulatedFiles(8, in: dir)
        for round in 0..<4 {
            let db = dir.appendingPathComponent("round\(round)/logbook/flights.sqlite")
            let failures = Mutex<[String]>([])
            let imported = Mutex<[Int64]>([])
            Parallel.run(files.count + 2) { n in
                do {
                    if n < files.count {
                        let r = try CLI.run(["import", files[n]], database: db, in: dir)
                        if r.status != 0 || !r.stderr.isEmpty {
                            failures.withLock { $0.append("import \(files[n]): exit \(r.status): \(r.stderr)") }
                        }
                        imported.withLock { $0 += ParallelUseTests().importedIds(r.stdout) }
                    } else if n == files.count {
                        // The recorder opening the new logbook in the middle of it.
                        let store = try FlightStore(path: db.path, mode: .readWrite)
                        _ = try store.beginRecording(
                            recorder: RecorderInfo(manufacturer: "XFL", serial: "NEW", recorderType: "stand-in"))
                    } else {
                        // A reader: either "no flight database" (nothing yet) or a list, never a schema error.
                        let r = try CLI.run(["list"], database: db, in: dir)
                        if r.status != 0 && !r.stderr.contains("import a flight") {
                            failures.withLock { $0.append("list: exit \(r.status): \(r.stderr)") }
                        }
                    }
                } catch {
                    failures.withLock { $0.append("\(n): \(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty, "round \(round): \(failures.withLock { $0 })")
            #expect(Set(imported.withLock { $0 }).count == files.count, "round \(round)")
            let store = try FlightStore(path: db.path, mode: .readOnly)
            #expect(try store.count(matching: FlightFilter()) == files.count, "round \(round)")
        }
    }

    /// Sixteen stores (as sixteen processes would: each its own connections) open one new path at once, many times:
    /// the migrations' first read and their writes used to interleave ("table recording already exists").
    @Test func sixteenFirstOpensAtOnceSetUpTheSchemaOnce() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for round in 0..<30 {
            let path = dir.appendingPathComponent("r\(round)/flights.sqlite").path
            let failures = Mutex<[String]>([])
            Parallel.run(16) { n in
                do {
                    _ = try FlightStore(path: path, mode: n % 4 == 3 ? .readOnly : .readWrite)
                } catch let error as LogbookError where error.code == .missingDatabase {
                    // A reader before the first writer created the file: "no flight database", as for any reader.
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty, "round \(round): \(failures.withLock { $0 })")
        }
    }
}
