import Foundation
import XCTest
@testable import SheetKit

/// The decision map on cells whose answer is known. The default config on the iPhone 15:
/// H = 852; tops large 69, medium 460.5, peek 732; the `uikit` dismiss line (732 + 852)/2 = 792.
final class DecisionMapTests: XCTestCase {
    /// The geometry these closed forms were written for (FeelPresetTests.pinned): tops large 69, medium 460.5, peek 732.
    static let setup = SheetSetup(config: config("{\"sheet\": {\(FeelPresetTests.pinned)}}"))
    func name(_ t: SettleTarget) -> String { t.detentID ?? "dismiss" }

    func testAtADetentsTopAtRestEveryFeelStays() {
        for feel in Feel.libraries {  // the articles' rules: PresetReleaseRuleTests
            let map = DecisionMap(setup: Self.setup, feel: feel)
            for d in Self.setup.detents {
                XCTAssertEqual(name(map.outcome(top: 852 - d.height, velocity: 0)), d.id, "\(feel) at \(d.id)")
            }
        }
    }

    func testAStrongDownwardFlickFromLowDismissesWhenDismissible() {
        let fixed = SheetSetup(config: config(#"{"sheet": {"dismissible": false}}"#))
        for feel in Feel.libraries {  // the articles' rules: PresetReleaseRuleTests
            XCTAssertEqual(name(DecisionMap(setup: Self.setup, feel: feel).outcome(top: 800, velocity: 3000)), "dismiss", "\(feel)")
            let grid = DecisionMap(setup: fixed, feel: feel).grid(rows: 60, columns: 40, velocities: -3000...3000)
            XCTAssertFalse(grid.joined().contains(-1), "\(feel): a sheet that is not dismissible never dismisses")
            XCTAssertEqual(name(DecisionMap(setup: fixed, feel: feel).outcome(top: 800, velocity: 3000)), "peek", "\(feel)")
        }
    }

    /// Cells where the feels' closed forms disagree.
    func testCellsWhereTheFeelsDiffer() {
        let tops: [String: Double] = ["large": 69, "medium": 460.5, "peek": 732, "dismiss": 852]
        func nearest(_ p: Double, _ ids: [String]) -> String { ids.min { abs(tops[$0]! - p) < abs(tops[$1]! - p) }! }
        let table: [(line: UInt, top: Double, v: Double, expected: [Feel: String])] = [
            (#line, 590, 1500, [
                .uikit: 590 + 1.5 * 0.998 / 0.002 > 792 ? "dismiss" : "peek",
                .floatingpanel: 1500 / (852 + 100 - 590) >= 5.5 ? "dismiss" : "peek",  // hidden at H + 100
                .gorhom: nearest(590 + 0.2 * 1500, ["peek", "medium", "large", "dismiss"]),
                // Started at 590 − 150 = 440 (medium), a 150 pt drag at 1500 pt/s > 400: one point down.
                .vaul: "peek",
                .material: nearest(590, ["peek", "medium"]),
            ]),
            (#line, 300, 1000, [
                .uikit: 300 + 1.0 * 0.998 / 0.002 > 792 ? "dismiss" : "peek",
                // Projected 300 + 499 = 799, trimmed to peek's 732: past half of large → medium.
                .floatingpanel: 1000 / 552 >= 5.5 ? "dismiss" : (min(799, 732) - 69) / 391.5 > 0.5 ? "medium" : "large",
                .gorhom: nearest(300 + 0.2 * 1000, ["peek", "medium", "large", "dismiss"]),
                // Started at 200 (nearest large), one point down.
                .vaul: "medium",
                .material: nearest(300, ["peek", "medium"]),
            ]),
            (#line, 600, -800, [
                .uikit: nearest(600 - 0.8 * 0.998 / 0.002, ["peek", "medium", "large"]),
                .floatingpanel: (732 - max(600 - 399.2, 69)) / 271.5 > 0.5 ? "medium" : "peek",
                .gorhom: nearest(600 - 0.2 * 800, ["peek", "medium", "large", "dismiss"]),
                // Started at 680 (nearest peek), 80 pt up at 800 pt/s: one point up.
                .vaul: "medium",
                .material: "medium",
            ]),
        ]
        for row in table {
            var answers: Set<String> = []
            for feel in Feel.libraries {  // the articles' rules: PresetReleaseRuleTests
                let got = name(DecisionMap(setup: Self.setup, feel: feel).outcome(top: row.top, velocity: row.v))
                XCTAssertEqual(got, row.expected[feel], "\(feel)", line: row.line)
                answers.insert(got)
            }
            XCTAssertGreaterThan(answers.count, 1, "the feels differ on this cell", line: row.line)
        }
        // Every feel has a cell where it differs from UIKit.
        for feel in Feel.libraries where feel != .uikit {
            XCTAssertTrue(table.contains { $0.expected[feel] != $0.expected[.uikit] }, "\(feel)")
        }
    }

    /// A steady 100 ms drag from medium through `Simulation` ends where the map's cell says.
    func testTheMapAgreesWithSimulate() {
        for feel in Feel.libraries {  // the articles' rules: PresetReleaseRuleTests
            let json = #"{"sheet": {"motion": {"feel": "\#(feel.rawValue)"}}}"#
            let setup = SheetSetup(config: config(json))
            for v in [-2500.0, -600, 600, 1500, 2500] {
                let run = FeelTests.simulate(json, steps((0, .drag(from: Point(200, 500), to: Point(200, 500 + v * 0.1), duration: 100))))
                let end = run.frames.last!
                let ended = end.phase == .dismissed ? "dismiss" : end.detent ?? "none"
                let cell = name(DecisionMap(setup: setup).outcome(top: setup.canvas.height - setup.detent("medium")!.height + v * 0.1, velocity: v))
                XCTAssertEqual(ended, cell, "\(feel) at \(v) pt/s")
            }
        }
    }
}
