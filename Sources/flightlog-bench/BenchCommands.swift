import ArgumentParser
import FlightLogAnalysis
import FlightLogCore
import FlightLogStore
import Foundation

/// In-process measurements for `benchmarks/run.py`: its own executable, not part of what is installed.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flightlog-bench",
        abstract: "In-process benchmarks for benchmarks/run.py.",
        subcommands: [IGCWrite.self, IGCParse.self, MakeDatabase.self, Analyse.self, Contest.self, TaskScoreBench.self])

    /// Writes one IGC file's fixes again and again; prints seconds per write as JSON.
    struct IGCWrite: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "igc-write")
        @Argument var file: String
        @Option var iterations = 20

        func run() throws {
            let parsed = try IGCReader.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))
            let headers = IGCHeaderValues(
                pilot: "Bench", gliderType: "ASK 21", registration: "D-1234", pressureSensor: "Bosch,BMP280,max9000m")
            var bytes = 0
            let elapsed = ContinuousClock().measure {
                for _ in 0..<iterations {
                    bytes &+=
                        IGCWriter.write(
                            fixes: parsed.track.fixes, extensions: parsed.track.recorder.extensions, headers: headers,
                            serial: "BEN", flightNumberOfDay: 1
                        ).count
                }
            }
            printResult(
                "igc-write", fixes: parsed.track.fixes.count, iterations: iterations, elapsed: elapsed, extra: bytes)
        }
    }

    /// Parses IGC files again and again (bytes read once); prints seconds per pass over all files.
    struct IGCParse: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "igc-parse")
        @Argument var files: [String]
        @Option var iterations = 20

        func run() throws {
            let contents = try files.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
            var fixes = 0
            let elapsed = try ContinuousClock().measure {
                for _ in 0..<iterations {
                    for bytes in contents { fixes &+= try IGCReader.read(bytes).track.fixes.count }
                }
            }
            printResult("igc-parse", fixes: fixes / iterations, iterations: iterations, elapsed: elapsed, extra: 0)
        }
    }

    /// Fills a database with `flights` simulated flights (years of flying) for the query benchmarks.
    struct MakeDatabase: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "make-db")
        @Argument var path: String
        @Option var flights = 10_000
        @Option(name: .customLong("fixes-per-flight")) var fixesPerFlight = 120

        func run() throws {
            let store = try FlightStore(path: path, mode: .readWrite)
            let people = [
                "Müller, Jürgen", "Øyvind Ærø", "Çağrı Şahin", "Ιωάννης Παπαδόπουλος", "Anna Schmidt", "John Doe",
            ]
            let gliders = [("ASK 21", "D-1234"), ("LS 4", "D-1445"), ("Duo Discus", "D-KKHH"), ("DG 303", "D-3952")]
            let start = CivilDate(year: 2000, month: 1, day: 1).utcMidnight
            for n in 0..<flights {
                let takeoff = start + Int64(n) * 21_600_000 + 36_000_000  // one flight every 6 h
                let fixes = (0..<fixesPerFlight).map { i -> Fix in
                    let t = Double(i)
                    return Fix(
                        time: takeoff + Int64(i) * 1000, latitude: 50.8 + t * 1e-4, longitude: 6.18 + t * 1e-4,
                        pressureAltitude: 180 + t * 3, gnssAltitude: 230 + t * 3, extensions: "")
                }
                let glider = gliders[n % gliders.count]
                var details = FlightDetails(
                    pilot: n % 7 == 0 ? people[n % people.count] : "Doe, Jane", gliderType: glider.0,
                    registration: glider.1, launchMethod: n % 2 == 0 ? .winch : .aerotow)
                switch n % 5 {
                case 0: (details.secondPerson, details.secondPersonRole) = (people[n % people.count], .instructor)
                case 1: (details.secondPerson, details.secondPersonRole) = (people[(n + 1) % people.count], .guest)
                default: break
                }
                let flight = Flight(
                    takeoffTime: takeoff, landingTime: takeoff + Int64(fixesPerFlight - 1) * 1000,
                    takeoffCoordinate: fixes[0].coordinate, landingCoordinate: fixes[fixes.count - 1].coordinate,
                    details: details, source: .imported(fileName: "bench-\(n).igc", sha256: "bench-\(n)"),
                    maxAltitude: fixes.last?.pressureAltitude, takeoffAltitude: 180, utcOffsetSeconds: 3600)
                _ = try store.importFlights(
                    track: Track(recorder: RecorderInfo(manufacturer: "XFL", serial: "BEN"), fixes: fixes),
                    fileName: "bench-\(n).igc", sha256: "bench-\(n)", flights: [flight])
            }
            print("{\"flights\": \(flights)}")
        }
    }
}

extension Bench {
    /// Analyses every flight of one IGC file (contest routes, scoring window) again and again, as import and
    /// landing do; prints seconds per pass.
    struct Analyse: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "analyse")
        @Argument var file: String
        @Option var iterations = 3

        func run() throws {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            let parsed = try IGCImport.flights(
                in: bytes, fileName: file, sha256: "", strict: false,
                zoneNear: { _ in .fixed(identifier: "UTC", offsetSeconds: 0) })
            let fixes = parsed.file.track.fixes
            var km = 0.0
            let elapsed = ContinuousClock().measure {
                for _ in 0..<iterations {
                    for flight in parsed.flights {
                        let inputs = FlightAnalysis.Inputs(
                            takeoff: flight.takeoffTime, landing: flight.landingTime, release: flight.releaseTime,
                            fixCount: fixes.count, index: nil)
                        let extensions = parsed.file.track.recorder.extensions
                        km +=
                            (FlightAnalysis.compute(fixes: fixes, extensions: extensions, inputs: inputs).freeSix?
                                .meters ?? 0) / 1000
                    }
                }
            }
            printResult("analyse", fixes: fixes.count, iterations: iterations, elapsed: elapsed, extra: Int(km))
        }
    }
}

extension Bench {
    /// Times each part of the analysis alone over a whole track (an IGC file's, or a synthetic one): free
    /// distance over 6 and 4 legs, the FAI triangle, thermals and glides; prints seconds per part as JSON: the
    /// thread's CPU time (what one core pays, also on a busy machine) and, as `<part>_wall`, the wall time.
    struct Contest: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "contest")
        @Argument var file: String?
        @Option(help: "glide, circling, zigzag or straight (one glide to the ground) instead of a file")
        var synthetic: String?
        @Option var hours = 10.0
        @Option(help: "straight: the height the glide loses (m)") var loss = 2000.0
        @Option(name: .customLong("per-second"), help: "straight: fixes a second (1: 1 Hz, 4: 4 Hz)")
        var perSecond = 1
        @Option(help: "only these parts, comma-separated: free6,free4,triangle,phases") var parts: String?

        func run() throws {
            let fixes: [Fix]
            if synthetic == "straight" {
                fixes = SyntheticTracks.straightGlide(hours: hours, loss: loss, perSecond: perSecond)
            } else if let synthetic {
                guard let kind = SyntheticTracks.Kind(rawValue: synthetic) else {
                    throw ValidationError("--synthetic: glide, circling, zigzag or straight")
                }
                fixes = SyntheticTracks.fixes(kind, hours: hours)
            } else if let file {
                fixes = try IGCReader.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))).track.fixes
            } else {
                throw ValidationError("give an IGC file or --synthetic")
            }
            let trace = ContestTrace(fixes: fixes)
            var triangleProven = true  // false: the search stopped at its node limit (maybe not the largest)
            // A free distance search stopped at its budget: its route, not proven, and the bound it proved.
            var unproven: [String: Meters] = [:]
            func free(_ name: String, legs: Int) -> Double? {
                let route = FreeDistance.optimum(trace, legs: legs)
                if let route, !route.isProven { unproven[name] = route.upperBound }
                return route?.distance
            }
            let all: [(String, () -> Double?)] = [
                ("free6", { free("free6", legs: 6) }),
                ("free4", { free("free4", legs: 4) }),
                (
                    "triangle",
                    {
                        let triangle = ClosedTriangle.optimum(trace, fai: true)
                        triangleProven = triangle?.isProven ?? true
                        return triangle?.distance
                    }
                ),
                ("phases", { FlightPhases.analyze(fixes).totals.cruiseDistance }),
            ]
            let wanted = parts.map { Set($0.split(separator: ",").map(String.init)) } ?? Set(all.map(\.0))
            guard wanted.isSubset(of: all.map(\.0)) else {
                throw ValidationError("--parts: free6, free4, triangle or phases, comma-separated")
            }
            var fields = ["\"fixes\": \(trace.count)"]
            for (name, body) in all where wanted.contains(name) {
                let cpuBefore = threadCPUSeconds()
                var result: Double?
                let elapsed = ContinuousClock().measure { result = body() }
                let cpu = threadCPUSeconds() - cpuBefore
                let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                fields += [
                    "\"\(name)\": \(cpu)", "\"\(name)_wall\": \(wall)", "\"\(name)_km\": \((result ?? 0) / 1000)",
                ]
            }
            if wanted.contains("triangle") { fields.append("\"triangle_proven\": \(triangleProven)") }
            for (name, bound) in unproven.sorted(by: { $0.key < $1.key }) {
                fields += ["\"\(name)_proven\": false", "\"\(name)_upper_km\": \(bound / 1000)"]
            }
            print("{" + fields.joined(separator: ", ") + "}")
        }
    }
}

/// CPU time of the calling thread so far, seconds.
private func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

private func printResult(_ name: String, fixes: Int, iterations: Int, elapsed: Duration, extra: Int) {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
        "{\"op\": \"\(name)\", \"fixes\": \(fixes), \"iterations\": \(iterations), \"seconds_per_op\": \(seconds / Double(iterations))}"
    )
}
