import XCTest
import LineBreak
@testable import SheetKit

/// The content keys the presets' articles need: fonts, weights, alignment, compact buttons, spacing and
/// height-filling text, their layout and their errors.
final class ContentKeysTests: XCTestCase {
    /// Widths the tests can predict: every character is 10 points wide, plus the font's tracking.
    struct Fixed: TextMeasuring {
        func width(of line: String, font: TextFont) -> Double {
            Tracking.width(advances: 10 * Double(line.count), count: line.count, tracking: font.tracking)
        }
        func lines(of text: String, font: TextFont, maxWidth: Double) -> [String] {
            LineBreak.greedy(text, maxWidth: maxWidth) { width(of: $0, font: font) }
        }
    }

    func layout(_ content: String, width: Double = 361, fill: ContentLayout.FillSpace? = nil) -> ContentLayout {
        let c = config(#"{"sheet": {"content": \#(content)}}"#)
        return ContentLayout(content: c.sheet.content, width: width, measurer: Fixed(), fill: fill)
    }

    func testBadValuesAreErrorsAtTheirKey() {
        let rows: [(line: UInt, element: String, path: String, message: String)] = [
            (#line, #"{"type": "title", "text": "x", "font": "largetitle"}"#, "sheet.content[0].font", "did you mean largeTitle?"),
            (#line, #"{"type": "text", "text": "x", "align": "centre"}"#, "sheet.content[0].align", "did you mean center?"),
            (#line, #"{"type": "text", "text": "x", "weight": "black"}"#, "sheet.content[0].weight", "not valid"),
            (#line, #"{"type": "text", "text": "x", "spaceAbove": -1}"#, "sheet.content[0].spaceAbove", "must not be negative"),
            (#line, #"{"type": "text", "text": "x", "fillHeight": true}"#, "sheet.content[0].fillHeight", "expected a string"),
            (#line, #"{"type": "text", "text": "x", "fillHeight": "screen"}"#, "sheet.content[0].fillHeight", "not valid"),
            (#line, #"{"type": "button", "title": "x", "size": "small"}"#, "sheet.content[0].size", "not valid"),
            (#line, #"{"type": "button", "title": "x", "padding": -4}"#, "sheet.content[0].padding", "must not be negative"),
            (#line, #"{"type": "button", "title": "x", "cornerRadius": "10"}"#, "sheet.content[0].cornerRadius", "expected a number"),
            (#line, #"{"type": "spacer", "align": "center"}"#, "sheet.content[0].align", "unknown key"),
            (#line, #"{"type": "button", "title": "x", "fillHeight": "sheet"}"#, "sheet.content[0].fillHeight", "unknown key"),
        ]
        for row in rows {
            let found = errors(#"{"sheet": {"content": [\#(row.element)]}}"#)
            XCTAssertEqual(found.count, 1, "\(found)", line: row.line)
            guard let d = found.first else { continue }
            XCTAssertEqual(d.path?.description, row.path, line: row.line)
            XCTAssertTrue(d.message.contains(row.message), "\(d.message) lacks “\(row.message)”", line: row.line)
            XCTAssertNotNil(d.position, line: row.line)
        }
    }

    func testTextStylesFollowApplesTable() {
        let rows: [(line: UInt, style: FontStyle, size: Double, leading: Double, weight: TextWeight)] = [
            (#line, .largeTitle, 34, 41, .regular), (#line, .title1, 28, 34, .regular), (#line, .title2, 22, 28, .regular),
            (#line, .title3, 20, 25, .regular), (#line, .headline, 17, 22, .semibold), (#line, .body, 17, 22, .regular),
            (#line, .callout, 16, 21, .regular), (#line, .subheadline, 15, 20, .regular), (#line, .footnote, 13, 18, .regular),
            (#line, .caption1, 12, 16, .regular), (#line, .caption2, 11, 13, .regular),
        ]
        XCTAssertEqual(rows.count, FontStyle.allCases.count)
        for row in rows {
            XCTAssertEqual(row.style.font, TextFont(size: row.size, lineHeight: row.leading, weight: row.weight), line: row.line)
        }
        // A title's font and weight come from its keys; its height from the style's leading.
        let l = layout(#"[{"type": "title", "text": "Hello", "font": "largeTitle", "weight": "bold"}]"#)
        XCTAssertEqual(l.fonts[0], TextFont(size: 34, lineHeight: 41, weight: .bold))
        XCTAssertEqual(l.frames[0].height, 41)
    }

    func testSpaceAboveReplacesTheDefaultGap() {
        let rows: [(line: UInt, content: String, ys: [Double])] = [
            (#line, #"[{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]"#, [0, 34]),
            (#line, #"[{"type": "text", "text": "a"}, {"type": "text", "text": "b", "spaceAbove": 8}]"#, [0, 30]),
            (#line, #"[{"type": "text", "text": "a", "spaceAbove": 5}, {"type": "text", "text": "b", "spaceAbove": 0}]"#, [5, 27]),
            (#line, #"[{"type": "spacer", "height": 10}, {"type": "button", "title": "b", "spaceAbove": 4}]"#, [0, 14]),
        ]
        for row in rows {
            XCTAssertEqual(layout(row.content).frames.map(\.y), row.ys, line: row.line)
        }
    }

    func testAlignment() {
        let rows: [(line: UInt, align: TextAlignment, lineWidth: Double, width: Double, x: Double)] = [
            (#line, .leading, 100, 361, 0), (#line, .center, 100, 361, 130.5), (#line, .trailing, 100, 361, 261),
            (#line, .center, 361, 361, 0),
        ]
        for row in rows {
            XCTAssertEqual(row.align.offset(lineWidth: row.lineWidth, in: row.width), row.x, line: row.line)
        }
    }

    /// A compact button is its title plus padding, placed by `align`, and tappable only there.
    func testCompactButtonsAreSizedToTheirTitle() {
        let rows: [(line: UInt, keys: String, frame: Rect)] = [
            // "Dismiss" is 7 characters: 70 pt plus 6 × tracking at 17 pt (−0.43), plus 16 pt padding each side.
            (#line, #""size": "compact""#, Rect(x: (361 - (70 - 6 * 0.43 + 32)) / 2, y: 0, width: 70 - 6 * 0.43 + 32, height: 22 + 32)),
            (#line, #""size": "compact", "padding": 0, "font": "body""#, Rect(x: (361 - (70 - 6 * 0.43)) / 2, y: 0, width: 70 - 6 * 0.43, height: 22)),
            (#line, #""size": "compact", "font": "title1", "align": "leading""#, Rect(x: 0, y: 0, width: 70 + 6 * 0.38 + 32, height: 34 + 32)),
            (#line, #""size": "compact", "padding": 4, "align": "trailing""#, Rect(x: 361 - (70 - 6 * 0.43 + 8), y: 0, width: 70 - 6 * 0.43 + 8, height: 30)),
            (#line, #""size": "full""#, Rect(x: 0, y: 0, width: 361, height: 50)),
        ]
        for row in rows {
            let l = layout(#"[{"type": "button", "title": "Dismiss", "action": "dismiss", \#(row.keys)}]"#)
            XCTAssertEqual(l.frames[0].x, row.frame.x, accuracy: 1e-9, line: row.line)
            XCTAssertEqual(l.frames[0].width, row.frame.width, accuracy: 1e-9, line: row.line)
            XCTAssertEqual(l.frames[0].height, row.frame.height, line: row.line)
            XCTAssertEqual(l.targets.map(\.frame), [l.frames[0]], "the target is the drawn button", line: row.line)
        }
        // A title wider than the content wraps, as a button's title does on iOS, and the button grows to hold its
        // lines without passing the content's width.
        let wide = layout(#"[{"type": "button", "title": "\#(String(repeating: "w", count: 60))", "size": "compact"}]"#)
        let lines = wide.lines[0]?.count ?? 0
        XCTAssertGreaterThan(lines, 1)
        XCTAssertLessThanOrEqual(wide.frames[0].width, 361)
        XCTAssertEqual(wide.frames[0].height, Double(lines) * 22 + 32)
    }

    /// Taps reach a compact button only where it is drawn.
    func testCompactButtonHitTarget() {
        let c = config(#"{"sheet": {"detents": ["large"], "dismissible": false, "content": [{"type": "button", "title": "Go", "action": "dismiss", "size": "compact"}]}}"#)
        let setup = SheetSetup(config: c)
        let f = setup.layout.targets[0].frame
        let x0 = setup.contentX(in: setup.shape(atHeight: setup.largest.height))
        let rows: [(line: UInt, x: Double, hits: Bool)] = [
            (#line, x0 + f.x + f.width / 2, true), (#line, x0 + f.x + 2, true), (#line, x0 + f.maxX - 2, true),
            (#line, x0 + f.x - 4, false), (#line, x0 + f.maxX + 4, false), (#line, x0 + 10, false),
        ]
        for row in rows {
            var e = SheetEngine(setup: setup)
            let y = e.top + setup.bandHeight + f.y + f.height / 2
            let events = e.play(steps((0, .tap(Point(row.x, y))))).kinds
            XCTAssertEqual(events.contains(.action("dismiss")), row.hits, "\(events)", line: row.line)
        }
    }

    /// Height-filling text grows to what the largest detent leaves and centres its text in the sheet.
    func testFillHeightCentresTextInTheSheet() {
        let space = ContentLayout.FillSpace(sheetHeight: 400, band: 20, safeBottom: 34)
        let rows: [(line: UInt, content: String, frameHeight: Double, textCentreInSheet: Double)] = [
            // Usable: 400 − 20 − 34 − 16 = 330. Centred in the sheet above the safe area: (400 − 34) / 2.
            (#line, #"[{"type": "text", "text": "a", "fillHeight": "safeArea"}]"#, 330, 183),
            // Centred in the whole sheet: 400 / 2.
            (#line, #"[{"type": "text", "text": "a", "fillHeight": "sheet"}]"#, 330, 200),
            // After a 60 pt spacer and the 12 pt gap, the text centres between the spacer and the sheet's bottom.
            (#line, #"[{"type": "spacer", "height": 60}, {"type": "text", "text": "a", "fillHeight": "sheet"}]"#, 258, 20 + 72 + (400 - 20 - 72) / 2),
        ]
        for row in rows {
            let l = layout(row.content, fill: space)
            let i = l.frames.count - 1
            XCTAssertEqual(l.frames[i].height, row.frameHeight, accuracy: 1e-9, line: row.line)
            let centre = space.band + l.frames[i].y + (l.textTops[i] ?? 0) + 11
            XCTAssertEqual(centre, row.textCentreInSheet, accuracy: 1e-9, line: row.line)
            XCTAssertEqual(l.contentHeight + space.band + space.safeBottom, 400, accuracy: 1e-9, "fills the sheet, no scrolling", line: row.line)
        }
        // Without a fixed detent there is nothing to fill: the text keeps its own height.
        XCTAssertEqual(layout(#"[{"type": "text", "text": "a", "fillHeight": "sheet"}]"#).frames[0].height, 22)
    }

    /// New keys survive a save: what is encoded decodes to the same content.
    func testNewKeysRoundTrip() throws {
        let c = config(#"""
        {"sheet": {"content": [
          {"type": "title", "text": "Hello", "font": "largeTitle", "weight": "bold", "align": "center", "spaceAbove": 4},
          {"type": "text", "text": "x", "fillHeight": "sheet", "align": "trailing"},
          {"type": "button", "title": "Go", "size": "compact", "padding": 6, "cornerRadius": 10, "font": "title1", "align": "leading", "spaceAbove": 8}
        ]}}
        """#)
        let data = try JSONEncoder().encode(c.sheet.content)
        let again = config(#"{"sheet": {"content": \#(String(decoding: data, as: UTF8.self))}}"#)
        XCTAssertEqual(again.sheet.content, c.sheet.content)
    }
}
