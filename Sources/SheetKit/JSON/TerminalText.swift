/// The one rule for text that reaches a terminal: stdout, stderr, and the reports' text (JUnit, HTML) that a
/// CI shows as a log. A name from the user (a file, a key, a value, a command) is shown with every control
/// character visible, so that it can neither drive the terminal (an escape sequence that retitles or clears it,
/// a bidi override that reorders the line) nor forge a line of its own (a newline, then `0 passed, 0 failed`).
public enum TerminalText {
    /// The scalars that never reach a terminal raw: C0 controls (NUL…US, tab, CR and line feed included), DEL,
    /// the C1 controls, the Unicode line and paragraph separators, and the bidirectional embeddings, overrides
    /// and isolates (U+202A–U+202E, U+2066–U+2069).
    public static func isUnsafe(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c.value == 0x2028 || c.value == 0x2029
            || (0x202A...0x202E).contains(c.value) || (0x2066...0x2069).contains(c.value)
    }

    /// `text` as one line with every unsafe scalar made visible: `\n`, `\r`, `\t`, and `\u{1B}` for ESC, BEL,
    /// NUL, DEL, C1 controls, the separators and the bidi controls. Text without them comes back unchanged.
    public static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            out += visible(scalar)
        }
        return out
    }

    /// One scalar as `safe` shows it.
    public static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case let c where isUnsafe(c): return "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
        default: return String(Character(scalar))
        }
    }

    /// Text the tool composed of several lines (a help page, a diagnostic and the help below it): the tool's own
    /// line feeds kept, each line made `safe`. A name that may hold a newline is made `safe` before it is joined in.
    public static func safeLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && $0 != "\n" }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)) }.joined(separator: "\n")
    }
}
