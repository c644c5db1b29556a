import XCTest
@testable import Raster

/// The text engine's caches are bounded: lines drawn once (the HUD's changing numbers) go, lines drawn on
/// every frame stay (rendered once), and neither the count nor the bytes grow without end.
final class TextCacheTests: XCTestCase {
    /// Lines one pixel high and as wide as `wide` (or the text's length); counts what it renders.
    final class Counting: GlyphRasterizer {
        var renders = 0, widths = 0
        var wide: Int?
        func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int { widths += 1; return text.count }
        func metrics(weight: FontWeight, pixelSize: Int) -> (ascent: Int, lineHeight: Int) { (pixelSize, pixelSize) }
        func render(_ text: String, weight: FontWeight, pixelSize: Int) -> AlphaMask {
            renders += 1
            return AlphaMask(width: wide ?? max(1, text.count), height: 1)
        }
    }

    func testLinesDrawnOnceAreForgottenAndLinesDrawnEveryFrameStay() {
        let glyphs = Counting()
        let engine = TextEngine(rasterizer: glyphs)
        let steady = (0..<100).map { "row \($0)" }
        // 3000 frames, each drawing the same 100 lines and 5 new ones (a HUD's numbers).
        for frame in 0..<3000 {
            for line in steady { _ = engine.line(line, weight: .medium, pixelSize: 12) }
            for i in 0..<5 { _ = engine.line("height \(frame).\(i) pt", weight: .medium, pixelSize: 12) }
        }
        XCTAssertEqual(glyphs.renders, 100 + 3000 * 5, "the steady lines are rendered once")
        XCTAssertLessThanOrEqual(engine.cachedCount.lines, 2 * 512, "cached lines")
    }

    func testWidthsAreBounded() {
        let glyphs = Counting()
        let engine = TextEngine(rasterizer: glyphs)
        for i in 0..<20_000 { _ = engine.width("toast \(i)", weight: .medium, pixelSize: 13) }
        XCTAssertEqual(engine.width("toast 19999", weight: .medium, pixelSize: 13), 11)
        XCTAssertEqual(glyphs.widths, 20_000, "the latest width is still cached")
        XCTAssertLessThanOrEqual(engine.cachedCount.widths, 2 * 4096)
    }

    func testBigLinesAreBoundedByTheirBytes() {
        let glyphs = Counting()
        glyphs.wide = 256 * 1024
        let engine = TextEngine(rasterizer: glyphs)
        for i in 0..<500 { _ = engine.line("line \(i)", weight: .bold, pixelSize: 51) }
        // 8 MB a generation holds 32 masks of 256 kB: at most 2 × 32 are kept, not 500 (125 MB).
        XCTAssertLessThanOrEqual(engine.cachedCount.lines, 2 * 32)
    }
}
