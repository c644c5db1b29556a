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
            // A backslash is doubled, so that a comment reads back as the text it came from (`commentText`).
            (#line, "C:\\dir\\n \\u{41}", ExportEscaping.lineComment, "C:\\\\dir\\\\n \\\\u{41}"),
            (#line, "a\\*/", ExportEscaping.jsBlockComment, "a\\\\*\\/"),
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

    /// A comment reads back as the config text it was written from: `commentText` inverts `lineComment` and
    /// `jsBlockComment` for every scalar below U+3000 and for seeded random strings of the pieces that end comments
    /// or look like escapes; and text neither function writes (`\q`, a bad `\u{…}`) is refused, not guessed.
    func testCommentsReadBackAsTheTextTheyWereWrittenFrom() {
        let all = String(String.UnicodeScalarView((0..<0x3000).compactMap(Unicode.Scalar.init)))
        let pieces = ["\\", "\\n", "\\u{41}", "*/", "/*", "*\\/", "<!--", "-->", "<\\!--", "--\\>", "\n", "\r\n", "\u{2028}", "\u{0}",
                      "\u{202E}", "a", " ", "\"", "}", "{", "\u{1F600}", "*", "/", "-", ">", "!", "<"]
        var state: UInt64 = 0x5EED
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        let randoms = (0..<2000).map { _ in (0..<(1 + next() % 12)).map { _ in pieces[next() % pieces.count] }.joined() }
        for text in [all, "", "peek"] + randoms {
            XCTAssertEqual(ExportEscaping.commentText(ExportEscaping.lineComment(text)), text, text.debugDescription)
            let block = ExportEscaping.jsBlockComment(text)
            XCTAssertEqual(ExportEscaping.commentText(block), text, text.debugDescription)
            XCTAssertFalse(block.contains("*/") || block.contains("<!--") || block.contains("-->"), block.debugDescription)
        }
        for bad in ["\\q", "\\u{}", "\\u{110000}", "\\u{D800}", "\\u41", "a\\", "\\u{1234567}"] {
            XCTAssertNil(ExportEscaping.commentText(bad), bad)
        }
    }
}
