import FlightLogCore
import Foundation

/// An upload whose answer never arrived (the connection cut after sending, or the process died before storing
/// WeGlide's `201`) is settled by asking WeGlide's flight list rather than sent twice blindly (docs/WEGLIDE.md).
extension WeGlideUpload {
    /// How long WeGlide may take to list a flight it took: an upload younger than this that the list lacks stays
    /// uncertain (WeGlide reads a file after answering).
    static let listingDelay: Int64 = 15 * 60_000

    /// Asks WeGlide whether the upload of `flight` begun at `since` arrived: a flight of the account's pilot in the
    /// list at an overlapping time is this one (a pilot flies one flight at a time), stored with that id.
    /// - Returns: the outcome when settled or still uncertain; nil when WeGlide has no such flight and the upload
    ///   is old enough: the pending mark is cleared and the flight may be sent again.
    func settle(_ flight: Flight, since: UTCMillis, now: UTCMillis) async -> Outcome? {
        let id = flight.id!
        let uncertainty = "flight \(id): an upload began at \(iso8601UTC(since)) and its answer never arrived"
        // WeGlide's scoring date is the flight's day: the UTC day of the take-off and the days beside it.
        let day = CivilDate(daysSinceEpoch: flight.takeoffTime >= 0 ? flight.takeoffTime / 86_400_000 : -1)
        do {
            let body = try await api.flights(
                userId: account.userId, from: day.adding(days: -1).description, to: day.adding(days: 1).description)
            guard let listed = WeGlideAnswers.listedFlights(body) else {
                throw WeGlideTransportError.server(
                    status: 200, detail: "the flight list is not a list: \(WeGlideAnswers.excerpt(body))")
            }
            let same = listed.filter {
                $0.userId == Int64(account.userId) && $0.takeoff < flight.landingTime && $0.landing > flight.takeoffTime
            }.min { $0.id < $1.id }
            if let same {
                try store.markWeGlideUploaded(
                    flightId: id, weglideId: same.id, at: Date(timeIntervalSince1970: Double(since) / 1000))
                say("\(uncertainty), and WeGlide lists it: WeGlide flight \(same.id) (\(WeGlideState.link(same.id)))")
                return .done
            }
            if now - since < Self.listingDelay {
                let after = CivilDateTime(utc: since + Self.listingDelay)
                say(
                    "\(uncertainty), and WeGlide does not list it yet (it may still be reading the file): run "
                        + "flightlog upload \(id) again after \(after.hourMinute) UTC")
                return .needsAttention
            }
            try store.clearWeGlidePending(flightId: id)
            say(
                "\(uncertainty), and WeGlide lists no flight of user \(account.userId) at that time: sending it again")
            return nil
        } catch {
            say(
                "\(uncertainty), so it may be on WeGlide, and WeGlide's flight list could not be asked (\(error)): look "
                    + "at https://www.weglide.org/user/\(account.userId), then run flightlog upload --again \(id) if it "
                    + "is not there")
            return .needsAttention
        }
    }
}
