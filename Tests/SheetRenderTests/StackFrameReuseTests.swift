import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// A nested stack's frames while the child is dragged (vaul's nested rule: the parent posed again every frame) reuse
/// what the last frame made: the lay writes only the rows its layer covered or covers, the picture copies only those, and
/// the top renderer's scene copies only those from the picture. The frames are the frames a fresh renderer draws, bit
/// for bit, through drags, settles, a dismissal and a new presentation. A stage clock times the stages without changing
/// a pixel.
final class StackFrameReuseTests: XCTestCase {
    static var text: TextEngine { FrameTests.text }

    func setup(_ rule: String, style: String = "glass") -> SheetSetup {
        let json = StackRenderTests.config(rule: rule, style: style, upperDims: false)
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config"); return SheetSetup(config: SheetLabConfig()) }
        return SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text), stacking: true)
    }

    func stack(_ setup: SheetSetup, scale: Int) -> StackRenderer {
        StackRenderer(first: FrameRenderer(setup: setup, scale: scale, text: Self.text, scene: GradientScene(text: Self.text)), text: Self.text)
    }

    /// The engine with `detail` presented over the first sheet at medium, at rest.
    func presented(_ setup: SheetSetup) -> SheetEngine {
        var e = SheetEngine(setup: setup)
        _ = e.handle(.select("medium"), at: 0)
        _ = e.advance(to: 1000)
        _ = e.handle(.presentSheet("detail"), at: 1000)
        _ = e.advance(to: 3000)
        return e
    }

    /// Engine states along a session: the child dragged down and up by a finger, released and settling, selected to
    /// large, dismissed (the parent whole again) and presented anew.
    func session(_ setup: SheetSetup) -> [SheetEngine] {
        var e = presented(setup)
        var states: [SheetEngine] = [e]
        var t = e.time + 10
        var y = e.stack[0].engine.top + 10
        _ = e.handle(.pointerDown(Point(196, y)), at: t)
        for step in 0..<14 {
            y += step < 8 ? 9 : -7
            t += 8
            _ = e.handle(.pointerMove(Point(196, y)), at: t)
            states.append(e)
        }
        _ = e.handle(.pointerUp(Point(196, y)), at: t + 8)
        for _ in 0..<4 { t += 40; _ = e.advance(to: t); states.append(e) }
        _ = e.handle(.select("large"), at: t)
        for _ in 0..<3 { t += 60; _ = e.advance(to: t); states.append(e) }
        _ = e.advance(to: t + 2000); t += 2000
        states.append(e)
        _ = e.handle(.dismiss, at: t)
        for _ in 0..<3 { t += 80; _ = e.advance(to: t); states.append(e) }
        _ = e.advance(to: t + 2000); t += 2000
        states.append(e)
        _ = e.handle(.presentSheet("detail"), at: t)
        for _ in 0..<3 { t += 80; _ = e.advance(to: t); states.append(e) }
        return states
    }

    func testNestedDragFramesAreAFreshRenderersFramesBitForBit() {
        for style in ["glass", "classic"] {
            let s = setup("nested", style: style)
            let kept = stack(s, scale: 1)
            let clock = StageClock()
            kept.stageClock = clock
            let states = session(s)
            var partial = 0
            for (i, e) in states.enumerated() {
                kept.render(e)
                clock.endFrame()
                let fresh = stack(s, scale: 1)
                fresh.render(e)
                let a = kept.frame.pixels, b = fresh.frame.pixels
                XCTAssertTrue(a == b, "\(style), frame \(i): the kept stack's frame differs from a fresh one's from pixel "
                              + "\(a.indices.first { a[$0] != b[$0] } ?? -1)")
                if let level = kept.levels.first, level.renderer.sceneRowsDrawn < kept.heightPixels { partial += 1 }
            }
            // The drag frames pose the parent again and again: most of them copy only the rows that changed.
            XCTAssertGreaterThanOrEqual(partial, 10, "\(style): frames whose scene copied only the changed rows")
            XCTAssertEqual(clock.frames.count, states.count)
        }
    }

    func testAPoseThatChangesAloneWritesOnlyTheRowsTheLayerCovers() {
        let s = setup("nested")
        let r = stack(s, scale: 2)
        var e = presented(s)
        r.render(e)
        var t = e.time + 10
        var y = e.stack[0].engine.top + 10
        _ = e.handle(.pointerDown(Point(196, y)), at: t)
        for _ in 0..<3 {
            y += 6; t += 8
            _ = e.handle(.pointerMove(Point(196, y)), at: t)
            r.render(e)
        }
        guard let lift = r.lifts[0], let level = r.levels.first, let laid = lift.laid else { return XCTFail("no lift after a nested drag") }
        let h = r.heightPixels
        XCTAssertFalse(laid.isEmpty)
        XCTAssertGreaterThan(laid.lowerBound, h / 4, "the parent at medium covers the lower rows only")
        XCTAssertEqual(r.levelsDrawn, 1, "the parent is not drawn again: it is laid again")
        XCTAssertGreaterThan(lift.changed.lowerBound, 0, "the rows above the parent are not written again")
        XCTAssertLessThanOrEqual(lift.changed.upperBound, h)
        XCTAssertEqual(level.picture.rowsCopied, lift.changed.count, "the picture copies the rows the lay wrote")
        XCTAssertEqual(level.renderer.sceneRowsDrawn, lift.changed.count, "the top renderer's scene copies the same rows")
    }

    func testAStageClockChangesNoPixelAndTimesEachStackStep() {
        let s = setup("nested")
        let timed = stack(s, scale: 1), plain = stack(s, scale: 1)
        let clock = StageClock()
        timed.stageClock = clock
        let states = session(s)
        for e in states {
            timed.render(e)
            plain.render(e)
            clock.endFrame()
            XCTAssertTrue(timed.frame.pixels == plain.frame.pixels, "a stage clock changed the frame")
        }
        XCTAssertNil(plain.stageClock)
        XCTAssertTrue(plain.levels.allSatisfy { $0.renderer.stageClock == nil }, "no clock unless one is set")
        XCTAssertTrue(timed.levels.allSatisfy { $0.renderer.stageClock === clock }, "levels made later get the stack's clock")
        let lifts = clock.counts.map { $0[StageClock.Stage.stackLift.rawValue] }
        let lays = clock.counts.map { $0[StageClock.Stage.stackLay.rawValue] }
        // The drag (frames 1…14): the parent, lifted on the first frame, is only laid again at each new pose.
        XCTAssertEqual(lifts[0], 1, "the first frame lifts the parent: \(lifts)")
        XCTAssertEqual(lifts[1...14].reduce(0, +), 0, "no lift while the child is dragged: \(lifts)")
        XCTAssertTrue(lays[1...14].allSatisfy { $0 == 1 }, "a lay every drag frame: \(lays)")
        XCTAssertTrue(clock.counts.allSatisfy { $0[StageClock.Stage.scene.rawValue] >= 1 && $0[StageClock.Stage.body.rawValue] >= 1 })
        XCTAssertTrue(clock.frames.allSatisfy { $0.allSatisfy { $0 >= 0 } })
    }
}
