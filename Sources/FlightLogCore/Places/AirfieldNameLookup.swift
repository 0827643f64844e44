/// What a place a pilot typed (`--takeoff-place Merzbrück`) names among the known fields.
package enum AirfieldNameMatch: Sendable, Equatable {
    /// Exactly one field: by its code, its whole name, or a part of its name no other field has.
    case field(Airfield)
    /// No field: the text is a place of the pilot's own.
    case none
    /// Several fields, sorted by name: the pilot must say which (by code or more of the name).
    case ambiguous([Airfield])
}

extension AirfieldIndex {
    /// The field a pilot means by `text`, case, accents and punctuation ignored ("merzbruck", "Aachen Merzbrück"
    /// and "EDKA" all name `Aachen-Merzbrück Airport (EDKA)`), first rule that finds any field decides:
    /// 1. its code; 2. its whole name; 3. a part of its name starting at a word ("Merzbr", "Kückhoven"); 4. its
    /// words in any order, each the start of a word of the name ("Merzbrück Aachen", as names match elsewhere).
    /// One field is a match; several are ambiguous (two fields with one code, or a part shared by many names).
    /// When nothing matches, `ae`, `oe` and `ue` are read as `a`, `o` and `u` on both sides and the rules tried once
    /// more: German typed without umlaut keys ("Merzbrueck", "Moenchengladbach") finds the field too.
    package func match(named text: String) -> AirfieldNameMatch {
        let key = Self.nameKey(text)
        guard !key.isEmpty else { return .none }
        let found = match(key: key) { Self.nameKey($0) }
        let plain = Self.umlautsFolded(key)
        guard found == .none, plain != key else { return found }
        return match(key: plain) { Self.umlautsFolded(Self.nameKey($0)) }
    }

    /// `key` with `ae`, `oe`, `ue` as `a`, `o`, `u` (the German spelling of ä, ö, ü without those keys).
    static func umlautsFolded(_ key: String) -> String {
        key.replacing("ae", with: "a").replacing("oe", with: "o").replacing("ue", with: "u")
    }

    /// The three rules of ``match(named:)`` for `key`, each name keyed by `nameKey`.
    private func match(key: String, nameKey: (String) -> String) -> AirfieldNameMatch {
        let codeKey = String(key.filter { $0 != " " })
        let byCode = fields.filter { $0.code.map { Self.nameKey($0) == codeKey } ?? false }
        if !byCode.isEmpty { return Self.decide(byCode) }
        let keyed = fields.map { (field: $0, key: nameKey($0.name)) }
        let byName = keyed.filter { $0.key == key }.map(\.field)
        if !byName.isEmpty { return Self.decide(byName) }
        let needle = " " + key
        let byPart = keyed.filter { (" " + $0.key).contains(needle) }.map(\.field)
        let words = key.split(separator: " ")
        guard byPart.isEmpty, words.count > 1 else { return Self.decide(byPart) }
        return Self.decide(
            keyed.filter { entry in
                let nameWords = entry.key.split(separator: " ")
                return words.allSatisfy { word in nameWords.contains { $0.hasPrefix(word) } }
            }.map(\.field))
    }

    /// The field `text` names when exactly one does (see ``match(named:)``), else nil.
    package func field(named text: String) -> Airfield? {
        if case .field(let field) = match(named: text) { return field }
        return nil
    }

    /// ``searchKey(_:)`` with every character that is not a letter or digit read as a space: `Aachen-Merzbrück`
    /// and `aachen merzbruck` give the same key, and each word of a name starts after a space.
    static func nameKey(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Most names are ASCII: the same key without the Unicode tables (a lookup folds ~45,000 names).
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                let lower = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
                let isWordByte = (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower)
                if isWordByte {
                    bytes.append(lower)
                } else if let last = bytes.last, last != 0x20 {
                    bytes.append(0x20)
                }
            }
            if bytes.last == 0x20 { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
        let spaced = searchKey(text).unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil ? Character(scalar) : " "
        }
        return String(spaced).split(separator: " ").joined(separator: " ")
    }

    private static func decide(_ found: [Airfield]) -> AirfieldNameMatch {
        switch found.count {
        case 0: .none
        case 1: .field(found[0])
        default:
            .ambiguous(
                found.sorted {
                    ($0.name, $0.code ?? "", $0.coordinate.latitude) < ($1.name, $1.code ?? "", $1.coordinate.latitude)
                })
        }
    }
}

/// A place as a pilot types it (`flightlog add`/`edit --takeoff-place/--landing-place`, the phone's edit form):
/// the field it names, else the text itself; `=` first keeps the rest as the pilot's own text, looked up nowhere
/// (a farmer's field that is no airfield, or a name that is also part of an airfield's name).
package enum PlaceEntry: Sendable, Equatable {
    /// The text after `=`, or text that names no field: stored as typed, no airfield, no time zone.
    case ownText(String)
    case field(Airfield)
    /// Several fields: the pilot must say which, or put `=` first to keep the text.
    case ambiguous(text: String, [Airfield])

    package static let ownTextPrefix = "="

    package init(_ text: String, in index: AirfieldIndex) {
        if text.hasPrefix(Self.ownTextPrefix) {
            let own = text.dropFirst().drop(while: \.isWhitespace)
            self = .ownText(String(own.prefix(own.count - own.reversed().prefix(while: \.isWhitespace).count)))
            return
        }
        switch index.match(named: text) {
        case .field(let field): self = .field(field)
        case .none: self = .ownText(text)
        case .ambiguous(let fields): self = .ambiguous(text: text, fields)
        }
    }

    /// The error for ``ambiguous(text:_:)``: the candidates (at most 8), how to name one, and how to keep the text.
    /// `what` names the input (`--landing-place`, `Landing place`).
    package func ambiguityMessage(_ what: String) -> String? {
        guard case .ambiguous(let text, let fields) = self else { return nil }
        let shown = fields.prefix(8).map { "  \($0.label)" + ($0.code == nil ? " at \($0.coordinate.shortText)" : "") }
        let more = fields.count > shown.count ? ["  … and \(fields.count - shown.count) more"] : []
        let example = fields.first { $0.code != nil }?.code ?? fields[0].name
        return (["\(what) '\(text)' matches \(fields.count) airfields:"] + shown + more).joined(separator: "\n")
            + "\nWhich one? give its code (e.g. \(example)) or more of its name; or, to log your own place "
            + "(a field that is no airfield), put = first: '=\(text)'."
    }
}
