import XCTest
@testable import SheetKit

/// The window's F key cycles `sheet.motion.feel` through the five feels, toasts the new one and badges it.
final class FeelKeyTests: XCTestCase {
    func testFCyclesTheFeels() throws {
        var d = try makeDesigner()
        XCTAssertFalse(d.badges.contains { $0.hasPrefix("Feel") })
        for expected in [Feel.floatingpanel, .gorhom, .vaul, .material, .uikit] {
            d.run([.key(.character("f"), shift: false, control: false)], at: 10)
            XCTAssertEqual(d.setup.feel, expected)
            XCTAssertEqual(d.engine.setup.releaseRule.feel, expected, "the engine runs the new feel")
            XCTAssertEqual(d.toast?.message, "Feel: \(expected.title)")
            XCTAssertEqual(d.badges.contains("Feel: \(expected.title)"), expected != .uikit, "\(d.badges)")
        }
    }
}
