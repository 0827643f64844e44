/// IGC header values as logbook entries: a recorder's placeholder (`undefined`, `NIL`, `not set`, `---`)
/// is nobody, `_` stands for a space, and a name written in capitals (`TOBIAS_BIENIEK`) reads as one
/// (`Tobias Bieniek`). The imported file itself keeps its raw headers.
package enum HeaderValues {
    /// Values recorders and apps write for "nothing entered" (compared case-insensitively, without spaces).
    static let placeholders: Set<String> = [
        "undefined", "nil", "null", "none", "notset", "unknown", "n/a", "notentered", "notrecorded",
        "pilot", "pilotname", "name", "copilot", "crew", "crew2", "glidertype", "gliderid", "registration",
    ]

    /// The value with `_` as spaces, runs of spaces collapsed, trimmed; nil for nothing or a placeholder.
    package static func meaningful(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let words = raw.replacing("_", with: " ").split(whereSeparator: \.isWhitespace)
        let text = words.joined(separator: " ")
        let bare = String(text.lowercased().filter { !$0.isWhitespace })
        if bare.isEmpty || bare.allSatisfy({ "-?.*/_".contains($0) }) || placeholders.contains(bare) { return nil }
        return text
    }

    /// A person's name: ``meaningful(_:)``, and in capitals only, each word capitalised (`MÜLLER-LÜDENSCHEID`
    /// → `Müller-Lüdenscheid`, `O'NEIL` → `O'Neil`). Names with any small letter are left as written.
    package static func personName(_ raw: String?) -> String? {
        guard let text = meaningful(raw) else { return nil }
        guard !text.contains(where: \.isLowercase), text.contains(where: \.isUppercase) else { return text }
        var out = ""
        var startOfWord = true
        for character in text {
            out += startOfWord ? character.uppercased() : character.lowercased()
            startOfWord = !character.isLetter
        }
        return out
    }

    /// A glider type: ``meaningful(_:)`` (`DG_303` → `DG 303`); its capitals are kept (`ASK 21`, `LS 4`).
    package static func gliderType(_ raw: String?) -> String? { meaningful(raw) }

    /// A registration: `_` and spaces between its parts read as the usual `-` (`D_0221` → `D-0221`).
    package static func registration(_ raw: String?) -> String? {
        meaningful(raw).map { $0.replacing(" ", with: "-") }
    }
}
