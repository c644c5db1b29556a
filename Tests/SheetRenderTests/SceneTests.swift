import Foundation
import Platform
import Raster
import XCTest
@testable import Scenes

/// The background scenes: right size, opaque, deterministic, panning, and visible reactions to taps.
/// Small canvases at scale 1 keep these quick in debug builds.
final class SceneTests: XCTestCase {
    static let width = 200.0, height = 360.0

    func makeText() throws -> TextEngine { TextEngine(rasterizer: try TTFGlyphs()) }

    func context(scale: Int = 1, safeTop: Double = 20, panX: Double = 0, panY: Double = 0, tap: TapMark? = nil) -> SceneContext {
        SceneContext(width: Self.width, height: Self.height, scale: scale, safeTop: safeTop, panX: panX, panY: panY, tap: tap)
    }

    func render(_ scene: BackgroundScene, _ ctx: SceneContext) -> Pixmap {
        var p = Pixmap(width: ctx.pixelWidth, height: ctx.pixelHeight)
        scene.render(ctx, into: &p)
        return p
    }

    /// An image whose left half is red and right half blue, with a green band across the middle.
    func testImage(width: Int, height: Int) -> Pixmap {
        var p = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let band = abs(y - height / 2) < height / 10
                p[x, y] = band ? StraightRGBA8(0, 200, 0).premultiplied
                    : (x < width / 2 ? StraightRGBA8(220, 30, 30).premultiplied : StraightRGBA8(30, 30, 220).premultiplied)
            }
        }
        return p
    }

    func allScenes(_ text: TextEngine) -> [(String, BackgroundScene)] {
        [("map", MapScene(text: text)), ("list", ListScene(text: text)), ("gradient", GradientScene()),
         ("color", ColorScene(color: StraightRGBA8(52, 120, 246))), ("image", ImageScene(image: testImage(width: 90, height: 60)))]
    }

    /// How many pixels differ between two pixmaps of the same size within a rectangle of points.
    func changedPixels(_ a: Pixmap, _ b: Pixmap, x0: Int, y0: Int, x1: Int, y1: Int) -> Int {
        var n = 0
        let ya = max(0, y0), yb = min(a.height, y1), xa = max(0, x0), xb = min(a.width, x1)
        guard ya < yb, xa < xb else { return 0 }
        for y in ya..<yb {
            for x in xa..<xb where a.pixels[y * a.width + x] != b.pixels[y * b.width + x] { n += 1 }
        }
        return n
    }

    // MARK: Every scene

    func testEverySceneFillsItsPixmapWithOpaquePixels() throws {
        let text = try makeText()
        for (name, scene) in allScenes(text) {
            for scale in [1, 2] {
                let ctx = SceneContext(width: 120, height: 220, scale: scale, safeTop: 20)
                let p = render(scene, ctx)
                XCTAssertEqual(p.width, 120 * scale, name)
                XCTAssertEqual(p.height, 220 * scale, name)
                XCTAssertTrue(p.pixels.allSatisfy { $0 >> 24 == 255 }, "\(name) at scale \(scale) is opaque")
                // Not a blank canvas: every scene has some variety, except the solid colour.
                let distinct = Set(p.pixels).count
                if name != "color" { XCTAssertGreaterThan(distinct, 20, name) }
            }
        }
    }

    func testScenesCopeWithTinyCanvases() throws {
        let text = try makeText()
        for (name, scene) in allScenes(text) {
            let ctx = SceneContext(width: 30, height: 40, scale: 1, safeTop: 0, tap: TapMark(x: 10, y: 10, ageMS: 100))
            let p = render(scene, ctx)
            XCTAssertTrue(p.pixels.allSatisfy { $0 >> 24 == 255 }, name)
        }
    }

    func testRenderingIsDeterministic() throws {
        let text = try makeText()
        let tap = TapMark(x: 70, y: 150, ageMS: 200)
        for (name, scene) in allScenes(text) {
            for ctx in [context(), context(panX: -13, panY: 27, tap: tap)] {
                let first = render(scene, ctx)
                let second = render(scene, ctx)
                XCTAssertEqual(first.pixels, second.pixels, "\(name) renders the same twice")
            }
        }
        // A fresh instance draws exactly what the first did.
        let a = render(MapScene(text: text), context(panX: 5, panY: -9))
        let b = render(MapScene(text: text), context(panX: 5, panY: -9))
        XCTAssertEqual(a.pixels, b.pixels)
        XCTAssertEqual(render(GradientScene(), context()).pixels, render(GradientScene(), context()).pixels)
    }

    // MARK: Map

    /// The map scene's world for the test canvas, as the scene builds it.
    func world(scale: Int = 1) -> MapWorld {
        let pw = Int(Self.width) * scale, ph = Int(Self.height) * scale
        return MapWorld(width: Double(2 * pw) / Double(scale), height: (1.5 * Double(ph)).rounded() / Double(scale),
                        canvasWidth: Self.width, canvasHeight: Self.height)
    }

    func testPanningMovesTheWholeMap() throws {
        let scene = MapScene(text: try makeText())
        let before = render(scene, context(safeTop: 0))
        let (dx, dy) = (37, -23)
        let after = render(scene, context(safeTop: 0, panX: Double(dx), panY: Double(dy)))
        // Below the fixed map buttons, every pixel comes from (x − dx, y − dy) of the unpanned map: pins included.
        var compared = 0
        for y in 130..<after.height {
            for x in 0..<after.width {
                let sx = x - dx, sy = y - dy
                guard sx >= 0, sy >= 130, sx < before.width, sy < before.height else { continue }
                XCTAssertEqual(after[x, y], before[sx, sy], "pixel (\(x), \(y))")
                compared += 1
                if compared > 0 && after[x, y] != before[sx, sy] { return }
            }
        }
        XCTAssertGreaterThan(compared, 30_000)
        XCTAssertNotEqual(before.pixels, after.pixels)
    }

    func testTheMapRepeatsSeamlesslyAfterOnePeriod() throws {
        let scene = MapScene(text: try makeText())
        let w = world()
        let a = render(scene, context(panX: 11, panY: 7))
        let b = render(scene, context(panX: 11 + w.width, panY: 7 - w.height))
        XCTAssertEqual(a.pixels, b.pixels)
    }

    func testFractionalPansAtScaleTwoStillMoveByWholePixels() throws {
        let scene = MapScene(text: try makeText())
        let ctx = SceneContext(width: 100, height: 180, scale: 2, safeTop: 0)
        let before = render(scene, ctx)
        var moved = ctx
        moved.panX = 4.5; moved.panY = 3   // 9 and 6 pixels
        let after = render(scene, moved)
        for y in 240..<after.height {
            for x in 9..<after.width { XCTAssertEqual(after[x, y], before[x - 9, y - 6]); if after[x, y] != before[x - 9, y - 6] { return } }
        }
    }

    func testTappingNearAPinSelectsIt() throws {
        let scene = MapScene(text: try makeText())
        let w = world()
        // A pin on the first screen, below the map buttons.
        let pin = try XCTUnwrap(w.pins.first { $0.at.x > 20 && $0.at.x < Self.width - 20 && $0.at.y > 140 && $0.at.y < Self.height - 10 })
        let head = pin.at - SIMD2(0, MapPinArt.headRadius * MapPinArt.headLift)
        let plain = render(scene, context())
        let tapped = render(scene, context(tap: TapMark(x: head.x + 20, y: head.y + 10, ageMS: 1000)))
        // The pin grows and a callout with its name appears above it.
        let around = changedPixels(plain, tapped, x0: Int(head.x) - 20, y0: Int(head.y) - 20, x1: Int(head.x) + 20, y1: Int(head.y) + 20)
        XCTAssertGreaterThan(around, 150)
        let above = changedPixels(plain, tapped, x0: 0, y0: Int(head.y) - 80, x1: plain.width, y1: Int(head.y) - 30)
        XCTAssertGreaterThan(above, 1000, "the callout")
        XCTAssertTrue(scene.isAnimating(context(tap: TapMark(x: head.x, y: head.y, ageMS: 50))))
        XCTAssertFalse(scene.isAnimating(context(tap: TapMark(x: head.x, y: head.y, ageMS: 1000))))
        XCTAssertFalse(scene.isAnimating(context()))
    }

    func testTappingAwayFromPinsDropsAPin() throws {
        let scene = MapScene(text: try makeText())
        let w = world()
        // The point on the lower screen farthest from every pin.
        var best = SIMD2(0.0, 0.0), bestD = -1.0
        for y in stride(from: 180.0, to: Self.height - 20, by: 10) {
            for x in stride(from: 30.0, to: Self.width - 30, by: 10) {
                let d = w.pins.map { p -> Double in
                    let h = w.wrappedDelta(from: SIMD2(x, y), to: p.at - SIMD2(0, 17))
                    return (h * h).sum().squareRoot()
                }.min()!
                if d > bestD { bestD = d; best = SIMD2(x, y) }
            }
        }
        XCTAssertGreaterThan(bestD, MapScene.selectRadius)
        let plain = render(scene, context())
        let tapped = render(scene, context(tap: TapMark(x: best.x, y: best.y, ageMS: 1000)))
        // A red pin stands on the tap point.
        let near = changedPixels(plain, tapped, x0: Int(best.x) - 12, y0: Int(best.y) - 40, x1: Int(best.x) + 12, y1: Int(best.y))
        XCTAssertGreaterThan(near, 200)
        let head = tapped[Int(best.x) + 6, Int(best.y - 21)].straight
        XCTAssertGreaterThan(Int(head.r), Int(head.g) + 100, "the dropped pin is red: \(head)")
    }

    func testADroppedPinStaysOnTheMapWhenItIsPanned() throws {
        let scene = MapScene(text: try makeText())
        let tap = TapMark(x: 100, y: 250, ageMS: 1000)
        let here = render(scene, context(safeTop: 0, tap: tap))
        // The same tap, after the map has been dragged: everything, the pin too, has moved along.
        let (dx, dy) = (-15, -40)
        let moved = render(scene, context(safeTop: 0, panX: Double(dx), panY: Double(dy), tap: tap))
        // Compare all but the callout's rows: the callout keeps itself on the canvas, so it may slide sideways.
        let tipY = Int(tap.y) + dy
        var mismatches = 0, compared = 0
        for y in 130..<moved.height where y > tipY - 38 || y < tipY - 120 {
            for x in 0..<moved.width {
                let sx = x - dx, sy = y - dy
                guard sx >= 0, sy >= 130, sx < here.width, sy < here.height else { continue }
                if moved[x, y] != here[sx, sy] { mismatches += 1 }
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 20_000)
        // The pin itself moved: it now stands at the tap point moved by the pan.
        XCTAssertNotEqual(moved[Int(tap.x) + dx + 6, tipY - 21], here[Int(tap.x) + dx + 6, tipY - 21])
        XCTAssertEqual(mismatches, 0)
    }

    // MARK: List

    func testTappingARowHighlightsIt() throws {
        let scene = ListScene(text: try makeText())
        let ctx = context()
        let plain = render(scene, ctx)
        // The second row: rows start below the nav bar, large title and search field.
        let rowsTop = 20 + ListScene.navHeight + ListScene.largeTitleHeight + ListScene.searchHeight + 18
        let rowTop = rowsTop + ListScene.rowHeight
        let tapped = render(scene, context(tap: TapMark(x: 120, y: rowTop + 30, ageMS: 40)))
        let inRow = changedPixels(plain, tapped, x0: 0, y0: Int(rowTop) + 1, x1: plain.width, y1: Int(rowTop + ListScene.rowHeight) - 1)
        XCTAssertGreaterThan(inRow, Int(Double(plain.width) * ListScene.rowHeight * 0.5), "the row turns grey")
        let grey = tapped[plain.width - 4, Int(rowTop) + 4]
        XCTAssertEqual(grey, StraightRGBA8(209, 209, 214).premultiplied)
        let elsewhere = changedPixels(plain, tapped, x0: 0, y0: 0, x1: plain.width, y1: Int(rowTop) - 1)
            + changedPixels(plain, tapped, x0: 0, y0: Int(rowTop + ListScene.rowHeight) + 1, x1: plain.width, y1: plain.height)
        XCTAssertEqual(elsewhere, 0, "only the tapped row changes")
        XCTAssertFalse(scene.isAnimating(context(tap: TapMark(x: 120, y: rowTop + 30, ageMS: 40))))
    }

    func testDraggingScrollsTheFeedUnderAFixedBar() throws {
        let scene = ListScene(text: try makeText())
        let barBottom = 20 + Int(ListScene.navHeight)
        // While the large title shows, the bar is plain white; once it has scrolled away, the bar takes
        // the small title. Either way the bar stays put and the content below it moves.
        for (a, b) in [(0, 20), (100, 130)] {
            let first = render(scene, context(panY: -Double(a)))
            let second = render(scene, context(panY: -Double(b)))
            XCTAssertEqual(changedPixels(first, second, x0: 0, y0: 0, x1: first.width, y1: barBottom), 0, "bar at \(a) and \(b)")
            for y in barBottom..<(first.height - (b - a)) {
                for x in stride(from: 0, to: first.width, by: 7) { XCTAssertEqual(second[x, y], first[x, y + b - a]) }
            }
        }
        let top = render(scene, context())
        let collapsed = render(scene, context(panY: -100))
        XCTAssertGreaterThan(changedPixels(top, collapsed, x0: 0, y0: 20, x1: top.width, y1: barBottom), 1000, "the collapsed bar")
        // Pulling down past the top does nothing.
        XCTAssertEqual(render(scene, context(panY: 80)).pixels, top.pixels)
    }

    // MARK: Ripples

    func testARippleSpreadsFromTheTapThenEnds() throws {
        let text = try makeText()
        for (name, scene) in allScenes(text) where ["gradient", "color", "image"].contains(name) {
            let plain = render(scene, context())
            let early = TapMark(x: 100, y: 200, ageMS: 150)
            XCTAssertTrue(scene.isAnimating(context(tap: early)), name)
            let rippled = render(scene, context(tap: early))
            XCTAssertGreaterThan(changedPixels(plain, rippled, x0: 40, y0: 140, x1: 160, y1: 260), 500, name)
            // Far from the tap nothing changes.
            XCTAssertEqual(changedPixels(plain, rippled, x0: 0, y0: 0, x1: 200, y1: 90), 0, name)
            let later = TapMark(x: 100, y: 200, ageMS: 400)
            let grown = render(scene, context(tap: later))
            XCTAssertNotEqual(grown.pixels, rippled.pixels, "\(name): the ring moves")
            let done = TapMark(x: 100, y: 200, ageMS: 1000)
            XCTAssertFalse(scene.isAnimating(context(tap: done)), name)
            XCTAssertEqual(render(scene, context(tap: done)).pixels, plain.pixels, name)
        }
    }

    // MARK: Plain scenes

    func testColorSceneIsThatColour() throws {
        let p = render(ColorScene(color: StraightRGBA8(52, 120, 246)), context())
        XCTAssertTrue(p.pixels.allSatisfy { $0 == StraightRGBA8(52, 120, 246).premultiplied.packed })
        let half = render(ColorScene(color: StraightRGBA8(0, 0, 0, 128)), context())
        XCTAssertEqual(half[5, 5].straight, StraightRGBA8(127, 127, 127))
    }

    func testImageSceneFillsTheCanvasCentred() throws {
        // A wide image on a tall canvas: the middle of the image fills it, its left and right are cropped.
        for size in [(90, 60), (900, 600)] {
            let scene = ImageScene(image: testImage(width: size.0, height: size.1))
            let p = render(scene, context())
            let left = p[20, 40].straight, right = p[180, 40].straight, middle = p[100, 180].straight
            XCTAssertGreaterThan(Int(left.r), 180, "\(size)"); XCTAssertLessThan(Int(left.b), 60, "\(size)")
            XCTAssertGreaterThan(Int(right.b), 180, "\(size)"); XCTAssertLessThan(Int(right.r), 60, "\(size)")
            XCTAssertGreaterThan(Int(middle.g), 150, "\(size): the band is in the middle")
            // Scaled by 360/60 = 6 (or 0.6): the green band is 12 source rows of 60, so 72 points tall.
            var bandRows = 0
            for y in 0..<p.height where p[100, y].straight.g > 120 { bandRows += 1 }
            XCTAssertEqual(Double(bandRows), 0.2 * 360 - 6, accuracy: 8, "\(size)")
        }
        // An empty image still gives an opaque canvas.
        let empty = render(ImageScene(image: Pixmap(width: 0, height: 0)), context())
        XCTAssertTrue(empty.pixels.allSatisfy { $0 >> 24 == 255 })
    }

    /// A scene drawn without its status bar, with `drawStatusBar` over its first rows, is what it draws with the
    /// status bar, bit for bit; and the rows below are the same with or without it (the renderer keeps one drawing).
    func testTheStatusBarAsALayerIsWhatTheSceneDrawsWithIt() throws {
        let text = try makeText()
        let scenes: [(String, BackgroundScene)] = [
            ("map", MapScene(text: text)), ("list", ListScene(text: text)), ("gradient", GradientScene(text: text)),
            ("color", ColorScene(color: StraightRGBA8(250, 250, 250), text: text)), ("dark color", ColorScene(color: StraightRGBA8(20, 20, 30), text: text)),
            ("image", ImageScene(image: testImage(width: 90, height: 60), text: text)), ("no text", ColorScene(color: StraightRGBA8(52, 120, 246))),
        ]
        let taps: [TapMark?] = [nil, TapMark(x: 60, y: 14, ageMS: 120, sequence: 1), TapMark(x: 150, y: 200, ageMS: 80, sequence: 2)]
        for (name, scene) in scenes {
            for scale in [1, 2, 3] {
                for (safeTop, appearance, tap, panY) in [(47.0, SceneAppearance.light, taps[0], 0.0), (47, .dark, taps[1], -30), (20, .light, taps[2], 12),
                                                         (59, .light, taps[1], 0)] {
                    var ctx = context(scale: scale, safeTop: safeTop, panY: panY, tap: tap)
                    ctx.appearance = appearance
                    let label = "\(name) at \(scale)×, safe top \(safeTop), \(appearance), tap \(tap.map { "\($0.y)" } ?? "none")"
                    let withBar = render(scene, ctx)
                    var plainContext = ctx
                    plainContext.showsStatusBar = false
                    let plain = render(scene, plainContext)
                    // The rows the status bar changes lie within the safe area; the renderer asks for those down to the ink's last.
                    let safe = min(plain.height, Int((safeTop * Double(scale)).rounded(.up)) + 2)
                    let w = plain.width
                    let inked = (0..<plain.height).last { y in (0..<w).contains { plain.pixels[y * w + $0] != withBar.pixels[y * w + $0] } }
                    XCTAssertLessThan(inked ?? 0, safe, label)
                    if name != "no text" { XCTAssertNotNil(inked, label) }
                    for n in Set([safe, (inked ?? 0) + 1]) {
                        var top = plain.cropped(PixelRect(x: 0, y: 0, width: w, height: n))
                        scene.drawStatusBar(plainContext, over: &top)
                        XCTAssertEqual(top, withBar.cropped(PixelRect(x: 0, y: 0, width: w, height: n)), "\(label), \(n) rows")
                    }
                }
            }
        }
    }

    func testTheGradientIsSmooth() throws {
        let p = render(GradientScene(), context())
        var worst = 0
        for y in 1..<p.height {
            for x in 0..<p.width {
                let a = p[x, y], b = p[x, y - 1]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 6, "no hard edges or bands")
        // It spans dark indigo at the top-left to warm peach at the bottom-right.
        XCTAssertLessThan(PremultipliedRGBA8(packed: p.pixels[2 * p.width + 2]).luminance, 0.25)
        XCTAssertGreaterThan(PremultipliedRGBA8(packed: p.pixels[p.pixels.count - 3]).luminance, 0.6)
    }
}
