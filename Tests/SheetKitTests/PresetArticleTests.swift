import XCTest
@testable import SheetKit

/// Each preset shows what its article shows (docs/presets.md): colours, labels, fonts, alignment, buttons,
/// detents, corners, grabber, shadow and dimming.
final class PresetArticleTests: XCTestCase {
    /// WCAG contrast of two opaque colours.
    func contrast(_ a: SRGBColor, _ b: SRGBColor) -> Double {
        func channel(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func l(_ c: SRGBColor) -> Double { 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue) }
        let (x, y) = (l(a), l(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// An example loaded in dark appearance (its colour names resolve there).
    func darkExample(_ name: String) -> SheetLabConfig {
        let url = assets.appendingPathComponent("Examples/\(name).json")
        let text = try! String(contentsOf: url, encoding: .utf8)
        return config("{\"appearance\": \"dark\", " + text.drop { $0 != "{" }.dropFirst())
    }

    func text(_ e: ContentElement) -> TextElement? {
        switch e { case .title(let t), .text(let t): return t; default: return nil }
    }

    func button(_ e: ContentElement) -> ButtonElement? {
        if case .button(let b) = e { return b }
        return nil
    }

    /// What every preset shares: the fill, the grabber, the shadow, the corners, one label.
    func testVisibleDetails() {
        let rows: [(line: UInt, name: String, fill: String?, grabber: Bool, shadow: Bool, radius: Double, corner: SheetConfig.CornerStyle)] = [
            // UIColor.yellow; prefersGrabberVisible = false; preferredCornerRadius = 20 (UIKit's sheet: continuous).
            (#line, "half-screen-cover", "#FFFF00", false, false, 20, .continuous),
            // .green (light); the article never enables the grabber; the hosting view's layer.cornerRadius = 20
            // (a CALayer's corners are circular unless cornerCurve says otherwise).
            // No shadow: the article's sheet is UIKit's classic one, which casts none (issue 34, 3× references).
            (#line, "dynamic-sheet", "#34C759", false, false, 20, .circular),
            // Color(.systemGray5) (light); .clipShape(.rect(topLeadingRadius: 20, topTrailingRadius: 20)): continuous.
            (#line, "multi-height", "#E5E5EA", false, false, 20, .continuous),
            // BlurView(.systemThinMaterialDark); a white 60×4 capsule; UIBezierPath's rounded corners (continuous) of 30.
            (#line, "blur-sheet", nil, true, false, 30, .continuous),
        ]
        for row in rows {
            let s = example(row.name).sheet
            XCTAssertEqual(s.style, .classic, "the seed presets are iOS 15–18 sheets", line: row.line)
            XCTAssertEqual(s.fill, row.fill.flatMap(SRGBColor.init(hex:)), row.name, line: row.line)
            XCTAssertEqual(s.grabber.visible, row.grabber, row.name, line: row.line)
            XCTAssertEqual(s.shadow != nil, row.shadow, row.name, line: row.line)
            XCTAssertEqual(s.cornerRadius, row.radius, row.name, line: row.line)
            XCTAssertEqual(s.cornerStyle, row.corner, row.name, line: row.line)
        }
    }

    /// The one label of the half-height cover and the multi-height sheet is centred across and down the sheet,
    /// where the article's ZStack or `.frame(maxWidth: .infinity, maxHeight: .infinity)` puts it.
    func testCentredLabels() {
        let rows: [(line: UInt, name: String, label: String, centreFromSheetTop: Double)] = [
            // A UIKit sheet's content above the home indicator, on UIKit's real medium (H/2 + B = 460): (460 − 34) / 2.
            (#line, "half-screen-cover", "Half sheet", (460 - 34) / 2),
            // A 640 pt frame that ignores the safe area: 640 / 2, whatever the detent.
            (#line, "multi-height", "Sheet with multiple heights", 320),
        ]
        for row in rows {
            let c = example(row.name)
            XCTAssertEqual(c.sheet.content.count, 1, row.name, line: row.line)
            guard let t = c.sheet.content.first.flatMap(text) else { XCTFail(row.name, line: row.line); continue }
            XCTAssertEqual(t.text, row.label, line: row.line)
            XCTAssertEqual(t.align, .center, line: row.line)
            // The article's default `Text`: the label colour of the appearance, black in light, white in dark.
            XCTAssertEqual(t.color, .black, line: row.line)
            XCTAssertEqual(darkExample(row.name).sheet.content.first.flatMap(text)?.color, .white, line: row.line)
            let setup = SheetSetup(config: c)
            let top = setup.bandHeight + setup.layout.frames[0].y + (setup.layout.textTops[0] ?? 0)
            XCTAssertEqual(top + TextStyle.body.lineHeight / 2, row.centreFromSheetTop, accuracy: 0.01, line: row.line)
        }
    }

    /// The article's basic example, the one with `backgroundColor: .green`: "Hello" in .largeTitle with .padding(),
    /// centred, in the default label colour (black in light, white in dark); nothing else, and no dimming of its own.
    func testDynamicSheetContent() {
        let c = example("dynamic-sheet")
        guard c.sheet.content.count == 1, let title = text(c.sheet.content[0]) else {
            return XCTFail("\(c.sheet.content)")
        }
        XCTAssertEqual(title.text, "Hello")
        XCTAssertEqual(title.font, .largeTitle)
        XCTAssertEqual(title.align, .center)
        XCTAssertEqual(title.color, .black)
        XCTAssertEqual(darkExample("dynamic-sheet").sheet.content.first.flatMap(text)?.color, .white)
        XCTAssertNil(c.sheet.dimming.opacityOverride, "the article sets no dimming")
    }

    /// Seed 000's `VStack { Text("Hello").font(.largeTitle).padding() }`, fitted by `systemLayoutSizeFitting`: 16 pt
    /// of padding, the 41 pt Large Title line, 16 pt, and the 34 pt bottom safe area: 107 pt, the line's top 16 pt
    /// below the sheet's top (its cap top about 24). With the grabber hidden there is no band above the content (it was
    /// 20 pt: 127 pt and the cap top 44.7 pt down).
    func testDynamicSheetIsFittedAsTheArticlesCode() {
        let setup = SheetSetup(config: example("dynamic-sheet"))
        XCTAssertEqual(setup.bandHeight, 0)
        XCTAssertEqual(setup.detent("fit")?.height ?? 0, 16 + 41 + 16 + 34, accuracy: 1e-9)
        XCTAssertEqual(setup.layout.frames.first?.y ?? -1, 16, accuracy: 1e-9)
    }

    /// The dynamic sheet's second example as SheetLab draws a compact filled button: "Dismiss" in .title with
    /// .padding(), purple, white, corner radius 10.
    func testACompactDismissButtonAsTheArticlesSecondExample() {
        let c = config(#"{"sheet": {"style": "classic", "detents": ["fit"], "content": [{"type": "button", "title": "Dismiss", "action": "dismiss", "size": "compact", "font": "title1", "color": "systemPurple", "cornerRadius": 10}]}}"#)
        guard let b = button(c.sheet.content[0]) else { return XCTFail("\(c.sheet.content)") }
        XCTAssertEqual(b.title, "Dismiss")
        XCTAssertEqual(b.action, .dismiss)
        XCTAssertEqual(b.size, .compact)
        XCTAssertEqual(b.style, .filled)
        XCTAssertEqual(b.font, .title1)
        XCTAssertEqual(b.padding, 16)
        XCTAssertEqual(b.cornerRadius, 10)
        XCTAssertEqual(b.color, SRGBColor(hex: "#AF52DE"))
        let setup = SheetSetup(config: c)
        let frame = setup.layout.targets[0].frame
        XCTAssertLessThan(frame.width, setup.layout.width / 2, "sized to its title")
        XCTAssertEqual(frame.x + frame.width / 2, setup.layout.width / 2, accuracy: 1e-9, "centred")
        XCTAssertEqual(frame.height, 34 + 32)
    }

    /// The blur sheet's positions as the article computes them from the screen, and its two plain buttons.
    func testBlurSheetFollowsTheArticlesArithmetic() {
        let c = example("blur-sheet")
        let setup = SheetSetup(config: c)
        let (H, T, B) = (setup.canvas.height, setup.canvas.safeTop, setup.canvas.safeBottom)
        // GeometryReader's height is the safe area (H − T − B); the sheet, ignoring the bottom safe area, is
        // offset by height − 100 and then by offset: 0 (peek), −(height − 100) / 2 (half), −(height − 120) (top).
        let height = H - T - B
        let expected = [B + 100, B + 100 + (height - 100) / 2, B + 100 + (height - 120)]
        XCTAssertEqual(setup.detents.map(\.height), expected)
        XCTAssertEqual(setup.detents.map(\.id), ["peek", "half", "top"])

        let buttons = c.sheet.content.compactMap(button)
        XCTAssertEqual(buttons.map(\.title), ["Button 1", "Button 2"])
        for b in buttons {
            XCTAssertEqual(b.style, .plain, b.title)
            XCTAssertEqual(b.size, .compact, b.title)
            XCTAssertEqual(b.font, .body, "SwiftUI's default button label: 17 pt regular")
            XCTAssertEqual(ContentLayout.font(of: b).weight, .regular)
            XCTAssertEqual(b.color, SRGBColor(hex: "#007AFF"), "the default accent, light appearance")
            XCTAssertEqual(b.padding, 0)
        }
        // VStack's default spacing of 8 between the two labels.
        let f = setup.layout.frames
        XCTAssertEqual(f[1].y - f[0].maxY, 8)
        XCTAssertEqual(f[0].height, 22)
    }
}
