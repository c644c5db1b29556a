import Foundation
import XCTest
@testable import SheetKit

/// The presets' own release rules, from their articles (docs/presets.md names them), as feels the presets name.
final class PresetReleaseRuleTests: XCTestCase {
    static func target(_ preset: String, fingerHeight h: Double, v: Double, startHeight: Double) -> String {
        let setup = SheetSetup(config: example(preset))
        let H = setup.canvas.height
        return setup.releaseRule.target(top: H - h, velocity: v, detents: setup.detents, canvasHeight: H,
                                        dismissible: setup.sheet.dismissible, startTop: H - startHeight, fingerTop: H - h)
            .detentID ?? "dismiss"
    }

    /// multi-height (seed 001, `MultiHeightSheet.dragGesture` `onEnded`): boundary = Int(maxHeight) / count = 640 / 3 = 213
    /// (integer division); the release height Int(h) picks detent i when boundary·i ≤ Int(h) < boundary·(i + 1), the last
    /// range open above; a height below 0 matches no range and the sheet stays where it was. The velocity plays no part.
    static func multiHeight(_ h: Double, start: Double) -> String {
        let ids = ["low", "middle", "high"], boundary = 640 / 3
        let height = Int(h.rounded(.towardZero))
        for i in 0..<3 where boundary * i <= height && (i == 2 || height < boundary * (i + 1)) { return ids[i] }
        return ["low": 120.0, "middle": 320, "high": 640].min { abs($0.value - start) < abs($1.value - start) }!.key
    }

    /// blur-sheet (seed 003, `DynamicSheetView` `onEnded`): the sheet shows 100 pt + u above its peek (u = −offset, here
    /// h − 134, the peek detent being those 100 pt over the 34 pt home indicator), maxHeight = the view's height − 100
    /// (659 here: the top detent is maxHeight − 20 above the peek, 773 = 134 + 639). u > 100 and u < maxHeight/2 goes to
    /// mid (maxHeight/2, the half detent), u > maxHeight/2 to the top; otherwise `isOpen = translation < 0`: a release
    /// low in the peek zone closes the sheet unless the finger moved up (then it stays where it is released).
    static func blurSheet(_ h: Double, start: Double) -> String {
        let u = h - 134, maxHeight = 659.0
        if u > 100 && u < maxHeight / 2 { return "half" }
        if u > maxHeight / 2 { return "top" }
        // Moved up: `isOpen` stays true and the offset is left where it is (here: the detent nearest the release).
        let heights = ["peek": 134.0, "half": 463.5, "top": 773]
        return h - start > 0 ? heights.min { abs($0.value - h) < abs($1.value - h) }!.key : "dismiss"
    }

    func testMultiHeightPicksTheRangeTheReleaseLandsIn() {
        XCTAssertEqual(example("multi-height").sheet.motion.feel.rawValue, "multi-height")
        for (h, start) in [(200.0, 640.0), (212.9, 640), (213, 120), (300, 120), (425.9, 640), (426, 120), (500, 640), (700, 320),
                           (10, 320), (-20, 320), (-20, 640)] {
            for v in [-2400.0, 0, 2400] {
                XCTAssertEqual(Self.target("multi-height", fingerHeight: h, v: v, startHeight: start), Self.multiHeight(h, start: start),
                               "h \(h) v \(v) from \(start)")
            }
        }
        // Before, UIKit's projection: a flick down from 500 pt went to low; the article keeps it at high.
        XCTAssertEqual(Self.target("multi-height", fingerHeight: 500, v: 2400, startHeight: 640), "high")
    }

    func testBlurSheetClosesOnAReleaseLowInThePeekZone() {
        XCTAssertEqual(example("blur-sheet").sheet.motion.feel.rawValue, "blur-sheet")
        for (h, start) in [(230.0, 463.5), (230, 134), (240, 463.5), (300, 134), (460, 773), (463.5, 300), (470, 134), (600, 773),
                           (140, 463.5), (120, 134)] {
            for v in [-2400.0, 0, 2400] {
                XCTAssertEqual(Self.target("blur-sheet", fingerHeight: h, v: v, startHeight: start), Self.blurSheet(h, start: start),
                               "h \(h) v \(v) from \(start)")
            }
        }
        // Before, UIKit's projection: a slow release at 230 pt (96 pt into the peek zone) dragged down from half
        // went to peek; the article closes it.
        XCTAssertEqual(Self.target("blur-sheet", fingerHeight: 230, v: 100, startHeight: 463.5), "dismiss")
    }

    /// Through `simulate`: a slow drag of the blur sheet from half down into the peek zone closes it.
    func testBlurSheetPresetClosesThroughSimulate() {
        let setup = SheetSetup(config: example("blur-sheet"))
        var e = SheetEngine(setup: setup)
        let grab = e.top + 40
        // Down 238.5 pt in 400 ms, held 200 ms, lifted: at rest, 91 pt into the 100 pt peek zone.
        let y = grab + 463.5 - 225
        let events = e.play(steps((0, .down(Point(196, grab))), (200, .move(Point(196, (grab + y) / 2))), (400, .move(Point(196, y))),
                                  (500, .move(Point(196, y))), (600, .up(Point(196, y)))))
        XCTAssertTrue(events.kinds.contains(.dismissed), "\(events.kinds)")
    }

    /// The multi-height article's own settle: `onEnded` sets the offset outside any animation, so without the preset's
    /// curve keys the sheet is on its detent at the release. The preset keeps its `easeInOut` 0.35 s.
    func testMultiHeightArticleSnapsWithoutItsPresetsCurve() {
        let json = #"{"sheet": {"detents": [{"id": "low", "height": 120}, {"id": "middle", "height": 320}, {"id": "high", "height": 640}], "initialDetent": "high", "motion": {"feel": "multi-height"}}}"#
        // From high (top 212) down 250 pt: released at 390 pt high, in [213, 426): middle.
        let run = FeelTests.simulate(json, steps((0, .drag(from: Point(200, 242), to: Point(200, 492), duration: 200))))
        let r = run.release!
        XCTAssertEqual(r.target.detentID, "middle")
        let after = run.frames.filter { $0.time > r.time + 1e-9 }
        XCTAssertEqual(after.first?.top, 852 - 320, "on the detent at the first frame after the release")
        XCTAssertEqual(SheetSetup(config: example("multi-height")).settleCurve(distance: 100, velocity: 0), .timed(duration: 0.35, curve: .easeInOut))
    }
}
