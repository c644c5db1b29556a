import XCTest
import Platform
import Raster
@testable import SheetKit
@testable import SheetRender

/// The dimming and the shadow around a resting sheet against iOS's, on the references' own canvases over white, within
/// 3 levels (issue 34; the references and how they were read: docs/ios-reference.md, "Dimming and shadow", and
/// docs/research/issue-34-references.md).
///
/// Before: classic dimmed white to 153 (α 0.40; iOS 224–229, α 0.10–0.12) and its shadow darkened the 7 pt above its
/// top to 129–145 (iOS: flat); glass's shadow darkened the dimmed view by 30 levels at the top (iOS about 6) and fell
/// 199 → 179 beside the side (iOS 195, flat).
final class ShadowDimmingReferenceTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    /// The frame at rest, 3×, over white, and the sheet's top row and left column in pixels.
    func frame(_ json: String) -> (frame: Pixmap, top: Int, left: Int) {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config \(json)"); fatalError() }
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
        let r = FrameRenderer(setup: setup, scale: 3, text: Self.text, scene: ColorScene(color: StraightRGBA8(255, 255, 255, 255)))
        let e = SheetEngine(setup: setup)
        r.render(SheetVisual(engine: e))
        let shape = setup.shape(atHeight: e.height)
        return (r.frame, Int((shape.frame.y * 3).rounded()), Int((shape.frame.x * 3).rounded()))
    }

    /// The mean red level of row `y` over columns `xs`.
    func level(_ f: Pixmap, _ xs: Range<Int>, _ y: Int) -> Double {
        Double(xs.reduce(0) { $0 + Int(f[$1, y].r) }) / Double(xs.count)
    }

    /// Classic, light, iOS 16 (The49, 390 × 844 at 3×, a custom detent 360.3 pt visible): white dims to 224 (α 0.12), and
    /// stays 224 up to the sheet's edge pixel: no shadow. iOS 15.0 (ti demo): α 0.10 at medium and at large.
    func testClassicDimsAsIOSAndCastsNoShadow() {
        let json = ##"{"canvas": {"width": 390, "height": 844, "scale": 3, "safeArea": {"top": 47, "bottom": 34}}, "background": {"color": "#FFFFFF"}, "sheet": {"style": "classic", "detents": [{"id": "c", "height": 360.3}, "large"], "initialDetent": "c", "dimming": {"largestUndimmedDetent": null}, "content": []}}"##
        let (f, top, _) = frame(json)
        XCTAssertEqual(Double(top) / 3, 844 - 360.3, accuracy: 0.5)
        let far = level(f, 300..<900, top - 90)
        XCTAssertEqual(far, 224, accuracy: 3, "dimmed white 30 pt above the sheet")
        for pt in [1, 2, 4, 7] {
            XCTAssertEqual(level(f, 300..<900, top - 3 * pt), far, accuracy: 1, "\(pt) pt above the top: no shadow")
        }
    }

    /// Glass, light, iOS 26.0 (Pokerist, 402 × 874 at 3×, `.fraction(0.65)`): white dims to 204; the shadow darkens it to
    /// 198.4 in the row above the top, 201.1 at 8 pt, 203.3 at 24 pt, 204 beyond; beside the side 195 (−9), flat.
    func testGlassShadowIsAsFaintAsIOSs() {
        let json = ##"{"canvas": {"width": 402, "height": 874, "scale": 3, "safeArea": {"top": 62, "bottom": 34}, "displayCornerRadius": 62}, "background": {"color": "#FFFFFF"}, "sheet": {"style": "glass", "detents": [{"id": "f", "fraction": 0.65}, "large"], "initialDetent": "f", "dimming": {"largestUndimmedDetent": null}, "content": []}}"##
        let (f, top, left) = frame(json)
        let columns = 600..<900
        let rows: [(pt: Double, iOS: Double)] = [(0.4, 198.4), (2, 199.2), (4, 199.8), (8, 201.1), (12, 202.1), (24, 203.3), (40, 204)]
        for row in rows {
            let y = top - Int((row.pt * 3).rounded(.up))
            XCTAssertEqual(level(f, columns, y), row.iOS, accuracy: 3, "\(row.pt) pt above the top")
        }
        // Beside the side, halfway down the sheet, 1 pt out from its edge: iOS 195 against 204.
        let mid = top + 400
        XCTAssertGreaterThan(left, 3)
        let side = Double(f[left - 3, mid].r)
        XCTAssertEqual(side, 195, accuracy: 3, "1 pt beside the side")
    }
}
