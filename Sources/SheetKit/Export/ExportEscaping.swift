/// The one owner of how a config string (a detent id, a title, a button's title, a text field's placeholder or text,
/// the config's file name, the device's name) enters generated code: one function per place in a target's syntax.
/// No exporter writes a config string any other way (issue 32 item 1: a detent id with a newline or `*/` used to
/// end the comment it was copied into, and the rest of the id became code).
///
/// Every function works on Unicode scalars, not Characters: `"` followed by a combining mark is one Character to
/// Swift but two scalars to a lexer, and `\r\n` is one Character, so a switch over Characters would let both through.
public enum ExportEscaping {
    /// Scalars no config string may put raw into generated code: controls (C0, DEL, C1), the line and paragraph
    /// separators (U+2028/2029 end a JS line comment and a JS line), the bidirectional controls that can make code
    /// read differently from how it compiles ("Trojan Source", CVE-2021-42574), and the byte-order mark.
    public static func isUnsafe(_ u: Unicode.Scalar) -> Bool {
        // The terminal's rule (controls, separators, bidi embeddings and isolates), and for source code also the
        // marks an editor renders invisibly: the Arabic letter mark, LRM/RLM and the BOM.
        TerminalText.isUnsafe(u) || [0x061C, 0x200E, 0x200F, 0xFEFF].contains(u.value)
    }

    /// An unsafe scalar as an escape both Swift and JavaScript (ES2015) read back as the same scalar: `\n`, `\r`,
    /// `\t`, or `\u{2028}`.
    public static func escape(_ u: Unicode.Scalar) -> String {
        switch u {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
        }
    }

    // MARK: - Comments

    /// Text for a `//` line comment, in Swift or TypeScript: every line terminator of either language (LF, CR,
    /// U+2028, U+2029) and every other unsafe scalar is written as its escape, so the comment ends where its line does,
    /// and a backslash as `\\`, so that `commentText` reads back exactly the text that was written.
    public static func lineComment(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            if u == "\\" { out += "\\\\" } else if isUnsafe(u) { out += escape(u) } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// Text for a JavaScript `/* … */` block comment: as a line comment, and `*/` cannot close it (`*\/`). HTML-like
    /// comment openers and closers (`<!--`, `-->`, which Annex B reads in scripts) are broken too.
    public static func jsBlockComment(_ text: String) -> String {
        lineComment(text).replacingOccurrences(of: "*/", with: "*\\/")
            .replacingOccurrences(of: "<!--", with: "<\\!--").replacingOccurrences(of: "-->", with: "--\\>")
    }

    /// A config string quoted for a line comment, in either language: `"peek"`, `"a\nb"`; a Swift string literal's
    /// spelling, which holds no line terminator and no unsafe scalar, so it is a line comment's safe text as it is.
    public static func quotedInComment(_ text: String) -> String { swiftString(text) }

    /// The text that `lineComment` or `jsBlockComment` wrote `comment` from: the inverse of both (`\\`, `\n`, `\r`,
    /// `\t`, `\u{…}`, and the `\/`, `\!`, `\>` that break `*/`, `<!--` and `-->`). `nil` when `comment` holds an escape
    /// neither writes. The round trip is what makes a comment an honest copy of the config (ExportEscapingTests,
    /// ExportInjectionTests and the export fuzzer read generated code back with it).
    public static func commentText(_ comment: String) -> String? {
        var out = String.UnicodeScalarView()
        var it = comment.unicodeScalars.makeIterator()
        while let u = it.next() {
            guard u == "\\" else { out.append(u); continue }
            switch it.next() {
            case "\\": out.append("\\")
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "t": out.append("\t")
            case "/": out.append("/")
            case "!": out.append("!")
            case ">": out.append(">")
            case "u":
                guard it.next() == "{" else { return nil }
                var hex = ""
                while let h = it.next(), h != "}" { hex.unicodeScalars.append(h); if hex.count > 6 { return nil } }
                guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                out.append(scalar)
            default: return nil
            }
        }
        return String(out)
    }

    // MARK: - Swift

    /// A Swift string literal: `"…"` with `\`, `"`, line terminators and every unsafe scalar escaped.
    public static func swiftString(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\0": out += "\\0"
            default: if isUnsafe(u) { out += escape(u) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    // MARK: - JavaScript, TSX

    /// A JavaScript string literal in `quote` (`'` or `"`): the quote, `\`, line terminators and every unsafe scalar
    /// escaped, and `</` written `<\/` so that the text cannot close a `<script>` element the code is inlined into.
    public static func jsString(_ text: String, quote: Character = "'") -> String {
        var out = String(quote)
        var previous: Unicode.Scalar?
        for u in text.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case _ where Character(u) == quote: out += "\\" + String(quote)
            case "/" where previous == "<": out += "\\/"
            default: if isUnsafe(u) { out += escape(u) } else { out.unicodeScalars.append(u) }
            }
            previous = u
        }
        return out + String(quote)
    }

    /// Whether `text` can stand as JSX text or inside a JSX attribute's quotes as it is: JSX has no escapes there,
    /// reads `&…;` as an entity, `{` `}` `<` `>` as syntax, collapses line breaks and trims the ends.
    public static func isPlainJSX(_ text: String, forbidding special: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
        if first.properties.isWhitespace || last.properties.isWhitespace { return false }
        return !text.unicodeScalars.contains { isUnsafe($0) || special.unicodeScalars.contains($0) }
    }

    /// JSX text between tags: as it is when that is safe, else a `{"…"}` expression.
    public static func jsxText(_ text: String) -> String {
        isPlainJSX(text, forbidding: "{}<>&") ? text : "{" + jsString(text, quote: "\"") + "}"
    }

    /// A JSX attribute's value: `"…"` when the text is safe between the quotes as it is, else `{"…"}`.
    public static func jsxAttribute(_ text: String) -> String {
        isPlainJSX(text, forbidding: "\"&{}<>\\") ? "\"" + text + "\"" : "{" + jsString(text, quote: "\"") + "}"
    }
}
