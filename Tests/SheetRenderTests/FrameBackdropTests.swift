import Foundation
import Platform
import Raster
import SheetKit
@testable import SheetRender
import XCTest

/// The rows of the dimmed backdrop a frame keeps from the last one (`FrameBackdrop`): every frame of a drag, up and
/// down, with the dimming holding and changing, the display's corners on and off, the view behind receding (its light
/// status bar drawn over the backdrop) and the sheet hidden, equals the same frame drawn by a fresh renderer.
final class FrameBackdropTests: XCTestCase {
    nonisolated(unsafe) static let text = TextEngine(rasterizer: try! TTFGlyphs())

    func renderer(_ json: String, scene: any BackgroundScene) -> FrameRenderer {
        guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail("bad config \(json)"); fatalError() }
        let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: Self.text))
        return FrameRenderer(setup: setup, scale: 1, text: Self.text, scene: scene)
    }

    func testKeptBackdropRowsEqualFreshFrames() {
        let configs = [
            #"{"device": "iphone-15", "canvas": {"displayCorners": true}}"#,
            #"{"device": "iphone-15", "canvas": {"displayCorners": false}, "sheet": {"style": "classic"}}"#,
            #"{"device": "iphone-15", "canvas": {"displayCorners": true}, "sheet": {"style": "classic"}}"#,
        ]
        // Up and down, with the dimming held over several frames (kept rows) and changing (written again), then hidden.
        let visuals: [SheetVisual] = [
            SheetVisual(height: 200), SheetVisual(height: 210), SheetVisual(height: 190), SheetVisual(height: 150),
            SheetVisual(height: 300, dim: 0.3), SheetVisual(height: 320, dim: 0.3), SheetVisual(height: 280, dim: 0.3),
            SheetVisual(height: 280, dim: 0.35), SheetVisual(height: 600, dim: 0.4), SheetVisual(height: 700, dim: 0.4),
            SheetVisual(height: 780, dim: 0.4), SheetVisual(height: 760, dim: 0.4), SheetVisual(height: 650, dim: 0.4),
            SheetVisual(height: 0), SheetVisual(height: 0), SheetVisual(height: 200), SheetVisual(height: 200, panX: 20),
            SheetVisual(height: 220, panX: 20),
        ]
        let scene = MapScene(text: Self.text)
        for json in configs {
            let reused = renderer(json, scene: scene)
            var kept = 0
            for (i, visual) in visuals.enumerated() {
                if let rows = reused.frameBackdrop.heldRows { kept += rows.count }
                reused.render(visual)
                let fresh = renderer(json, scene: scene)
                fresh.render(visual)
                if reused.frame != fresh.frame {
                    let w = reused.widthPixels
                    let first = reused.frame.pixels.indices.first { reused.frame.pixels[$0] != fresh.frame.pixels[$0] }!
                    XCTFail("\(json), frame \(i) (height \(visual.height)): differs first at (\(first % w), \(first / w))")
                }
            }
            XCTAssertGreaterThan(kept, 0, "\(json): some frame kept rows, so the test sees them kept")
        }
    }
}
