import Platform
import Raster
@testable import Scenes
import XCTest

/// A pan far beyond any screen (or not finite) draws the repeating map; it trapped converting to Int.
final class MapPanTests: XCTestCase {
    func testHugePansDrawWithoutTrapping() {
        let scene = MapScene(text: FrameTests.text)
        for pan in [1e300, -1e300, 1e18, Double.infinity, Double.nan, 12_345.5] {
            var p = Pixmap(width: 120, height: 200)
            scene.render(SceneContext(width: 120, height: 200, scale: 1, panX: pan, panY: -pan), into: &p)
            XCTAssertTrue(p.pixels.contains { $0 != 0 }, "pan \(pan) drew nothing")
        }
    }
}
