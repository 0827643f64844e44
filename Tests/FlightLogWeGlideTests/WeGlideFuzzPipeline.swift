import FlightLogCore
import FlightLogWeGlide
import Foundation

/// Any bytes as one of WeGlide's answers (docs/WEGLIDE.md): the upload's `201` list, its `400`/`422` detail, the
/// aircraft list and the match of a glider type against it. Shared by the `weglide` libFuzzer target
/// (Fuzz/weglide.swift) and WeGlideFuzzRegressionTests. Returns the violation of an invariant, nil when none.
enum WeGlideFuzzPipeline {
    static func run(_ bytes: [UInt8]) -> String? {
        let ids = WeGlideAnswers.createdFlightIds(bytes)
        if WeGlideAnswers.createdFlightIds(bytes) != ids { return "two answers for one 201 body" }
        if let detail = WeGlideAnswers.detail(bytes), detail.allSatisfy(\.isWhitespace) { return "a blank refusal" }
        if WeGlideAnswers.excerpt(bytes).isEmpty { return "an empty excerpt" }
        // The flight list: each flight read has a whole id and user and times that read back the same.
        if let listed = WeGlideAnswers.listedFlights(bytes), listed != WeGlideAnswers.listedFlights(bytes) {
            return "two answers for one flight list"
        }
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        if let millis = WeGlideAnswers.utcMillis(text), WeGlideAnswers.utcMillis(iso8601UTC(millis)) != millis {
            return "\(text) read as \(millis), which does not read back"
        }
        guard let catalogue = try? AircraftCatalogue(weglideJSON: bytes, fetchedAt: Date(timeIntervalSince1970: 0))
        else { return nil }
        // Each aircraft's own name finds it, or (two aircraft of one name) nothing: never another type.
        for aircraft in catalogue.aircraft.prefix(50) {
            guard let found = catalogue.match(gliderType: aircraft.name) else { continue }
            if !catalogue.search(found.name).contains(found) { return "\(found) matched but is not found by search" }
            if catalogue.match(gliderType: found.name) != found { return "two matches for \(found.name)" }
        }
        // What the first bytes say as a glider type never matches two different aircraft.
        let typed = String(decoding: bytes.prefix(24), as: UTF8.self)
        if let found = catalogue.match(gliderType: typed), !catalogue.aircraft.contains(found) {
            return "matched an aircraft not in the list"
        }
        return nil
    }
}
