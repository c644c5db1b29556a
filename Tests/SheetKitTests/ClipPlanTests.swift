import XCTest
@testable import SheetKit

/// Which simulation times a clip shows, and which numbers it refuses.
final class ClipPlanTests: XCTestCase {
    func testFramesFallOnTheGridAndIncludeTheEndWhenItIsOnIt() {
        let rows: [(line: UInt, from: Double, to: Double, fps: Double, count: Int, last: Double)] = [
            (#line, 0, 1000, 60, 61, 1000),
            (#line, 100, 400, 60, 19, 400),
            (#line, 100, 400, 50, 16, 400),
            (#line, 100, 400, 30, 10, 400),
            (#line, 0, 1000, 7, 8, 1000),     // 1000 = 7 × 142.857…: on the grid despite rounding
            (#line, 0, 10, 60, 1, 0),         // shorter than a frame: the first frame alone
            (#line, 0, 25, 60, 2, 1000 / 60.0),
        ]
        for row in rows {
            let plan = ClipPlan(from: row.from, to: row.to, fps: row.fps)
            XCTAssertEqual(plan.frameCount, row.count, line: row.line)
            XCTAssertEqual(plan.time(ofFrame: 0), row.from, line: row.line)
            XCTAssertEqual(plan.time(ofFrame: plan.frameCount - 1), row.last, accuracy: 1e-9, line: row.line)
            XCTAssertEqual(plan.duration, Double(row.count) * 1000 / row.fps, accuracy: 1e-9, line: row.line)
            XCTAssertNil(plan.problem(), line: row.line)
        }
    }

    func testProblemsNameTheOption() {
        let rows: [(line: UInt, from: Double, to: Double, fps: Double, formatMax: Double, option: String?, message: String)] = [
            (#line, 0, 1000, 0, 120, "--fps", "more than 0 and at most 120"),
            (#line, 0, 1000, -1, 120, "--fps", "more than 0"),
            (#line, 0, 1000, 120.5, 120, "--fps", "at most 120"),
            (#line, 0, 1000, 120, 120, nil, ""),
            (#line, 0, 1000, 60, 50, "--fps", "at most 50 for GIF"),
            (#line, 0, 1000, 50, 50, nil, ""),
            (#line, 500, 500, 60, 120, "--from", "must be before --to"),
            (#line, 600, 500, 60, 120, "--from", "must be before --to"),
            (#line, 0, 119_983, 60, 120, nil, ""),               // 7200 frames exactly
            (#line, 0, 120_000, 60, 120, "--to", "7201 frames"),
            (#line, 0, 3_600_000, 120, 120, "--to", "at most 7200 frames"),
        ]
        for row in rows {
            let problem = ClipPlan(from: row.from, to: row.to, fps: row.fps).problem(formatMaxFPS: row.formatMax, format: "GIF")
            XCTAssertEqual(problem?.option, row.option, line: row.line)
            if let problem { XCTAssertTrue(problem.message.contains(row.message), problem.message, line: row.line) }
        }
    }

    func testTheFingerIsWhereTheLastPointerInputPutItWhileDown() throws {
        let setup = SheetSetup(config: SheetLabConfig())
        let script = Script(steps: [
            Step(at: 100, action: .drag(from: Point(10, 500), to: Point(10, 300), duration: 200), index: 0),
            Step(at: 500, action: .tap(Point(50, 60)), index: 1),
        ])
        let simulation = Simulation(setup: setup, script: script)
        let rows: [(line: UInt, at: Double, touch: Point?)] = [
            (#line, 0, nil),
            (#line, 100, Point(10, 500)),
            (#line, 110, Point(10, 500)),
            (#line, 200, Point(10, 400)),
            (#line, 300, nil),                 // the up, at the drag's end
            (#line, 500, Point(50, 60)),
            (#line, 549, Point(50, 60)),
            (#line, 550, nil),
        ]
        for row in rows {
            let touch = simulation.touch(at: row.at)
            XCTAssertEqual(touch == nil, row.touch == nil, "\(String(describing: touch))", line: row.line)
            if let touch, let expected = row.touch {
                XCTAssertEqual(touch.x, expected.x, accuracy: 1e-9, line: row.line)
                XCTAssertEqual(touch.y, expected.y, accuracy: 1e-9, line: row.line)
            }
        }
    }
}
