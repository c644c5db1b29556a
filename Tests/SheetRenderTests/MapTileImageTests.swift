import Foundation
import Platform
import Raster
@testable import Scenes
import XCTest

/// The map tile drawn a cell at a time as frames show it (`MapTileImage`) is the tile drawn whole, pixel for pixel,
/// whatever a frame shows first, and on any thread.
final class MapTileImageTests: XCTestCase {
    /// The tile's drawing for a `w` × `h` pixel canvas, as `MapScene` records it.
    func drawing(_ w: Int, _ h: Int, scale: Int, _ appearance: SceneAppearance) -> TileDrawing {
        let s = Double(scale)
        let tw = 2 * w, th = Int((1.5 * Double(h)).rounded())
        let world = MapWorld(width: Double(tw) / s, height: Double(th) / s, canvasWidth: Double(w) / s, canvasHeight: Double(h) / s)
        var renderer = MapTileRenderer(world: world, scale: scale, text: FrameTests.text, canvasWidth: Double(w) / s,
                                       palette: MapPalette.of(appearance))
        return renderer.render(pixelWidth: tw, pixelHeight: th)
    }

    func firstDifference(_ a: Pixmap, _ b: Pixmap) -> (x: Int, y: Int)? {
        guard let i = zip(a.pixels, b.pixels).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else { return nil }
        return (i % a.width, i / a.width)
    }

    func testCellsDrawnAsFramesShowThemAreTheWholeTile() {
        let rows: [(line: UInt, w: Int, h: Int, scale: Int, appearance: SceneAppearance, pans: [(Int, Int)])] = [
            (#line, 393, 852, 1, .light, [(0, 0), (-130, 57), (400, -900)]),
            (#line, 786, 1704, 2, .dark, [(0, 0), (5, 3)]),
            (#line, 1179, 2556, 3, .light, [(0, 0), (-611, -1300)]),
            (#line, 1179, 2556, 3, .dark, [(17, 45), (0, 0), (-700, -1400)]),
        ]
        for row in rows {
            let drawing = drawing(row.w, row.h, scale: row.scale, row.appearance)
            let whole = drawing.render()
            let tile = MapTileImage(drawing)
            for (n, pan) in row.pans.enumerated() {
                var lazy = Pixmap(width: row.w, height: row.h), expected = Pixmap(width: row.w, height: row.h)
                tile.copy(into: &lazy, dx: pan.0, dy: pan.1)
                expected.copyWrapped(from: whole, dx: pan.0, dy: pan.1)
                XCTAssertNil(firstDifference(lazy, expected), "frame \(n) at \(pan)", line: row.line)
                if n == 0 {
                    XCTAssertLessThan(tile.drawnCells, tile.cellCount * 3 / 4, "the first frame draws only what it shows", line: row.line)
                }
            }
            XCTAssertEqual(tile.drawnCells, tile.cellCount, "a second frame that shows more draws the rest", line: row.line)
            XCTAssertNil(firstDifference(tile.image(), whole), line: row.line)
        }
    }

    /// Scenes on several threads share a tile (`MapTileStore`): each frame is the whole tile's, wherever the others are.
    func testFramesOnManyThreadsAtOnce() {
        let w = 393, h = 852
        let drawing = drawing(w, h, scale: 1, .light)
        let whole = drawing.render()
        let tile = MapTileImage(drawing)
        let pans = [(0, 0), (200, 10), (-393, -600), (31, 700)]
        nonisolated(unsafe) let frames = UnsafeMutableBufferPointer<Pixmap>.allocate(capacity: pans.count)
        frames.initialize(repeating: Pixmap(width: 0, height: 0))
        defer { frames.deallocate() }
        DispatchQueue.concurrentPerform(iterations: pans.count) { k in
            var p = Pixmap(width: w, height: h)
            tile.copy(into: &p, dx: pans[k].0, dy: pans[k].1)
            frames[k] = p
        }
        for (k, pan) in pans.enumerated() {
            var expected = Pixmap(width: w, height: h)
            expected.copyWrapped(from: whole, dx: pan.0, dy: pan.1)
            XCTAssertNil(firstDifference(frames[k], expected), "pan \(pan)")
        }
    }

    /// The window and the bench prepare for motion once the first frame is shown: the map's tile is finished then, so that
    /// the first pan does not stop to draw it; a one-shot render never asks.
    func testPreparingForMotionDrawsTheRestOfTheTile() throws {
        let scene = MapScene(text: FrameTests.text)
        var p = Pixmap(width: 131, height: 284)
        scene.render(SceneContext(width: 131, height: 284), into: &p)
        let tile = try XCTUnwrap(scene.tile)
        XCTAssertLessThan(tile.drawnCells, tile.cellCount, "one frame draws what it shows")
        scene.prepareForMotion()
        XCTAssertEqual(tile.drawnCells, tile.cellCount)
    }
}
