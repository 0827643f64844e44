import FlightLogTestSupport
import Foundation

/// Runs poppler-utils and friends for the PDF checks.
enum Tool {
    static func exists(_ name: String) -> Bool {
        ["/usr/bin", "/usr/local/bin", "/bin"].contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    static var hasPoppler: Bool { exists("pdftotext") && exists("pdfinfo") && exists("pdffonts") }

    /// Runs `name args`, returns stdout (throws on a non-zero exit).
    static func run(_ name: String, _ args: [String]) throws -> String {
        let result = try runProcess("/usr/bin/env", [name] + args)
        guard result.status == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(name) failed"])
        }
        return result.stdout
    }

    static func pageCount(_ pdf: String) throws -> Int? {
        let info = try run("pdfinfo", [pdf])
        let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
        return line.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
    }

    /// Writes a rendered document to `path` for the poppler tools.
    static func save(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A fresh scratch directory under /tmp.
    static func scratch(_ name: String) -> String {
        (try? makeTemporaryDirectory("flightlog-reports-\(name)").path) ?? NSTemporaryDirectory()
    }

    /// With `FLIGHTLOG_KEEP_ARTIFACTS=1`, copies a rendered file to the git-ignored `artifacts/` folder
    /// of the package so a person can look at it.
    static func keep(_ path: String, as name: String) {
        guard ProcessInfo.processInfo.environment["FLIGHTLOG_KEEP_ARTIFACTS"] == "1" else { return }
        let root = packageRoot.appendingPathComponent("artifacts")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let target = root.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try? FileManager.default.copyItem(at: URL(fileURLWithPath: path), to: target)
    }
}
