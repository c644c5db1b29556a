import XCTest
@testable import SheetKit

/// A diagnostic is one line, whatever the input held: control characters are made visible by the terminal rule.
final class DiagnosticEscapeTests: XCTestCase {
    func testControlCharactersAreVisible() {
        let rows: [(UInt, String, String)] = [
            (#line, "plain ünïcödé → ok", "plain ünïcödé → ok"),
            (#line, "a\nb", #"a\nb"#),
            (#line, "a\rb\tc", #"a\rb\tc"#),
            (#line, "\u{1B}[31mred\u{1B}[0m", #"\u{1B}[31mred\u{1B}[0m"#),
            (#line, "bell\u{07} nul\u{00} del\u{7F} csi\u{9B}", #"bell\u{7} nul\u{0} del\u{7F} csi\u{9B}"#),
            (#line, "line\u{2028}sep \u{202E}gnp.exe", #"line\u{2028}sep \u{202E}gnp.exe"#),
        ]
        for (line, input, expected) in rows {
            XCTAssertEqual(TerminalText.safe(input), expected, line: line)
        }
    }

    /// Text the tool composed of lines keeps its own line feeds; every line is made safe.
    func testSafeLinesKeepsTheToolsLineFeeds() {
        XCTAssertEqual(TerminalText.safeLines("usage\n\n  a\u{1B}]0;x\u{7}b"), "usage\n\n  a\\u{1B}]0;x\\u{7}b")
        XCTAssertEqual(TerminalText.safeLines("plain\nlines"), "plain\nlines")
    }

    /// JSON lines (`simulate`) write every scalar the terminal rule calls unsafe as \uXXXX, C1 and bidi included.
    func testJSONLinesEscapeEveryUnsafeScalar() {
        XCTAssertEqual(JSONLines.string("a\u{1B}b\u{9B}c\u{202E}d\u{2028}"), #""a\u001bb\u009bc\u202ed\u2028""#)
    }

    func testEveryPartOfADiagnosticIsEscaped() {
        let d = Diagnostic(file: "a\rb.json", position: SourcePosition(line: 1, column: 2), path: KeyPath.root / "sheet" / "x\u{1B}y",
                           message: "\"gl\nass\" is not valid")
        XCTAssertEqual(d.description, #"sheetlab: a\rb.json:1:2: sheet.x\u{1B}y: "gl\nass" is not valid"#)
        XCTAssertFalse(d.description.unicodeScalars.contains { $0.value < 0x20 })
    }
}
