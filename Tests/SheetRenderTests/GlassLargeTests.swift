import XCTest
import Platform
import Raster
@testable import SheetKit
@testable import SheetRender

/// iOS 26 at large: the presenting view stays full size and dimmed, the opaque sheet has no rim, the dark
/// grabber is iOS's, and nothing of the view behind shows as a square patch at the sheet's bottom corners.
final class GlassLargeTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())
    static let white = StraightRGBA8(255, 255, 255, 255)

    func renderer(_ json: String, scale: Int = 1, scene: (any BackgroundScene)? = nil) -> FrameRenderer {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config \(json)"); fatalError() }
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
        return FrameRenderer(setup: setup, scale: scale, text: Self.text, scene: scene ?? ColorScene(color: Self.white))
    }

    /// Light glass at large over white: the view behind is not receded (white right to the edges above the sheet,
    /// no black band), dimmed by 0.20 as measured on iOS 26 (255 → 204).
    func testGlassAtLargeKeepsTheViewFullSizeAndDimsItLikeIOS() {
        let r = renderer(#"{"device": "iphone-15", "sheet": {"style": "glass", "content": [], "initialDetent": "large"}}"#)
        let e = SheetEngine(setup: r.setup)
        XCTAssertEqual(e.restingDetent, "large")
        XCTAssertFalse(r.setup.recedes)
        r.render(SheetVisual(engine: e))
        // Between the status bar and the sheet's top (59): the white view, dimmed, edge to edge.
        for x in [0, 1, 196, 391, 392] {
            let p = r.frame[x, 57]
            XCTAssertEqual(Int(p.r), 204, accuracy: 1, "x \(x): dimmed by 0.20, not receded over black")
        }
        // A classic modal sheet still recedes.
        let classic = renderer(#"{"device": "iphone-15", "sheet": {"style": "classic", "content": [], "initialDetent": "large"}}"#)
        XCTAssertTrue(classic.setup.recedes)
        XCTAssertEqual(classic.setup.dimmingOpacity, 0.11)
        // Dark glass dims by 0.48; a config's own opacity wins.
        let dark = renderer(#"{"appearance": "dark", "device": "iphone-15", "sheet": {"style": "glass", "content": []}}"#)
        XCTAssertEqual(dark.setup.dimmingOpacity, 0.48)
        let given = renderer(#"{"device": "iphone-15", "sheet": {"style": "glass", "dimming": {"opacity": 0.4}, "content": []}}"#)
        XCTAssertEqual(given.setup.dimmingOpacity, 0.4)
    }

    /// The opaque sheet at large has no rim: the row at its top edge and the column at its side are the fill, in both
    /// appearances (before: a 1 pt white rim, 149 over 20 in dark mode).
    func testNoRimOnTheOpaqueLargeSheet() {
        for (appearance, fill) in [("light", 255), ("dark", 0x1C)] {
            let r = renderer(##"{"appearance": "\##(appearance)", "device": "iphone-15", "background": {"color": "#808080"}, "sheet": {"style": "glass", "content": [], "grabber": {"visible": false}, "shadow": null, "initialDetent": "large"}}"##, scale: 3)
            r.render(SheetVisual(engine: SheetEngine(setup: r.setup)))
            let top = Int((r.setup.canvas.height - r.setup.largest.height) * 3)
            // The first whole pixel row inside the top edge, in the middle, and the leftmost column lower down.
            XCTAssertEqual(Int(r.frame[600, top + 1].r), fill, accuracy: 1, "\(appearance): top edge")
            XCTAssertEqual(Int(r.frame[0, 1500].r), fill, accuracy: 1, "\(appearance): side edge")
        }
    }

    /// The dark glass sheet's rim at a partial height is soft and faint: about 0.16 of white at the very edge,
    /// falling off over 1.3 pt (iOS 26: 54 over a fill of 19); before, a hard 1 pt line at 55 %.
    func testTheDarkRimIsSoftAndFaint() {
        let r = renderer(##"{"appearance": "dark", "device": "iphone-15", "background": {"color": "#000000"}, "sheet": {"style": "glass", "content": [], "grabber": {"visible": false}, "shadow": null, "material": {"blur": 0, "tint": "#131313FF", "saturation": 1}, "detents": [{"id": "p", "height": 400}, "large"], "initialDetent": "p"}}"##, scale: 3)
        r.render(SheetVisual(engine: SheetEngine(setup: r.setup)))
        let top = Int((r.setup.canvas.height - 400) * 3)
        let column = (top..<top + 8).map { Int(r.frame[600, $0].r) }
        let peak = column.max()!
        XCTAssertLessThan(peak, 19 + 50, "faint: \(column)")
        XCTAssertGreaterThan(peak, 19 + 15, "but there: \(column)")
        XCTAssertLessThanOrEqual(column[4], 19 + 1, "gone 1.3 pt in: \(column)")
    }

    /// iOS 26's dark grabber on the opaque sheet at large: (100, 100, 104) on #1C1C1E.
    func testTheDarkGlassGrabberAtLarge() {
        let r = renderer(#"{"appearance": "dark", "device": "iphone-15", "sheet": {"style": "glass", "content": [], "initialDetent": "large"}}"#, scale: 3)
        r.render(SheetVisual(engine: SheetEngine(setup: r.setup)))
        let top = (r.setup.canvas.height - r.setup.largest.height)
        let p = r.frame[Int(196.5 * 3), Int((top + 7.5) * 3)]
        for (got, want) in zip([Int(p.r), Int(p.g), Int(p.b)], [100, 100, 104]) {
            XCTAssertEqual(got, want, accuracy: 1, "the grabber's middle: \(p)")
        }
    }

    /// At large the glass sheet's bottom corners are the display's: between their curve and the canvas's corner the
    /// frame shows what is behind the sheet there, never the receded card's square bottom corner (before: a grey
    /// or map-coloured patch about 6 × 6 pt on the iPhone 15). Receded (over black) that is black, at 1× and 3×,
    /// with the display mask and without; classic's square bottom corners cover everything.
    func testNoSquarePatchAtTheBottomCorners() {
        for scale in [1, 3] {
            for masked in [false, true] {
                let r = renderer(#"{"device": "iphone-15", "canvas": {"displayCorners": \#(masked)}, "sheet": {"style": "glass", "backgroundRecedes": true, "content": [], "initialDetent": "large"}}"#, scale: scale)
                r.render(SheetVisual(engine: SheetEngine(setup: r.setup)))
                let s = Double(scale)
                let shape = r.setup.shape(atHeight: r.setup.largest.height)
                // Every pixel in the bottom 40 pt of the outer 40 pt columns that the sheet does not cover is black.
                let rows = Int((852 - 40) * s)..<Int(852 * s), w = r.widthPixels
                var patch = 0
                for y in rows {
                    for x in Array(0..<Int(40 * s)) + Array((w - Int(40 * s))..<w) {
                        let centre = Point((Double(x) + 0.5) / s, (Double(y) + 0.5) / s)
                        // Only pixels wholly outside the sheet's curve (its anti-aliased edge blends with black).
                        let outside = [(-0.75, -0.75), (0.75, 0.75), (-0.75, 0.75), (0.75, -0.75)].allSatisfy {
                            !shape.contains(Point(centre.x + $0.0 / s, centre.y + $0.1 / s))
                        }
                        guard outside else { continue }
                        let p = r.frame[x, y]
                        if p.r > 3 || p.g > 3 || p.b > 3 { patch += 1 }
                    }
                }
                XCTAssertEqual(patch, 0, "\(scale)×, display mask \(masked): pixels of the view behind in the bottom corners")
            }
        }
    }
}
