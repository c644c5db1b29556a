import Foundation
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// The content layer holds a window of the content, not all of it: a window drawn anywhere in
/// tall content has exactly the pixels of the whole layer at those rows, and it is bounded at every scale.
final class ContentWindowTests: XCTestCase {
    var text: TextEngine { FrameTests.text }

    func setup(_ content: String) throws -> (SheetSetup, SheetTheme) {
        guard case .success(let d) = ConfigLoader.load(text: #"{"sheet": {"content": [\#(content)]}}"#, file: "t.json") else {
            throw XCTSkip("bad config")
        }
        return (SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: text)), SheetTheme(sheet: d.config.sheet))
    }

    func testAWindowAnywhereHasTheWholeLayersPixels() throws {
        let rows = (0..<120).map { i in
            i % 3 == 0 ? #"{"title": "Row \#(i)", "detail": "detail \#(i)", "icon": "★"}"# : #"{"title": "Row \#(i)"}"#
        }.joined(separator: ", ")
        let words = (0..<400).map { ["sheet", "detent", "spring", "glass", "scroll"][$0 % 5] }.joined(separator: " ")
        let (s, theme) = try setup(#"{"type": "title", "text": "Tall"}, {"type": "list", "title": "Rows", "rows": [\#(rows)]}, "#
            + #"{"type": "spacer", "height": 300}, {"type": "text", "text": "\#(words)"}, {"type": "row", "title": "Last", "icon": "●"}"#)
        for scale in [1, 3] {
            let whole = ContentLayer(setup: s, scale: scale, text: text, images: [:], theme: theme, windowRows: Int.max)
            XCTAssertEqual(whole.pixmap.height, whole.totalHeight)
            let window = ContentLayer(setup: s, scale: scale, text: text, images: [:], theme: theme, windowRows: 700)
            XCTAssertEqual(window.pixmap.height, 700)
            XCTAssertGreaterThan(whole.totalHeight, 8 * 700, "the content is many windows tall")
            let w = whole.pixmap.width
            for start in [0, 350, 1234, whole.totalHeight / 2 + 17, whole.totalHeight - 400, whole.totalHeight - 1] {
                let wanted = start..<min(start + 300, whole.totalHeight)
                window.ensure(wanted)
                XCTAssertLessThanOrEqual(window.top, wanted.lowerBound)
                XCTAssertGreaterThanOrEqual(window.top + window.pixmap.height, wanted.upperBound)
                var differing = 0
                for y in wanted {
                    let a = whole.pixmap.pixels[y * w..<(y + 1) * w], b = window.pixmap.pixels[(y - window.top) * w..<(y - window.top + 1) * w]
                    if !a.elementsEqual(b) { differing += 1 }
                    XCTAssertEqual(whole.spans[y], window.spans[y - window.top])
                }
                XCTAssertEqual(differing, 0, "rows \(wanted) at \(scale)x differ from the whole layer's")
            }
            // A range already in the window draws nothing again.
            let draws = window.draws
            window.ensure(window.top..<(window.top + 10))
            XCTAssertEqual(window.draws, draws)
        }
    }

    func testTheDefaultWindowIsTwoCanvasesTallAtMost() throws {
        let (s, theme) = try setup((0..<100).map { _ in #"{"type": "spacer", "height": 10000}"# }.joined(separator: ", "))
        let layer = ContentLayer(setup: s, scale: 3, text: text, images: [:], theme: theme)
        XCTAssertGreaterThan(layer.totalHeight, 2_900_000)
        XCTAssertEqual(layer.pixmap.height, 2 * Int((s.canvas.height * 3).rounded()))
    }
}
