import XCTest
@testable import SheetKit
@testable import SheetMeasure

/// The bottom corners of a floating glass sheet on the 2025 iPhones are concentric with a 62 pt display: 62 − 8 = 54 pt,
/// and iOS 26.2 draws 55.5–59.9 (G-B, docs/ios-reference.md). The finder traces them over `SheetFinder.bottomSpan`
/// points and fits radii up to span / 1.6, so a span of 80 pt capped every reading at 51 pt; it reaches 65 now.
final class BottomCornerSpanTests: XCTestCase {
    func testA54PointBottomCornerIsReadAsItIs() throws {
        let d = SheetMeasureRenderTests.document(##"{"device": "iphone-18-pro", "background": {"color": "#1B2F6E"}, "sheet": {"content": []}}"##)
        let (frame, setup, engine) = SheetMeasureRenderTests.render(d, scale: 1)
        let shape = setup.shape(atHeight: engine.height)
        XCTAssertEqual(shape.bottomRadius, 54, accuracy: 0.01, "the style's concentric radius on a 62 pt display")
        guard case .success(let canvas) = MatchedCanvas.match(width: frame.width, height: frame.height, named: "iphone-18-pro"),
              case .success(let m) = SheetMeasurer.measure(ScreenImage(frame, scale: 1), canvas: canvas, backgrounds: []) else {
            return XCTFail("no sheet found")
        }
        let bottom = try XCTUnwrap(m.outline.bottomCorner, "the bottom corners of a floating sheet are traced")
        XCTAssertEqual(bottom.value.radius, shape.bottomRadius, accuracy: 1)
    }
}
