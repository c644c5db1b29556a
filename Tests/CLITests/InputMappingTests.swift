import Platform
import SheetKit
import XCTest
@testable import sheetlab

/// The window keeps SDL's finger ids, and fingers down together drive one pointer by their centroid, so a
/// second finger adds no jump (before: every finger drove the one pointer, 105 pt jumps at 240 Hz).
final class InputMappingTests: XCTestCase {
    func testTwoFingersInTheWindowAreOneCentroidPointer() {
        MainActor.assumeIsolated { Self.twoFingers() }
    }

    @MainActor
    static func twoFingers() {
        InputMapping.touches = TouchGroup()
        let layout = WindowLayout(canvasWidth: 393, canvasHeight: 852)
        let window = (width: 393, height: 852)
        func map(_ e: InputEvent) -> DesignerInput { InputMapping.input(for: e, layout: layout, window: window) }
        func point(_ i: DesignerInput) -> Point? {
            switch i {
            case .fingerDown(let p), .fingerMove(let p), .fingerUp(let p): return p
            default: return nil
            }
        }
        let first = point(map(.fingerDown(id: 7, x: 200 / 393, y: 500 / 852)))!
        let moved = point(map(.fingerMove(id: 7, x: 200 / 393, y: 520 / 852)))!
        XCTAssertEqual(moved.y - first.y, 20, accuracy: 1e-6)
        // A second finger 105 pt lower: nothing moves.
        if case .tick = map(.fingerDown(id: 9, x: 200 / 393, y: 625 / 852)) {} else { XCTFail("a landing finger moves nothing") }
        // It moves 10 pt: the pointer moves 5 (the centroid), not to the second finger.
        let both = point(map(.fingerMove(id: 9, x: 200 / 393, y: 635 / 852)))!
        XCTAssertEqual(both.y - moved.y, 5, accuracy: 1e-6)
        if case .tick = map(.fingerUp(id: 7, x: 200 / 393, y: 520 / 852)) {} else { XCTFail("a lifting finger moves nothing") }
        let last = map(.fingerUp(id: 9, x: 200 / 393, y: 645 / 852))
        guard case .fingerUp(let p) = last else { XCTFail("the last finger's up is the pointer's up"); return }
        XCTAssertEqual(p.y - both.y, 10, accuracy: 1e-6)
        XCTAssertTrue(InputMapping.touches.isEmpty)
    }
}
