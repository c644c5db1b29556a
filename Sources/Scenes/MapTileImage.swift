import Foundation
import Raster

/// The map's repeating tile, drawn a cell at a time as frames show it: a one-shot render shows about a third of the
/// tile (a canvas of a tile twice as wide and half as tall again), and draws only that. Each cell is drawn once, from
/// the recorded drawing (`TileDrawing`), pixel for pixel as drawing the whole tile has it, so what a frame shows does
/// not depend on which cells were drawn first. The first frame draws the cells it shows; a later frame that shows
/// a cell not drawn yet draws every cell left, so a map being panned costs one frame the rest of the tile, not a
/// cell every few frames, and the window and the bench draw the rest between frames before any pan
/// (`MapScene.prepareForMotion`).
///
/// Shared by the scenes of every thread (`MapTileStore`): cells are drawn under a lock, into pixels of their own
/// (`PixmapRegion`), and read, once drawn, without it.
final class MapTileImage: @unchecked Sendable {
    let width: Int
    let height: Int
    /// Cells are `cellWidth` × `cellHeight` pixels (the last ones in a row or column smaller): half the tile across (a
    /// canvas), in whole multiples of 16 pixels so that cells drawn at once never share a word. Not narrower: the path
    /// filler works out a path's whole rows for each cell it meets (the river crosses the tile).
    let cellWidth: Int
    let cellHeight = 128
    private let columns: Int, rows: Int
    private let drawing: TileDrawing
    private let pixels: UnsafeMutablePointer<UInt32>
    private let lock = NSLock()
    private var drawn: [Bool]
    private var framesCopied = 0

    init(_ drawing: TileDrawing) {
        self.drawing = drawing
        width = max(1, drawing.width); height = max(1, drawing.height)
        cellWidth = ((width + 1) / 2 + 15) / 16 * 16
        columns = (width + cellWidth - 1) / cellWidth
        rows = (height + cellHeight - 1) / cellHeight
        cellCount = columns * rows
        drawn = [Bool](repeating: false, count: cellCount)
        // Untouched until a cell is drawn: the pages of cells never shown are never mapped in.
        pixels = .allocatePixels(count: width * height)
    }

    deinit { pixels.deallocate() }

    /// How many cells the tile has.
    let cellCount: Int
    /// How many cells have been drawn.
    var drawnCells: Int { lock.lock(); defer { lock.unlock() }; return drawn.filter { $0 }.count }

    /// Fills `pixmap` from the tile repeated in both directions and moved by (dx, dy) pixels, as
    /// `Pixmap.copyWrapped(from:dx:dy:)` does, drawing first the cells it shows.
    func copy(into pixmap: inout Pixmap, dx: Int, dy: Int) {
        let shown = cells(shownBy: pixmap.width, pixmap.height, dx: dx, dy: dy)
        lock.lock()
        if shown.contains(where: { !drawn[$0] }) {
            for cell in framesCopied == 0 ? shown : Array(drawn.indices) where !drawn[cell] { draw(cell) }
        }
        framesCopied += 1
        lock.unlock()
        pixmap.copyWrapped(from: UnsafePointer(pixels), width: width, height: height, dx: dx, dy: dy)
    }

    /// Draws every cell not drawn yet.
    func drawAll() {
        lock.lock()
        for cell in drawn.indices where !drawn[cell] { draw(cell) }
        lock.unlock()
    }

    /// The whole tile, every cell drawn.
    func image() -> Pixmap {
        drawAll()
        return Pixmap(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height)))
    }

    /// Draws cell `index`; the lock is held.
    private func draw(_ index: Int) {
        let x = index % columns * cellWidth, y = index / columns * cellHeight
        drawing.draw(into: PixmapRegion(base: pixels, width: width, height: height,
                                        clip: PixelRect(x: x, y: y, width: cellWidth, height: cellHeight)))
        drawn[index] = true
    }

    /// The cells holding the tile pixels a `w` × `h` canvas shows at (dx, dy): pixel (x, y) shows tile pixel
    /// ((x − dx) mod width, (y − dy) mod height).
    private func cells(shownBy w: Int, _ h: Int, dx: Int, dy: Int) -> [Int] {
        func spans(_ shift: Int, _ count: Int, _ period: Int, _ cell: Int, _ cells: Int) -> [Int] {
            guard count > 0 else { return [] }
            if count >= period { return Array(0..<cells) }
            let start = ((-shift) % period + period) % period, end = start + count
            var out = Array(start / cell...(min(end, period) - 1) / cell)
            if end > period { out += Array(0...(end - period - 1) / cell) }
            return out
        }
        let across = spans(dx, w, width, cellWidth, columns), down = spans(dy, h, height, cellHeight, rows)
        return down.flatMap { r in across.map { r * columns + $0 } }
    }
}
