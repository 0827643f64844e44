/// Case- and diacritic-insensitive search key for names, places and glider types, in any script.
///
/// "Çağrı Şahin", "ÇAĞRI ŞAHİN" and "cagri sahin" give the same key, as do "Müller, Jürgen" and
/// "muller, jurgen", or "Ιωάννης Παπαδόπουλος" and "ιωαννης παπαδοπουλος". Rules, per Unicode scalar:
/// full case folding (upper- then lower-case: ß→ss, final ς→σ, Turkish ı/İ→i), accents removed (combining marks
/// dropped; precomposed letters reduced to their base letter), ligatures spelled out (æ→ae, œ→oe, þ→th),
/// runs of whitespace collapsed to one space, leading/trailing whitespace removed.
///
/// FoundationEssentials has no canonical decomposition, so the base-letter table is derived once from the
/// standard library's Unicode character names ("LATIN SMALL LETTER O WITH STROKE" → "o"), which covers Latin,
/// Greek and Cyrillic letters with diacritics without a hand-written table.
package func searchKey(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in s.unicodeScalars {
        if scalar.properties.isWhitespace {
            pendingSpace = !out.isEmpty
            continue
        }
        if pendingSpace {
            out.append(" ")
            pendingSpace = false
        }
        if scalar.isASCII {
            out.append(scalar.properties.isUppercase ? Unicode.Scalar(scalar.value + 32)! : scalar)
            continue
        }
        for upper in scalar.properties.uppercaseMapping.unicodeScalars {
            for lower in upper.properties.lowercaseMapping.unicodeScalars {
                appendFolded(lower, to: &out)
            }
        }
    }
    return String(out)
}

/// Registration key: upper-case without hyphens, underscores and whitespace, so "d-1234", "D_1234" and "D1234"
/// match.
package func registrationKey(_ s: String) -> String {
    String(
        s.uppercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && !$0.properties.isWhitespace }.map(
            Character.init))
}

/// Key of a glider type as people type it: ``searchKey(_:)`` without spaces, `_` and `-`, so "LS 4", "ls4",
/// "LS_4" and "LS-4" match, and "ask 21" finds "ASK-21 Mi".
package func designationKey(_ s: String) -> String {
    String(searchKey(s).unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" }.map(Character.init))
}

/// A glider type name as the lists compare it, so that "ASG-29E (18m)", "asg 29 e 18 m" and "ASG 29-18" are
/// one type: case, spaces, `-`, `_`, `.`, `/` and brackets ignored; "Standard" is "Std"; the span, written
/// "18m", "18 m", "(18m)" or as a "-18" after the model number, taken apart; an engine suffix E, T or M right
/// after the model number or its variant letters dropped ("Ventus 2cxM" is the Ventus 2cx, "Ventus 3T" the
/// Ventus 3). A variant letter stays ("LS 4-b" is not "LS 4": a variant may have its own index). For every
/// list matched by type name (the handicap table, an aircraft catalogue: "LS_4" is "LS 4").
package func gliderTypeKey(_ name: String) -> (model: String, spanMeters: Int?) {
    var words = name.lowercased()
    if words.contains("standard") { words = words.replacing("standard", with: "std") }
    // Each regex only where a cheap test says it can match (they cost ~1 ms a name; the lists have ~700).
    let spanLike = zip(words, words.dropFirst()).contains { $1 == "m" && ($0.isNumber || $0.isWhitespace) }
    var span: Int?
    // "18m", "18 m", "(18m)", "18.0 m", not followed by a letter ("18ms" is no span).
    if spanLike, let range = words.firstMatch(of: #/(^|[^0-9.])([1-3][0-9])([.,]0)?\s*m(?![a-z])/#)?.range {
        let digits = words[range].filter(\.isNumber).prefix(2)
        span = Int(digits)
        let keep = words[range].first.map { $0.isNumber ? "" : String($0) } ?? ""
        words.replaceSubrange(range, with: keep)
    } else if words.contains("-"),
        let range = words.firstMatch(of: #/[0-9][a-z]{0,3}\s*-\s*[1-3][0-9]\s*$/#)?.range,
        let dash = words[range].lastIndex(of: "-")
    {
        // "LS 8-18", "ASW 28-18": a span after the model number (not "ASW-20", the model number itself).
        span = Int(words[words.index(after: dash)...].filter(\.isNumber))
        words.removeSubrange(dash..<words.endIndex)
    }
    var model = words.filter { !" -_./()[]\t".contains($0) }
    if model.last.map({ "etm".contains($0) }) == true, model.contains(#/[0-9][a-z]{0,2}[etm]$/#) {
        model.removeLast()
    }
    return (model, span)
}

/// True when `needle` occurs in `haystack` as a run of UTF-8 bytes — the same test as SQLite's `instr()`
/// on the stored keys, so the reference filter and the SQL agree exactly.
package func containsUTF8(_ haystack: String, _ needle: String) -> Bool {
    let h = Array(haystack.utf8)
    let n = Array(needle.utf8)
    if n.isEmpty { return true }
    if n.count > h.count { return false }
    for start in 0...(h.count - n.count) where h[start] == n[0] && h[start..<start + n.count].elementsEqual(n) {
        return true
    }
    return false
}

private func appendFolded(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark, .format: return
    default: break
    }
    if let replacement = FoldingTable.shared.replacement[scalar.value] {
        out.append(contentsOf: replacement.unicodeScalars)
    } else {
        out.append(scalar)
    }
}

/// Lower-case letter → its base letter(s), built once from Unicode names.
private struct FoldingTable: Sendable {
    static let shared = FoldingTable()

    let replacement: [UInt32: String]

    /// Letters whose names do not say "WITH …" but that a reader still treats as a plain letter.
    private static let extra: [Unicode.Scalar: String] = [
        "æ": "ae", "œ": "oe", "þ": "th", "ĳ": "ij", "ı": "i", "ĸ": "k", "ſ": "s",
        "ё": "е", "й": "и", "ї": "і", "ў": "у", "ѓ": "г", "ќ": "к",
    ]

    /// Latin, Latin Extended A/B, IPA-free Greek and Coptic, Cyrillic, Latin Extended Additional, Greek Extended.
    private static let ranges: [ClosedRange<UInt32>] = [
        0x00C0...0x024F, 0x0370...0x03FF, 0x0400...0x052F, 0x1E00...0x1EFF, 0x1F00...0x1FFF,
    ]

    private init() {
        var byName: [String: Unicode.Scalar] = [:]
        var withDiacritic: [(Unicode.Scalar, String)] = []
        for range in Self.ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.isLowercase,
                    let name = scalar.properties.name
                else { continue }
                if let with = name.firstRange(of: " WITH ") {
                    withDiacritic.append((scalar, String(name[..<with.lowerBound])))
                } else {
                    byName[name] = scalar
                }
            }
        }
        // Plain ASCII letters are outside the scanned ranges.
        for value in UInt32(0x61)...0x7A {
            let scalar = Unicode.Scalar(value)!
            byName["LATIN SMALL LETTER \(Character(scalar).uppercased())"] = scalar
        }
        var table: [UInt32: String] = [:]
        for (scalar, baseName) in withDiacritic {
            if let base = byName[baseName] {
                table[scalar.value] = String(Character(base))
            }
        }
        for (scalar, text) in Self.extra { table[scalar.value] = text }
        // Bases that are themselves ligatures (e.g. "LATIN SMALL LETTER AE WITH ACUTE") spell out.
        for (key, text) in table where text.unicodeScalars.count == 1 {
            if let spelled = Self.extra[text.unicodeScalars.first!] { table[key] = spelled }
        }
        replacement = table
    }
}
