import XCTest
import Platform
import Raster
@testable import SheetKit
@testable import SheetRender

/// An edit in the window makes a new renderer for the edited config; it takes the scene its predecessor drew
/// (`FrameRenderer.adoptScene(from:)`) instead of drawing the map again, and draws exactly what a cold renderer draws
/// (issue 34: "every inspector edit builds a cold renderer").
final class WarmRendererTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    func setup(_ json: String) -> SheetSetup {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config \(json)"); fatalError() }
        return SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
    }

    func testAnEditKeepsTheDrawnMapAndDrawsWhatAColdRendererDraws() {
        let map = MapScene(text: Self.text)
        let before = FrameRenderer(setup: setup("{}"), scale: 1, text: Self.text, scene: map)
        before.render(SheetVisual(engine: SheetEngine(setup: before.setup)))
        XCTAssertEqual(before.sceneDraws, 1)

        let rows: [(line: UInt, json: String, redraws: Bool)] = [
            // The inspector's edits of the sheet: the scene stays as drawn.
            (#line, #"{"sheet": {"cornerRadius": 20}}"#, false),
            (#line, #"{"sheet": {"style": "classic"}}"#, false),
            (#line, #"{"sheet": {"material": "thin", "dimming": {"opacity": 0.3}}}"#, false),
            // The appearance is part of the scene's key: the map is drawn again, in dark.
            (#line, #"{"appearance": "dark"}"#, true),
        ]
        for row in rows {
            let edited = setup(row.json)
            let warm = FrameRenderer(setup: edited, scale: 1, text: Self.text, scene: map)
            XCTAssertTrue(warm.adoptScene(from: before), line: row.line)
            let generation = warm.sceneDraws
            warm.render(SheetVisual(engine: SheetEngine(setup: edited)))
            XCTAssertEqual(warm.sceneDraws != generation, row.redraws, "drew the scene again", line: row.line)
            let cold = FrameRenderer(setup: edited, scale: 1, text: Self.text, scene: MapScene(text: Self.text))
            cold.render(SheetVisual(engine: SheetEngine(setup: edited)))
            XCTAssertTrue(warm.frame.pixels == cold.frame.pixels, "warm and cold frames differ", line: row.line)
            // Hand the scene back for the next row, as the window's next edit would.
            before.adoptScene(from: warm)
        }
        // Another scene object, or another size, is never adopted.
        let other = FrameRenderer(setup: setup("{}"), scale: 1, text: Self.text, scene: MapScene(text: Self.text))
        XCTAssertFalse(other.adoptScene(from: before))
        let bigger = FrameRenderer(setup: setup("{}"), scale: 2, text: Self.text, scene: map)
        XCTAssertFalse(bigger.adoptScene(from: before))
    }
}
