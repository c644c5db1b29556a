import XCTest
@testable import SheetKit
@testable import SheetMeasure

/// Two finder limits the published references showed (docs/ios-reference.md, "Measured by `sheetlab measure`"), each
/// on ground truth.
final class ReferenceFinderFixTests: XCTestCase {
    /// iOS 26 rests a glass sheet at large with its top on the safe area's (P-F: 62.0 on a 62 pt safe top), and so does
    /// SheetLab. The finder looked for top edges from 3 px below the safe top, so it found no sheet there.
    func testAGlassSheetAtLargeWithItsTopOnTheSafeAreaIsFound() throws {
        let d = SheetMeasureRenderTests.document(##"{"device": "iphone-18-pro", "background": {"color": "#CCCCCC"}, "sheet": {"detents": ["medium", "large"], "initialDetent": "large", "content": []}}"##)
        let (frame, setup, engine) = SheetMeasureRenderTests.render(d, scale: 1)
        XCTAssertEqual(setup.canvas.height - engine.height, 62, accuracy: 0.01, "the top is the safe area's")
        guard case .success(let canvas) = MatchedCanvas.match(width: frame.width, height: frame.height, named: "iphone-18-pro") else { return XCTFail() }
        guard case .success(let m) = SheetMeasurer.measure(ScreenImage(frame, scale: 1), canvas: canvas, backgrounds: []) else {
            return XCTFail("no sheet found at large")
        }
        XCTAssertEqual(m.visibleHeight.value, engine.height, accuracy: 0.5)
        XCTAssertEqual(m.outline.topCorner.value.radius, setup.shape(atHeight: engine.height).topRadius, accuracy: 0.5)
    }

    /// iOS 16's large classic sheet (#1C1C1E) meets the receded view above it (#141416) with a 14-level step (C-L). An
    /// edge needed 18 levels of contrast, so that top edge was never read; 12, the step the candidate rows already
    /// look for, reads it to the coverage of its anti-aliased pixel.
    func testAFourteenLevelEdgeIsReadToAFractionOfAPixel() throws {
        let above = RGB(20, 20, 22), sheet = RGB(28, 28, 30)
        for coverage in [0.25, 0.5, 0.75] {
            let edge = above * (1 - coverage) + sheet * coverage
            let samples = [above, above, above, above, edge, sheet, sheet, sheet]
            // The surface starts `coverage` into sample 4, so at 5 − coverage.
            let e = try XCTUnwrap(EdgeEntry.entry(samples, surface: sheet), "coverage \(coverage)")
            XCTAssertEqual(e, 5 - coverage, accuracy: 0.01, "coverage \(coverage)")
        }
        // Closer than 12 levels is still no edge: a surface's own texture is not one.
        XCTAssertNil(EdgeEntry.entry([RGB(20, 20, 22), RGB(20, 20, 22), RGB(20, 20, 22), RGB(20, 20, 22), RGB(26, 26, 28), RGB(26, 26, 28), RGB(26, 26, 28)], surface: RGB(26, 26, 28)))
    }

    /// A sheet over black (C-M, iOS 16 over a black view) used to report the map scene at α 1: black is any scene
    /// dimmed to black, so no scene is told and α is not measurable.
    func testBlackBehindTheSheetTellsNoSceneAndNoDimming() throws {
        let d = SheetMeasureRenderTests.document(##"{"device": "iphone-15", "background": {"color": "#000000"}, "sheet": {"style": "classic", "fill": "#1C1C1E", "content": []}}"##)
        let frame = SheetMeasureRenderTests.render(d, scale: 1).frame
        guard case .success(let canvas) = MatchedCanvas.match(width: frame.width, height: frame.height, named: "iphone-15"),
              case .success(let m) = SheetMeasurer.measure(ScreenImage(frame, scale: 1), canvas: canvas, backgrounds: SheetMeasureRenderTests.candidates(scale: 1)) else {
            return XCTFail("no sheet found")
        }
        XCTAssertNil(m.dimming.scene)
        XCTAssertFalse(m.dimming.opacity.isFirm)
    }

    /// G-L: the outermost column of a scaled GIF's screen is blended with the window's frame, which reads as a 1 pt
    /// inset. The corners of an attached sheet were fitted to that column as their side, 2 pt too small (32.8 against
    /// 34.7); an attached sheet's sides are the canvas's.
    func testAnAttachedSheetsCornersAreFittedToTheCanvasEdgeNotToAColumnOnIt() throws {
        let d = SheetMeasureRenderTests.document(##"{"device": "iphone-18-pro", "background": {"color": "#CCCCCC"}, "sheet": {"detents": ["medium", "large"], "initialDetent": "large", "content": []}}"##)
        let (clean, setup, engine) = SheetMeasureRenderTests.render(d, scale: 1)
        var frame = clean
        for y in 0..<frame.height { for x in [0, frame.width - 1] { frame.pixels[y * frame.width + x] = 0xFF3F_4345 } }
        guard case .success(let canvas) = MatchedCanvas.match(width: frame.width, height: frame.height, named: "iphone-18-pro"),
              case .success(let m) = SheetMeasurer.measure(ScreenImage(frame, scale: 1), canvas: canvas, backgrounds: []) else {
            return XCTFail("no sheet found")
        }
        XCTAssertLessThan(m.outline.leftInset.value, SheetMeasurer.floatingInset, "the column reads as less than a floating inset")
        XCTAssertEqual(m.outline.topCorner.value.radius, setup.shape(atHeight: engine.height).topRadius, accuracy: 0.5)
    }
}
