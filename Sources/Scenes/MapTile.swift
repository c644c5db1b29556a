import Foundation
import Raster

/// Draws the map's repeating tile: land, blocks and buildings, streets and avenues, the park, the river,
/// labels and pins. Runs once per canvas size and scale, and records the tile's shapes (`TileDrawing`), which
/// `MapTileImage` draws a part at a time; labels are placed here, over the whole tile, before any part is drawn.
struct MapTileRenderer {
    let world: MapWorld
    let scale: Int
    let text: TextEngine
    /// The canvas width in points, to keep the first screen's labels on it.
    let canvasWidth: Double

    /// The colours of the appearance the tile is drawn in.
    let palette: MapPalette

    /// Label boxes placed so far, in world points (centre and half sizes), to keep labels apart.
    var placed: [(c: SIMD2<Double>, h: SIMD2<Double>)] = []

    init(world: MapWorld, scale: Int, text: TextEngine, canvasWidth: Double, palette: MapPalette = .light) {
        self.world = world; self.scale = scale; self.text = text; self.canvasWidth = canvasWidth; self.palette = palette
    }

    /// A pin and its name, drawn once, blitted at its place every frame (so that a selected pin can replace it).
    struct PinSprite {
        var pin: Int
        var image: Pixmap
        /// The sprite's top-left in tile pixels.
        var x: Int
        var y: Int
    }

    var sprites: [PinSprite] = []

    mutating func render(pixelWidth: Int, pixelHeight: Int) -> TileDrawing {
        var c = WrapCanvas(drawing: TileDrawing(width: pixelWidth, height: pixelHeight, background: palette.road),
                           scale: Double(scale), periodX: world.width, periodY: world.height)
        drawBlocks(&c)
        drawRiver(&c)
        drawRoads(&c)
        drawPark(&c)
        drawPlaza(&c)
        drawHighway(&c)
        drawUserLocation(&c)
        placed = []
        drawLabels(&c)
        return c.drawing
    }

    // MARK: Blocks

    private func cellRect(_ i: Int, _ j: Int) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        (world.streetX(i) + world.columnWidth(i) / 2, world.streetY(j) + world.rowWidth(j) / 2,
         world.streetX(i + 1) - world.columnWidth(i + 1) / 2, world.streetY(j + 1) - world.rowWidth(j + 1) / 2)
    }

    private func drawBlocks(_ c: inout WrapCanvas) {
        let nx = world.columnCount, ny = world.rowCount
        for j in 0..<ny {
            for i in 0..<nx {
                if world.parkColumns.contains(i) && world.parkRows.contains(j) { continue }
                let r = cellRect(i, j)
                let w = r.x1 - r.x0, h = r.y1 - r.y0
                guard w > 4, h > 4 else { continue }
                if (i, j) == world.squareCell {
                    c.rect(r.x0, r.y0, w, h, radius: 3, palette.park)
                    continue
                }
                if (i, j) == world.hospitalCell {
                    c.rect(r.x0, r.y0, w, h, radius: 3, palette.hospital)
                    c.rect(r.x0 + 8, r.y0 + 8, w - 16, h - 16, radius: 2, palette.hospitalInner)
                    continue
                }
                if (i, j) == world.campusCell {
                    c.rect(r.x0, r.y0, w, h, radius: 3, palette.campus)
                    c.rect(r.x0 + 7, r.y0 + 6, w * 0.38, h - 12, radius: 2, palette.campusInner)
                    c.rect(r.x0 + w * 0.55, r.y0 + 6, w * 0.45 - 7, h * 0.45, radius: 2, palette.campusInner)
                    continue
                }
                c.rect(r.x0, r.y0, w, h, radius: 2.5, palette.land)
                drawBuildings(&c, x0: r.x0 + 2.5, y0: r.y0 + 2.5, x1: r.x1 - 2.5, y1: r.y1 - 2.5, seed: UInt64(j * 977 + i * 31 + 7))
            }
        }
    }

    /// Lots along a block: one or two rows of buildings of varied widths, some left open.
    private func drawBuildings(_ c: inout WrapCanvas, x0: Double, y0: Double, x1: Double, y1: Double, seed: UInt64) {
        var rng = SceneRandom(seed: seed &* 0x9E37_79B9 &+ 0x51)
        let h = y1 - y0
        let rows: [(Double, Double)]
        if h > 34 {
            let split = y0 + h * rng.range(0.42, 0.58)
            rows = [(y0, split - 0.9), (split + 0.9, y1)]
        } else {
            rows = [(y0, y1)]
        }
        for (ry0, ry1) in rows {
            var x = x0
            while x < x1 - 4 {
                var w = rng.range(13, 32)
                if x1 - (x + w) < 10 { w = x1 - x }
                let gap = 1.3
                let open = rng.unit() < 0.1
                if !open {
                    let col = palette.building(rng.range(-4, 3))
                    // Some buildings are set back from the street a little.
                    let inset = rng.unit() < 0.25 ? rng.range(1.5, 4) : 0
                    let top = ry0 + (ry0 == y0 ? inset : 0), bottom = ry1 - (ry1 == y1 ? inset : 0)
                    c.rect(x, top, max(1, w - gap), bottom - top, radius: 0.8, col)
                }
                x += w
            }
        }
    }

    // MARK: River

    private func riverBand(halfWidth hw: Double) -> Path {
        let steps = max(24, Int(world.width / 3))
        var top: [SIMD2<Double>] = [], bottom: [SIMD2<Double>] = []
        for k in 0...steps {
            let x = world.width * Double(k) / Double(steps)
            let y = world.riverY(x), m = world.riverSlope(x)
            // Vertical half-thickness that keeps the perpendicular width constant.
            let v = hw * (1 + m * m).squareRoot()
            top.append(SIMD2(x, y - v))
            bottom.append(SIMD2(x, y + v))
        }
        return Path(top + bottom.reversed())
    }

    private func drawRiver(_ c: inout WrapCanvas) {
        let hw = world.riverHalfWidth
        c.fill(riverBand(halfWidth: hw + 8), palette.road)
        c.fill(riverBand(halfWidth: hw + 5.5), palette.riverbank)
        c.fill(riverBand(halfWidth: hw), palette.water)
    }

    func inRiver(_ p: SIMD2<Double>, margin: Double) -> Bool {
        var dy = p.y - world.riverY(p.x)
        dy -= (dy / world.height).rounded() * world.height
        return abs(dy) < world.riverHalfWidth + margin
    }

    // MARK: Roads

    private func diagonalSegment(_ dir: SIMD2<Double>, width: Double) -> Path {
        let length = (world.width * world.width + world.height * world.height).squareRoot()
        let a = world.diagonalOrigin, b = a + dir * length
        return .stroke([a, b], width: width, detail: Double(scale))
    }

    private func drawRoads(_ c: inout WrapCanvas) {
        let nx = world.columnCount, ny = world.rowCount
        let W = world.width, H = world.height
        let mw = MapWorld.majorWidth, dw = MapWorld.diagonalWidth
        // Casings first, so that crossing roads merge into each other.
        for dir in world.diagonals { c.fill(diagonalSegment(dir, width: dw + 2.2), palette.casing) }
        for i in world.majorColumns.sorted() { c.rect(world.xs[i] - mw / 2 - 1.1, 0, mw + 2.2, H, palette.casing) }
        for j in world.majorRows.sorted() { c.rect(0, world.ys[j] - mw / 2 - 1.1, W, mw + 2.2, palette.casing) }
        // Where a minor street joins a major road, clear the casing across its mouth.
        for i in world.majorColumns.sorted() {
            for j in 0..<ny where !world.majorRows.contains(j) && j != world.highwayRow {
                let p = SIMD2(world.xs[i], world.ys[j])
                if inRiver(p, margin: 12) { continue }
                c.rect(p.x - mw / 2 - 2, p.y - MapWorld.minorWidth / 2, mw + 4, MapWorld.minorWidth, palette.road)
            }
        }
        for j in world.majorRows.sorted() {
            for i in 0..<nx where !world.majorColumns.contains(i) {
                let p = SIMD2(world.xs[i], world.ys[j])
                if inRiver(p, margin: 12) { continue }
                c.rect(p.x - MapWorld.minorWidth / 2, p.y - mw / 2 - 2, MapWorld.minorWidth, mw + 4, palette.road)
            }
        }
        let park = world.parkRect
        for dir in world.diagonals {
            // Crossings with every street: vertical streets at x = xs[i], horizontal at y = ys[j].
            let length = (W * W + H * H).squareRoot()
            for i in 0..<nx {
                let sw = world.columnWidth(i)
                for k in -1...1 {
                    // Solve origin.x + t·dir.x = xs[i] + k·W.
                    let t = (world.xs[i] + Double(k) * W - world.diagonalOrigin.x) / dir.x
                    guard t > 0, t < length else { continue }
                    let p = world.diagonalOrigin + dir * t
                    if inRiver(p, margin: 12) || inPark(p, park) { continue }
                    let reach = (dw / 2 + 2.5) / abs(dir.x)
                    c.rect(p.x - sw / 2, p.y - reach, sw, 2 * reach, palette.road)
                }
            }
            for j in 0..<ny where j != world.highwayRow {
                let sw = world.rowWidth(j)
                for k in -1...1 {
                    let t = (world.ys[j] + Double(k) * H - world.diagonalOrigin.y) / dir.y
                    guard t > 0, t < length else { continue }
                    let p = world.diagonalOrigin + dir * t
                    if inRiver(p, margin: 12) || inPark(p, park) { continue }
                    let reach = (dw / 2 + 2.5) / abs(dir.y)
                    c.rect(p.x - reach, p.y - sw / 2, 2 * reach, sw, palette.road)
                }
            }
        }
        // Fills.
        for dir in world.diagonals { c.fill(diagonalSegment(dir, width: dw), palette.road) }
        for i in world.majorColumns.sorted() { c.rect(world.xs[i] - mw / 2, 0, mw, H, palette.road) }
        for j in world.majorRows.sorted() { c.rect(0, world.ys[j] - mw / 2, W, mw, palette.road) }
    }

    /// The expressway passes over everything, on a faint shadow.
    private func drawHighway(_ c: inout WrapCanvas) {
        let W = world.width
        let hy = world.ys[world.highwayRow], hw = MapWorld.highwayWidth
        c.rect(0, hy - hw / 2 - 2.5, W, hw + 6, palette.highwayShadow)
        c.rect(0, hy - hw / 2 - 1.3, W, hw + 2.6, palette.highwayCasing)
        c.rect(0, hy - hw / 2, W, hw, palette.highway)
        c.rect(0, hy - 0.35, W, 0.7, palette.highwayLine)
    }

    func inPark(_ p: SIMD2<Double>, _ park: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Bool {
        var d = p - SIMD2(park.x0, park.y0)
        d.x -= (d.x / world.width).rounded(.down) * world.width
        d.y -= (d.y / world.height).rounded(.down) * world.height
        return d.x > -4 && d.x < park.x1 - park.x0 + 4 && d.y > -4 && d.y < park.y1 - park.y0 + 4
    }

    // MARK: Park, plaza, you-are-here

    private func drawPark(_ c: inout WrapCanvas) {
        let p = world.parkRect
        let x0 = p.x0 + world.columnWidth(world.parkColumns.lowerBound) / 2
        let x1 = p.x1 - world.columnWidth(world.parkColumns.upperBound) / 2
        let y0 = p.y0 + world.rowWidth(world.parkRows.lowerBound) / 2
        let y1 = p.y1 - world.rowWidth(world.parkRows.upperBound) / 2
        let w = x1 - x0, h = y1 - y0
        let d = Double(scale)
        c.rect(x0, y0, w, h, radius: 6, palette.park)
        guard w > 40, h > 40 else { return }
        // Meadows: lighter patches.
        c.fill(.ellipse(cx: x0 + w * 0.7, cy: y0 + h * 0.25, rx: w * 0.2, ry: h * 0.14, detail: d), palette.parkMeadow)
        c.fill(.ellipse(cx: x0 + w * 0.3, cy: y0 + h * 0.78, rx: w * 0.22, ry: h * 0.12, detail: d), palette.parkMeadow)
        // Trees.
        var rng = SceneRandom(seed: 0x7AEE5)
        for _ in 0..<Int(w * h / 420) {
            let tx = rng.range(x0 + 6, x1 - 6), ty = rng.range(y0 + 6, y1 - 6)
            let r = rng.range(2.6, 5.2)
            c.fill(.circle(cx: tx, cy: ty, r: r, detail: d), palette.parkDark)
        }
        // The pond.
        let pond = SIMD2(x0 + w * 0.28, y0 + h * 0.34)
        var pondPts: [SIMD2<Double>] = []
        for k in 0..<72 {
            let a = 2 * Double.pi * Double(k) / 72
            let rr = 1 + 0.12 * sin(3 * a + 0.5) + 0.06 * sin(5 * a)
            pondPts.append(pond + SIMD2(cos(a) * w * 0.17 * rr, sin(a) * h * 0.1 * rr))
        }
        c.fill(Path(pondPts), palette.water)
        // Paths: a loop, and the diagonals carried on as footpaths.
        var loop: [SIMD2<Double>] = []
        for k in 0..<96 {
            let a = 2 * Double.pi * Double(k) / 96
            let rx = w / 2 - 13, ry = h / 2 - 13
            let ca = cos(a), sa = sin(a)
            // A superellipse: a rounded-rectangle loop.
            let ex = copysign(pow(abs(ca), 0.5), ca), ey = copysign(pow(abs(sa), 0.5), sa)
            loop.append(SIMD2(x0 + w / 2 + rx * ex, y0 + h / 2 + ry * ey))
        }
        c.fill(.stroke(loop, width: 2.6, closed: true, detail: d), palette.parkPath)
        let centre = SIMD2(x0 + w / 2, y0 + h / 2)
        for dir in world.diagonals {
            let reach = min(w / 2 / abs(dir.x), h / 2 / abs(dir.y)) - 1
            c.fill(.stroke([centre - dir * reach, centre + dir * reach], width: 2.6, detail: d), palette.parkPath)
        }
        c.fill(.circle(cx: centre.x, cy: centre.y, r: 9, detail: d), palette.parkPath)
        c.fill(.circle(cx: centre.x, cy: centre.y, r: 4.5, detail: d), palette.pond)
    }

    private func drawPlaza(_ c: inout WrapCanvas) {
        let p = world.plaza
        let d = Double(scale)
        c.fill(.circle(cx: p.x, cy: p.y, r: 22.2, detail: d), palette.casing)
        c.fill(.circle(cx: p.x, cy: p.y, r: 21, detail: d), palette.road)
        c.fill(.circle(cx: p.x, cy: p.y, r: 11, detail: d), palette.park)
        c.fill(.circle(cx: p.x, cy: p.y, r: 3.5, detail: d), palette.parkDark)
    }

    private func drawUserLocation(_ c: inout WrapCanvas) {
        let u = world.userLocation
        let d = Double(scale)
        c.fill(.circle(cx: u.x, cy: u.y, r: 30, detail: d), palette.userHalo)
        c.fill(.circle(cx: u.x, cy: u.y + 0.8, r: 10.5, detail: d), SceneColor.rgb(0, 0, 0, 0.12))
        c.fill(.circle(cx: u.x, cy: u.y, r: 10, detail: d), palette.userRing)
        c.fill(.circle(cx: u.x, cy: u.y, r: 7, detail: d), palette.tint)
    }
}
