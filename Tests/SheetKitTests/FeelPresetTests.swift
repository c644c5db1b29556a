import Foundation
import XCTest
@testable import SheetKit

/// Each feel against its library's formulas (docs/feel.md), on releases with closed-form
/// answers. On the iPhone 15 (H = 852) with the detents these closed forms were written for, pinned: a classic sheet
/// (large at T + 10) and a fixed 391.5 pt medium: tops large 69, medium 460.5, peek 732. (The default sheet's own
/// medium, H/2 + B, is 460 tall; the rules do not depend on which.)
final class FeelPresetTests: XCTestCase {
    static let pinned = #""style": "classic", "detents": [{"id": "peek", "height": 120}, {"id": "medium", "height": 391.5}, "large"]"#
    let detents = SheetSetup(config: config("{\"sheet\": {\(FeelPresetTests.pinned)}}")).detents
    let H = 852.0

    func target(_ feel: Feel, top: Double, v: Double, start: Double? = nil, dismissible: Bool = true) -> String {
        let t = ReleaseRule(decelerationRate: 0.998, feel: feel)
            .target(top: top, velocity: v, detents: detents, canvasHeight: H, dismissible: dismissible, startTop: start)
        return t.detentID ?? "dismiss"
    }

    /// The closed form of each rule, written out independently of `FeelRelease`.
    func testReleaseRulesOfTheFeels() {
        let tops: [String: Double] = ["large": 69, "medium": 460.5, "peek": 732, "dismiss": 852]
        func nearest(_ p: Double, _ ids: [String]) -> String { ids.min { abs(tops[$0]! - p) < abs(tops[$1]! - p) }! }
        let all = ["peek", "medium", "large"]
        let table: [(line: UInt, feel: Feel, top: Double, v: Double, start: Double?, dismissible: Bool, expected: String)] = [
            // gorhom: nearest to top + 0.2·v, closed only when dismissible.
            (#line, .gorhom, 460.5, 1000, nil, true, nearest(660.5, all + ["dismiss"])),
            (#line, .gorhom, 460.5, 2000, nil, true, nearest(860.5, all + ["dismiss"])),
            (#line, .gorhom, 460.5, 2000, nil, false, nearest(860.5, all)),
            (#line, .gorhom, 460.5, -1000, nil, true, nearest(260.5, all)),
            (#line, .gorhom, 460.5, -900, nil, true, nearest(280.5, all)),
            // FloatingPanel: the segment around the top oriented by v; the projected top (top + 0.499·v) trimmed to
            // one state past the segment; to its far end when the progress is above 0.5.
            (#line, .floatingpanel, 600, 100, nil, true, (600 + 49.9 - 460.5) / 271.5 > 0.5 ? "peek" : "medium"),
            (#line, .floatingpanel, 560, 50, nil, true, (560 + 24.95 - 460.5) / 271.5 > 0.5 ? "peek" : "medium"),
            (#line, .floatingpanel, 590, 1500, nil, false, (min(590 + 748.5, 732) - 460.5) / 271.5 > 0.5 ? "peek" : "medium"),
            (#line, .floatingpanel, 590, -1500, nil, true, (732 - max(590 - 748.5, 69)) / 271.5 > 0.5 ? "medium" : "peek"),
            (#line, .floatingpanel, 200, -100, nil, true, (460.5 - (200 - 49.9)) / 391.5 > 0.5 ? "large" : "medium"),
            (#line, .floatingpanel, 460.5, 1000, nil, true, (min(460.5 + 499, 732) - 460.5) / 271.5 > 0.5 ? "peek" : "medium"),
            // … and removal at v / distance-to-hidden ≥ 5.5, from anywhere; hidden is H + 100 = 952.
            (#line, .floatingpanel, 460.5, 3000, nil, true, 3000 / 491.5 >= 5.5 ? "dismiss" : "peek"),
            (#line, .floatingpanel, 760, 1100, nil, true, 1100 / 192 >= 5.5 ? "dismiss" : "peek"),
            (#line, .floatingpanel, 760, 600, nil, true, 600 / 192 >= 5.5 ? "dismiss" : "peek"),
            (#line, .floatingpanel, 760, 600, nil, false, "peek"),
            // vaul: v is the drag's average; > 2000 down closes, > 2000 up goes to the last point; > 400 with a drag
            // under 0.4·852 = 340.8 moves one point from the start; otherwise the nearest.
            (#line, .vaul, 480, 500, 460.5, true, "peek"),
            (#line, .vaul, 440, 500, 460.5, true, "large"),
            (#line, .vaul, 760, 500, 732, true, "dismiss"),
            (#line, .vaul, 760, 500, 732, false, "peek"),
            (#line, .vaul, 600, 2100, 460.5, true, "dismiss"),
            (#line, .vaul, 600, 2100, 460.5, false, "peek"),
            (#line, .vaul, 600, 2100, 732, true, "large"),
            (#line, .vaul, 600, 300, 460.5, true, nearest(600, all)),
            (#line, .vaul, 700, 1500, 69, true, nearest(700, all)),
            // Material: hide on 0.1 s projection past half the peek with v > 500 or released low; moving up the
            // next state up; moving down the nearer of half and collapsed; at rest the nearest.
            (#line, .material, 750, 600, nil, true, abs(810 - 732) / 120 > 0.5 ? "dismiss" : "peek"),
            (#line, .material, 750, 400, nil, true, abs(790 - 732) / 120 > 0.5 ? "dismiss" : "peek"),
            (#line, .material, 800, 300, nil, true, abs(830 - 732) / 120 > 0.5 && 800 > (852 + 69) / 2 ? "dismiss" : "peek"),
            (#line, .material, 600, -100, nil, true, "medium"),
            (#line, .material, 300, -100, nil, true, "large"),
            (#line, .material, 100, 3000, nil, true, nearest(100, ["peek", "medium"])),
            // At rest above half: expanded when nearer it than collapsed (`currentTop < |currentTop − collapsed|`).
            (#line, .material, 300, 0, nil, true, 300 - 69 < abs(300 - 732) ? "large" : "medium"),
            (#line, .material, 600, 0, nil, true, nearest(600, ["medium", "peek"])),
        ]
        for row in table {
            XCTAssertEqual(target(row.feel, top: row.top, v: row.v, start: row.start, dismissible: row.dismissible),
                           row.expected, "\(row.feel) top \(row.top) v \(row.v)", line: row.line)
        }
    }

    func testFloatingPanelEulerStepIsTheClosedRecurrence() {
        let h = 1.0 / 60, w = 2 * Double.pi / 0.4
        let table: [(line: UInt, x0: Double, v0: Double, zeta: Double)] = [
            (#line, 300, 0, 1), (#line, -200, 1500, 0.576), (#line, 50, -800, 0.576),
        ]
        for row in table {
            let spring = FrameSpring(response: 0.4, dampingRatio: row.zeta)
            // The anchors' form in absolute coordinates, target 100: x' = (f·x + h·v + h²ω²·xt)/det.
            let xt = 100.0
            var x = xt + row.x0, v = row.v0
            let f = 1 + 2 * h * row.zeta * w, det = f + h * h * w * w
            for k in 1...4 {
                x = (f * x + h * v + h * h * w * w * xt) / det
                v = (v + h * w * w * (xt - x)) / det
                let s = spring.state(at: Double(k) * h, x0: row.x0, v0: row.v0)
                XCTAssertEqual(s.x + xt, x, accuracy: 1e-9, "frame \(k)", line: row.line)
                XCTAssertEqual(s.v, v, accuracy: 1e-9, "frame \(k)", line: row.line)
            }
        }
        // ζ switches at 300 pt/s to ln(0.991)/(−2π·(1/0.4)·0.001).
        XCTAssertEqual(FloatingPanelFeel.dampingRatio(speed: 300), 1)
        XCTAssertEqual(FloatingPanelFeel.dampingRatio(speed: -301), log(0.991) / (-2 * Double.pi * 2.5 * 0.001), accuracy: 1e-12)
        XCTAssertEqual(FloatingPanelFeel.dampingRatio(speed: 301), 0.576, accuracy: 0.001)
    }

    func testMaterialDurationAndQuinticCurve() {
        // `ViewDragHelper.computeAxisDuration` against the parent's width (AnchorFeelTests has the formula).
        for (d, v) in [(300.0, 1000.0), (100, 2000), (-60, 1000), (200, 0), (700, 0)] {
            XCTAssertEqual(MaterialFeel.duration(distance: d, velocity: v, range: 852, parentWidth: 393) * 1000,
                           AnchorFeelTests.materialDuration(distance: d, v: v, range: 852), accuracy: 1e-9)
        }
        for (t, p) in [(0.0, 0.0), (0.25, 1 - pow(0.75, 5)), (0.5, 1 - pow(0.5, 5)), (1, 1)] {
            XCTAssertEqual(UnitCurve.quinticEaseOut.value(at: t), p, accuracy: 1e-12)
        }
    }

    func testGorhomSpringAndVaulCurve() {
        let s = GorhomFeel.spring
        XCTAssertEqual(s.omega, (1000.0 / 3).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(s.dampingRatio, 500 / (2 * 3000.0.squareRoot()), accuracy: 1e-12)
        // Overshoot clamped: a spring flung past its target stops there.
        let a = SettleAnimation(from: 0, to: 100, start: 0, curve: .clampedSpring(Spring(response: 0.4, dampingRatio: 0.3),
                                restDistance: 10, restSpeed: 10), velocity: 2000)
        let values = stride(from: 0.0, through: 1000, by: 1).map { a.sample(at: $0).value }
        XCTAssertLessThanOrEqual(values.max()!, 100)
        XCTAssertEqual(values.last!, 100)
        // vaul: cubic-bezier(0.32, 0.72, 0, 1) over 0.5 s.
        let v = SheetSetup.feelCurve(.vaul, distance: 100, velocity: 3000, range: 852)
        XCTAssertEqual(v, .timed(duration: 0.5, curve: .bezier(CubicBezier(0.32, 0.72, 0, 1))))
    }

    func testFeelKeyParsesOverridesAndSuggests() {
        let vaul = SheetSetup(config: config(#"{"sheet": {"motion": {"feel": "vaul"}}}"#))
        XCTAssertEqual(vaul.feel, .vaul)
        XCTAssertEqual(vaul.settleCurve(distance: 100, velocity: 0), .timed(duration: 0.5, curve: VaulFeel.curve))
        let overridden = SheetSetup(config: config(#"{"sheet": {"motion": {"feel": "vaul", "curve": "easeOut"}}}"#))
        XCTAssertEqual(overridden.settleCurve(distance: 100, velocity: 0), .timed(duration: 0.35, curve: .easeOut))
        XCTAssertEqual(overridden.releaseRule.feel, .vaul, "the curve keys leave the release rule to the feel")
        XCTAssertEqual(SheetSetup(config: SheetLabConfig()).feel, .uikit)
        let problems = errors(#"{"sheet": {"motion": {"feel": "gorhm"}}}"#).map(\.description).joined(separator: "\n")
        XCTAssertTrue(problems.contains("feel"), problems)
        XCTAssertTrue(problems.contains("did you mean gorhom"), problems)
    }

    /// One steady drag from medium, 60 pt down in 100 ms (600 pt/s), through `Simulation` for each feel.
    func testSimulateEachFeel() {
        let release = 520.5
        let table: [(line: UInt, feel: Feel, target: String, settleMs: Double?)] = [
            (#line, .uikit, release + 600 * 0.998 / 0.002 / 1000 > (732 + 852) / 2 ? "dismissed" : "peek", nil),
            (#line, .floatingpanel, 600 / (852 - release) >= 5.5 ? "dismissed"
                : (min(release + 600 * 0.499, 732) - 460.5) / 271.5 > 0.5 ? "peek" : "medium", nil),
            (#line, .gorhom, ["medium": 460.5, "peek": 732.0, "dismissed": 852.0].min { abs($0.value - (release + 120)) < abs($1.value - (release + 120)) }!.key, nil),
            (#line, .vaul, "peek", 500),
            (#line, .material, "medium", 0),
        ]
        for row in table {
            let json = #"{"sheet": {\#(Self.pinned), "motion": {"feel": "\#(row.feel.rawValue)"}}}"#
            let run = FeelTests.simulate(json, steps((0, .drag(from: Point(200, 500), to: Point(200, 560), duration: 100))), fps: 1000)
            guard let r = run.release else { XCTFail("no release", line: row.line); continue }
            XCTAssertEqual(r.top, release, accuracy: 0.01, line: row.line)
            // Where it rests, and when it first got there (the frame the settle ended on).
            let end = run.frames.last!
            let ended = end.phase == .dismissed ? "dismissed" : (end.detent ?? "none")
            XCTAssertEqual(ended, row.target, "\(row.feel)", line: row.line)
            let arrived = run.frames.first { $0.time > r.time && $0.top == end.top && $0.phase == end.phase }!.time
            if row.feel == .material {
                // Back to medium: 60 pt at 600 pt/s, ViewDragHelper's duration against the 393 pt width (600 ms).
                XCTAssertEqual(arrived - r.time, AnchorFeelTests.materialDuration(distance: 60, v: 600, range: 852), accuracy: 1, line: row.line)
            } else if let ms = row.settleMs {
                XCTAssertEqual(arrived - r.time, ms, accuracy: 1, line: row.line)
            }
        }
    }

    func testGorhomStartsAtHalfTheVelocityAndVaulUsesTheAverage() {
        let drag = steps((0, .drag(from: Point(200, 500), to: Point(200, 560), duration: 100)))
        // The sheet's velocity at the start of the settle, from the engine right after the release.
        func startVelocity(_ json: String?) -> (start: Double, release: Double) {
            var e = engine(json)
            let t = Simulation(setup: e.setup, script: Script(steps: drag)).timeline()
            for input in t { _ = e.handle(input.input, at: input.time) }
            return (e.velocity, e.lastRelease!.velocity)
        }
        let gv = startVelocity(#"{"sheet": {"motion": {"feel": "gorhom"}}}"#), uv = startVelocity(nil)
        XCTAssertEqual(gv.start, gv.release / 2, accuracy: 1e-6)
        XCTAssertEqual(uv.start, uv.release, accuracy: 1e-6)
        // A drag of 100 pt in 100 ms, held 400 ms before lifting: the lift-off velocity is about 0, vaul's 200 pt/s.
        let held = steps((0, .down(Point(200, 500))), (50, .move(Point(200, 550))), (100, .move(Point(200, 600))),
                         (300, .move(Point(200, 600))), (500, .up(Point(200, 600))))
        let vaul = FeelTests.simulate(#"{"sheet": {"motion": {"feel": "vaul"}}}"#, held)
        XCTAssertEqual(vaul.release!.velocity, 100 / 0.5, accuracy: 1e-9)
        XCTAssertLessThan(abs(FeelTests.simulate(nil, held).release!.velocity), 50)
    }
}
