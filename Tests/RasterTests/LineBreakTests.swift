import LineBreak
import Raster
import XCTest

/// The one word-wrapping rule, measured here in characters (every character one unit wide).
final class LineBreakTests: XCTestCase {
    func testGreedyLineBreaking() {
        let rows: [(line: UInt, text: String, maxWidth: Int, expected: [String])] = [
            (#line, "", 10, [""]),
            (#line, "hello", 10, ["hello"]),
            (#line, "the quick brown fox", 10, ["the quick", "brown fox"]),
            // A line takes a word when it fits exactly.
            (#line, "abcd efghi", 10, ["abcd efghi"]),
            (#line, "abcd efghij", 10, ["abcd", "efghij"]),
            // Runs of spaces collapse; leading and trailing spaces vanish.
            (#line, "  two   words  ", 20, ["two words"]),
            (#line, "trailing   ", 4, ["trai", "ling"]),
            // Explicit newlines start lines; empty paragraphs are empty lines.
            (#line, "a\nb", 10, ["a", "b"]),
            (#line, "a\n\nb\n", 10, ["a", "", "b", ""]),
            // A word longer than a line is broken between characters; its last piece takes following words.
            (#line, "abcdefghijkl mn", 5, ["abcde", "fghij", "kl mn"]),
            (#line, "ab abcdefgh", 4, ["ab", "abcd", "efgh"]),
            // No room at all: one character per line, never an empty piece or an endless loop.
            (#line, "abc", 0, ["a", "b", "c"]),
        ]
        for row in rows {
            XCTAssertEqual(LineBreak.greedy(row.text, maxWidth: row.maxWidth) { $0.count }, row.expected, line: row.line)
        }
    }

    /// `TextEngine.wrap` breaks by that rule with the rasterizer's widths.
    func testTextEngineWrapsByTheRule() {
        final class Monospace: GlyphRasterizer {
            func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int { text.count * pixelSize / 2 }
            func metrics(weight: FontWeight, pixelSize: Int) -> (ascent: Int, lineHeight: Int) { (pixelSize, pixelSize) }
            func render(_ text: String, weight: FontWeight, pixelSize: Int) -> AlphaMask { AlphaMask(width: 0, height: 0) }
        }
        let engine = TextEngine(rasterizer: Monospace())
        for (text, maxWidth) in [("the quick brown fox jumps", 50), ("supercalifragilistic ok\n\nend  ", 45), ("", 10)] {
            XCTAssertEqual(engine.wrap(text, weight: .regular, pixelSize: 10, maxWidth: maxWidth),
                           LineBreak.greedy(text, maxWidth: maxWidth) { $0.count * 5 })
        }
        XCTAssertEqual(engine.wrap("the quick brown fox", weight: .regular, pixelSize: 10, maxWidth: 50), ["the quick", "brown fox"])
    }
}
