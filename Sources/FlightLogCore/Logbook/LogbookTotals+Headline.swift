/// The stats headline, one wording for `flightlog stats`, the phone's stats page and the PDF logbook: the owner's
/// flights first, the flights the owner did not fly apart (they count no time and no launches).
extension LogbookTotals {
    /// Flights listed that the owner did not fly: as passenger, not aboard, or imported without a pilot's name.
    package var notFlown: Int { flights - flown }

    /// `9 flights`: the flights the owner flew, as the headline and every total count them.
    package var flownCount: String { Self.count(flown, "flight", "flights") }

    /// `9 flights · 25:32 hours · 11 launches`: what the owner flew.
    package var ownerHeadline: String {
        "\(flownCount) · \(hoursMinutes(minutes * 60_000)) hours · " + Self.count(launches, "launch", "launches")
    }

    /// `13 other flights (passenger, not aboard or pilot unknown) count no time.`; nil when the owner flew every
    /// flight. Fits an 80-column terminal with `stats`' indent.
    package var othersHeadline: String? {
        guard notFlown > 0 else { return nil }
        return "\(notFlown) other flight\(notFlown == 1 ? "" : "s") (passenger, not aboard or pilot unknown) "
            + "count\(notFlown == 1 ? "s" : "") no time."
    }

    /// `+ 13 other flights, no time`: the others beside a row of totals (the PDF logbook's); nil when the owner
    /// flew every flight.
    package var othersBeside: String? {
        notFlown > 0 ? "+ \(Self.count(notFlown, "other flight", "other flights")), no time" : nil
    }

    static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
}
