// swift-tools-version: 6.1
import PackageDescription

/// flightlog: a glider flight logger for a Raspberry Pi (gpsd + IIO barometer -> SQLite -> IGC/PDF/web).
///
/// Layout: `FlightLogCore` holds the domain and every algorithm and does no I/O; each C library sits
/// behind one system-library target imported by exactly one Swift module; the executables are thin.
let package = Package(
    name: "flightlog",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "flightlog", targets: ["flightlog"]),
        .executable(name: "flightlogd", targets: ["flightlogd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already in the graph through Hummingbird and PostgresNIO; named here because our code imports them directly.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.24.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        // C libraries, one small target each.
        .systemLibrary(name: "CGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),
        .systemLibrary(name: "CIIO", pkgConfig: "libiio", providers: [.apt(["libiio-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        // JPEG map tiles for the report's map (cairo reads PNG itself).
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),

        // Domain and logic, no I/O, no Foundation. Optimised in debug builds too: without it the tests that use Core
        // most take 1.6-1.9 times the CPU time and `make check` 1.5 times its time, in generic code (the airfield
        // list, its name search, the IGC reader, detection) the optimiser specialises (DEVELOPING.md, "Issue 39's
        // figures").
        .target(name: "FlightLogCore", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Flight analysis over Core: contest distance, thermals and glides, the scoring window. Pure, no I/O.
        // Optimised in debug builds too: it is the tests' hot path (a 7-hour flight's contest analysis took 9.4 s
        // unoptimised, 0.53 s at -O).
        .target(
            name: "FlightLogAnalysis", dependencies: ["FlightLogCore"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Airspace over Core: the OpenAir reader, the geometry, infringements and findings. Pure, no I/O; optimised
        // in debug builds too, as it was inside Core (the country files' infringement search).
        .target(
            name: "FlightLogAirspace", dependencies: ["FlightLogCore"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The logbook's interfaces over analysis and airspace: `LogbookSource` (this glider's file or the club's),
        // `ClubBackend`, `ClubContest`. Pure, so that the club's code needs no SQLite module for them.
        .target(name: "FlightLogLogbook", dependencies: ["FlightLogCore", "FlightLogAnalysis", "FlightLogAirspace"]),
        // flightlog.toml: TOML 1.0 read by toml++ (TOMLKit, C++), then mapped to settings by FlightLogCore.
        // The only importer of `TOMLKit`, so that Core stays plain Swift (the fuzzers compile it standalone).
        .target(
            name: "FlightLogConfigFile", dependencies: ["FlightLogCore", .product(name: "TOMLKit", package: "TOMLKit")]),
        // XCSoar task files (.tsk, XML): libxml2 through FoundationXML's XMLParser, then the task. The only importer
        // of FoundationXML, so that Core stays free of Foundation.
        .target(name: "FlightLogTaskFile", dependencies: ["FlightLogCore"]),
        // SQLite flight store (GRDB over the system libsqlite3).
        .target(
            name: "FlightLogStore",
            dependencies: [
                "FlightLogCore", "FlightLogAnalysis", "FlightLogAirspace", "FlightLogLogbook",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            exclude: ["Airfields/Data/README.md"], resources: [.copy("Airfields/Data/airfields.tsv")]),
        // gpsd (libgps) and IIO barometer (libiio) readers.
        .target(name: "FlightLogSensors", dependencies: ["FlightLogCore", "CGPS", "CIIO"]),
        // Signatures and hashes (swift-crypto): the device key, signed IGC files, SHA-256, HMAC, PBKDF2.
        // The only importer of `Crypto`.
        .target(
            name: "FlightLogSecurity",
            dependencies: [
                "FlightLogCore", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        // The recorder service: fusion, detection, durability, systemd.
        .target(
            name: "FlightLogDaemon",
            dependencies: [
                "FlightLogCore", "FlightLogStore", "FlightLogSensors", "FlightLogSecurity",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // PDF logbook and flight reports (cairo + pango; libjpeg for JPEG map tiles).
        .target(
            name: "FlightLogReports",
            dependencies: ["FlightLogCore", "FlightLogAnalysis", "FlightLogAirspace", "CPangoCairo", "CJPEG"]),
        // The flight simulator (a glider's track and pressure, faults to inject, NMEA sentences): pure, no I/O.
        .target(name: "FlightLogSimulation", dependencies: ["FlightLogCore"]),
        // `flightlog replay`: a simulated GNSS receiver and fake barometer tree for the live path on a PC.
        .target(name: "FlightLogReplay", dependencies: ["FlightLogCore", "FlightLogSimulation"]),
        // Getting the log in and out: the importer, the exporter, complete files or none, the ZIP of many flights,
        // the USB stick export, the airspace import; what `flightlog import` and `export` do, said in FlightLogText.
        .target(
            name: "FlightLogTransfer",
            dependencies: [
                "FlightLogCore", "FlightLogLogbook", "FlightLogStore", "FlightLogReports", "FlightLogSecurity",
                "FlightLogAirspace", "FlightLogText", "FlightLogAnalysis", "FlightLogTaskFile", "FlightLogConfigFile",
                "FlightLogSync",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        // What `flightlog` prints: the list table, CSV and JSON, `show`, its analysis block and barogram, `stats`.
        // Pure text from FlightLogCore values: no ArgumentParser, no database, no I/O.
        .target(name: "FlightLogText", dependencies: ["FlightLogCore", "FlightLogAnalysis", "FlightLogAirspace"]),
        // The phone's pages as pure functions: HTML, SVG charts, forms, query and cookie parsing, sessions and
        // password hashes. No I/O and no Hummingbird or NIO: the http fuzz target builds this target on its own.
        .target(
            name: "FlightLogWeb",
            dependencies: ["FlightLogCore", "FlightLogAnalysis", "FlightLogAirspace", "FlightLogSecurity"]),
        // `flightlog serve`: the logbook in the phone's browser (HTML, SVG, downloads, guarded edits): the web app
        // over the logbook, and the Hummingbird adapter (routes, responses, streaming, connection guards).
        .target(
            name: "FlightLogServer",
            dependencies: [
                "FlightLogCore", "FlightLogAnalysis", "FlightLogAirspace", "FlightLogLogbook", "FlightLogWeb",
                "FlightLogStore", "FlightLogReports", "FlightLogText",
                "FlightLogSecurity", "FlightLogTransfer", "FlightLogWeGlide",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // `flightlog sync`: the club's PostgreSQL logbook (push flights and edits, pull the club's edits).
        // The only importer of `PostgresNIO`.
        .target(
            name: "FlightLogSync",
            dependencies: [
                "FlightLogCore", "FlightLogAnalysis", "FlightLogAirspace", "FlightLogLogbook", "FlightLogStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
            ]),

        // `flightlog upload`: WeGlide's upload API and aircraft list. The only importer of `AsyncHTTPClient`.
        .target(
            name: "FlightLogWeGlide",
            dependencies: [
                "FlightLogCore", "FlightLogAnalysis", "FlightLogStore", "FlightLogSecurity",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ]),

        .executableTarget(
            name: "flightlog",
            dependencies: [
                "FlightLogCore", "FlightLogAnalysis", "FlightLogAirspace", "FlightLogConfigFile", "FlightLogStore",
                "FlightLogLogbook", "FlightLogReports",
                "FlightLogServer",
                "FlightLogSecurity", "FlightLogTransfer", "FlightLogReplay", "FlightLogSimulation", "FlightLogSync",
                "FlightLogText", "FlightLogWeb", "FlightLogWeGlide",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Not optimised in a release either: Swift 6.3.1's optimiser crashes (signal 11, splitting an async
            // `run()`'s coroutine around a throwing call) on this target; it only parses and calls the libraries.
            swiftSettings: [.unsafeFlags(["-Onone"], .when(configuration: .release))]),
        // benchmarks/run.py's in-process measurements; built by the benchmark, never installed.
        .executableTarget(
            name: "flightlog-bench",
            dependencies: [
                "FlightLogCore", "FlightLogAnalysis", "FlightLogStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "flightlogd",
            dependencies: [
                "FlightLogDaemon", "FlightLogConfigFile", "FlightLogCore", "FlightLogStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Helpers every test target shares (package paths, the shared flights, temporary folders, free ports,
        // running processes); a plain target so that test targets can depend on it, in no product.
        .target(name: "FlightLogTestSupport", dependencies: ["FlightLogCore"], path: "Tests/FlightLogTestSupport"),
        .testTarget(
            name: "FlightLogCoreTests",
            dependencies: [
                "FlightLogCore", "FlightLogAnalysis", "FlightLogAirspace", "FlightLogSimulation", "FlightLogTaskFile",
                "FlightLogTestSupport",
            ]),
        .testTarget(
            name: "FlightLogAnalysisTests",
            dependencies: ["FlightLogAnalysis", "FlightLogCore", "FlightLogSimulation", "FlightLogTestSupport"]),
        .testTarget(
            name: "FlightLogAirspaceTests",
            dependencies: ["FlightLogAirspace", "FlightLogCore", "FlightLogTestSupport"]),
        .testTarget(
            name: "FlightLogConfigFileTests",
            dependencies: ["FlightLogConfigFile", "FlightLogCore", "FlightLogTestSupport"]),
        .testTarget(
            name: "FlightLogSecurityTests",
            dependencies: [
                "FlightLogSecurity", "FlightLogCore", "FlightLogTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "FlightLogStoreTests",
            dependencies: [
                "FlightLogStore", "FlightLogCore", "FlightLogAnalysis", "FlightLogLogbook", "FlightLogTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "FlightLogSensorsTests",
            dependencies: [
                "FlightLogSensors", "FlightLogCore", "CGPS", "FlightLogSimulation", "FlightLogReplay",
                "FlightLogTestSupport",
            ]),
        .testTarget(
            name: "FlightLogDaemonTests",
            dependencies: [
                "FlightLogDaemon", "FlightLogConfigFile", "FlightLogCore", "FlightLogAnalysis", "FlightLogStore",
                "FlightLogSensors",
                "FlightLogTestSupport", .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "FlightLogReportsTests",
            dependencies: [
                "FlightLogReports", "FlightLogCore", "FlightLogAnalysis", "FlightLogAirspace", "FlightLogTestSupport",
            ]),
        .testTarget(
            name: "FlightLogServerTests",
            dependencies: [
                "FlightLogServer", "FlightLogWeb", "FlightLogStore", "FlightLogCore", "FlightLogAnalysis",
                "FlightLogAirspace", "FlightLogLogbook", "FlightLogText", "FlightLogTransfer",
                "FlightLogSecurity", "FlightLogSimulation", "FlightLogTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .testTarget(
            name: "FlightLogTextTests",
            dependencies: ["FlightLogText", "FlightLogCore", "FlightLogAnalysis", "FlightLogTestSupport"]),
        .testTarget(
            name: "FlightLogWebTests",
            dependencies: ["FlightLogWeb", "FlightLogCore", "FlightLogSecurity", "FlightLogTestSupport"]),
        // Against a real PostgreSQL server the tests start themselves (initdb + pg_ctl on a free loopback port): the
        // gliders' sync and the club logbook's web pages.
        .testTarget(
            name: "FlightLogSyncTests",
            dependencies: [
                "FlightLogSync", "FlightLogServer", "FlightLogWeb", "FlightLogStore", "FlightLogCore",
                "FlightLogAnalysis", "FlightLogAirspace",
                "FlightLogLogbook", "FlightLogTestSupport", "flightlog",
            ]),
        // The import and export services in process: the importer, the exporter, the output checks, the stick.
        .testTarget(
            name: "FlightLogTransferTests",
            dependencies: [
                "FlightLogTransfer", "FlightLogCore", "FlightLogLogbook", "FlightLogStore", "FlightLogReports",
                "FlightLogSimulation", "FlightLogTestSupport",
            ]),
        .testTarget(
            name: "FlightLogWeGlideTests", dependencies: ["FlightLogWeGlide", "FlightLogCore", "FlightLogTestSupport"]),
        // Runs the built executables against real gpsd, libiio, SQLite files and PDFs.
        .testTarget(
            name: "FlightLogEndToEndTests",
            dependencies: [
                "FlightLogCore", "FlightLogAnalysis", "FlightLogAirspace", "FlightLogLogbook", "FlightLogStore",
                "FlightLogReports",
                "FlightLogSecurity", "FlightLogTransfer", "FlightLogSimulation", "FlightLogTestSupport", "flightlog",
                "flightlogd",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
