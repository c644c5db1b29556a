import XCTest
import Raster
@testable import SheetRender
@testable import SheetKit
@testable import SheetMeasure

/// Three sheets the published iOS 26 references showed the finder missing or misreading (docs/ios-reference.md,
/// "Measured by `sheetlab measure`"), each drawn here with its geometry known:
/// - a short sheet pulled in 26 pt from the sides and the bottom (G-S), which the finder looked for only within 10 pt;
/// - glass whose blurred content behind shows just under its top edge on half the middle columns (G-B "issue");
/// - a sheet iOS has nearly attached, 1.6 pt from the sides (P-H light), whose corners were fitted to the canvas's
///   edges as if it were attached (40.4 pt read for 37.6).
final class FloatingSheetFinderTests: XCTestCase {
    static let width = 402, height = 874

    /// A flat picture `level` grey, as opaque pixels.
    static func canvas(_ level: UInt32) -> Pixmap {
        Pixmap(width: width, height: height, pixels: [UInt32](repeating: level | level << 8 | level << 16 | 0xFF00_0000, count: width * height))
    }

    /// Paints a rounded rectangle (circular corners, `top` and `bottom` radii), anti-aliased by 4 × 4 samples a pixel.
    static func paint(_ p: inout Pixmap, x: Double, y: Double, w: Double, h: Double, top: Double, bottom: Double, rgb: (Double, Double, Double)) {
        func inside(_ px: Double, _ py: Double) -> Bool {
            guard px >= x, px <= x + w, py >= y, py <= y + h else { return false }
            for (r, cy, band) in [(top, y + top, py < y + top), (bottom, y + h - bottom, py > y + h - bottom)] where r > 0 && band {
                for cx in [x + r, x + w - r] where (cx == x + r && px < cx) || (cx == x + w - r && px > cx) {
                    if (px - cx) * (px - cx) + (py - cy) * (py - cy) > r * r { return false }
                }
            }
            return true
        }
        for j in max(0, Int(y) - 1)..<min(p.height, Int(y + h) + 2) {
            for i in max(0, Int(x) - 1)..<min(p.width, Int(x + w) + 2) {
                var n = 0
                for sy in 0..<4 { for sx in 0..<4 where inside(Double(i) + (Double(sx) + 0.5) / 4, Double(j) + (Double(sy) + 0.5) / 4) { n += 1 } }
                guard n > 0 else { continue }
                let a = Double(n) / 16, old = p.pixels[j * p.width + i]
                func mix(_ shift: UInt32, _ v: Double) -> UInt32 { UInt32((Double(old >> shift & 0xFF) * (1 - a) + v * a).rounded()) << shift }
                p.pixels[j * p.width + i] = mix(0, rgb.0) | mix(8, rgb.1) | mix(16, rgb.2) | 0xFF00_0000
            }
        }
    }

    static func measure(_ p: Pixmap, scale: Int = 1) -> Result<SheetMeasurement, NoSheetFound> {
        guard case .success(let canvas) = MatchedCanvas.match(width: p.width, height: p.height, named: "iphone-18-pro") else { fatalError("canvas") }
        return SheetMeasurer.measure(ScreenImage(p, scale: Double(scale)), canvas: canvas, backgrounds: [])
    }

    /// G-S: a 62 pt pill 26 pt in from the sides and the bottom, with a text field inside it, over a map-like grey with a
    /// street crossing beside its left end and a label under it. It was "no sheet found".
    func testAShortSheetPulledIn26PointsIsFound() throws {
        var p = Self.canvas(0)
        for i in p.pixels.indices { p.pixels[i] = 43 | 62 << 8 | 76 << 16 | 0xFF00_0000 }
        Self.paint(&p, x: 0, y: 812, w: 26, h: 3, top: 0, bottom: 0, rgb: (73, 83, 98))          // a street reaching the pill
        Self.paint(&p, x: 4, y: 826, w: 18, h: 8, top: 0, bottom: 0, rgb: (252, 252, 252))       // a label
        Self.paint(&p, x: 26, y: 785.5, w: 350, h: 62.5, top: 31, bottom: 31, rgb: (32, 42, 50))
        Self.paint(&p, x: 36, y: 799, w: 330, h: 36, top: 18, bottom: 18, rgb: (23, 32, 40))      // the text field
        let found = Self.measure(p)
        guard case .success(let m) = found else { return XCTFail("\(found)") }
        XCTAssertEqual(m.outline.top.value, 785.5, accuracy: 0.3)
        XCTAssertEqual(m.outline.leftInset.value, 26, accuracy: 0.5)
        XCTAssertEqual(m.outline.rightInset.value, 26, accuracy: 0.5)
        XCTAssertEqual(m.outline.bottomInset.value, 874 - 848, accuracy: 0.5)
        XCTAssertEqual(m.style.value, "glass")
        // Each corner traced over its own half of the short side: a circle of 31 pt fits, and neither reading is capped
        // at half the side / 1.6.
        XCTAssertEqual(m.outline.topCorner.value.radius, 31, accuracy: 1.5)
        XCTAssertEqual(try XCTUnwrap(m.outline.bottomCorner).value.radius, 31, accuracy: 1.5)
    }

    /// The far pass takes only a sheet floating evenly: a card 16 pt in from the sides of a list, far above the bottom,
    /// is no sheet.
    func testACardInAListIsNotASheetFloatingFarIn() {
        var p = Self.canvas(242)
        Self.paint(&p, x: 16, y: 300, w: 370, h: 200, top: 10, bottom: 10, rgb: (255, 255, 255))
        if case .success(let m) = Self.measure(p) { XCTFail("a card read as a sheet at \(m.outline.top.value) pt, \(m.outline.leftInset.value) pt in") }
        // Nor a pill 26 pt in from the sides that ends 60 pt above the bottom (not one floating inset).
        var q = Self.canvas(200)
        Self.paint(&q, x: 26, y: 740, w: 350, h: 74, top: 31, bottom: 31, rgb: (150, 150, 150))
        if case .success(let m) = Self.measure(q) { XCTFail("an uneven pill read as a sheet at \(m.outline.top.value) pt") }
    }

    /// G-B "issue": glass 8 pt in over a grey page, with the page's blurred text showing in the 7 pt under the top edge
    /// across the middle, so that half the middle columns read no even surface there. It was "no sheet found".
    func testGlassWithBlurredContentUnderItsTopEdgeIsFound() throws {
        var p = Self.canvas(200)
        Self.paint(&p, x: 8, y: 260, w: 386, h: 606, top: 37, bottom: 54, rgb: (222, 222, 222))
        // Blurred text: a smooth dip under the edge, from x 135 to 265 pt (about half of each middle span).
        for (k, level) in [221.0, 211, 204, 204, 209, 215, 219].enumerated() {
            Self.paint(&p, x: 135, y: 261 + Double(k), w: 130, h: 1, top: 0, bottom: 0, rgb: (level, level, level))
        }
        let found = Self.measure(p)
        guard case .success(let m) = found else { return XCTFail("\(found)") }
        XCTAssertEqual(m.outline.top.value, 260, accuracy: 0.3)
        XCTAssertEqual(m.outline.leftInset.value, 8, accuracy: 0.5)
        XCTAssertEqual(m.outline.topCorner.value.radius, 37, accuracy: 1)
    }

    /// P-H light: SheetLab's glass on its way to large, 1.6 pt from the sides (5 px at 3×), as iOS 26 draws a
    /// `.fraction(0.65)` sheet. Its top corners were fitted to the canvas's edges, reading the radius too large.
    func testANearlyAttachedSheetsCornersAreFittedToItsSides() throws {
        let d = SheetMeasureRenderTests.document(##"{"device": "iphone-18-pro", "background": {"color": "#C8C8C8"}, "sheet": {"detents": ["medium", "large"], "content": []}}"##)
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: SheetMeasureRenderTests.text))
        var engine = SheetEngine(setup: setup)
        var h = engine.height
        while setup.shape(atHeight: h).inset > 1.6 { h += 0.25 }
        engine.height = h
        let shape = setup.shape(atHeight: h)
        XCTAssertEqual(shape.inset, 1.6, accuracy: 0.1)
        let renderer = FrameRenderer(setup: setup, scale: 3, text: SheetMeasureRenderTests.text, scene: SheetMeasureRenderTests.scene(d.config))
        renderer.render(SheetVisual(engine: engine))
        guard case .success(let m) = Self.measure(renderer.frame, scale: 3) else { return XCTFail("no sheet found") }
        XCTAssertEqual(m.outline.leftInset.value, shape.inset, accuracy: 0.3)
        XCTAssertEqual(m.outline.topCorner.value.radius, shape.topRadius, accuracy: 0.5, "fitted to the sides 1.6 pt in")
    }
}
