import Foundation

/// The package root: the folder holding Package.swift (`scripts/`, `samples/`, `Tests/FuzzCorpus/`).
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The directory of the running test binary: SwiftPM builds the executables (`flightlog`, `flightlogd`) there too.
public let productsDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent()

/// A built executable of the package, e.g. `builtExecutable("flightlog")` (present after `swift build --build-tests`).
public func builtExecutable(_ name: String) -> URL { productsDirectory.appendingPathComponent(name) }

/// The real IGC files of other recorders in `<package root>/../shared/flights` (never copied into the project).
/// Tests that use them are enabled only when the folder is there, so the suite also passes without it.
public enum SharedFlights {
    public static let directory = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/flights")

    /// Whether the shared flights are present (their README.md describes them).
    public static var available: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("README.md").path)
    }

    /// The IGC files there (`.igc` in any case), sorted by path; empty when the folder is missing.
    public static func files() -> [URL] {
        let all = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return all.filter { $0.pathExtension.lowercased() == "igc" }.sorted { $0.path < $1.path }
    }

    public static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The shared flight `name` when present, else the generated flight that ships with the project.
    public static func path(preferring name: String, fallback: String = "samples/simulated-winch.igc") -> String {
        let shared = directory.appendingPathComponent(name).path
        return FileManager.default.fileExists(atPath: shared)
            ? shared : packageRoot.appendingPathComponent(fallback).path
    }
}
