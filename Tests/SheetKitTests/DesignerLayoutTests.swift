import XCTest
@testable import SheetKit

/// Window points (mouse) and normalised window coordinates (fingers) to layout points: the canvas
/// (393 × 852), then the inspector (300) beside it when open, letterboxed in the window.
final class DesignerLayoutTests: XCTestCase {
    func testWindowToLayoutTable() {
        let rows: [(line: UInt, window: (Double, Double), inspector: Bool, at: (Double, Double), expected: Point)] = [
            // The window fits exactly: window points are canvas points.
            (#line, (393, 852), false, (100, 200), Point(100, 200)),
            // Twice as large: halved.
            (#line, (786, 1704), false, (100, 200), Point(50, 100)),
            // Wider than the canvas: bars left and right of 107 pt each.
            (#line, (607, 852), false, (107, 0), Point(0, 0)),
            (#line, (607, 852), false, (500, 852), Point(393, 852)),
            // Taller: bars above and below.
            (#line, (393, 1052), false, (0, 100), Point(0, 0)),
            // Inspector open: the layout is 693 wide; x past 393 is in the inspector.
            (#line, (693, 852), true, (543, 34), Point(543, 34)),
            // Inspector open in a window the size of the canvas alone: everything scaled by 393/693.
            (#line, (393, 852), true, (393, 426), Point(693, 426)),
            (#line, (393, 852), true, (196.5, 426), Point(346.5, 426)),
        ]
        for row in rows {
            let layout = WindowLayout(canvasWidth: 393, canvasHeight: 852, inspectorWidth: row.inspector ? Inspector.width : 0)
            let size = (width: row.window.0, height: row.window.1)
            let mouse = layout.point(windowX: row.at.0, y: row.at.1, window: size)
            XCTAssertEqual(mouse.x, row.expected.x, accuracy: 1e-9, "mouse x", line: row.line)
            XCTAssertEqual(mouse.y, row.expected.y, accuracy: 1e-9, "mouse y", line: row.line)
            // A finger at the same place, normalised to the window, lands on the same layout point.
            let finger = layout.point(fingerX: row.at.0 / size.width, y: row.at.1 / size.height, window: size)
            XCTAssertEqual(finger.x, row.expected.x, accuracy: 1e-9, "finger x", line: row.line)
            XCTAssertEqual(finger.y, row.expected.y, accuracy: 1e-9, "finger y", line: row.line)
        }
    }

    func testFingersAreLetterboxedLikeTheMouse() {
        // Before the fix a finger was x × canvas width: in a window with bars it missed by the bar.
        let layout = WindowLayout(canvasWidth: 393, canvasHeight: 852)
        let p = layout.point(fingerX: 0.5, y: 0.5, window: (1000, 852))
        XCTAssertEqual(p.x, 196.5, accuracy: 1e-9)
        XCTAssertEqual(p.y, 426, accuracy: 1e-9)
    }

    func testDestinationTable() {
        let rows: [(line: UInt, pixels: (Int, Int), inspector: Bool, expected: [Int])] = [
            (#line, (393, 852), false, [0, 0, 393, 852]),
            (#line, (786, 1704), false, [0, 0, 786, 1704]),
            (#line, (607, 852), false, [107, 0, 393, 852]),
            (#line, (693, 852), true, [0, 0, 693, 852]),
            (#line, (693, 1000), true, [0, 74, 693, 852]),
        ]
        for row in rows {
            let layout = WindowLayout(canvasWidth: 393, canvasHeight: 852, inspectorWidth: row.inspector ? 300 : 0)
            let d = layout.destination(pixels: (row.pixels.0, row.pixels.1))
            XCTAssertEqual([d.x, d.y, d.width, d.height], row.expected, line: row.line)
        }
    }
}
