import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// Frames checked from their pixels: size, grabber, corners, dimming, the blur under the sheet, stability.
final class FrameTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    func loadConfig(_ json: String) -> SheetLabConfig {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config"); return SheetLabConfig() }
        return d.config
    }

    func renderer(_ json: String = "{}", scale: Int = 1, scene: (any BackgroundScene)? = nil) -> FrameRenderer {
        let setup = SheetSetup(config: loadConfig(json), measurer: MeasuredTextMetrics(engine: Self.text))
        return FrameRenderer(setup: setup, scale: scale, text: Self.text, scene: scene ?? GradientScene())
    }

    /// The scene alone, at the same size, for comparisons.
    func background(_ r: FrameRenderer, scene: any BackgroundScene = GradientScene()) -> Pixmap {
        var p = Pixmap(width: r.widthPixels, height: r.heightPixels)
        scene.render(SceneContext(width: r.setup.canvas.width, height: r.setup.canvas.height, scale: r.scale,
                                  safeTop: r.setup.canvas.safeTop), into: &p)
        return p
    }

    func testFrameSizeFollowsScale() {
        for scale in 1...3 {
            let r = renderer(#"{"device": "iphone-se", "sheet": {"content": []}}"#, scale: scale)
            r.render(SheetVisual(height: 300))
            XCTAssertEqual(r.frame.width, 375 * scale)
            XCTAssertEqual(r.frame.height, 667 * scale)
        }
    }

    func testGrabberColourAndPosition() {
        // A white, opaque 60×4 grabber 16 pt from the top of a sheet whose top is at y = 552 (height 300 on 852).
        let r = renderer(##"{"sheet": {"grabber": {"width": 60, "height": 4, "top": 16, "color": "#FFFFFF"}, "content": []}}"##, scale: 2)
        r.render(SheetVisual(height: 300))
        let top = (852 - 300) * 2
        let centre = r.frame[393, top + 16 * 2 + 4]
        XCTAssertEqual(centre, .white)
        // Its ends sit 30 pt either side of the centre; just outside them is material, not white.
        XCTAssertEqual(r.frame[393 - 58, top + 36], .white)
        XCTAssertNotEqual(r.frame[393 - 62, top + 36], .white)
        XCTAssertNotEqual(r.frame[393, top + 16 * 2 - 2], .white)
    }

    func testCornersShowTheBackgroundOutsideAndTheSheetInside() {
        let r = renderer(##"{"sheet": {"style": "classic", "cornerRadius": 30, "cornerStyle": "circular", "fill": "#FF0000", "shadow": null, "dimming": {"opacity": 0}, "content": [], "backgroundRecedes": false}}"##)
        r.render(SheetVisual(height: 400))
        let bg = background(r)
        let top = 852 - 400
        // The very corner pixel is outside the curve: pure background.
        XCTAssertEqual(r.frame[0, top], bg[0, top])
        XCTAssertEqual(r.frame[392, top], bg[392, top])
        // Inside the curve and below it: the fill.
        XCTAssertEqual(r.frame[15, top + 15], PremultipliedRGBA8(255, 0, 0, 255))
        XCTAssertEqual(r.frame[0, top + 31], PremultipliedRGBA8(255, 0, 0, 255))
        XCTAssertEqual(r.frame[196, top], PremultipliedRGBA8(255, 0, 0, 255))
        // On the curve, a blend of the two: anti-aliased, not jagged.
        let edge = r.frame[8, top + 8]
        XCTAssertNotEqual(edge, bg[8, top + 8])
        XCTAssertNotEqual(edge, PremultipliedRGBA8(255, 0, 0, 255))
    }

    func testDimmingStrengthAboveTheSheet() {
        // Modal sheet at 50 % black: every background pixel above the sheet is halved.
        let r = renderer(##"{"sheet": {"dimming": {"color": "#000000", "opacity": 0.5, "largestUndimmedDetent": null}, "shadow": null, "content": []}}"##)
        r.render(SheetVisual(height: 300, dim: 0.5))
        let bg = background(r)
        for (x, y) in [(10, 10), (200, 300), (380, 500)] {
            let b = bg[x, y], f = r.frame[x, y]
            XCTAssertEqual(Double(f.r), Double(b.r) * 0.5, accuracy: 1, "(\(x), \(y))")
            XCTAssertEqual(Double(f.g), Double(b.g) * 0.5, accuracy: 1)
            XCTAssertEqual(Double(f.b), Double(b.b) * 0.5, accuracy: 1)
            XCTAssertEqual(f.a, 255)
        }
        r.render(SheetVisual(height: 300, dim: 0))
        XCTAssertEqual(r.frame[200, 300], bg[200, 300], "no dimming leaves the background untouched")
    }

    func testMaterialIsAGaussianBlurOfTheBackground() {
        // Blur 6 pt, no saturation change, a clear tint: the sheet shows the blurred background itself.
        let r = renderer(##"{"sheet": {"style": "classic", "material": {"blur": 6, "tint": "#00000000", "saturation": 1}, "grabber": {"visible": false}, "shadow": null, "content": [], "backgroundRecedes": false}}"##)
        r.render(SheetVisual(height: 500))
        let bg = background(r)
        let sigma = 6.0
        let radius = Int(4 * sigma)
        for (x, y) in [(100, 600), (300, 700), (196, 450), (20, 800)] {
            var acc = [0.0, 0.0, 0.0], total = 0.0
            for dy in -radius...radius {
                for dx in -radius...radius {
                    let w = exp(-Double(dx * dx + dy * dy) / (2 * sigma * sigma))
                    let p = bg[min(max(x + dx, 0), bg.width - 1), min(max(y + dy, 0), bg.height - 1)]
                    acc[0] += w * Double(p.r); acc[1] += w * Double(p.g); acc[2] += w * Double(p.b)
                    total += w
                }
            }
            let f = r.frame[x, y]
            XCTAssertEqual(Double(f.r), acc[0] / total, accuracy: 3, "(\(x), \(y)) red")
            XCTAssertEqual(Double(f.g), acc[1] / total, accuracy: 3, "(\(x), \(y)) green")
            XCTAssertEqual(Double(f.b), acc[2] / total, accuracy: 3, "(\(x), \(y)) blue")
        }
    }

    func testRendersAreByteStableAndMovingTheSheetKeepsTheSceneAndItsBlur() {
        // The view behind does not recede here (see RecedeTests for a receding one).
        let a = renderer(#"{"sheet": {"backgroundRecedes": false}}"#, scene: MapScene(text: Self.text))
        let b = renderer(#"{"sheet": {"backgroundRecedes": false}}"#, scene: MapScene(text: Self.text))
        a.render(SheetVisual(height: 391.5, dim: 0.4))
        b.render(SheetVisual(height: 391.5, dim: 0.4))
        XCTAssertEqual(a.frame, b.frame)
        // The first frame drew the scene once and blurred the sheet's whole column of it.
        XCTAssertEqual(a.plainScene.generation, 1)
        XCTAssertEqual(a.blurredBackdrop.key, BlurredBackdropKey.plain(sceneGeneration: 1, statusBar: false))
        XCTAssertEqual(a.blurredBackdrop.rows, 0..<a.heightPixels)
        // Moving the sheet over a still background keeps that drawing and that blur; a dimming held
        // two frames running is kept too, as far as the sheet has uncovered it.
        let heights = Array(stride(from: 200.0, through: 780, by: 37))
        for h in heights { a.render(SheetVisual(height: h, dim: 0.4)) }
        let k = Pixel.factor(0.4)
        XCTAssertEqual(a.plainScene.generation, 1)
        // Once more at most, for the rows the status bar's ink blurs into, when the sheet first reaches up to them.
        XCTAssertLessThanOrEqual(a.blurredBackdrop.generation, 2)
        XCTAssertEqual(a.blurredBackdrop.rows, 0..<a.heightPixels)
        XCTAssertEqual(a.material.key, MaterialKey(blur: .plain(sceneGeneration: 1, statusBar: true), strength: k), "the sheet reached the status bar's blur")
        XCTAssertEqual(a.material.rows, (852 - Int(heights.max()!))..<a.heightPixels, "the material from the highest sheet top down")
        XCTAssertEqual(a.dimmedBackdrop.key, DimmedBackdropKey(backdrop: BackdropKey(sceneGeneration: 1, recedeLevel: 0), strength: k))
        let lowest = SheetOutline(shape: a.setup.shape(atHeight: heights.min()!), setup: a.setup, scale: 1, widthPixels: a.widthPixels,
                                  heightPixels: a.heightPixels, optics: a.optics, cache: &a.chrome.outlines)
        XCTAssertEqual(a.dimmedBackdrop.rows, 0..<lowest.firstRow, "the backdrop down to where the lowest sheet's outline (its shadow) begins")
        a.render(SheetVisual(height: 391.5, dim: 0.4))
        XCTAssertEqual(a.frame, b.frame, "the same state gives the same pixels, whatever came before")
        // A pan redraws the scene, and what is made from it starts over.
        a.render(SheetVisual(height: 391.5, dim: 0.4, panX: 12))
        a.render(SheetVisual(height: 391.5, dim: 0.4, panX: 12))
        XCTAssertEqual(a.plainScene.generation, 2)
        XCTAssertEqual(a.material.key?.strength, k)
        XCTAssertEqual(a.plainBlur.key.map { if case .plain(let g, _) = $0 { g } else { -1 } }, 2)
        XCTAssertEqual(a.dimmedBackdrop.key, DimmedBackdropKey(backdrop: BackdropKey(sceneGeneration: 2, recedeLevel: 0), strength: k))
    }

    func testFramesFromTheCachesEqualFramesDrawnFresh() {
        // Each state twice running (so the caches keep it), on one renderer, against a fresh renderer:
        // the sheet moving, the dimming changing, the map panning, a tap, a fading sheet.
        let tap = TapMark(x: 100, y: 300, ageMS: 1000, sequence: 1, panX: 30, panY: 0)
        let states: [(line: UInt, visual: SheetVisual)] = [
            (#line, SheetVisual(height: 391.5, dim: 0.4)),
            (#line, SheetVisual(height: 500, dim: 0.4)),
            (#line, SheetVisual(height: 300, dim: 0.2)),
            (#line, SheetVisual(height: 300, dim: 0.2, panX: 30)),
            (#line, SheetVisual(height: 600, dim: 0.4, panX: 30)),
            (#line, SheetVisual(height: 120, panX: 30, tap: tap)),
            (#line, SheetVisual(height: 120, panX: -20, panY: 40, tap: tap)),
            (#line, SheetVisual(height: 90, dim: 0.1, alpha: 0.6, panX: -20, panY: 40, tap: tap)),
            (#line, SheetVisual(height: 391.5, dim: 0.4)),
        ]
        let reused = renderer(scene: MapScene(text: Self.text))
        // The fresh renderers share one scene: its tile is the same whoever asks, and it is slow to draw.
        let scene = MapScene(text: Self.text)
        for state in states {
            let fresh = renderer(scene: scene)
            fresh.render(state.visual)
            for pass in 1...2 {
                reused.render(state.visual)
                XCTAssertTrue(reused.frame == fresh.frame, "pass \(pass)", line: state.line)
            }
        }
    }

    func testEveryHeightRendersFromDismissedToStretchedPastTheTop() {
        // Content, grabber, corners and shadow all clip cleanly wherever the sheet is, even off the canvas.
        let r = renderer(##"{"device": "iphone-se", "sheet": {"cornerStyle": "continuous"}}"##)
        for h in [0, 0.3, 1, 4, 12, 19, 25, 40, 120, 333.3, 600, 657, 667, 700, 900, 1300] {
            r.render(SheetVisual(height: h, dim: 0.2, alpha: h < 50 ? 0.5 : 1, contentOffset: h > 600 ? 40 : 0))
            XCTAssertEqual(r.frame.pixels.count, 375 * 667)
            XCTAssertTrue(r.frame.pixels.allSatisfy { $0 >> 24 == 255 }, "the frame stays opaque at height \(h)")
        }
    }

    func testSheetAlphaFadesTheSheet() {
        let r = renderer(##"{"sheet": {"fill": "#FF0000", "shadow": null, "content": [], "grabber": {"visible": false}}}"##)
        r.render(SheetVisual(height: 300, alpha: 0.5))
        let bg = background(r)
        let f = r.frame[196, 700], b = bg[196, 700]
        XCTAssertEqual(Double(f.r), (Double(b.r) + 255) / 2, accuracy: 1.5)
        XCTAssertEqual(Double(f.g), Double(b.g) / 2, accuracy: 1.5)
    }
}
