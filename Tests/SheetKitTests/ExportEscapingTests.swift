import Foundation
import XCTest
@testable import SheetKit

/// `ExportEscaping`, the one owner of how a config string enters generated code (issue 32 item 1), context by context.
/// ExportInjectionTests (CLITests) compiles the results; these pin the spelling.
final class ExportEscapingTests: XCTestCase {
    func testPlainTextIsWrittenAsItIs() {
        // The examples' strings: their goldens stay byte-identical.
        for s in ["peek", "half-open", "Search Maps", "Café Lumen", "12 min · 3.4 km"] {
            XCTAssertEqual(ExportEscaping.lineComment(s), s)
            XCTAssertEqual(ExportEscaping.jsBlockComment(s), s)
            XCTAssertEqual(ExportEscaping.swiftString(s), "\"" + s + "\"")
            XCTAssertEqual(ExportEscaping.jsString(s), "'" + s + "'")
            XCTAssertEqual(ExportEscaping.jsxText(s), s)
            XCTAssertEqual(ExportEscaping.jsxAttribute(s), "\"" + s + "\"")
        }
    }

    func testEachContextEscapesWhatWouldEndIt() {
        let rows: [(UInt, String, (String) -> String, String)] = [
            // Comments: every line terminator of Swift and JavaScript, as an escape.
            (#line, "x\n*/ alert(1); /*", ExportEscaping.lineComment, "x\\n*/ alert(1); /*"),
            (#line, "a\r\nb", ExportEscaping.lineComment, "a\\r\\nb"),
            (#line, "a\u{2028}b\u{2029}c\u{85}d\u{0}", ExportEscaping.lineComment, "a\\u{2028}b\\u{2029}c\\u{85}d\\u{0}"),
            (#line, "a */ b", ExportEscaping.jsBlockComment, "a *\\/ b"),
            (#line, "x\n*/ f(), /*", ExportEscaping.jsBlockComment, "x\\n*\\/ f(), /*"),
            (#line, "<!-- a -->", ExportEscaping.jsBlockComment, "<\\!-- a --\\>"),
            // Bidirectional overrides ("Trojan Source") are written as escapes everywhere.
            (#line, "a\u{202E}b", ExportEscaping.lineComment, "a\\u{202E}b"),
            // Swift literals: a quote with a combining mark is one Character but two scalars; CR LF is one Character.
            (#line, "q\"\u{301}); x", ExportEscaping.swiftString, "\"q\\\"\u{301}); x\""),
            (#line, "a\r\nb\\c\0", ExportEscaping.swiftString, "\"a\\r\\nb\\\\c\\0\""),
            (#line, "t\u{2028}", ExportEscaping.swiftString, "\"t\\u{2028}\""),
            // JavaScript literals: the quote, backslash, line terminators, and `</` for an inlined script.
            (#line, "it's </script> ${x} `y`", { ExportEscaping.jsString($0) }, "'it\\'s <\\/script> ${x} `y`'"),
            (#line, "a\nb\u{2028}", { ExportEscaping.jsString($0, quote: "\"") }, "\"a\\nb\\u{2028}\""),
            // JSX: braces, tags and entities turn the text into an expression; a quote or backslash in an attribute too.
            (#line, "Tom &amp; {x} <b>", ExportEscaping.jsxText, "{\"Tom &amp; {x} <b>\"}"),
            (#line, "it's \"fine\"", ExportEscaping.jsxText, "it's \"fine\""),
            (#line, " padded", ExportEscaping.jsxText, "{\" padded\"}"),
            (#line, "say \"hi\"", ExportEscaping.jsxAttribute, "{\"say \\\"hi\\\"\"}"),
            (#line, "back\\slash", ExportEscaping.jsxAttribute, "{\"back\\\\slash\"}"),
        ]
        for (line, input, escape, expected) in rows {
            XCTAssertEqual(escape(input), expected, line: line)
        }
    }

    /// No escaped text holds a raw line terminator or control character, for any scalar below U+3000.
    func testNoUnsafeScalarSurvivesAnyContext() {
        let all = String(String.UnicodeScalarView((0..<0x3000).compactMap(Unicode.Scalar.init)))
        let outputs = [ExportEscaping.lineComment(all), ExportEscaping.jsBlockComment(all), ExportEscaping.swiftString(all),
                       ExportEscaping.jsString(all), ExportEscaping.jsxText(all), ExportEscaping.jsxAttribute(all)]
        for out in outputs {
            XCTAssertFalse(out.unicodeScalars.contains(where: ExportEscaping.isUnsafe))
        }
        XCTAssertFalse(ExportEscaping.jsBlockComment("*/*/**/").contains("*/"))
    }
}
