import XCTest
import LineBreak
@testable import Raster

/// iOS's tracking: the HIG's SF Pro table, widths with tracking, and where tracked glyphs land.
final class TrackingTests: XCTestCase {
    /// Every glyph advances `pixelSize / 2` and is drawn as one full column at its pen position; "i" also kerns
    /// −1 px after "A", so kerned positions can be seen.
    final class Columns: GlyphRasterizer {
        func advance(_ pixelSize: Int) -> Int { pixelSize / 2 }
        func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int {
            text.count * advance(pixelSize) - zip(text, text.dropFirst()).filter { $0 == ("A", "i") }.count
        }
        func metrics(weight: FontWeight, pixelSize: Int) -> (ascent: Int, lineHeight: Int) { (pixelSize, pixelSize) }
        func render(_ text: String, weight: FontWeight, pixelSize: Int) -> AlphaMask {
            var m = AlphaMask(width: max(1, width(of: text, weight: weight, pixelSize: pixelSize)), height: 1)
            var x = 0
            for (i, ch) in text.enumerated() {
                if i > 0, Array(text)[i - 1] == "A", ch == "i" { x -= 1 }
                if ch != " " { m.bytes[x] = 255 }
                x += advance(pixelSize)
            }
            return m
        }
    }

    /// The HIG's table at the sizes iOS's text styles use, and between and beyond its rows.
    func testTheTableFromTheHIG() {
        let rows: [(line: UInt, size: Double, points: Double)] = [
            (#line, 11, 0.06), (#line, 12, 0), (#line, 13, -0.08), (#line, 15, -0.23), (#line, 16, -0.31),
            (#line, 17, -0.43), (#line, 20, -0.45), (#line, 22, -0.26), (#line, 28, 0.38), (#line, 34, 0.40),
            (#line, 17.5, -0.435), (#line, 55, 0.31), (#line, 4, 0.24), (#line, 120, 0),
        ]
        for row in rows {
            XCTAssertEqual(Tracking.points(forSize: row.size), row.points, accuracy: 1e-9, line: row.line)
        }
        let sizes = Tracking.sfProIOS.map(\.size)
        XCTAssertEqual(sizes, sizes.sorted(), "ascending sizes")
    }

    /// A tracked width is the kerned advances plus tracking between neighbours (none after the last).
    func testWidthIsAdvancesPlusTrackingBetweenCharacters() {
        let engine = TextEngine(rasterizer: Columns())
        let rows: [(line: UInt, text: String, pixelSize: Int, tracking: Double, width: Double)] = [
            (#line, "Hello", 20, -0.43, 50 - 4 * 0.43),
            (#line, "Hello", 60, -1.29, 150 - 4 * 1.29),
            (#line, "Ai", 20, 0.4, 20 - 1 + 0.4),
            (#line, "x", 20, 3, 10),
            (#line, "", 20, 3, 0),
            (#line, "a b", 10, 0, 15),
        ]
        for row in rows {
            XCTAssertEqual(engine.width(row.text, weight: .regular, pixelSize: row.pixelSize, tracking: row.tracking),
                           row.width, accuracy: 1e-9, line: row.line)
        }
    }

    /// Each character lands at its kerned pen position plus the tracking so far, split between two columns
    /// by its fraction of a pixel.
    func testTrackedGlyphsLandAtTheirPositions() {
        let engine = TextEngine(rasterizer: Columns())
        let rows: [(line: UInt, text: String, tracking: Double, ink: [Int: UInt8])] = [
            // Advance 10: columns at 0, 12, 24.
            (#line, "abc", 2, [0: 255, 12: 255, 24: 255]),
            // "A" at 0, "i" kerned to 9, then 1.5 px later: half in 10, half in 11.
            (#line, "Ai", 1.5, [0: 255, 10: 128, 11: 128]),
            // The space draws nothing but advances.
            (#line, "a b", -1, [0: 255, 18: 255]),
        ]
        for row in rows {
            let m = engine.line(row.text, weight: .regular, pixelSize: 20, tracking: row.tracking)
            var ink: [Int: UInt8] = [:]
            for (x, a) in m.bytes.enumerated() where a > 0 { ink[x] = a }
            XCTAssertEqual(ink, row.ink, line: row.line)
        }
        // No tracking is the font's own line.
        XCTAssertEqual(engine.line("abc", weight: .regular, pixelSize: 20, tracking: 0), engine.line("abc", weight: .regular, pixelSize: 20))
    }

    /// Wrapping with tracking breaks by the shared rule with the tracked widths.
    func testWrapUsesTrackedWidths() {
        let engine = TextEngine(rasterizer: Columns())
        let text = "aaaa bbbb cccc"
        // Untracked, "aaaa bbbb" is 90 px; with −1 px between characters it is 82.
        XCTAssertEqual(engine.wrap(text, weight: .regular, pixelSize: 20, tracking: 0, maxWidth: 85), ["aaaa", "bbbb", "cccc"])
        XCTAssertEqual(engine.wrap(text, weight: .regular, pixelSize: 20, tracking: -1, maxWidth: 85), ["aaaa bbbb", "cccc"])
    }
}
