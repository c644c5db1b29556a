import Foundation
import XCTest
@testable import SheetKit

/// Touches are one gesture. UIKit's pan recognizer keeps one gesture for any number of touches and follows
/// their centroid; a finger landing or lifting moves nothing.
final class TouchGroupTests: XCTestCase {
    func testTwoFingersDriveOnePointerByTheirCentroidWithoutJumps() {
        var g = TouchGroup()
        XCTAssertEqual(g.down(0, Point(200, 500)), .down(Point(200, 500)))
        XCTAssertEqual(g.move(0, Point(200, 520)), .move(Point(200, 520)))
        // A second finger 105 pt lower lands: nothing moves (the centroid is 52.5 pt lower, the pointer stays).
        XCTAssertNil(g.down(1, Point(200, 625)))
        // Both move down 10 pt: the pointer moves 10 pt.
        XCTAssertEqual(g.move(0, Point(200, 530)), .move(Point(200, 525)))
        XCTAssertEqual(g.move(1, Point(200, 635)), .move(Point(200, 530)))
        // The first lifts where it was: nothing moves; the second drives it alone, 1:1.
        XCTAssertNil(g.up(0, Point(200, 530)))
        XCTAssertEqual(g.move(1, Point(200, 645)), .move(Point(200, 540)))
        // The last finger lifts: the up, where the pointer is.
        XCTAssertEqual(g.up(1, Point(200, 655)), .up(Point(200, 550)))
        XCTAssertTrue(g.isEmpty)
    }

    func testAFingerThatLiftsAfterMovingCountsItsLastMove() {
        var g = TouchGroup()
        _ = g.down(0, Point(100, 400))
        _ = g.down(1, Point(300, 400))
        // Finger 1 lifts 20 pt lower than it last was: the centroid moved 10 pt, and the rest carries on from there.
        XCTAssertEqual(g.up(1, Point(300, 420)), .move(Point(100, 410)))
        XCTAssertEqual(g.move(0, Point(100, 401)), .move(Point(100, 411)))
        XCTAssertEqual(g.up(0, Point(100, 401)), .up(Point(100, 411)))
    }

    /// Through `simulate`: a second finger on the sheet adds no jump; the sheet follows the centroid's motion.
    func testSimulateTwoFingersOnTheSheet() throws {
        let text = """
        {"steps": [
          {"at": 0, "down": [200, 500]},
          {"at": 50, "move": [200, 520]},
          {"at": 100, "down": [200, 625], "finger": 1},
          {"at": 150, "move": [200, 540]},
          {"at": 200, "move": [200, 645], "finger": 1},
          {"at": 250, "up": [200, 540]},
          {"at": 300, "move": [200, 665], "finger": 1},
          {"at": 400, "move": [200, 665], "finger": 1},
          {"at": 500, "up": [200, 665], "finger": 1}
        ]}
        """
        let script = try XCTUnwrap(Self.load(text))
        XCTAssertEqual(script.steps.map(\.finger), [0, 0, 1, 0, 1, 0, 1, 1, 1])
        let setup = SheetSetup(config: SheetLabConfig())
        var frames: [FrameState] = []
        Simulation(setup: setup, script: script, fps: 240).run { if case .frame(let f) = $0 { frames.append(f) } }
        // The sheet moves as the centroid does: 20 + 10 + 10 + 20 = 60 pt down in all, never a jump.
        let during = frames.filter { $0.time <= 400 }
        let mediumTop = setup.canvas.height - setup.detent("medium")!.height
        XCTAssertEqual(during.last!.top, mediumTop + 60, accuracy: 0.01)
        for (a, b) in zip(during, during.dropFirst()) {
            XCTAssertLessThanOrEqual(abs(b.top - a.top), 20.01, "at \(b.time) ms the sheet moved \(b.top - a.top)")
        }
    }

    static func load(_ text: String) -> Script? {
        if case .success(let d) = DocumentLoader.load(Script.self, text: text, file: "s.json") { return d.value }
        return nil
    }

    func testFingerIdsAreValidated() {
        func problems(_ steps: String) -> String {
            switch DocumentLoader.load(Script.self, text: "{\"steps\": [\(steps)]}", file: "s.json") {
            case .failure(let e): return e.diagnostics.map { "\($0.path?.description ?? ""): \($0.message)" }.joined(separator: "\n")
            case .success(let d):
                return Simulation(setup: SheetSetup(config: SheetLabConfig()), script: d.value).validate()
                    .map { "\($0.path?.description ?? ""): \($0.message)" }.joined(separator: "\n")
            }
        }
        XCTAssertTrue(problems(#"{"at": 0, "down": [1, 2], "finger": -1}"#).contains("finger"))
        XCTAssertTrue(problems(#"{"at": 0, "down": [1, 2], "finger": 1.5}"#).contains("finger"))
        XCTAssertTrue(problems(#"{"at": 0, "drag": {"from": [1, 2], "to": [1, 9]}, "finger": 1}"#).contains("finger"))
        XCTAssertTrue(problems(#"{"at": 0, "down": [1, 2], "finger": 1}, {"at": 10, "down": [1, 2], "finger": 1}"#).contains("already down"))
        XCTAssertTrue(problems(#"{"at": 0, "down": [1, 2]}, {"at": 10, "move": [1, 2], "finger": 1}"#).contains("not down"))
        XCTAssertEqual(problems(#"{"at": 0, "down": [1, 2]}, {"at": 10, "down": [1, 9], "finger": 1}, {"at": 20, "up": [1, 2]}, {"at": 30, "up": [1, 9], "finger": 1}"#), "")
    }
}
