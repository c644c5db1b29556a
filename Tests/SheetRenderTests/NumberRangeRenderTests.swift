import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// Issue 32, item 2, the renderer's side: a number the config allows never traps a conversion to Int.
/// A material blur of 1e-300 pt is within its rule (0…200) but made the recede's blur levels
/// `Int(travel / (σ / 8))`, about 1e302: "Double value cannot be converted to Int".
final class NumberRangeRenderTests: XCTestCase {
    func testATinyBlurBehindARecedingSheetDoesNotTrap() {
        for blur in ["1e-300", "5e-324", "1e-17", "0.001"] {
            let json = #"{"device": "iphone-15", "sheet": {"style": "classic", "detents": ["medium", "large"], "content": [], "#
                + #""material": {"blur": \#(blur)}}}"#
            guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config \(json)"); continue }
            let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: RecedeTests.text))
            for scale in [1, 3] {
                let r = FrameRenderer(setup: setup, scale: scale, text: RecedeTests.text,
                                      scene: ColorScene(color: StraightRGBA8(255, 255, 255, 255)))
                for t in [0.5, 1.0] {
                    let medium = r.setup.detents[0].height, large = r.setup.largest.height
                    r.render(SheetVisual(height: medium + t * (large - medium), dim: 0, alpha: 1))
                    XCTAssertEqual(r.frame.width, 393 * scale, "blur \(blur)")
                }
            }
        }
    }
}
