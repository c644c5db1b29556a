import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// Dynamic Type and Bold Text with real Inter metrics: the drawn text is as tall as its size, lines wrap within
/// the column, every line lands inside its element, and a fit sheet grows.
final class DynamicTypeRenderTests: XCTestCase {
    var text: TextEngine { FrameTests.text }

    /// The rows with ink in `p`, and its columns.
    func ink(_ p: Pixmap, rows: Range<Int>) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        var top = Int.max, bottom = Int.min, lo = Int.max, hi = Int.min
        for y in rows where y >= 0 && y < p.height {
            for x in 0..<p.width where p.pixels[y * p.width + x] >> 24 > 40 {
                top = min(top, y); bottom = max(bottom, y); lo = min(lo, x); hi = max(hi, x)
            }
        }
        return top <= bottom ? (top...bottom, lo...hi) : nil
    }

    func setup(_ settings: String, content: String) -> SheetSetup {
        let json = ##"{"settings": \##(settings), "sheet": {"detents": ["fit", "large"], "fill": "#FFFFFF", "content": \##(content)}}"##
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config"); return SheetSetup(config: SheetLabConfig()) }
        return SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: text))
    }

    /// An "H" in Body: its cap height follows the point size, 17 pt at Large and 40 pt at AX3 (Inter's cap height
    /// is 0.727 em).
    func testBodyTextIsDrawnAtItsSize() {
        var capHeights: [Double] = []
        for size in ["large", "AX3"] {
            let s = setup(#"{"textSize": "\#(size)"}"#, content: #"[{"type": "text", "text": "H"}]"#)
            XCTAssertEqual(s.layout.fonts[0]?.size, size == "large" ? 17 : 40)
            let layer = ContentLayer(setup: s, scale: 1, text: text, images: [:], theme: SheetTheme(sheet: s.config.sheet))
            let f = s.layout.frames[0]
            guard let box = ink(layer.pixmap, rows: Int(f.y)..<Int(f.maxY.rounded(.up))) else { XCTFail("no ink"); continue }
            capHeights.append(Double(box.rows.count))
        }
        XCTAssertEqual(capHeights[0], 17 * 0.727, accuracy: 1.5)
        XCTAssertEqual(capHeights[1], 40 * 0.727, accuracy: 1.5)
    }

    /// A paragraph at AX3 wraps within the content column, each line inside its element's frame, and the fit
    /// sheet is taller than at Large; with Bold Text the same words are wider, so they take at least as many lines.
    func testWrappedLinesStayInTheirElementAndFitGrows() {
        let content = #"[{"type": "title", "text": "Nearby"}, {"type": "text", "text": "Drag the sheet, flick it, or tap the map behind it."}, {"type": "row", "icon": "C", "title": "Riverside Park and Gardens", "detail": "Park · 400 m", "action": "dismiss"}, {"type": "button", "title": "Dismiss", "action": "dismiss"}]"#
        let large = setup("{}", content: content), ax3 = setup(#"{"textSize": "AX3"}"#, content: content)
        let bold = setup(#"{"textSize": "AX3", "boldText": true}"#, content: content)
        XCTAssertGreaterThan(ax3.detents[0].height, large.detents[0].height + 200)
        XCTAssertLessThanOrEqual(large.layout.lines[1]?.count ?? 9, 2)
        XCTAssertGreaterThanOrEqual(ax3.layout.lines[1]?.count ?? 0, 3)
        XCTAssertGreaterThanOrEqual(bold.layout.lines[1]?.count ?? 0, ax3.layout.lines[1]?.count ?? 0)
        let measurer = MeasuredTextMetrics(engine: text)
        for s in [ax3, bold] {
            let width = s.layout.width
            for (index, lines) in s.layout.lines {
                guard let font = s.layout.fonts[index] else { continue }
                for line in lines { XCTAssertLessThanOrEqual(measurer.width(of: line, font: font), width + 0.5, line) }
            }
            let layer = ContentLayer(setup: s, scale: 1, text: text, images: [:], theme: SheetTheme(sheet: s.config.sheet))
            // The text element's lines are drawn in its frame, and nothing of them spills into the gap below it.
            let f = s.layout.frames[1]
            let box = ink(layer.pixmap, rows: Int(f.y)..<Int(f.maxY))
            XCTAssertNotNil(box)
            if let box { XCTAssertLessThanOrEqual(box.columns.upperBound, Int(ContentLayout.sideInset + width) + 1) }
            XCTAssertNil(ink(layer.pixmap, rows: Int(f.maxY) + 1..<Int(f.maxY) + 11), "the gap below the text is empty")
            // The row grew to hold its wrapped title and detail.
            let row = s.layout.rows[2]![0]
            XCTAssertGreaterThan(row.titleLines.count, 1)
            XCTAssertEqual(s.layout.frames[2].height, row.height)
            XCTAssertGreaterThan(row.height, ContentLayout.rowWithDetailHeight)
        }
    }
}
