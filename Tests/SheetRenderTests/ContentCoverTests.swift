import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// The body pass leaves out the body that opaque content covers (cards, filled rows): frames drawn that way equal the
/// same frames drawn with the body everywhere, over a drag up through the morph and back, fading, scrolled, for the
/// examples' kinds of content, in glass and classic; and it does leave some body out.
final class ContentCoverTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    func renderer(_ json: String, scale: Int) -> FrameRenderer {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config \(json)"); fatalError() }
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
        return FrameRenderer(setup: setup, scale: scale, text: Self.text, scene: MapScene(text: Self.text))
    }

    func testFramesAreTheSameWithTheCoveredBodyLeftOut() {
        let configs = [
            #"{"device": "iphone-15"}"#,
            #"{"device": "iphone-15", "sheet": {"style": "classic"}}"#,
            #"{"device": "iphone-15", "appearance": "dark"}"#,
            // A card first, so that scrolled up it passes under the glass's fading top edge.
            #"{"device": "iphone-15", "sheet": {"content": [{"type": "list", "rows": [{"title": "A"}, {"title": "B"}, {"title": "C"}]}]}}"#,
        ]
        let visuals: [SheetVisual] = [
            SheetVisual(height: 120), SheetVisual(height: 300, dim: 0.1), SheetVisual(height: 420, dim: 0.3),
            SheetVisual(height: 520, dim: 0.35), SheetVisual(height: 650, dim: 0.4), SheetVisual(height: 780, dim: 0.4),
            SheetVisual(height: 780, dim: 0.4, contentOffset: 40), SheetVisual(height: 500, dim: 0.3, alpha: 0.6),
            SheetVisual(height: 400, dim: 0.3, contentOffset: 12), SheetVisual(height: 400, dim: 0.3, contentOffset: 30),
            SheetVisual(height: 300, dim: 0.1),
        ]
        var left = 0
        for json in configs {
            let skipping = renderer(json, scale: 2), drawing = renderer(json, scale: 2)
            drawing.skipsBodyUnderContent = false
            for visual in visuals {
                skipping.render(visual)
                drawing.render(visual)
                if let i = skipping.frame.pixels.indices.first(where: { skipping.frame.pixels[$0] != drawing.frame.pixels[$0] }) {
                    XCTFail("\(json) at \(visual.height) (offset \(visual.contentOffset)): pixel (\(i % skipping.widthPixels), \(i / skipping.widthPixels)) differs")
                }
                left += stride(from: 0, to: skipping.contentCover.count, by: 2).reduce(0) {
                    $0 + max(0, Int(skipping.contentCover[$1 + 1]) - Int(skipping.contentCover[$1]))
                }
            }
        }
        XCTAssertGreaterThan(left, 100_000, "opaque content covers some body")
    }
}
