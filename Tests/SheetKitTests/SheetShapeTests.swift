import XCTest
@testable import SheetKit

/// The sheet's outline per style and height: the glass sheet floats inset with concentric bottom corners and morphs to
/// edge-attached at large; classic is edge-attached with top corners; an iPad shows a form sheet.
final class SheetShapeTests: XCTestCase {
    func testShapeTable() {
        // iPhone 15: H 852; glass M = 852 − 59 − 0 = 793 (iOS 26: T + 0), classic M = 852 − 59 − 10 = 783; detents peek 120, medium
        // H/2 + B = 460, large M; display radius 55.
        let glass = "{}"
        let classic = #"{"sheet": {"style": "classic"}}"#
        let rows: [(line: UInt, json: String, height: Double, frame: Rect, top: Double, bottom: Double, opacity: Double, recede: Double)] = [
            // Glass at peek and medium: floating, 8 pt in from the sides and the bottom, iOS 26's 38 pt top corners,
            // the bottom ones concentric with the display (55 − 8).
            (#line, glass, 120, Rect(x: 8, y: 732, width: 377, height: 112), 38, 47, 0, 0),
            (#line, glass, 460, Rect(x: 8, y: 392, width: 377, height: 452), 38, 47, 0, 0),
            // Half way from medium to large: half the inset, half opaque; glass never recedes the presenting view.
            (#line, glass, 626.5, Rect(x: 4, y: 225.5, width: 385, height: 622.5), 38, 51, 0.5, 0),
            // At large: edge to edge at T + 0, the display's own bottom corners, opaque, the presenting view full size.
            (#line, glass, 793.0, Rect(x: 0, y: 59, width: 393, height: 793.0), 38, 55, 1, 0),
            // Rubber-banding above large stays at large's shape.
            (#line, glass, 800, Rect(x: 0, y: 52, width: 393, height: 800), 38, 55, 1, 0),
            // Glass recedes only when the config asks.
            (#line, #"{"sheet": {"backgroundRecedes": true}}"#, 793, Rect(x: 0, y: 59, width: 393, height: 793), 38, 55, 1, 1),
            // Classic: edge-attached at every height, UIKit's 10 pt top corners, square bottom; modal at large, it recedes.
            (#line, classic, 120, Rect(x: 0, y: 732, width: 393, height: 120), 10, 0, 0, 0),
            (#line, classic, 783, Rect(x: 0, y: 69, width: 393, height: 783), 10, 0, 0, 1),
            // An explicit radius wins.
            (#line, #"{"sheet": {"cornerRadius": 20}}"#, 120, Rect(x: 8, y: 732, width: 377, height: 112), 20, 47, 0, 0),
            // Undimmed up to large: not modal, nothing recedes.
            (#line, #"{"sheet": {"style": "classic", "dimming": {"largestUndimmedDetent": "large"}}}"#, 783, Rect(x: 0, y: 69, width: 393, height: 783), 10, 0, 0, 0),
            (#line, #"{"sheet": {"style": "classic", "backgroundRecedes": false}}"#, 783, Rect(x: 0, y: 69, width: 393, height: 783), 10, 0, 0, 0),
            // The largest detent is partial: the sheet floats at every height and never turns opaque.
            (#line, #"{"sheet": {"detents": ["medium"]}}"#, 460, Rect(x: 8, y: 392, width: 377, height: 452), 38, 47, 0, 0),
            // iPhone SE: square display corners, so glass stays edge-attached; it still turns opaque at large.
            (#line, #"{"device": "iphone-se"}"#, 647, Rect(x: 0, y: 20, width: 375, height: 647), 28, 0, 1, 0),
            // iPhone 13 mini: 44 pt display corners, so 36 pt bottom corners; the top ones are 38 on every phone.
            (#line, #"{"device": "iphone-13-mini"}"#, 120, Rect(x: 8, y: 692, width: 359, height: 112), 38, 36, 0, 0),
            // iPad mini: a 540 × 620 form sheet, centred ((744 − 540) / 2, (1133 − 620) / 2), every corner rounded.
            (#line, #"{"device": "ipad-mini"}"#, 876.5, Rect(x: 102, y: 256.5, width: 540, height: 620), 28, 28, 1, 0),
            (#line, #"{"device": "ipad-mini", "sheet": {"style": "classic"}}"#, 876.5, Rect(x: 102, y: 256.5, width: 540, height: 620), 10, 10, 0, 0),
        ]
        for row in rows {
            let setup = SheetSetup(config: config(row.json, line: row.line))
            let shape = setup.shape(atHeight: row.height)
            for (got, want) in [(shape.frame.x, row.frame.x), (shape.frame.y, row.frame.y),
                                (shape.frame.width, row.frame.width), (shape.frame.height, row.frame.height)] {
                XCTAssertEqual(got, want, accuracy: 1e-9, "\(shape.frame)", line: row.line)
            }
            XCTAssertEqual(shape.topRadius, row.top, accuracy: 1e-9, line: row.line)
            XCTAssertEqual(shape.bottomRadius, row.bottom, accuracy: 1e-9, line: row.line)
            XCTAssertEqual(shape.opacity, row.opacity, accuracy: 1e-9, line: row.line)
            XCTAssertEqual(shape.recede, row.recede, accuracy: 1e-9, line: row.line)
        }
    }

    func testTheFormSheetRestsCentred() {
        let setup = SheetSetup(config: config(#"{"device": "ipad-mini"}"#))
        XCTAssertEqual(setup.presentation, .formSheet)
        XCTAssertEqual(setup.detents.map(\.height), [1133 - (1133 - 620) / 2])
        // Content scrolls within the card, with no home-indicator inset.
        XCTAssertEqual(setup.contentViewport, 620 - setup.bandHeight)
        XCTAssertEqual(setup.contentBottomInset, 0)
    }

    func testContentIsLaidOutInTheFloatingWidth() {
        XCTAssertEqual(SheetSetup(config: config("{}")).layout.width, 393 - 16 - 32)
        XCTAssertEqual(SheetSetup(config: config(#"{"sheet": {"style": "classic"}}"#)).layout.width, 393 - 32)
        XCTAssertEqual(SheetSetup(config: config(#"{"device": "iphone-se"}"#)).layout.width, 375 - 32)
    }

    /// Taps follow the drawn outline: the gap beside a floating sheet and the outside of its rounded corners
    /// reach the background; the content column is centred in the sheet.
    func testHitTestingFollowsTheFloatingOutline() {
        let setup = SheetSetup(config: config(#"{"sheet": {"dimming": {"largestUndimmedDetent": "medium"}}}"#))
        let h = 391.5, top = 852 - h
        let rows: [(line: UInt, point: Point, onSheet: Bool)] = [
            (#line, Point(4, top + 100), false),          // in the 8 pt gap at the left
            (#line, Point(389, top + 100), false),        // … and at the right
            (#line, Point(200, 848), false),              // below the floating sheet's bottom edge
            (#line, Point(9, top + 1), false),            // outside the top-left corner's curve
            (#line, Point(9, 843), false),                // outside the bottom-left corner's curve
            (#line, Point(30, top + 30), true),           // inside the corner
            (#line, Point(12, top + 100), true),          // just inside the left edge
            (#line, Point(200, 843), true),               // just above the bottom edge
        ]
        for row in rows {
            let target = HitTest.target(at: row.point, setup: setup, height: h, contentOffset: 0, dim: 0)
            XCTAssertEqual(target.isSheet, row.onSheet, "\(row.point) → \(target)", line: row.line)
        }
        XCTAssertEqual(setup.contentX(in: setup.shape(atHeight: h)), 8 + 16)
        XCTAssertEqual(setup.contentX(in: setup.shape(atHeight: 783)), 8 + 16, "the column stays put as the sheet widens")
    }
}
