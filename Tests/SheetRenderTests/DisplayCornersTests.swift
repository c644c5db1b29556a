import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// The frame drawn with the display's rounded corners (`canvas.displayCorners`).
final class DisplayCornersTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    func renderer(_ canvas: String, scale: Int = 1) -> FrameRenderer {
        let json = #"{"device": "iphone-15", "canvas": {"#+canvas+#"}, "sheet": {"content": []}}"#
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config \(json)"); fatalError() }
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
        return FrameRenderer(setup: setup, scale: scale, text: Self.text, scene: ColorScene(color: StraightRGBA8(255, 255, 255, 255)))
    }

    func testBlackOutsideTheCurveUntouchedInsideAntiAliasedOnIt() {
        for scale in [1, 3] {
            let on = renderer(#""displayCorners": true"#, scale: scale), off = renderer(#""displayCorners": false"#, scale: scale)
            let visual = SheetVisual(height: 300)
            on.render(visual); off.render(visual)
            let w = on.widthPixels, h = on.heightPixels
            // The corner pixels are black, all four.
            for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
                XCTAssertEqual(on.frame[x, y], .black, "scale \(scale) (\(x), \(y))")
            }
            // Outside the four corner squares (55 pt × 1.528), nothing changes.
            let square = Int((55 * 1.5287 * Double(scale)).rounded(.up))
            var changed = 0, partial = 0
            for y in 0..<h {
                for x in 0..<w where on.frame[x, y] != off.frame[x, y] {
                    let inCorner = (x < square || x >= w - square) && (y < square || y >= h - square)
                    if !inCorner { changed += 1 }
                    if on.frame[x, y] != .black { partial += 1 }
                }
            }
            XCTAssertEqual(changed, 0, "scale \(scale): pixels changed outside the corners")
            // On the curve, pixels are part black: anti-aliased (a few per row of the curve, four corners).
            XCTAssertGreaterThan(partial, 4 * square / 2, "scale \(scale)")
            // The curve is the display's: on the diagonal, a 55 pt corner leaves about 16.1 pt of black
            // (55 (1 − 1/√2) for a circle; the continuous curve stays within 0.014 r of it).
            let d = Int((16.1 * Double(scale)).rounded(.down))
            XCTAssertEqual(on.frame[d - 1, d - 1], .black, "scale \(scale)")
            XCTAssertEqual(on.frame[Int(30 * Double(scale)), Int(30 * Double(scale))], off.frame[Int(30 * Double(scale)), Int(30 * Double(scale))])
        }
    }

    func testOffByDefaultInRenderAndNoneOnASquareDisplay() {
        let plain = renderer("")
        plain.render(SheetVisual(height: 300))
        XCTAssertNotEqual(plain.frame[0, 0], .black)
        let square = renderer(#""displayCorners": true, "displayCornerRadius": 0"#)
        square.render(SheetVisual(height: 300))
        XCTAssertNotEqual(square.frame[0, 0], .black)
    }
}
