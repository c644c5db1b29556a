import Foundation
import XCTest
import Platform
import Raster
@testable import SheetKit
@testable import SheetMeasure
@testable import SheetRender

/// The default glass sheet (map behind, no content, iPhone 15) at rest on a detent of each height, light and dark, at
/// 1× and 2×: its top corners are read as the continuous curve SheetLab draws, or honestly as not told apart, never as
/// a circle, and their radius within 0.5 pt. The map under the corners differs with the height: at 400 pt light 1× a
/// few top-edge readings bent by the map put the circle ahead by a hair, and the strays were then dropped as off the
/// circle, which took the points where the curves part and read "37.74 pt circular (rms 0.04; continuous rms 0.13)".
final class CornerCurveSweepTests: XCTestCase {
    func testDefaultGlassTopCornersAreContinuousAtEveryDetent() {
        let rows: [(line: UInt, height: Int)] = [(#line, 200), (#line, 300), (#line, 400), (#line, 460), (#line, 600)]
        for scale in [1, 2] {
            for appearance in [Appearance.light, .dark] {
                for row in rows {
                    let text = #"{"sheet": {"content": [], "detents": [{"id": "peek", "height": 120}, {"id": "m", "height": \#(row.height)}, "large"], "initialDetent": "m"}}"#
                    let (frame, setup, engine) = SheetMeasureRenderTests.render(SheetMeasureRenderTests.document(text, appearance: appearance), scale: scale)
                    let name = "default glass at \(row.height) pt, \(appearance.rawValue) \(scale)×"
                    guard case .success(let canvas) = MatchedCanvas.match(width: frame.width, height: frame.height, named: nil) else {
                        XCTFail("\(name): no canvas", line: row.line); continue
                    }
                    let result = SheetMeasurer.measure(ScreenImage(frame, scale: Double(scale)), canvas: canvas,
                                                       backgrounds: SheetMeasureRenderTests.candidates(scale: scale))
                    guard case .success(let m) = result else { XCTFail("\(name): \(result)", line: row.line); continue }
                    let corner = m.outline.topCorner.value
                    let drawn = setup.shape(atHeight: engine.height).topRadius
                    XCTAssertEqual(setup.sheet.style.rawValue, "glass", name, line: row.line)
                    XCTAssertTrue(corner.curve == .continuous || !corner.isToldApart,
                                  "\(name): read \(corner.curve) (rms \(corner.rms); other \(corner.otherRMS)), drawn continuous", line: row.line)
                    // Dark glass at 1× is read by its rim alone, whose 1× pixels put the whole outline 0.3–0.4 pt out
                    // (the sides too): 38.5–38.8 pt for 38 at 200–300 pt, over the map's park and water there.
                    let near = appearance == .dark && scale == 1 ? 1.0 : 0.5
                    XCTAssertEqual(corner.radius, drawn, accuracy: near, "\(name): top radius", line: row.line)
                }
            }
        }
    }
}
