import Foundation
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// `sheetlab plot`'s picture: curves where the simulation puts them, detents where the setup puts them.
final class MotionPlotTests: XCTestCase {
    func plot(_ config: String, _ steps: [Step]) -> MotionPlot {
        guard case .success(let d) = ConfigLoader.load(text: config, file: "t.json") else { XCTFail("bad config"); fatalError() }
        let setup = SheetSetup(config: d.config)
        var frames: [FrameState] = [], events: [TimedEvent] = []
        Simulation(setup: setup, script: Script(steps: steps)).run { record in
            switch record {
            case .frame(let f): frames.append(f)
            case .event(let e): events.append(e)
            }
        }
        return MotionPlot(frames: frames, events: events, setup: setup, title: "t", text: FrameTests.text)
    }

    func isHeightBlue(_ p: PremultipliedRGBA8) -> Bool { p.b > 200 && p.r < 90 }

    func testTheCurveRestsOnTheDetentItSettledOn() throws {
        let m = plot("{}", [Step(at: 100, action: .select("large"), index: 0)])
        let image = m.render()
        XCTAssertEqual([image.width, image.height], [MotionPlot.width, MotionPlot.height])
        let last = try XCTUnwrap(m.frames.last)
        XCTAssertEqual(last.height, 793.0, accuracy: 0.01)
        // At the end, the height curve crosses the large detent's row; at the start, medium's.
        let xEnd = Int(m.x(last.time)) - 3, xStart = Int(m.x(0)) + 3
        let yLarge = Int(m.yHeight(793.0).rounded()), yMedium = Int(m.yHeight(460).rounded())
        XCTAssertTrue((yLarge - 1...yLarge + 1).contains { isHeightBlue(image[xEnd, $0]) }, "the curve ends on large")
        XCTAssertTrue((yMedium - 1...yMedium + 1).contains { isHeightBlue(image[xStart, $0]) }, "the curve starts on medium")
        XCTAssertFalse((yMedium - 1...yMedium + 1).contains { isHeightBlue(image[xEnd, $0]) }, "nothing on medium at the end")
        // The arrival on large is one event, marked.
        XCTAssertEqual(m.events.map(\.event), [.detent("large")])
    }

    func testVelocityIsTheHeightsRateOfChange() {
        // A steady 300 pt drag down over 300 ms: -1000 pt/s (rising is positive) while the finger moves.
        let m = plot("{}", [Step(at: 0, action: .drag(from: Point(196, 500), to: Point(196, 800), duration: 300), index: 0)])
        let v = m.velocities
        XCTAssertEqual(v.count, m.frames.count)
        let during = zip(m.frames, v).filter { $0.0.time > 40 && $0.0.time < 280 }.map(\.1)
        XCTAssertFalse(during.isEmpty)
        for value in during { XCTAssertEqual(value, -1000, accuracy: 1) }
    }

    func testNiceSteps() {
        for (raw, step) in [(0.3, 0.5), (1.0, 1), (142, 200), (213, 500), (900, 1000), (1250, 2000)] {
            XCTAssertEqual(MotionPlot.niceStep(raw), step, "\(raw)")
        }
    }

    func testAStackedSheetHasItsOwnCurveAndDetentsInItsColour() throws {
        let config = StackRenderTests.config(rule: "system")
        let stacked = plot(config, [Step(at: 100, action: .presentSheet("detail"), index: 0)])
        let alone = plot(config, [Step(at: 100, action: .wait(10), index: 0)])
        let pink = MotionPlot.stackColors[0]
        func pinkPixels(_ image: Pixmap, rows: Range<Int>) -> Int {
            rows.reduce(0) { n, y in n + (0..<image.width).filter { x in
                let p = image[x, y]
                return abs(Int(p.r) - Int(pink.r)) < 30 && abs(Int(p.g) - Int(pink.g)) < 30 && abs(Int(p.b) - Int(pink.b)) < 30
            }.count }
        }
        let height = MotionPlot.panels[0], velocity = MotionPlot.panels[1]
        let a = stacked.render(), b = alone.render()
        XCTAssertEqual(pinkPixels(b, rows: height), 0, "no stack, no stacked curve")
        XCTAssertGreaterThan(pinkPixels(a, rows: height), 500, "the stacked sheet's height and its card detent")
        XCTAssertGreaterThan(pinkPixels(a, rows: velocity), 50, "its velocity as it comes up")
        // The curve ends on its card detent's row (300 pt).
        let y = Int(stacked.yHeight(300).rounded())
        let x = Int(stacked.x(try XCTUnwrap(stacked.frames.last).time)) - 3
        XCTAssertTrue((y - 2...y + 2).contains { r in
            let p = a[x, r]
            return abs(Int(p.r) - Int(pink.r)) < 40 && abs(Int(p.b) - Int(pink.b)) < 40
        }, "the stacked curve rests on the card detent")
    }
}
