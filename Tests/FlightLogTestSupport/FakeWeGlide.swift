import Foundation

/// scripts/fake-weglide.py on a free loopback port (the end-to-end and the phone page tests): WeGlide's upload and
/// aircraft calls, each request checked against WeGlide's schema (a request that breaks it is answered 422, which
/// the tests see as a failure).
/// Sendable: nothing changes after `init` (the server is another process; its log is a file).
public final class FakeWeGlide: @unchecked Sendable {
    let process = Process()
    public let folder: URL
    public private(set) var port = 0

    public var url: String { "http://127.0.0.1:\(port)" }
    public var log: URL { folder.appendingPathComponent("requests.jsonl") }

    /// `options`: `--answer 503`, `--hang`.
    public init(in directory: URL, options: [String] = []) throws {
        folder = directory.appendingPathComponent("weglide-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", packageRoot.appendingPathComponent("scripts/fake-weglide.py").path, "--log", log.path,
                "--files", folder.appendingPathComponent("files").path,
            ] + options
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        if port == 0 { throw CocoaError(.fileReadCorruptFile) }
    }

    /// SIGKILL: the test process blocks SIGTERM in the threads children inherit their signal mask from.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Every request so far, as logged (method, path, fields, status, flightId, saved).
    public func requests() -> [[String: Any]] {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    public var uploads: [[String: Any]] { requests().filter { $0["method"] as? String == "POST" } }
}
