import Raster
import Scenes
import SheetKit
@testable import SheetRender
import XCTest

/// The body pass reads the status bar's rows from the status bar's own stage (no whole copy of the scene with the bar);
/// a renderer shows its first frame without preparing for motion when asked, and `prepareForMotion` then prepares
/// without changing a pixel.
final class PrepareAndStatusBarRowsTests: XCTestCase {
    static var text: TextEngine { FrameTests.text }

    /// A scene of one colour whose status bar is an opaque magenta band across the whole width: any pixel of the frame
    /// drawn from the bar's rows shows it.
    final class BandScene: BackgroundScene {
        static let plain = PremultipliedRGBA8(40, 90, 160, 255), band = PremultipliedRGBA8(255, 0, 255, 255)
        func render(_ context: SceneContext, into pixmap: inout Pixmap) {
            pixmap = Pixmap(width: pixmap.width, height: pixmap.height, fill: Self.plain)
        }
        func isAnimating(_ context: SceneContext) -> Bool { false }
        func drawStatusBar(_ context: SceneContext, over top: inout Pixmap) {
            top = Pixmap(width: top.width, height: top.height, fill: Self.band)
        }
    }

    func renderer(_ scene: any BackgroundScene = GradientScene(), json: String = "{}") -> FrameRenderer {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { fatalError("bad config") }
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
        return FrameRenderer(setup: setup, scale: 1, text: Self.text, scene: scene)
    }

    func testASheetReachingTheStatusBarsRowsShowsTheBarBesideIt() {
        let r = renderer(BandScene())
        // Dragged past large: its top (and its corners) in the status bar's rows.
        let h = r.setup.canvas.height - 8
        r.render(SheetVisual(height: h))
        let shape = SheetOutline.pixelAligned(r.setup.shape(atHeight: h), scale: 1)
        let outline = SheetOutline(shape: shape, setup: r.setup, scale: 1, widthPixels: r.widthPixels, heightPixels: r.heightPixels,
                                   optics: r.optics(for: shape), cache: &r.chrome.outlines)
        let n = r.statusBarHeight
        XCTAssertLessThan(max(0, outline.firstRow), n, "the outline reaches into the status bar's rows")
        // Rows from the outline down are the body pass's: beside the sheet's rounded corners, the bar.
        let band = BandScene.band.packed, plain = BandScene.plain.packed
        var barPixels = 0, plainPixels = 0
        for y in max(0, outline.firstRow)..<n {
            for x in 0..<r.widthPixels {
                let p = r.frame.pixels[y * r.widthPixels + x]
                if p == band { barPixels += 1 }
                if p == plain { plainPixels += 1 }
            }
        }
        XCTAssertGreaterThan(barPixels, 0, "the body pass draws the backdrop beside the sheet from the status bar's rows")
        XCTAssertEqual(plainPixels, 0, "no pixel of the status bar's rows shows the scene without its bar")
    }

    func testAFirstFrameWithoutPreparationThenPreparedChangesNoPixel() {
        let eager = renderer(), lazy = renderer()
        lazy.preparesAfterFirstFrame = false
        let first = SheetVisual(engine: SheetEngine(setup: eager.setup))
        eager.render(first)
        lazy.render(first)
        XCTAssertEqual(eager.frame, lazy.frame)
        XCTAssertTrue(eager.restingOutlinesPrepared)
        XCTAssertFalse(lazy.restingOutlinesPrepared, "the first frame shown before the resting outlines are made")
        let computed = lazy.chrome.outlines.computed
        XCTAssertEqual(lazy.dimmedBackdrop.value.width, 0, "no stage pixels yet for a still first frame")
        lazy.prepareForMotion()
        XCTAssertTrue(lazy.restingOutlinesPrepared)
        XCTAssertGreaterThan(lazy.chrome.outlines.computed, computed, "the other detents' resting outlines made")
        XCTAssertEqual(lazy.dimmedBackdrop.value.width, lazy.widthPixels)
        XCTAssertEqual(lazy.material.value.width, lazy.sheetWidth)
        let again = lazy.chrome.outlines.computed
        lazy.prepareForMotion()
        XCTAssertEqual(lazy.chrome.outlines.computed, again, "nothing the second time")
        // A drag across the dimming, both ways: the same frames as the renderer that prepared after its first frame.
        for h in Array(stride(from: 120.0, through: 800, by: 45)) + Array(stride(from: 790.0, through: 130, by: -60)) {
            let v = SheetVisual(height: h, dim: Dimming.amount(height: h, detents: eager.setup.detents,
                                                                largestUndimmed: eager.setup.largestUndimmed, opacity: eager.setup.dimmingOpacity))
            eager.render(v)
            lazy.render(v)
            XCTAssertTrue(eager.frame == lazy.frame, "height \(h)")
        }
    }
}
