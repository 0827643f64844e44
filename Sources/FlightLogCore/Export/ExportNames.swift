/// How every export names its files (`export` of every kind, the ZIP, the USB stick, the web downloads), so that
/// no export ever drops or replaces a file by naming two the same:
/// - a name fits a Linux/FAT directory entry: at most 255 bytes of UTF-8, cut at a character boundary, keeping
///   its extension (`.igc`), so a long imported file name never makes an export fail;
/// - a name is unique among the names already claimed, compared without case (FAT sticks and phones ignore it):
///   the second `a.igc` becomes `a-2.igc`, then `a-3.igc` (the number goes before the extension);
/// - a caller may also refuse a candidate (`isFree`): a file already in the folder with other bytes, or one of the
///   logbook's own files. Pure: callers bring what they know of the file system.
package struct ExportNames: Sendable {
    /// NAME_MAX of Linux (and of FAT's long names, in UTF-16 units, which are never more than UTF-8 bytes).
    package static let maxNameBytes = 255

    /// Names claimed so far, lower-cased.
    private var taken: Set<String>

    /// `reserved`: names nothing else may get (e.g. the stick's `logbook.pdf`).
    package init(reserved: some Sequence<String> = [String]()) {
        taken = Set(reserved.map { $0.lowercased() })
    }

    /// Whether `name` is claimed (ignoring case).
    package func isTaken(_ name: String) -> Bool { taken.contains(name.lowercased()) }

    /// The first of `name`, `name-2`, `name-3` … (each within ``maxNameBytes``) that is neither claimed nor refused
    /// by `isFree`; it is claimed.
    package mutating func claim(_ name: String, isFree: (String) -> Bool = { _ in true }) -> String {
        var candidate = Self.fitted(name)
        var n = 2
        while taken.contains(candidate.lowercased()) || !isFree(candidate) {
            candidate = Self.numbered(name, n)
            n += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }

    /// Claims `name` as it is (a name remembered from an earlier export).
    package mutating func insert(_ name: String) { taken.insert(name.lowercased()) }

    /// `name-N.ext` (`name-N` without an extension), within ``maxNameBytes``.
    package static func numbered(_ name: String, _ n: Int) -> String {
        let (stem, ext) = split(name)
        return fitted(stem: stem, suffix: "-\(n)" + ext)
    }

    /// `name` cut to at most `maxBytes` bytes of UTF-8 at a character boundary, its extension kept.
    package static func fitted(_ name: String, maxBytes: Int = maxNameBytes) -> String {
        guard name.utf8.count > maxBytes else { return name }
        let (stem, ext) = split(name)
        return fitted(stem: stem, suffix: ext, maxBytes: maxBytes)
    }

    private static func fitted(stem: String, suffix: String, maxBytes: Int = maxNameBytes) -> String {
        var kept = Substring(stem)
        while kept.utf8.count + suffix.utf8.count > maxBytes, !kept.isEmpty { kept.removeLast() }
        return String(kept) + suffix
    }

    /// `("name", ".ext")`. No extension for a name without a dot, starting with its only dot, or whose last dot is
    /// more than 16 bytes from its end (that is no extension, and it is cut like the rest).
    private static func split(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name[dot...].utf8.count <= 16 else {
            return (name, "")
        }
        return (String(name[..<dot]), String(name[dot...]))
    }
}
