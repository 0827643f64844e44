/// One IGC file read and cut into logbook flights, not yet stored (``IGCImport/flights(in:fileName:sha256:strict:zoneNear:)``).
package struct ImportedFile: Sendable {
    package var fileName: String
    package var sha256: String
    /// The file as read, kept verbatim in the logbook.
    package var bytes: [UInt8]
    package var file: IGCFile
    package var flights: [Flight]
}

/// Why a file was not imported, in words for the pilot (what is wrong, what to do).
package struct ImportFailure: Error, CustomStringConvertible, Equatable {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// The pure part of importing an IGC file, shared by every importer (the CLI, the fuzz target): the tolerant read
/// (or the strict one), the import detector, the logbook details read from the headers as a pilot would (a
/// placeholder name is nobody), each flight's time zone from its takeoff, and a remark on a flight whose takeoff
/// or landing was not seen. The file itself keeps its headers raw.
///
/// The config's defaults for new flights are never filled in: they are this device's glider and pilot, and an
/// imported file is somebody's flight as its file says, blanks included (a file without a pilot is unknown and
/// counts no time). `flightlog repair` restores flights imported before this was so (``ImportedDetailsRepair``).
package enum IGCImport {
    /// The remark of a flight whose recording starts in the air or ends before the landing.
    package static let notDetectedRemark = "take-off/landing not detected: times are the recording's first and last fix"

    /// - Parameters:
    ///   - sha256: the file's SHA-256 in hex (it names the import: the same file is never imported twice).
    ///   - zoneNear: the time zone rules at a place (tzdata on the system).
    /// - Throws: ``ImportFailure`` when the file is not usable IGC or holds no flight; nothing is half done.
    package static func flights(
        in bytes: [UInt8], fileName: String, sha256: String, strict: Bool,
        zoneNear: (Coordinate) -> TimeZoneRules
    ) throws(ImportFailure) -> ImportedFile {
        let file: IGCFile
        do {
            file = try IGCReader.read(bytes, strict: strict)
        } catch {
            throw ImportFailure(
                "not a usable IGC file: \(error)" + (strict ? " (--strict: without it the valid lines import)" : ""))
        }
        let detected = FlightSegmenter.flightsForImport(file.track.fixes, extensions: file.track.recorder.extensions)
        guard !detected.isEmpty else {
            let n = file.skippedLines
            let damage = file.warnings.first.map {
                " (\(n) damaged line\(n == 1 ? "" : "s") skipped, the first at \($0))"
            }
            throw ImportFailure("no flight found: the file has fewer than two valid fixes" + (damage ?? ""))
        }
        let details = logbookDetails(file.headers)
        let source = FlightSource.imported(fileName: fileName, sha256: sha256)
        let flights = detected.map { d -> Flight in
            let rules = zoneNear(d.takeoffCoordinate)
            var flightDetails = details
            if !d.landingDetected { flightDetails.remarks = notDetectedRemark }
            var flight = Flight(
                detected: d, details: flightDetails, source: source, hasBarometer: file.hasBarometer,
                timeZoneIdentifier: rules.identifier, utcOffsetSeconds: rules.offsetSeconds(at: d.takeoffTime))
            flight.competitionClass = HeaderValues.meaningful(file.headers.competitionClass)
            return flight
        }
        return ImportedFile(fileName: fileName, sha256: sha256, bytes: bytes, file: file, flights: flights)
    }

    /// The headers as the logbook reads them (``HeaderValues``): placeholders are nobody, a crew member is crew.
    package static func logbookDetails(_ h: IGCHeaders) -> FlightDetails {
        let crew = HeaderValues.personName(h.crew)
        return FlightDetails(
            pilot: HeaderValues.personName(h.pilot), secondPerson: crew, secondPersonRole: crew == nil ? nil : .crew,
            gliderType: HeaderValues.gliderType(h.gliderType), registration: HeaderValues.registration(h.registration),
            competitionId: HeaderValues.meaningful(h.competitionId))
    }
}

extension FlightLogConfig {
    /// The defaults the config file gives new flights.
    package var defaultDetails: FlightDetails {
        FlightDetails(pilot: pilot, gliderType: gliderType, registration: registration, competitionId: competitionId)
    }
}
