import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// The outline bands a frame draws from are computed once per shape, wherever the sheet sits: a floating glass sheet
/// dragged between its detents (one shape) computes none after its first frame, the first frame prepares every
/// detent's resting shape, and a drag back down through the morph's steps finds every band it made on the way up.
final class OutlineCacheTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    func renderer(_ json: String) -> FrameRenderer {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config \(json)"); fatalError() }
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
        return FrameRenderer(setup: setup, scale: 2, text: Self.text, scene: ColorScene(color: StraightRGBA8(255, 255, 255, 255)))
    }

    func testBandsDoNotDependOnWhereTheSheetSits() {
        let r = renderer(#"{"device": "iphone-15"}"#)
        r.render(SheetVisual(height: 200))
        let first = r.chrome.outlines.computed
        XCTAssertGreaterThan(first, 0)
        for h in stride(from: 200.0, through: 400, by: 7.3) { r.render(SheetVisual(height: h)) }
        XCTAssertEqual(r.chrome.outlines.computed, first, "a drag below the morph reuses the resting shape's bands")
    }

    func testTheFirstFramePreparesEveryDetentsRestingShape() {
        for json in [#"{"device": "iphone-15"}"#, #"{"device": "iphone-15", "sheet": {"style": "classic"}}"#] {
            let r = renderer(json)
            r.render(SheetVisual(height: 0))
            let prepared = r.chrome.outlines.computed
            XCTAssertGreaterThanOrEqual(prepared, r.setup.detents.count, json)
            for detent in r.setup.detents { r.render(SheetVisual(height: detent.height)) }
            XCTAssertEqual(r.chrome.outlines.computed, prepared, "\(json): settling onto a detent computes no band")
        }
    }

    func testADragBackThroughTheMorphReusesItsBands() {
        let r = renderer(#"{"device": "iphone-15"}"#)
        let setup = r.setup
        let heights = Array(stride(from: 420.0, through: 800, by: 5.7))
        func frame(_ h: Double) {
            r.render(SheetVisual(height: h, dim: Dimming.amount(height: h, detents: setup.detents, largestUndimmed: setup.largestUndimmed,
                                                                opacity: setup.dimmingOpacity)))
        }
        for h in heights { frame(h) }
        let up = r.chrome.outlines.computed
        XCTAssertGreaterThan(up, 10, "the morph passes through many shapes")
        for h in heights.reversed() { frame(h) }
        XCTAssertEqual(r.chrome.outlines.computed, up, "every shape on the way down was made on the way up")
        XCTAssertLessThanOrEqual(r.chrome.outlines.bytes, OutlineCache.budget + 4 << 20)
    }
}
