import XCTest
@testable import SheetKit

/// Dynamic Type and Bold Text: the text styles' sizes at each text size, the weights Bold Text picks, and the
/// layout (wrapping, rows, buttons, headers, `fit`) that follows them.
final class DynamicTypeTests: XCTestCase {
    /// Body across the twelve sizes, as Apple lists it and as `UIFont.preferredFont` returns it.
    func testBodyAtEveryTextSize() {
        XCTAssertEqual(TextSizeCategory.allCases.map { FontStyle.body.font(at: $0).size },
                       [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        XCTAssertEqual(TextSizeCategory.allCases.map { FontStyle.body.font(at: $0).lineHeight },
                       [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62])
    }

    /// Spot checks across the table: the largest and the smallest styles at both ends, and the default column is
    /// the one the styles always had.
    func testTableCorners() {
        XCTAssertEqual(FontStyle.largeTitle.font(at: .xSmall).size, 31)
        XCTAssertEqual(FontStyle.largeTitle.font(at: .ax5).size, 60)
        XCTAssertEqual(FontStyle.largeTitle.font(at: .ax5).lineHeight, 70)
        XCTAssertEqual(FontStyle.title2.font(at: .ax3).size, 44)
        XCTAssertEqual(FontStyle.subheadline.font(at: .ax3).size, 36)
        XCTAssertEqual(FontStyle.footnote.font(at: .xSmall).size, 12)
        XCTAssertEqual(FontStyle.footnote.font(at: .ax5).size, 44)
        XCTAssertEqual(FontStyle.caption2.font(at: .medium).size, 11)
        XCTAssertEqual(FontStyle.caption1.font(at: .ax5).size, 43)
        XCTAssertEqual(FontStyle.headline.font(at: .ax2).weight, .semibold)
        let large: [FontStyle: (Double, Double)] = [.largeTitle: (34, 41), .title1: (28, 34), .title2: (22, 28), .title3: (20, 25),
                                                    .headline: (17, 22), .body: (17, 22), .callout: (16, 21), .subheadline: (15, 20),
                                                    .footnote: (13, 18), .caption1: (12, 16), .caption2: (11, 13)]
        for (style, (size, leading)) in large {
            XCTAssertEqual(style.font.size, size, "\(style)")
            XCTAssertEqual(style.font.lineHeight, leading, "\(style)")
        }
        // Every style grows (or stays) with every step, and every row has twelve sizes.
        for style in FontStyle.allCases {
            let sizes = TextSizeCategory.allCases.map { style.font(at: $0).size }
            XCTAssertEqual(sizes, sizes.sorted(), "\(style)")
            XCTAssertEqual(FontStyle.sizes[style]?.count, 12)
        }
    }

    /// The content roles take their styles: a title is Title 2, body, buttons and row titles Body, details
    /// Subheadline, headers Footnote; the icon glyph keeps its size.
    func testRolesScale() {
        let ax3 = Typography(textSize: .ax3)
        XCTAssertEqual(ax3.font(TextStyle.body).size, 40)
        XCTAssertEqual(ax3.font(.title).size, 44)
        XCTAssertEqual(ax3.font(.title).weight, .bold)
        XCTAssertEqual(ax3.font(.button).size, 40)
        XCTAssertEqual(ax3.font(.button).weight, .semibold)
        XCTAssertEqual(ax3.font(.rowDetail).size, 36)
        XCTAssertEqual(ax3.font(.header).size, 33)
        XCTAssertEqual(ax3.font(.icon).size, TextStyle.icon.fontSize)
        for role in TextStyle.allCases { XCTAssertEqual(Typography.standard.font(role), role.font, "\(role)") }
    }

    /// Bold Text: regular becomes semibold, semibold bold, bold heavy; an explicit weight is made heavier too.
    func testBoldTextTakesTheNextWeight() {
        let bold = Typography(textSize: .large, boldText: true)
        XCTAssertEqual(bold.font(TextStyle.body).weight, .semibold)
        XCTAssertEqual(bold.font(.button).weight, .bold)
        XCTAssertEqual(bold.font(.title).weight, .heavy)
        XCTAssertEqual(bold.font(FontStyle.headline).weight, .bold)
        XCTAssertEqual(bold.font(TextStyle.body, weight: .medium).weight, .bold)
        XCTAssertEqual(bold.font(TextStyle.body).size, 17)
        XCTAssertEqual(Typography.standard.font(TextStyle.body).weight, .regular)
    }

    func testTheConfigsSettingsReachTheLayout() {
        let setup = SheetSetup(config: config(#"{"settings": {"textSize": "AX3", "boldText": true}}"#))
        XCTAssertEqual(setup.layout.typography, Typography(textSize: .ax3, boldText: true))
        // The default content's first element is its title.
        XCTAssertEqual(setup.layout.fonts[0]?.size, 44)
        XCTAssertEqual(setup.layout.fonts[0]?.weight, .heavy)
    }

    /// A fit sheet grows with the text size: each step is at least as tall, the accessibility sizes much taller.
    func testAFitSheetGrowsWithTheTextSize() {
        let text = #"{"type": "text", "text": "Drag the sheet, flick it, or tap the map behind it to see how it settles."}"#
        func fit(_ size: TextSizeCategory) -> Double {
            let c = config(#"""
            {"settings": {"textSize": "\#(size.rawValue)"},
             "sheet": {"detents": ["fit", "large"], "content": [{"type": "title", "text": "Nearby"}, \#(text),
               {"type": "row", "title": "Café Lumen", "detail": "Coffee · 120 m"}, {"type": "button", "title": "Dismiss"}]}}
            """#)
            return SheetSetup(config: c).detents[0].height
        }
        let heights = TextSizeCategory.allCases.map(fit)
        XCTAssertEqual(heights, heights.sorted())
        XCTAssertGreaterThan(fit(.ax3), fit(.large) + 150)
        XCTAssertLessThan(fit(.xSmall), fit(.large))
    }

    /// Capped at large: content taller than the screen makes the fit detent the large one, and the rest scrolls.
    func testAFitSheetCappedAtLargeScrolls() {
        let rows = (0..<8).map { #"{"title": "Row \#($0) with a longer title", "detail": "Detail text \#($0)"}"# }.joined(separator: ",")
        func setup(_ size: TextSizeCategory) -> SheetSetup {
            SheetSetup(config: config(#"""
            {"settings": {"textSize": "\#(size.rawValue)"},
             "sheet": {"detents": ["fit"], "content": [{"type": "list", "rows": [\#(rows)]}]}}
            """#))
        }
        let large = setup(.large), ax5 = setup(.ax5)
        let largeDetent = SheetSetup(config: config(#"{"sheet": {"detents": ["large"]}}"#)).detents[0].height
        XCTAssertLessThan(large.naturalHeight, largeDetent)
        XCTAssertLessThan(large.detents[0].height, largeDetent)
        XCTAssertGreaterThan(ax5.naturalHeight, largeDetent)
        XCTAssertEqual(ax5.detents[0].height, largeDetent, accuracy: 0.5)
        XCTAssertGreaterThan(ax5.layout.contentHeight, ax5.contentViewport)
    }

    /// Rows keep their 48 and 60 pt at the default size and grow as self-sizing cells do; a long title wraps in the
    /// room beside the icon and the chevron.
    func testRowsGrowWithTheirText() {
        let m = EstimatedTextMetrics()
        let plain = RowElement(title: "Café Lumen")
        let detailed = RowElement(icon: "C", title: "Riverside Park and Gardens", detail: "Park · 400 m", action: .dismiss)
        XCTAssertEqual(ContentLayout.row(plain, width: 361, measurer: m, typography: .standard).height, 48)
        XCTAssertEqual(ContentLayout.row(detailed, width: 361, measurer: m, typography: .standard).height, 60)
        let big = ContentLayout.row(detailed, width: 361, measurer: m, typography: Typography(textSize: .ax3))
        XCTAssertGreaterThan(big.titleLines.count + big.detailLines.count, 2)
        XCTAssertEqual(big.height, Double(big.titleLines.count) * 48 + Double(big.detailLines.count) * 43 + 18)
        XCTAssertEqual(big.textTop, 9)
        // Every line fits beside the icon and before the chevron.
        XCTAssertEqual(big.chevronFont?.size, 44)
        XCTAssertEqual(ContentLayout.row(detailed, width: 361, measurer: m, typography: .standard).chevronFont, ContentLayout.chevronFont)
        let room = 361 - big.textX - ContentLayout.rowPadding - m.width(of: ContentLayout.chevron, font: big.chevronFont!) - ContentLayout.chevronGap
        for line in big.titleLines { XCTAssertLessThanOrEqual(m.width(of: line, font: big.titleFont), room) }
        let small = ContentLayout.row(plain, width: 361, measurer: m, typography: Typography(textSize: .xSmall))
        XCTAssertEqual(small.height, 45)
    }

    /// A button's title wraps and the button grows, keeping 14 pt above and below it; a list header too.
    func testButtonsAndHeadersGrow() {
        let content: [ContentElement] = [
            .button(ButtonElement(title: "Continue to the next step", action: .dismiss)),
            .list(ListElement(title: "Places nearby you", rows: [RowElement(title: "A")])),
        ]
        let large = ContentLayout(content: content, width: 361, measurer: EstimatedTextMetrics())
        XCTAssertEqual(large.frames[0].height, 50)
        XCTAssertEqual(large.frames[1].height, 30 + 48)
        let ax5 = ContentLayout(content: content, width: 361, measurer: EstimatedTextMetrics(), typography: Typography(textSize: .ax5))
        let lines = ax5.lines[0]?.count ?? 0
        XCTAssertGreaterThan(lines, 1)
        XCTAssertEqual(ax5.frames[0].height, Double(lines) * 62 + 28)
        let header = ax5.headers[1]!
        XCTAssertGreaterThan(header.lines.count, 1)
        XCTAssertEqual(ax5.frames[1].height, 12 + Double(header.lines.count) * 52 + ax5.rows[1]![0].height)
        // The row's tap target starts below the header.
        XCTAssertEqual(ax5.targets[1].frame.y, ax5.frames[1].y + 12 + Double(header.lines.count) * 52)
    }
}
