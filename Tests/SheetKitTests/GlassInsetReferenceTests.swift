import XCTest
@testable import SheetKit

/// The glass sheet's side inset follows its height as iOS 26.2's does: 8 pt at the highest partial detent, falling
/// linearly with the height to 0 at large. The reference is a public Simulator recording of iOS 26.2 (23C55) on an
/// iPhone Air (420 × 912 pt at 3×): a SwiftUI sheet with `.presentationDetents([.height(100), .large])` going
/// from large to the small detent, over a red view, frame by frame (docs/ios-reference.md, "iOS 26.2 recording").
final class GlassInsetReferenceTests: XCTestCase {
    /// The recording's canvas. Its large sheet's top is at 68 pt: with the iPhone Air's safe-area top taken as 68 pt (its
    /// Dynamic Island ends at 56.7; no published figure was found), that is a first-level glass sheet's T + 0, as the
    /// iOS 26.0 SwiftUI screenshots measure. The small detent's visible height, 108.67 pt, is the height(100) frame plus
    /// its 8 pt inset.
    static let json = #"""
    {"canvas": {"width": 420, "height": 912, "safeArea": {"top": 68, "bottom": 34}, "displayCornerRadius": 62},
     "sheet": {"detents": [{"id": "bar", "height": 108.67}, "large"]}}
    """#

    /// (visible height, side inset measured on the left and the right), in points, from frames 7 to 223.
    static let measured: [(visible: Double, left: Double, right: Double)] = [
        (834.67, 0.67, 0.00), (677.33, 2.00, 2.00), (483.67, 4.00, 4.00), (337.00, 5.67, 5.33),
        (240.00, 6.67, 6.67), (181.00, 7.33, 7.33), (146.67, 7.67, 7.33), (127.33, 8.00, 7.67),
        (116.67, 8.00, 8.00), (110.67, 8.00, 8.00),
    ]

    func testTheInsetFollowsTheHeightAsIOS26Does() {
        let setup = SheetSetup(config: config(Self.json))
        XCTAssertEqual(setup.largest.height, 844, accuracy: 0.01, "large at the recording's top, 68 pt")
        XCTAssertEqual(setup.shape(atHeight: 108.67).inset, 8, accuracy: 1e-9, "8 pt at the small detent, as at rest in the recording")
        XCTAssertEqual(setup.shape(atHeight: 844).inset, 0, accuracy: 1e-9, "edge to edge at large")
        var worst = 0.0
        for sample in Self.measured {
            let inset = setup.shape(atHeight: sample.visible).inset
            let iOS = (sample.left + sample.right) / 2
            worst = max(worst, abs(inset - iOS))
            // The frames are 1/3 pt apart; the two sides differ by up to 0.67.
            XCTAssertEqual(inset, iOS, accuracy: 0.5, "at \(sample.visible) pt visible")
        }
        XCTAssertLessThan(worst, 0.5)
    }

    /// A constant 8 pt up to large (the sheet snapping to edge-attached only there) is what the recording rules out.
    func testAConstantInsetWouldMissTheRecording() {
        let setup = SheetSetup(config: config(Self.json))
        let half = Self.measured[2]
        XCTAssertEqual(setup.shape(atHeight: half.visible).inset, 4, accuracy: 0.2)
        XCTAssertGreaterThan(abs(8 - (half.left + half.right) / 2), 3)
    }
}
