import Foundation
import Platform
import Raster
import SheetKit
import SheetRender
import XCTest

/// What a tap marks (a dropped pin, a selected row) looks the same whether the renderer drew every frame
/// of a gesture, as the window does, or only the last one, as `render` and `test` do.
final class TapThenPanTests: XCTestCase {
    /// The last frame of `script` on the config `json`, drawn by a fresh renderer, and drawn by a renderer
    /// that was handed every frame of the script at 60 fps.
    func lastFrames(_ json: String, scene makeScene: () -> any BackgroundScene, script: [Step], end: Double)
        -> (once: Pixmap, everyFrame: Pixmap) {
        guard case .success(let document) = ConfigLoader.load(text: json, file: "t.json") else {
            XCTFail("bad config"); return (Pixmap(width: 0, height: 0), Pixmap(width: 0, height: 0))
        }
        let setup = SheetSetup(config: document.config, measurer: MeasuredTextMetrics(engine: FrameTests.text))
        let simulation = Simulation(setup: setup, script: Script(steps: script))

        let once = FrameRenderer(setup: setup, scale: 1, text: FrameTests.text, scene: makeScene())
        once.render(SheetVisual(engine: simulation.engine(at: end)))

        let live = FrameRenderer(setup: setup, scale: 1, text: FrameTests.text, scene: makeScene())
        var engine = SheetEngine(setup: setup)
        let inputs = simulation.timeline()
        var next = 0
        for frame in 0...Int((end / simulation.frameInterval).rounded()) {
            let t = Double(frame) * simulation.frameInterval
            while next < inputs.count && inputs[next].time <= t + 1e-9 {
                _ = engine.handle(inputs[next].input, at: inputs[next].time)
                next += 1
            }
            _ = engine.advance(to: t)
            live.render(SheetVisual(engine: engine))
        }
        XCTAssertEqual(engine.time, simulation.engine(at: end).time, accuracy: 1e-9, "both end at the same time")
        return (once.frame, live.frame)
    }

    func testATapThenAPanOnTheMapDrawsTheSameOnceAsEveryFrame() {
        // At peek nothing is dimmed: the tap drops a pin on the map, then a drag pans the map up and left.
        let script = steps((0, .tap(Point(100, 520))),
                           (450, .drag(from: Point(220, 420), to: Point(160, 300), duration: 250)))
        let (once, everyFrame) = lastFrames(#"{"sheet": {"initialDetent": "peek"}}"#,
                                            scene: { MapScene(text: FrameTests.text) }, script: script, end: 1000)
        XCTAssertTrue(once == everyFrame, "the pin sits on the map, moved with the pan, either way")
        // And the pan did move the map: the same frame without the drag differs.
        let (tapOnly, _) = lastFrames(#"{"sheet": {"initialDetent": "peek"}}"#,
                                      scene: { MapScene(text: FrameTests.text) }, script: [script[0]], end: 1000)
        XCTAssertFalse(tapOnly == once)
    }

    func testATapThenAScrollOfTheListDrawsTheSameOnceAsEveryFrame() {
        // The tap selects a row; the drag scrolls the feed by 150 points, and the selection with it.
        let json = #"{"background": {"scene": "list"}, "sheet": {"initialDetent": "peek"}}"#
        let script = steps((0, .tap(Point(200, 420))),
                           (200, .drag(from: Point(200, 650), to: Point(200, 500), duration: 250)))
        let (once, everyFrame) = lastFrames(json, scene: { ListScene(text: FrameTests.text) }, script: script, end: 600)
        XCTAssertTrue(once == everyFrame, "the selected row scrolls with the feed either way")
    }

    func steps(_ actions: (Double, Step.Action)...) -> [Step] {
        actions.enumerated().map { Step(at: $0.element.0, action: $0.element.1, index: $0.offset) }
    }
}
