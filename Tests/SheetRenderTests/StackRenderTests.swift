import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// Sheets over sheets, drawn (`StackRenderer`): the first sheet alone is the single-sheet frame bit for bit; a lifted
/// and laid-back sheet is the sheet it was; each rule's pose shows where it says; the sheet over the first one dims it;
/// a still stack is not drawn again while the top sheet moves.
final class StackRenderTests: XCTestCase {
    static var text: TextEngine { FrameTests.text }

    /// Two sheets: a list at medium and a card, both under `rule`; the card dims what is below it unless `upperDims` is false.
    static func config(rule: String, style: String = "glass", extra: String = "", upperDims: Bool = true) -> String {
        """
        {"device": "iphone-15", "background": {"scene": "gradient"}\(extra),
         "sheet": {"style": "\(style)", "detents": ["medium", "large"], "initialDetent": "medium", "stackBehavior": "\(rule)",
                   "dimming": {"largestUndimmedDetent": "medium"},
                   "content": [{"type": "title", "text": "Saved"}, {"type": "text", "text": "One"}]},
         "sheets": {"detail": {"style": "\(style)", "detents": [{"id": "card", "height": 300}, "large"], "initialDetent": "card",
                               "stackBehavior": "\(rule)", \(upperDims ? "" : #""dimming": {"largestUndimmedDetent": "large"},"#) "content": [{"type": "title", "text": "Detail"}]}}}
        """
    }

    func setup(_ json: String) -> SheetSetup {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config"); return SheetSetup(config: SheetLabConfig()) }
        return SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text), stacking: true)
    }

    func stack(_ setup: SheetSetup, scale: Int = 1) -> StackRenderer {
        StackRenderer(first: FrameRenderer(setup: setup, scale: scale, text: Self.text, scene: GradientScene(text: Self.text)), text: Self.text)
    }

    /// The engine with `detail` presented at 100 ms, at `time`.
    func presented(_ setup: SheetSetup, at time: Double, lowerAt detent: String? = nil) -> SheetEngine {
        var e = SheetEngine(setup: setup)
        if let detent {
            _ = e.handle(.select(detent), at: 0)
            _ = e.advance(to: 1000)
        }
        let t0 = e.time
        _ = e.handle(.presentSheet("detail"), at: t0 + 100)
        _ = e.advance(to: t0 + 100 + time)
        return e
    }

    func luminance(_ p: Pixmap, _ x: Int, _ y: Int) -> Double { PremultipliedRGBA8(packed: p.pixels[y * p.width + x]).luminance }

    func testTheFirstSheetAloneIsTheSingleSheetFrameBitForBit() {
        // With display corners on, the stack puts them on its own frame: the same pixels as the renderer's own.
        for json in [Self.config(rule: "system"), Self.config(rule: "nested", style: "classic", extra: #", "canvas": {"displayCorners": true}"#)] {
            let s = setup(json)
            let single = FrameRenderer(setup: s, scale: 1, text: Self.text, scene: GradientScene(text: Self.text))
            let stacked = stack(s)
            var e = SheetEngine(setup: s)
            for (t, h) in [(0.0, 0.0), (0, 300), (0, 500), (0, 790)] {
                _ = e.advance(to: e.time + t)
                var v = SheetVisual(engine: e)
                v.height = h
                single.render(v)
                stacked.render(v)
                XCTAssertEqual(single.frame.pixels, stacked.frame.pixels, "height \(h)")
            }
            single.render(SheetVisual(engine: e))
            stacked.render(e)
            XCTAssertEqual(single.frame.pixels, stacked.frame.pixels, "the engine with no sheet over it")
        }
    }

    func testALiftedSheetLaidBackUnmovedIsTheSheetItWas() {
        // The layer lift through the identity pose: the frame again, within the rounding of lifting and laying back.
        for style in ["glass", "classic"] {
            let s = setup(Self.config(rule: "system", style: style))
            let r = FrameRenderer(setup: s, scale: 2, text: Self.text, scene: GradientScene(text: Self.text))
            let b = FrameRenderer(setup: s, scale: 2, text: Self.text, scene: GradientScene(text: Self.text))
            b.drawsSheet = false
            let v = SheetVisual(height: 460)
            r.render(v)
            b.render(v)
            let back = LayerLift().posed(r, visual: v, over: b.frame, pose: .identity)
            var worst = 0
            for (p, q) in zip(back.pixels, r.frame.pixels) where p != q {
                for shift in [0, 8, 16] as [UInt32] { worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))) }
            }
            XCTAssertLessThanOrEqual(worst, 2, "\(style): the sheet lifted and laid back differs by \(worst) levels")
            XCTAssertNotEqual(b.frame.pixels, r.frame.pixels, "the backdrop alone has no sheet")
        }
    }

    /// The first row from the top, in column x, where the frame changes from the row above by more than `step` in luminance.
    func edge(_ p: Pixmap, x: Int, from y0: Int, step: Double = 0.04) -> Int? {
        (y0 + 1..<p.height).first { abs(luminance(p, x, $0) - luminance(p, x, $0 - 1)) > step }
    }

    func testNestedLiftsAndNarrowsTheParentAndGivesItBackWhenTheChildCloses() {
        let s = setup(Self.config(rule: "nested", upperDims: false))
        let r = stack(s)
        let alone = SheetEngine(setup: s)
        r.render(alone)
        let top = alone.top
        let restEdge = edge(r.frame, x: 196, from: Int(top) - 12)
        XCTAssertEqual(restEdge.map(Double.init) ?? -1, top, accuracy: 2, "the parent's top edge alone")
        let open = presented(s, at: 1500)
        XCTAssertEqual(open.stack.first?.engine.restingDetent, "card")
        r.render(open)
        // vaul: translateY(−16) and scale((W − 16)/W) about the drawer's centre: the top edge rises 16 + (1 − s)·h/2.
        let h = s.canvas.height - top, w = s.canvas.width
        let scale = (w - 16) / w
        let expected = top - 16 + (1 - scale) * h / 2
        let nestedEdge = edge(r.frame, x: 196, from: Int(expected) - 12)
        XCTAssertEqual(nestedEdge.map(Double.init) ?? -1, expected, accuracy: 2, "the parent lifted and narrowed")
        // Its sides come in by 8 pt each: at mid-height of the parent, column 3 is the backdrop, not the sheet.
        let y = Int(top + 60)
        let single = FrameRenderer(setup: s, scale: 1, text: Self.text, scene: GradientScene(text: Self.text))
        single.drawsSheet = false
        single.render(SheetVisual(engine: open))
        XCTAssertEqual(r.frame.pixels[y * r.widthPixels + 3], single.frame.pixels[y * single.widthPixels + 3],
                       "beside the narrowed parent: the backdrop")
        // Dismissed, the parent is whole again.
        var closing = open
        _ = closing.handle(.dismiss, at: closing.time + 10)
        _ = closing.advance(to: closing.time + 1500)
        XCTAssertTrue(closing.stack.isEmpty)
        r.render(closing)
        XCTAssertEqual(edge(r.frame, x: 196, from: Int(top) - 12), restEdge)
    }

    func testSystemBelowLargeSlidesTheLowerSheetBehindTheUpperAndClassicAtLargeMakesItACard() {
        // Glass, the lower sheet at medium: at rest it is hidden; above the upper sheet's top is the plain backdrop.
        let glass = setup(Self.config(rule: "system"))
        let r = stack(glass)
        let e = presented(glass, at: 1500)
        r.render(e)
        let upperTop = Int(glass.canvas.height - 300)
        let backdrop = FrameRenderer(setup: e.stack[0].engine.setup, scale: 1, text: Self.text, scene: GradientScene(text: Self.text))
        backdrop.drawsSheet = false
        backdrop.recedesBackdrop = false
        // The gradient behind, dimmed as the upper sheet dims it, right down to the upper sheet's shadow.
        let y = upperTop - 40
        let lower = SheetEngine(setup: glass)
        XCTAssertLessThan(Double(y), lower.top + 200, "the row is one the lower sheet covered at medium")
        let dimmedScene = FrameRenderer(setup: e.stack[0].engine.setup, scale: 1, text: Self.text, scene: GradientScene(text: Self.text))
        dimmedScene.drawsSheet = false
        dimmedScene.render(SheetVisual(engine: e.stack[0].engine))
        XCTAssertEqual(r.frame.pixels[y * r.widthPixels + 100], dimmedScene.frame.pixels[y * r.widthPixels + 100],
                       "the lower sheet is hidden behind the upper one at rest")

        // Classic, the lower sheet at large: it recedes into a card under the upper sheet's dimming; the row just under the
        // status bar, where the lower sheet's top was, is now the card's top (safe top), and darker than the sheet undimmed.
        let classic = setup(Self.config(rule: "system", style: "classic"))
        let c = stack(classic)
        var large = SheetEngine(setup: classic)
        _ = large.handle(.select("large"), at: 0)
        _ = large.advance(to: 1000)
        c.render(large)
        let sheetAlone = c.frame
        let presentedLarge = presented(classic, at: 1500, lowerAt: "large")
        c.render(presentedLarge)
        let card = StackLayout.poses(presentedLarge)[0]
        XCTAssertLessThan(card.scale, 1)
        let midY = Int(large.top + 100)
        XCTAssertLessThan(luminance(c.frame, 196, midY), luminance(sheetAlone, 196, midY) - 0.05, "the upper sheet dims the card")
        // Beside the narrowed card (8 pt in from each edge at its middle), not the lower sheet's own surface.
        XCTAssertNotEqual(c.frame.pixels[midY * c.widthPixels + 4], sheetAlone.pixels[midY * c.widthPixels + 4])
    }

    func testAStillStackIsNotDrawnAgainWhileTheTopSheetMoves() {
        let s = setup(Self.config(rule: "push"))
        let r = stack(s)
        var e = presented(s, at: 1500)
        r.render(e)
        XCTAssertEqual(r.levelsDrawn, 2, "the first frame draws both")
        let before = r.frame.pixels
        _ = e.handle(.pointerDown(Point(196, 560)), at: e.time + 10)
        _ = e.handle(.pointerMove(Point(196, 500)), at: e.time + 16)
        _ = e.handle(.pointerMove(Point(196, 440)), at: e.time + 16)
        r.render(e)
        XCTAssertEqual(r.levelsDrawn, 1, "the lower sheet is still: only the top one is drawn")
        XCTAssertNotEqual(r.frame.pixels, before, "the top sheet moved")
        // The same frame from a fresh renderer: the kept picture is the picture.
        let fresh = stack(s)
        fresh.render(e)
        XCTAssertEqual(fresh.frame.pixels, r.frame.pixels)
    }
}
