@testable import FlightLogCore

/// What a fuzz run made of one input: a short summary, and a violated invariant if any (the fuzz target traps
/// on it so that libFuzzer keeps the input; the regression tests assert there is none).
struct FuzzOutcome: Sendable, CustomStringConvertible {
    var summary: String
    var violation: String?

    init(_ summary: String, violation: String? = nil) {
        self.summary = summary
        self.violation = violation
    }

    var description: String { violation.map { "VIOLATION \($0) (\(summary))" } ?? summary }
}

/// The code paths of the Core fuzz targets (`Fuzz/*.swift`, built by `scripts/fuzz.sh`), compiled into both the
/// fuzzers and `FuzzRegressionTests`: every stored input runs through exactly what the fuzzer ran.
/// Only Core is reachable here; the CLI's database steps are left out.
enum FuzzPipelines {
    /// `flightlog import` of one file (``IGCImport``, up to storing), then `export --igc` (and KML/GPX/GeoJSON) of
    /// every flight found: tolerant read, the import detector with launch analysis, the track through the storage
    /// codec (must come back identical), each flight written as IGC with the export's ±60 s margin and read back
    /// (must be readable).
    static func igc(_ bytes: [UInt8]) -> FuzzOutcome {
        // The logbook upgrade's header-only reader (migration v16: the competition class of every kept file) reads
        // any bytes without a trap, whatever the importer makes of them.
        _ = IGCReader.headers(bytes)
        // The importer's own pure step (the one `flightlog import` runs before it stores the flights).
        let imported: ImportedFile
        do {
            imported = try IGCImport.flights(
                in: bytes, fileName: "fuzz.igc", sha256: "0123456789abcdef", strict: false,
                zoneNear: { .fixed(identifier: "Solar", offsetSeconds: solarOffsetSeconds(longitude: $0.longitude)) })
        } catch {
            return FuzzOutcome("rejected: \(error)")
        }
        let file = imported.file
        let track = file.track
        let stored: [Fix]
        do {
            stored = try TrackCodec.decode(TrackCodec.encode(track.fixes))
        } catch {
            return FuzzOutcome("import", violation: "the stored track does not decode: \(error)")
        }
        guard stored == track.fixes else {
            return FuzzOutcome("import", violation: "the stored track decodes differently")
        }
        let h = file.headers
        // The logbook reads the headers as the importer does (HeaderValues); reading twice changes nothing.
        let person = HeaderValues.personName
        for raw in [h.pilot, h.crew] where person(person(raw)) != person(raw) {
            return FuzzOutcome("headers", violation: "personName is not stable on \(String(describing: raw))")
        }
        if HeaderValues.registration(HeaderValues.registration(h.registration))
            != HeaderValues.registration(h.registration)
        {
            return FuzzOutcome(
                "headers", violation: "registration is not stable on \(String(describing: h.registration))")
        }
        for flight in imported.flights {
            let offset = flight.utcOffsetSeconds
            _ = (flight.localDate, hoursMinutes(flight.duration))
            let window = stored.filter {
                $0.time >= flight.takeoffTime - 60_000 && $0.time <= flight.landingTime + 60_000
            }
            let headers = IGCHeaderValues(
                pilot: h.pilot, crew: h.crew, gliderType: h.gliderType, registration: h.registration,
                competitionId: h.competitionId, gpsReceiver: track.recorder.gpsReceiver ?? "unknown",
                pressureSensor: file.hasBarometer ? (track.recorder.pressureSensor ?? "unknown,unknown,max9000m") : nil,
                timeZoneOffsetHours: Double(offset) / 3600)
            let exported = IGCWriter.write(
                fixes: window, extensions: track.recorder.extensions, headers: headers, serial: "FLG",
                flightNumberOfDay: 1,
                comments: ["LAUNCH \(flight.details.launchMethod.rawValue.uppercased())"])
            do {
                _ = try IGCReader.read(exported)
            } catch {
                return FuzzOutcome("export", violation: "our own IGC export does not read back: \(error)")
            }
            _ = (GeoExport.kml(flight: flight, fixes: window), GeoExport.gpx(flight: flight, fixes: window))
            _ = GeoExport.geojson(flight: flight, fixes: window)
        }
        return FuzzOutcome("imported: \(imported.flights.count) flight(s), \(track.fixes.count) fixes")
    }

    /// tzdata files: a TZif file (input starting with `TZif`; offsets and abbreviations asked for instants from
    /// 1900 to 2200, as imports of any IGC date do) or else `zone1970.tab` text (the zone nearest to a few places).
    static func timeZone(_ bytes: [UInt8]) -> FuzzOutcome {
        if bytes.starts(with: Array("TZif".utf8)) {
            let rules: TimeZoneRules
            do {
                rules = try TimeZoneRules(identifier: "Fuzz/Zone", tzif: bytes)
            } catch {
                return FuzzOutcome("rejected: \(error)")
            }
            let year: Int64 = 31_556_952_000
            var sum = 0
            for step in stride(from: -70 * year, through: 230 * year, by: Int(year / 5)) {
                sum &+= rules.offsetSeconds(at: step) &+ rules.abbreviation(at: step + 3_600_000).utf8.count
            }
            return FuzzOutcome("rules: \(sum)")
        }
        let locator = TimeZoneLocator(zone1970Tab: String(decoding: bytes, as: UTF8.self))
        let places = [(50.8, 6.2), (-33.9, 18.4), (89.9, -179.9), (-90, 180), (0, 0)]
        let found = places.compactMap { locator.identifier(near: Coordinate(latitude: $0.0, longitude: $0.1)) }
        return FuzzOutcome("zones: \(found.count)")
    }

    /// A track blob from a database file (someone else's logbook): decode, then what reading and exporting the
    /// flight do with it (re-encoding must give the same fixes, the detector, the IGC writer, KML/GPX/GeoJSON).
    static func trackCodec(_ bytes: [UInt8]) -> FuzzOutcome {
        let fixes: [Fix]
        do {
            fixes = try TrackCodec.decode(bytes)
        } catch {
            return FuzzOutcome("rejected: \(error)")
        }
        guard (try? TrackCodec.decode(TrackCodec.encode(fixes))) == fixes else {
            return FuzzOutcome("decoded", violation: "re-encoded fixes decode differently")
        }
        let extensions = [FixExtension(code: "FXA", length: 3), FixExtension(code: "SIU", length: 2)]
        let flights = FlightSegmenter.flights(in: fixes, extensions: extensions)
        let exported = IGCWriter.write(
            fixes: fixes, extensions: extensions, headers: IGCHeaderValues(pilot: "Fuzz"), serial: "FLG",
            flightNumberOfDay: 1)
        if let first = fixes.first, let last = fixes.last {
            let flight = Flight(
                takeoffTime: first.time, landingTime: last.time, takeoffCoordinate: first.coordinate,
                landingCoordinate: last.coordinate, releaseTime: nil, details: FlightDetails(), source: .recorded,
                maxAltitude: nil, takeoffAltitude: nil, maxDistanceFromTakeoff: 0, pathLength: 0, hasBarometer: true,
                timeZoneIdentifier: nil, utcOffsetSeconds: 0)
            _ = (GeoExport.kml(flight: flight, fixes: fixes), GeoExport.gpx(flight: flight, fixes: fixes))
            _ = GeoExport.geojson(flight: flight, fixes: fixes)
        }
        return FuzzOutcome("decoded: \(fixes.count) fixes, \(flights.count) flight(s), \(exported.count) IGC bytes")
    }
}
