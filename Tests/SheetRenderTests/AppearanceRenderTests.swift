import Foundation
import Platform
import Raster
import SheetKit
@testable import Scenes
@testable import SheetRender
import XCTest

/// Scenes, status bars and sheets in light and dark, checked from their pixels.
final class AppearanceRenderTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    func render(_ scene: BackgroundScene, appearance: SceneAppearance, width: Double = 200, height: Double = 360,
                safeTop: Double = 47) -> Pixmap {
        let ctx = SceneContext(width: width, height: height, scale: 1, safeTop: safeTop, appearance: appearance)
        var p = Pixmap(width: ctx.pixelWidth, height: ctx.pixelHeight)
        scene.render(ctx, into: &p)
        return p
    }

    /// An opaque pixel's colour (premultiplied and straight are the same when opaque).
    func straight(_ p: PremultipliedRGBA8) -> SRGBColor {
        SRGBColor(red: p.r, green: p.g, blue: p.b)
    }

    /// Mean WCAG luminance of rows `rows` (all of them by default).
    func meanLuminance(_ p: Pixmap, rows: Range<Int>? = nil) -> Double {
        let r = rows ?? 0..<p.height
        var sum = 0.0
        for y in r { for x in 0..<p.width { sum += straight(p[x, y]).relativeLuminance } }
        return sum / Double(r.count * p.width)
    }

    /// The status bar's ink against what is behind it: the background is the bar's middle, free of ink on a
    /// notched phone; the ink is the bar's pixel of highest contrast with it (the solid stem of a glyph).
    func statusBar(_ p: Pixmap, safeTop: Int) -> (background: SRGBColor, ink: SRGBColor, contrast: Double) {
        let background = straight(p[p.width / 2, safeTop / 2])
        var best = (background, 1.0)
        for y in 0..<safeTop {
            for x in 0..<p.width {
                let c = straight(p[x, y])
                let k = SRGBColor.contrast(c, background)
                if k > best.1 { best = (c, k) }
            }
        }
        return (background, best.0, best.1)
    }

    func scenes() -> [(String, BackgroundScene)] {
        [("map", MapScene(text: Self.text)), ("list", ListScene(text: Self.text)), ("gradient", GradientScene(text: Self.text))]
    }

    /// The built-in scenes turn dark in dark: mostly dark pixels where light ones were.
    func testScenesHaveDarkVariants() {
        let rows: [(line: UInt, name: String, lightAbove: Double, darkBelow: Double)] = [
            (#line, "map", 0.6, 0.08),
            (#line, "list", 0.6, 0.1),
            (#line, "gradient", 0.1, 0.06),
        ]
        let all = Dictionary(uniqueKeysWithValues: scenes())
        for row in rows {
            let scene = all[row.name]!
            let light = meanLuminance(render(scene, appearance: .light))
            let dark = meanLuminance(render(scene, appearance: .dark))
            XCTAssertGreaterThan(light, row.lightAbove, "\(row.name) light", line: row.line)
            XCTAssertLessThan(dark, row.darkBelow, "\(row.name) dark", line: row.line)
            // The same scene object switches back: its caches key on the appearance.
            XCTAssertEqual(meanLuminance(render(scene, appearance: .light)), light, accuracy: 1e-9, line: row.line)
        }
    }

    /// Dark ink on light backgrounds, light ink on dark ones, with the contrast of real ink (at least 4.5:1).
    func testStatusBarInkSuitsWhatIsBehindIt() {
        var image = Pixmap(width: 60, height: 100, fill: StraightRGBA8(250, 250, 250).premultiplied)
        for y in 50..<100 { for x in 0..<60 { image[x, y] = StraightRGBA8(10, 10, 10).premultiplied } }
        var darkTop = image
        for y in 0..<100 { for x in 0..<60 { darkTop[x, y] = y < 50 ? StraightRGBA8(20, 30, 60).premultiplied : .white } }
        let rows: [(line: UInt, name: String, scene: BackgroundScene, appearance: SceneAppearance, darkInk: Bool)] = [
            (#line, "map light", MapScene(text: Self.text), .light, true),
            (#line, "map dark", MapScene(text: Self.text), .dark, false),
            (#line, "list light", ListScene(text: Self.text), .light, true),
            (#line, "list dark", ListScene(text: Self.text), .dark, false),
            (#line, "gradient light", GradientScene(text: Self.text), .light, false),
            (#line, "gradient dark", GradientScene(text: Self.text), .dark, false),
            (#line, "yellow", ColorScene(color: StraightRGBA8(255, 255, 0), text: Self.text), .dark, true),
            (#line, "white", ColorScene(color: StraightRGBA8(255, 255, 255), text: Self.text), .dark, true),
            (#line, "black", ColorScene(color: StraightRGBA8(0, 0, 0), text: Self.text), .light, false),
            (#line, "navy", ColorScene(color: StraightRGBA8(0, 0, 128), text: Self.text), .light, false),
            (#line, "image light on top", ImageScene(image: image, text: Self.text), .light, true),
            (#line, "image dark on top", ImageScene(image: darkTop, text: Self.text), .light, false),
        ]
        for row in rows {
            let p = render(row.scene, appearance: row.appearance)
            let bar = statusBar(p, safeTop: 47)
            XCTAssertEqual(bar.ink.relativeLuminance < bar.background.relativeLuminance, row.darkInk,
                           "\(row.name): \(bar.ink) on \(bar.background)", line: row.line)
            XCTAssertGreaterThanOrEqual(bar.contrast, 4.5, "\(row.name): \(bar.ink) on \(bar.background)", line: row.line)
        }
    }

    /// Without a text engine the plain scenes draw no status bar, as before.
    func testPlainScenesWithoutTextHaveNoStatusBar() {
        let p = render(ColorScene(color: StraightRGBA8(255, 255, 0)), appearance: .light)
        XCTAssertEqual(Set(p.pixels).count, 1)
    }

    func frame(_ json: String, height: Double = 426) -> FrameRenderer {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config"); fatalError() }
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
        let scene: BackgroundScene
        switch d.config.background {
        case .scene(.list): scene = ListScene(text: Self.text)
        case .scene(.gradient): scene = GradientScene(text: Self.text)
        default: scene = MapScene(text: Self.text)
        }
        let r = FrameRenderer(setup: setup, scale: 1, text: Self.text, scene: scene)
        r.render(SheetVisual(height: height))
        return r
    }

    /// The built-in default is coherent: a light map under a light sheet in light, both dark in dark.
    func testTheDefaultIsCoherentInEachAppearance() {
        for (json, dark) in [("{}", false), (#"{"appearance": "dark"}"#, true)] {
            let r = frame(json, height: 120)
            let top = 852 - 120
            let map = meanLuminance(r.frame, rows: 100..<300)
            let sheet = meanLuminance(r.frame, rows: (top + 30)..<(top + 60))
            if dark {
                XCTAssertLessThan(map, 0.06); XCTAssertLessThan(sheet, 0.06)
            } else {
                XCTAssertGreaterThan(map, 0.6); XCTAssertGreaterThan(sheet, 0.6)
            }
        }
    }

    /// The grabber the frame draws stands out from the sheet right under it, in every appearance, fill and material.
    func testDrawnGrabberReadsOnItsSheet() {
        for appearance in ["light", "dark"] {
            for fill in [##", "fill": "#FFFFFF""##, ##", "fill": "#000000""##, ""] {
                for material in MaterialName.allCases {
                    let json = #"{"appearance": "\#(appearance)", "sheet": {"material": "\#(material.rawValue)"\#(fill), "shadow": null, "content": []}}"#
                    let r = frame(json, height: 300)
                    let top = 852 - 300
                    let grabber = straight(r.frame[196, top + 7])
                    let below = straight(r.frame[196, top + 15])
                    XCTAssertGreaterThanOrEqual(SRGBColor.contrast(grabber, below), 1.3, "\(appearance) \(fill) \(material): \(grabber) on \(below)")
                }
            }
        }
    }

    /// A presented sheet sits at iOS's elevated interface level: the dark page sheet's `systemGroupedBackground` fill
    /// is the elevated #1C1C1E (28, 28, 30), not the base #000000 that vanished into the black dimmed list behind it,
    /// and its grouped cards the elevated `secondarySystemGroupedBackground` #2C2C2E (44, 44, 46). The scene behind
    /// stays at base: black above the sheet. With Increase Contrast: #242426 and #363638.
    func testADarkSheetsNamedBackgroundsAreElevated() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/Examples/classic-page-sheet.json")
        let example = try String(contentsOf: url, encoding: .utf8)
        for (contrast, fill, card) in [(false, SRGBColor(red: 28, green: 28, blue: 30), SRGBColor(red: 44, green: 44, blue: 46)),
                                       (true, SRGBColor(red: 36, green: 36, blue: 38), SRGBColor(red: 54, green: 54, blue: 56))] {
            let settings = contrast ? #""settings": {"increaseContrast": true}, "# : ""
            let json = "{\"appearance\": \"dark\", " + settings + example.drop { $0 != "{" }.dropFirst()
            let r = frame(json, height: 426)
            let top = 852 - 426
            // Beside the content, under the grabber band: the fill alone.
            XCTAssertEqual(straight(r.frame[4, top + 30]), fill, "fill, increaseContrast \(contrast)")
            XCTAssertEqual(straight(r.frame[388, top + 30]), fill, "fill, increaseContrast \(contrast)")
            XCTAssertEqual(straight(r.frame[4, top - 40]), SRGBColor(red: 0, green: 0, blue: 0), "the dimmed list behind stays black")
            guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { return XCTFail("bad config") }
            XCTAssertEqual(d.config.surface.card, card, "card, increaseContrast \(contrast)")
            let drawn = (top..<r.frame.height).contains { y in (0..<r.frame.width).contains { x in straight(r.frame[x, y]) == card } }
            XCTAssertTrue(drawn, "a card is drawn, increaseContrast \(contrast)")
        }
    }

    /// Text on the sheet takes the label colour of the appearance its surface reads as.
    func testThemeFollowsTheSurface() {
        let rows: [(line: UInt, json: String, primary: String, accent: String)] = [
            (#line, "{}", "#000000", "#007AFF"),
            (#line, #"{"appearance": "dark"}"#, "#FFFFFF", "#0A84FF"),
            (#line, #"{"appearance": "dark", "sheet": {"fill": "systemBackground"}}"#, "#FFFFFF", "#0A84FF"),
            (#line, ##"{"appearance": "dark", "sheet": {"fill": "#FFFFFF"}}"##, "#000000", "#007AFF"),
            (#line, ##"{"sheet": {"fill": "#34C759"}}"##, "#000000", "#007AFF"),
        ]
        for row in rows {
            guard case .success(let d) = ConfigLoader.load(text: row.json, file: "t.json") else { XCTFail("bad", line: row.line); continue }
            let theme = SheetTheme(config: d.config)
            XCTAssertEqual(theme.primary.hex, row.primary, line: row.line)
            XCTAssertEqual(theme.accent.hex, row.accent, line: row.line)
        }
    }
}
