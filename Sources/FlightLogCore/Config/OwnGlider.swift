/// This device's glider as the config names it (`glider_type`, `registration`, `[glider] index`), and the one rule
/// for which flights are its flights: the ones the config's `[glider] index` scores and `[weglide] aircraft_id`
/// uploads as (`FlightAnalysis.configuredIndex`, `WeGlideUpload.configuredAircraft`, the club sync's figures).
package struct OwnGlider: Sendable, Hashable {
    /// The config's `glider_type`.
    package var type: String?
    /// The config's `registration`.
    package var registration: String?
    /// The config's `[glider] index`: the handicap of this glider's flights (nil: each flight's glider type's).
    package var index: Double?

    package init(type: String? = nil, registration: String? = nil, index: Double? = nil) {
        (self.type, self.registration, self.index) = (type, registration, index)
    }

    /// Whether a flight of `source` whose details name `gliderType` and `registration` is this glider's. One this
    /// device recorded, or entered by hand, is. An imported file's is when its glider type names the configured
    /// type (``gliderTypeKey(_:)``: the same model, and the same span where both name one: "ASG-29E (18m)" is an
    /// "ASG 29") and, where both name a registration, the registrations are the same (``registrationKey(_:)``). A
    /// file that names no type is not, nor is any file when the config names no type: a stranger's file (or the
    /// club's other ASK 21) is scored and uploaded as what it says.
    package func flew(source: FlightSource, gliderType: String?, registration: String?) -> Bool {
        guard case .imported = source else { return true }
        guard let own = Self.typeKey(type), let theirs = Self.typeKey(gliderType), own.model == theirs.model,
            own.spanMeters == nil || theirs.spanMeters == nil || own.spanMeters == theirs.spanMeters
        else { return false }
        guard let ownMark = Self.mark(self.registration), let mark = Self.mark(registration)
        else { return true }
        return ownMark == mark
    }

    /// ``flew(source:gliderType:registration:)`` for `flight` as its details stand now.
    package func flew(_ flight: Flight) -> Bool {
        flew(source: flight.source, gliderType: flight.details.gliderType, registration: flight.details.registration)
    }

    private static func typeKey(_ name: String?) -> (model: String, spanMeters: Int?)? {
        guard let name, case let key = gliderTypeKey(name), !key.model.isEmpty else { return nil }
        return key
    }

    private static func mark(_ text: String?) -> String? {
        guard let text, case let key = registrationKey(text), !key.isEmpty else { return nil }
        return key
    }
}

extension FlightLogConfig {
    /// This device's glider as this config names it.
    package var ownGlider: OwnGlider { OwnGlider(type: gliderType, registration: registration, index: gliderIndex) }
}
