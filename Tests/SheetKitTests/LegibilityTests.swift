import Legibility
@testable import SheetKit
import XCTest

/// The one light/dark rule (`WCAG`): its luminance and contrast against WCAG 2's published values, the crossover
/// where black and white ink read equally, and the callers that ask it.
final class LegibilityTests: XCTestCase {
    func testLuminanceAndContrastAreWCAGs() {
        XCTAssertEqual(WCAG.relativeLuminance(0, 0, 0), 0)
        XCTAssertEqual(WCAG.relativeLuminance(255, 255, 255), 1, accuracy: 1e-12)
        XCTAssertEqual(WCAG.contrast(WCAG.white, WCAG.black), 21, accuracy: 1e-9)
        XCTAssertEqual(WCAG.contrast(0.5, 0.5), 1)
        // #777777 on white is WCAG's well-known 4.48:1; systemBlue #007AFF has luminance 0.2114.
        XCTAssertEqual(WCAG.contrast(WCAG.relativeLuminance(0x77, 0x77, 0x77), WCAG.white), 4.48, accuracy: 0.005)
        XCTAssertEqual(WCAG.relativeLuminance(0, 122, 255), 0.2114, accuracy: 0.0001)
        // The SheetKit colour's luminance and contrast are the rule's.
        let c = SRGBColor(red: 12, green: 200, blue: 99)
        XCTAssertEqual(c.relativeLuminance, WCAG.relativeLuminance(12, 200, 99))
        XCTAssertEqual(SRGBColor.contrast(c, .white), WCAG.contrast(WCAG.relativeLuminance(12, 200, 99), WCAG.white))
    }

    /// Black and white ink read equally at L = √0.0525 − 0.05: among the greys, from 118 / 255 up black ink wins.
    func testTheInkFlipsWhereTheContrastsCross() {
        let crossover = 0.0525.squareRoot() - 0.05
        XCTAssertTrue(WCAG.prefersDarkInk(luminance: crossover + 1e-9))
        XCTAssertFalse(WCAG.prefersDarkInk(luminance: crossover - 1e-9))
        let firstDarkInkGrey = (0...255).first { WCAG.prefersDarkInk(UInt8($0), UInt8($0), UInt8($0)) }
        XCTAssertEqual(firstDarkInkGrey, 118)
        for v in 0...255 {
            let l = WCAG.relativeLuminance(UInt8(v), UInt8(v), UInt8(v))
            XCTAssertEqual(WCAG.prefersDarkInk(UInt8(v), UInt8(v), UInt8(v)), WCAG.contrast(l, WCAG.black) >= WCAG.contrast(l, WCAG.white))
        }
    }

    /// On a tinted fill white stays down to 2:1: white on systemBlue, systemGreen (light and dark) and systemPurple,
    /// black on systemYellow and white; the plain rule (the higher contrast) would put black on all of those tints.
    func testInkOnATintKeepsWhiteDownToTwoToOne() {
        let rows: [(line: UInt, hex: String, onTint: Bool, plain: Bool)] = [
            (#line, "#007AFF", false, true), (#line, "#0A84FF", false, true), (#line, "#34C759", false, true),
            (#line, "#30D158", false, true), (#line, "#AF52DE", false, true), (#line, "#FFCC00", true, true),
            (#line, "#FFFFFF", true, true), (#line, "#000000", false, false), (#line, "#0000FF", false, false),
        ]
        for row in rows {
            let c = SRGBColor(hex: row.hex)!
            XCTAssertEqual(c.prefersDarkInkOnTint, row.onTint, line: row.line)
            XCTAssertEqual(c.prefersDarkInk, row.plain, line: row.line)
        }
        let l = 1.05 / WCAG.whiteOnTint - 0.05
        XCTAssertTrue(WCAG.prefersDarkInk(luminance: l + 1e-9, keepingWhiteDownTo: WCAG.whiteOnTint))
        XCTAssertFalse(WCAG.prefersDarkInk(luminance: l - 1e-9, keepingWhiteDownTo: WCAG.whiteOnTint))
    }

    /// The surface's darkness is the rule's answer.
    func testCallersAskTheRule() {
        for (hex, dark) in [("#FFFFFF", false), ("#1C1C1E", true), ("#777777", false), ("#707070", true), ("#007AFF", false), ("#34C759", false)] {
            let color = SRGBColor(hex: hex)!
            XCTAssertEqual(color.prefersDarkInk, !dark, hex)
            var config = SheetConfig()
            config.fill = color
            XCTAssertEqual(SheetSurface(sheet: config, appearance: .light).isDark, dark, hex)
        }
    }
}
