import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// Reduce Transparency, tinted Liquid Glass and Increase Contrast, checked from the pixels of a sheet over a
/// red and blue background: how much of it comes through the sheet says how see-through it is.
final class SettingsRenderTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    /// A sheet 400 pt tall with no content over a red half and a blue half, so the blur cannot hide what is behind.
    func frame(_ settings: String, appearance: String = "light", style: String = "glass", height: Double = 400) -> FrameRenderer {
        let json = #"{"appearance": "\#(appearance)", "settings": \#(settings), "sheet": {"style": "\#(style)", "content": [], "detents": [{"id": "a", "height": 400}, "large"]}}"#
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config"); fatalError() }
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
        let r = FrameRenderer(setup: setup, scale: 1, text: Self.text, scene: CheckerScene())
        r.render(SheetVisual(height: height))
        return r
    }

    /// The spread of colours over a patch in the sheet's middle: 0 for an opaque sheet, large where the checks show.
    func spread(_ r: FrameRenderer) -> Int {
        let top = 852 - 400
        var lo = 255, hi = 0
        for y in (top + 100)..<(top + 200) {
            for x in 100..<300 {
                let p = r.frame[x, y]
                lo = min(lo, Int(p.r)); hi = max(hi, Int(p.r))
            }
        }
        return hi - lo
    }

    func pixel(_ r: FrameRenderer, _ x: Int, _ y: Int) -> SRGBColor {
        let p = r.frame[x, y]
        return SRGBColor(red: p.r, green: p.g, blue: p.b)
    }

    func testReduceTransparencyDrawsTheSheetOpaque() {
        for style in ["glass", "classic"] {
            for appearance in ["light", "dark"] {
                let clear = frame("{}", appearance: appearance, style: style)
                let opaque = frame(#"{"reduceTransparency": true}"#, appearance: appearance, style: style)
                XCTAssertGreaterThan(spread(clear), 3, "\(style) \(appearance): the checks show through the material")
                XCTAssertEqual(spread(opaque), 0, "\(style) \(appearance): nothing shows through")
                let expected = opaque.setup.sheet.material.tint
                XCTAssertEqual(pixel(opaque, 200, 852 - 250), SRGBColor(red: expected.red, green: expected.green, blue: expected.blue),
                               "\(style) \(appearance)")
            }
        }
        // Glass in light: the white it turns into at large.
        XCTAssertEqual(pixel(frame(#"{"reduceTransparency": true}"#), 200, 600).hex, "#FFFFFF")
    }

    func testReduceTransparencyKeepsTheDimmingAndShadow() {
        // Above the sheet, the dimmed background is the same pixel for pixel.
        let clear = frame("{}"), opaque = frame(#"{"reduceTransparency": true}"#)
        for y in stride(from: 100, to: 852 - 420, by: 37) {
            for x in stride(from: 3, to: 393, by: 41) {
                XCTAssertEqual(clear.frame[x, y], opaque.frame[x, y], "(\(x), \(y))")
            }
        }
    }

    func testTintedGlassShowsLessOfWhatIsBehind() {
        for appearance in ["light", "dark"] {
            let clear = spread(frame("{}", appearance: appearance))
            let tinted = spread(frame(#"{"liquidGlass": "tinted"}"#, appearance: appearance))
            XCTAssertLessThan(tinted, clear, appearance)
            XCTAssertGreaterThan(tinted, 0, "\(appearance): still glass")
        }
    }

    func testIncreaseContrastDrawsADarkBorderOnLightGlass() {
        // The column through the sheet's middle, just inside its top edge.
        let top = 852 - 400
        func edge(_ r: FrameRenderer) -> Double {
            (top...(top + 1)).map { pixel(r, 196, $0).relativeLuminance }.min()!
        }
        let plain = frame(#"{"reduceTransparency": true}"#), contrast = frame(#"{"reduceTransparency": true, "increaseContrast": true}"#)
        XCTAssertLessThan(edge(contrast), edge(plain) - 0.2, "a dark border where the light rim was")
        // Inside the border the sheet is as before.
        XCTAssertEqual(pixel(contrast, 196, top + 50), pixel(plain, 196, top + 50))
        // Dark glass gets a light one.
        let darkPlain = frame(#"{"reduceTransparency": true}"#, appearance: "dark")
        let darkContrast = frame(#"{"reduceTransparency": true, "increaseContrast": true}"#, appearance: "dark")
        XCTAssertGreaterThan((top...(top + 1)).map { pixel(darkContrast, 196, $0).relativeLuminance }.max()!,
                             (top...(top + 1)).map { pixel(darkPlain, 196, $0).relativeLuminance }.max()! + 0.03)
    }

    func testIncreaseContrastSeparatorAndAccent() {
        let theme = SheetTheme(config: {
            var c = SheetLabConfig()
            c.settings.increaseContrast = true
            return c
        }())
        XCTAssertEqual(theme.separator.hex, "#3C3C435E")
        XCTAssertEqual(theme.secondary.hex, "#3C3C43AD")
        XCTAssertEqual(theme.accent.hex, "#0040DD")
        XCTAssertEqual(SheetTheme(config: SheetLabConfig()).separator.hex, "#3C3C4349")
    }
}

/// Red on the left half, blue on the right: wide enough that a blur still shows the edge between them.
final class CheckerScene: BackgroundScene {
    func isAnimating(_ context: SceneContext) -> Bool { false }

    func render(_ ctx: SceneContext, into p: inout Pixmap) {
        for y in 0..<p.height {
            for x in 0..<p.width {
                p[x, y] = x < p.width / 2 ? StraightRGBA8(230, 20, 20, 255).premultiplied
                    : StraightRGBA8(20, 20, 230, 255).premultiplied
            }
        }
    }
}
