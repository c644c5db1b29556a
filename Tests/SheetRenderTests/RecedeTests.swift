import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// The presenting view receding behind a modal sheet at its largest detent, from the frame's pixels.
final class RecedeTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    /// An iPhone 15 page sheet (classic, modal, medium and large) over a white scene, unless told otherwise.
    func renderer(_ sheet: String = "", scene: (any BackgroundScene)? = nil, scale: Int = 1) -> FrameRenderer {
        let json = #"{"device": "iphone-15", "sheet": {"style": "classic", "detents": ["medium", "large"], "content": []"#
            + (sheet.isEmpty ? "" : ", " + sheet) + "}}"
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config \(json)"); fatalError() }
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
        return FrameRenderer(setup: setup, scale: scale, text: Self.text,
                             scene: scene ?? ColorScene(color: StraightRGBA8(255, 255, 255, 255)))
    }

    /// The sheet's height at recede progress `t` (between medium and large).
    func height(_ r: FrameRenderer, recede t: Double) -> Double {
        let medium = r.setup.detents[0].height, large = r.setup.largest.height
        return medium + t * (large - medium)
    }

    /// The backdrop alone: the sheet at that height but fully transparent, undimmed.
    func backdrop(_ r: FrameRenderer, recede t: Double) -> Pixmap {
        r.render(SheetVisual(height: height(r, recede: t), dim: 0, alpha: 0))
        return r.frame
    }

    func isBlack(_ p: PremultipliedRGBA8) -> Bool { p.r < 8 && p.g < 8 && p.b < 8 }

    /// The first and last columns of row `y` that are not black, and the first row of column `x`.
    func edges(_ p: Pixmap, row y: Int, column x: Int) -> (left: Int, right: Int, top: Int) {
        let row = (0..<p.width).filter { !isBlack(p[$0, y]) }
        let top = (0..<p.height).first { !isBlack(p[x, $0]) } ?? p.height
        return (row.first ?? p.width, row.last ?? -1, top)
    }

    func testGeometryFollowsIOSAndTheSafeArea() {
        // (line, t, scale, left, top, corner radius): iPhone 15, 393 pt wide, safe top 59.
        let rows: [(UInt, Double, Double, Double, Double, Double)] = [
            (#line, 0, 1, 0, 0, 0),
            (#line, 0.5, 1 - 16.0 / 393, 8, 29.5, 5),
            (#line, 1, 361.0 / 393, 16, 59, 10),
            (#line, 1.7, 361.0 / 393, 16, 59, 10),
        ]
        for (line, t, scale, left, top, radius) in rows {
            let g = RecedeGeometry(width: 393, safeTop: 59, recede: t)
            XCTAssertEqual(g.scale, scale, accuracy: 1e-9, line: line)
            XCTAssertEqual(g.left, left, accuracy: 1e-9, line: line)
            XCTAssertEqual(g.top, top, accuracy: 1e-9, line: line)
            XCTAssertEqual(g.cornerRadius, radius, accuracy: 1e-9, line: line)
        }
    }

    func testLevelsAreExactAtTheEnds() {
        let n = RecedeGeometry.levels
        let rows: [(UInt, Double, Int)] = [
            (#line, -1, 0), (#line, 0, 0), (#line, 1e-9, 1), (#line, 0.5, n / 2), (#line, 1 - 1e-9, n - 1), (#line, 1, n), (#line, 2, n),
        ]
        for (line, t, level) in rows { XCTAssertEqual(RecedeGeometry.level(t), level, line: line) }
    }

    func testFullyRecededTheViewIs32PointsNarrowerBelowTheStatusBarOverBlack() {
        let r = renderer()
        let p = backdrop(r, recede: 1)
        let e = edges(p, row: 400, column: 196)
        XCTAssertEqual(e.left, 16, "16 pt of black on the left")
        XCTAssertEqual(e.right, 392 - 16, "and on the right: 32 pt narrower, as iOS 16 measures")
        XCTAssertEqual(e.top, 59, "the view's top just below the status bar")
        // The frame's corners around the view are black; its middle is the scene.
        for (x, y) in [(0, 60), (392, 60), (5, 851), (387, 851), (196, 52)] { XCTAssertTrue(isBlack(p[x, y]), "(\(x), \(y))") }
        XCTAssertEqual(p[196, 400], .white)
        // The top corners are rounded: the corner pixel is black, one 10 pt in is not.
        XCTAssertTrue(isBlack(p[16, 59]))
        XCTAssertEqual(p[30, 70], .white)
    }

    func testHalfWayIsHalfWayAndTheRecedeGrowsMonotonically() {
        let r = renderer()
        let half = edges(backdrop(r, recede: 0.5), row: 400, column: 196)
        XCTAssertTrue((7...8).contains(half.left), "left edge \(half.left) half of 16 pt")
        XCTAssertTrue((29...30).contains(half.top), "top \(half.top) half of 59 pt")
        var last = (left: -1, top: -1)
        for t in stride(from: 0.0, through: 1, by: 0.125) {
            let e = edges(backdrop(r, recede: t), row: 400, column: 196)
            XCTAssertGreaterThanOrEqual(e.left, last.left, "t = \(t)")
            XCTAssertGreaterThanOrEqual(e.top, last.top, "t = \(t)")
            last = (e.left, e.top)
        }
        XCTAssertEqual(last.left, 16)
        // And back down: at medium the scene is whole again.
        let p = backdrop(r, recede: 0)
        XCTAssertEqual(p[0, 400], .white)
        XCTAssertEqual(p[196, 0], .white)
    }

    func testTheStatusBarInkIsLightOverTheBlack() {
        let r = renderer()
        func brightInStatusBar(_ p: Pixmap) -> Int {
            var n = 0
            for y in 0..<54 { for x in 0..<393 where p[x, y].r > 200 && p[x, y].g > 200 && p[x, y].b > 200 { n += 1 } }
            return n
        }
        let receded = backdrop(r, recede: 1)
        XCTAssertGreaterThan(brightInStatusBar(receded), 60, "light ink: time, signal, Wi-Fi, battery")
        // With the sheet drawn too (dimmed, opaque), the ink stays light: it is drawn over the dimming.
        r.render(SheetVisual(height: height(r, recede: 1), dim: 0.4))
        XCTAssertGreaterThan(brightInStatusBar(r.frame), 60)
        XCTAssertTrue(isBlack(r.frame[5, 30]))
    }

    func testNoRecedeWhenTurnedOffOrWhenTheSheetIsNotModal() {
        let rows: [(UInt, String)] = [
            (#line, #""backgroundRecedes": false"#),
            (#line, #""dimming": {"largestUndimmedDetent": "large"}"#),
        ]
        for (line, sheet) in rows {
            let r = renderer(sheet)
            let p = backdrop(r, recede: 1)
            XCTAssertEqual(p[0, 400], .white, line: line)
            XCTAssertEqual(p[196, 20], .white, line: line)
        }
        // And the same configs do recede with it on.
        XCTAssertTrue(isBlack(backdrop(renderer(#""backgroundRecedes": true"#), recede: 1)[0, 400]))
    }

    func testARecedeChangeKeepsTheSceneAndItsBlurAndEqualsAFreshFrame() {
        let scene = MapScene(text: Self.text)
        let r = renderer(scene: scene)
        for t in [0.3, 0.6, 0.9, 1, 0.45] {
            r.render(SheetVisual(height: height(r, recede: t), dim: 0.4))
            let fresh = renderer(scene: scene)
            fresh.render(SheetVisual(height: height(r, recede: t), dim: 0.4))
            XCTAssertTrue(r.frame == fresh.frame, "t = \(t)")
        }
        XCTAssertEqual(r.plainScene.generation, 1, "the map was drawn once, without its status bar")
        XCTAssertEqual(r.plainBlur.generation, 1, "and blurred once")
        XCTAssertGreaterThan(r.recededView.stage.generation, 4, "each recede is a new backdrop")
    }

    /// A sheet rising through the recede draws only the receded blur rows it uncovers (a level draws the rows the
    /// sheet shows; the next frames at that level add the rows above): every frame equals a fresh render, in both
    /// styles, up and back down in steps smaller than a blur level.
    func testRisingThroughTheRecedeDrawsOnlyNewRowsAndEqualsFreshFrames() {
        let scene = MapScene(text: Self.text)
        for style in ["classic", "glass"] {
            let json = #"{"device": "iphone-15", "sheet": {"style": "\#(style)", "detents": ["medium", "large"]}}"#
            guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { return XCTFail("bad config") }
            let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
            let r = FrameRenderer(setup: setup, scale: 1, text: Self.text, scene: scene)
            let heights = Array(stride(from: 380.0, through: 790, by: 7)) + Array(stride(from: 786.0, through: 380, by: -11))
            for h in heights {
                r.render(SheetVisual(height: h, dim: Dimming.amount(height: h, detents: setup.detents,
                                                                   largestUndimmed: setup.largestUndimmed, opacity: 0.4)))
                let fresh = FrameRenderer(setup: setup, scale: 1, text: Self.text, scene: scene)
                fresh.render(SheetVisual(height: h, dim: Dimming.amount(height: h, detents: setup.detents,
                                                                       largestUndimmed: setup.largestUndimmed, opacity: 0.4)))
                if r.frame != fresh.frame { return XCTFail("\(style) at height \(h): the reused renderer differs from a fresh one") }
            }
        }
    }

    /// The scene is drawn once, without its status bar, at every recede level: a sheet moving from medium into the
    /// recede and back redraws neither it nor its blur, and every frame equals a fresh one.
    func testMovingIntoTheRecedeAndBackKeepsTheSceneAndItsBlur() {
        let scene = MapScene(text: Self.text)
        let r = renderer(scene: scene)
        for t in [0.0, 0.0, 0.4, 1, 0.7, 0, 0] {
            let visual = SheetVisual(height: height(r, recede: t), dim: 0.4 * t)
            r.render(visual)
            let fresh = renderer(scene: scene)
            fresh.render(visual)
            XCTAssertTrue(r.frame == fresh.frame, "t = \(t)")
        }
        XCTAssertEqual(r.plainScene.generation, 1, "drawn once")
        XCTAssertEqual(r.plainBlur.generation, 1, "and blurred once")
    }

    /// A glass sheet at large on a phone with a short safe area reaches into the status bar's rows: what it reads there
    /// (the backdrop beside and above it, the blur) holds the scene's status bar, on a reused renderer as on a fresh one.
    func testAGlassSheetReachingIntoTheStatusBarReadsItOnAReusedRendererAsOnAFreshOne() {
        let scene = ListScene(text: Self.text)
        for device in ["iphone-se", "iphone-15"] {
            let json = #"{"device": "\#(device)", "sheet": {"style": "glass", "detents": ["medium", "large"]}}"#
            guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { return XCTFail("bad config") }
            let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
            let r = FrameRenderer(setup: setup, scale: 1, text: Self.text, scene: scene)
            for h in [setup.detents[0].height, setup.largest.height, setup.largest.height - 30, setup.largest.height, setup.detents[0].height] {
                for _ in 0..<2 {
                    let visual = SheetVisual(height: h, dim: 0.2)
                    r.render(visual)
                    let fresh = FrameRenderer(setup: setup, scale: 1, text: Self.text, scene: scene)
                    fresh.render(visual)
                    XCTAssertTrue(r.frame == fresh.frame, "\(device) at \(h)")
                }
            }
            XCTAssertEqual(r.plainScene.generation, 1, device)
        }
    }

    func testTheMaterialIsKeptAcrossRecedeStepsTheBlurDoesNotSee() {
        let r = renderer(scene: MapScene(text: Self.text))
        let h = height(r, recede: 0.5)
        for _ in 0..<2 { r.render(SheetVisual(height: h, dim: 0.4)) }
        let backdrop = r.recededView.stage.generation, material = r.material.generation
        // 3 pt higher: a new recede level for the sharp view above the sheet, the same one for its blur.
        for _ in 0..<2 { r.render(SheetVisual(height: h + 3, dim: 0.4)) }
        XCTAssertGreaterThan(r.recededView.stage.generation, backdrop)
        XCTAssertEqual(r.material.generation, material)
        let fresh = renderer(scene: MapScene(text: Self.text))
        fresh.render(SheetVisual(height: h + 3, dim: 0.4))
        XCTAssertTrue(r.frame == fresh.frame)
    }

    func testTheBlurredRecededBackdropIsCloseToBlurringTheRecededView() {
        // A map under a clear material: the blur of the receded view, approximated by the plain blur drawn
        // receded with soft edges, against the exact blur of the receded backdrop.
        let r = renderer(##""material": {"blur": 10, "tint": "#00000000", "saturation": 1}, "grabber": {"visible": false}, "shadow": null, "dimming": {"opacity": 0}"##,
                         scene: MapScene(text: Self.text))
        let h = height(r, recede: 0.8)
        r.render(SheetVisual(height: h, dim: 0, alpha: 0))
        let receded = r.frame
        r.render(SheetVisual(height: h))
        let exact = BackdropBlur.blur(receded, region: PixelRect(x: 0, y: 0, width: 393, height: 852), sigma: 10)
        var worst = 0.0, total = 0.0, n = 0.0
        for y in stride(from: 852 - Int(h) + 20, to: 840, by: 17) {
            for x in stride(from: 2, to: 391, by: 13) {
                let a = r.frame[x, y], b = exact[x, y]
                let dr = abs(Double(a.r) - Double(b.r)), dg = abs(Double(a.g) - Double(b.g)), db = abs(Double(a.b) - Double(b.b))
                let d = max(dr, max(dg, db))
                worst = max(worst, d); total += d; n += 1
            }
        }
        XCTAssertLessThan(total / n, 4, "mean channel error")
        XCTAssertLessThan(worst, 24, "worst channel error, near the black edges")
    }
}
