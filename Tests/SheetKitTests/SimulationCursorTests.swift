import XCTest
@testable import SheetKit

/// A clip walks the simulation forward once (`Simulation.Cursor`), and gets exactly what `engine(at:)` replays.
final class SimulationCursorTests: XCTestCase {
    func testTheCursorGivesEngineAtExactlyAtEveryFrame() throws {
        let setup = SheetSetup(config: SheetLabConfig())
        var other = SheetLabConfig()
        other.sheet.detents = [.height(id: "low", points: 200), .large]
        let reloaded = SheetSetup(config: other)
        let steps: [Step.Action] = [
            .drag(from: Point(196, 500), to: Point(196, 250), duration: 150),
            .tap(Point(196, 100)),
            .select("peek"),
            .reload("b.json"),
            .drag(from: Point(196, 700), to: Point(196, 300), duration: 90),
            .dismiss,
            .present,
        ]
        let script = Script(steps: steps.enumerated().map { Step(at: Double($0.offset) * 700, action: $0.element, index: $0.offset) })
        let simulation = Simulation(setup: setup, script: script, reloads: ["b.json": reloaded])
        var cursor = simulation.cursor()
        var compared = 0
        for frame in stride(from: 0.0, through: 6000, by: 1000.0 / 60) {
            let a = FrameState(engine: cursor.engine(at: frame), time: frame)
            let b = FrameState(engine: simulation.engine(at: frame), time: frame)
            XCTAssertEqual(a, b, "at \(frame) ms")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 300)
        let timeline = Simulation.ReloadTimeline(simulation)
        XCTAssertEqual(timeline.file(at: 2099), nil)
        XCTAssertEqual(timeline.file(at: 2100), "b.json")
    }
}
