import Foundation
import Raster

/// A pixmap that repeats in both directions: shapes given in world points are drawn at every copy
/// that touches the tile, so the tile tiles seamlessly.
struct WrapCanvas {
    var pixmap: Pixmap
    let scale: Double
    let periodX: Double
    let periodY: Double

    private func offsets(_ lo: Double, _ hi: Double, _ period: Double) -> [Double] {
        [-period, 0, period].filter { lo + $0 < period && hi + $0 > 0 }
    }

    mutating func fill(_ path: Path, _ color: PremultipliedRGBA8) {
        let b = path.bounds
        guard b.minX.isFinite else { return }
        for ox in offsets(b.minX, b.maxX, periodX) {
            for oy in offsets(b.minY, b.maxY, periodY) {
                pixmap.fill(path.transformed(scale: scale, dx: ox * scale, dy: oy * scale), color)
            }
        }
    }

    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double = 0, _ color: PremultipliedRGBA8) {
        guard w > 0, h > 0 else { return }
        for ox in offsets(x, x + w, periodX) {
            for oy in offsets(y, y + h, periodY) {
                pixmap.fillRoundedRect(RectF(x: (x + ox) * scale, y: (y + oy) * scale, width: w * scale, height: h * scale),
                               radius: radius * scale, color)
            }
        }
    }

    /// Draws a coverage mask centred on (cx, cy) world points.
    mutating func mask(_ m: AlphaMask, centerX cx: Double, centerY cy: Double, _ color: PremultipliedRGBA8) {
        let x = Int((cx * scale - Double(m.width) / 2).rounded()), y = Int((cy * scale - Double(m.height) / 2).rounded())
        let tw = pixmap.width, th = pixmap.height
        for ox in [-tw, 0, tw] where x + ox < tw && x + ox + m.width > 0 {
            for oy in [-th, 0, th] where y + oy < th && y + oy + m.height > 0 {
                pixmap.draw(m, x: x + ox, y: y + oy, color: color)
            }
        }
    }
}

/// Draws the map's repeating tile: land, blocks and buildings, streets and avenues, the park, the river,
/// labels and pins. Runs once per canvas size and scale.
struct MapTileRenderer {
    let world: MapWorld
    let scale: Int
    let text: TextEngine
    /// The canvas width in points, to keep the first screen's labels on it.
    let canvasWidth: Double

    static let road = SceneColor.rgb(255, 255, 255)
    static let land = SceneColor.rgb(240, 238, 233)
    static let casing = SceneColor.rgb(214, 210, 203)
    static let park = SceneColor.rgb(193, 229, 173)
    static let parkDark = SceneColor.rgb(176, 217, 153)
    static let parkPath = SceneColor.rgb(234, 244, 224)
    static let water = SceneColor.rgb(152, 203, 246)
    static let highway = SceneColor.rgb(255, 213, 115)
    static let highwayCasing = SceneColor.rgb(229, 172, 75)

    /// Label boxes placed so far, in world points (centre and half sizes), to keep labels apart.
    private var placed: [(c: SIMD2<Double>, h: SIMD2<Double>)] = []

    init(world: MapWorld, scale: Int, text: TextEngine, canvasWidth: Double) {
        self.world = world; self.scale = scale; self.text = text; self.canvasWidth = canvasWidth
    }

    /// A pin and its name, drawn once, blitted at its place every frame (so that a selected pin can replace it).
    struct PinSprite {
        var pin: Int
        var image: Pixmap
        /// The sprite's top-left in tile pixels.
        var x: Int
        var y: Int
    }

    private(set) var sprites: [PinSprite] = []

    mutating func render(pixelWidth: Int, pixelHeight: Int) -> Pixmap {
        var c = WrapCanvas(pixmap: Pixmap(width: pixelWidth, height: pixelHeight, fill: Self.road),
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
        return c.pixmap
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
                    c.rect(r.x0, r.y0, w, h, radius: 3, Self.park)
                    continue
                }
                if (i, j) == world.hospitalCell {
                    c.rect(r.x0, r.y0, w, h, radius: 3, SceneColor.rgb(250, 226, 226))
                    c.rect(r.x0 + 8, r.y0 + 8, w - 16, h - 16, radius: 2, SceneColor.rgb(238, 205, 205))
                    continue
                }
                if (i, j) == world.campusCell {
                    c.rect(r.x0, r.y0, w, h, radius: 3, SceneColor.rgb(239, 231, 211))
                    c.rect(r.x0 + 7, r.y0 + 6, w * 0.38, h - 12, radius: 2, SceneColor.rgb(226, 215, 190))
                    c.rect(r.x0 + w * 0.55, r.y0 + 6, w * 0.45 - 7, h * 0.45, radius: 2, SceneColor.rgb(226, 215, 190))
                    continue
                }
                c.rect(r.x0, r.y0, w, h, radius: 2.5, Self.land)
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
                    let tint = rng.range(-4, 3)
                    let base = 228.0 + tint
                    let col = SceneColor.rgb(UInt8(base), UInt8(base - 3), UInt8(base - 8))
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
        c.fill(riverBand(halfWidth: hw + 8), Self.road)
        c.fill(riverBand(halfWidth: hw + 5.5), SceneColor.rgb(205, 233, 188))
        c.fill(riverBand(halfWidth: hw), Self.water)
    }

    private func inRiver(_ p: SIMD2<Double>, margin: Double) -> Bool {
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
        for dir in world.diagonals { c.fill(diagonalSegment(dir, width: dw + 2.2), Self.casing) }
        for i in world.majorColumns.sorted() { c.rect(world.xs[i] - mw / 2 - 1.1, 0, mw + 2.2, H, Self.casing) }
        for j in world.majorRows.sorted() { c.rect(0, world.ys[j] - mw / 2 - 1.1, W, mw + 2.2, Self.casing) }
        // Where a minor street joins a major road, clear the casing across its mouth.
        for i in world.majorColumns.sorted() {
            for j in 0..<ny where !world.majorRows.contains(j) && j != world.highwayRow {
                let p = SIMD2(world.xs[i], world.ys[j])
                if inRiver(p, margin: 12) { continue }
                c.rect(p.x - mw / 2 - 2, p.y - MapWorld.minorWidth / 2, mw + 4, MapWorld.minorWidth, Self.road)
            }
        }
        for j in world.majorRows.sorted() {
            for i in 0..<nx where !world.majorColumns.contains(i) {
                let p = SIMD2(world.xs[i], world.ys[j])
                if inRiver(p, margin: 12) { continue }
                c.rect(p.x - MapWorld.minorWidth / 2, p.y - mw / 2 - 2, MapWorld.minorWidth, mw + 4, Self.road)
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
                    c.rect(p.x - sw / 2, p.y - reach, sw, 2 * reach, Self.road)
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
                    c.rect(p.x - reach, p.y - sw / 2, 2 * reach, sw, Self.road)
                }
            }
        }
        // Fills.
        for dir in world.diagonals { c.fill(diagonalSegment(dir, width: dw), Self.road) }
        for i in world.majorColumns.sorted() { c.rect(world.xs[i] - mw / 2, 0, mw, H, Self.road) }
        for j in world.majorRows.sorted() { c.rect(0, world.ys[j] - mw / 2, W, mw, Self.road) }
    }

    /// The expressway passes over everything, on a faint shadow.
    private func drawHighway(_ c: inout WrapCanvas) {
        let W = world.width
        let hy = world.ys[world.highwayRow], hw = MapWorld.highwayWidth
        c.rect(0, hy - hw / 2 - 2.5, W, hw + 6, SceneColor.rgb(0, 0, 0, 0.05))
        c.rect(0, hy - hw / 2 - 1.3, W, hw + 2.6, Self.highwayCasing)
        c.rect(0, hy - hw / 2, W, hw, Self.highway)
        c.rect(0, hy - 0.35, W, 0.7, SceneColor.rgb(240, 190, 95))
    }

    private func inPark(_ p: SIMD2<Double>, _ park: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Bool {
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
        c.rect(x0, y0, w, h, radius: 6, Self.park)
        guard w > 40, h > 40 else { return }
        // Meadows: lighter patches.
        c.fill(.ellipse(cx: x0 + w * 0.7, cy: y0 + h * 0.25, rx: w * 0.2, ry: h * 0.14, detail: d), SceneColor.rgb(205, 236, 186))
        c.fill(.ellipse(cx: x0 + w * 0.3, cy: y0 + h * 0.78, rx: w * 0.22, ry: h * 0.12, detail: d), SceneColor.rgb(205, 236, 186))
        // Trees.
        var rng = SceneRandom(seed: 0x7AEE5)
        for _ in 0..<Int(w * h / 420) {
            let tx = rng.range(x0 + 6, x1 - 6), ty = rng.range(y0 + 6, y1 - 6)
            let r = rng.range(2.6, 5.2)
            c.fill(.circle(cx: tx, cy: ty, r: r, detail: d), Self.parkDark)
        }
        // The pond.
        let pond = SIMD2(x0 + w * 0.28, y0 + h * 0.34)
        var pondPts: [SIMD2<Double>] = []
        for k in 0..<72 {
            let a = 2 * Double.pi * Double(k) / 72
            let rr = 1 + 0.12 * sin(3 * a + 0.5) + 0.06 * sin(5 * a)
            pondPts.append(pond + SIMD2(cos(a) * w * 0.17 * rr, sin(a) * h * 0.1 * rr))
        }
        c.fill(Path(pondPts), Self.water)
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
        c.fill(.stroke(loop, width: 2.6, closed: true, detail: d), Self.parkPath)
        let centre = SIMD2(x0 + w / 2, y0 + h / 2)
        for dir in world.diagonals {
            let reach = min(w / 2 / abs(dir.x), h / 2 / abs(dir.y)) - 1
            c.fill(.stroke([centre - dir * reach, centre + dir * reach], width: 2.6, detail: d), Self.parkPath)
        }
        c.fill(.circle(cx: centre.x, cy: centre.y, r: 9, detail: d), Self.parkPath)
        c.fill(.circle(cx: centre.x, cy: centre.y, r: 4.5, detail: d), SceneColor.rgb(168, 212, 236))
    }

    private func drawPlaza(_ c: inout WrapCanvas) {
        let p = world.plaza
        let d = Double(scale)
        c.fill(.circle(cx: p.x, cy: p.y, r: 22.2, detail: d), Self.casing)
        c.fill(.circle(cx: p.x, cy: p.y, r: 21, detail: d), Self.road)
        c.fill(.circle(cx: p.x, cy: p.y, r: 11, detail: d), Self.park)
        c.fill(.circle(cx: p.x, cy: p.y, r: 3.5, detail: d), Self.parkDark)
    }

    private func drawUserLocation(_ c: inout WrapCanvas) {
        let u = world.userLocation
        let d = Double(scale)
        c.fill(.circle(cx: u.x, cy: u.y, r: 30, detail: d), SceneColor.rgb(0, 122, 255, 0.12))
        c.fill(.circle(cx: u.x, cy: u.y + 0.8, r: 10.5, detail: d), SceneColor.rgb(0, 0, 0, 0.12))
        c.fill(.circle(cx: u.x, cy: u.y, r: 10, detail: d), SceneColor.rgb(255, 255, 255))
        c.fill(.circle(cx: u.x, cy: u.y, r: 7, detail: d), SceneColor.rgb(0, 122, 255))
    }

    // MARK: Pins

    /// Draws a pin and its name into a sprite of its own.
    private mutating func makeSprite(_ index: Int, label: AlphaMask, halo: AlphaMask, labelCentre: SIMD2<Double>,
                                     color: PremultipliedRGBA8) {
        let pin = world.pins[index]
        let s = Double(scale)
        let r = MapPinArt.headRadius
        // Bounds in points: the pin with its shadow, and the label with its halo.
        let hx = Double(halo.width) / s / 2, hy = Double(halo.height) / s / 2
        let minX = min(pin.at.x - r - 5, labelCentre.x - hx - 1), maxX = max(pin.at.x + r + 5, labelCentre.x + hx + 1)
        let minY = min(pin.at.y - r * (MapPinArt.headLift + 1) - 5, labelCentre.y - hy - 1)
        let maxY = max(pin.at.y + 4, labelCentre.y + hy + 1)
        let x0 = Int((minX * s).rounded(.down)), y0 = Int((minY * s).rounded(.down))
        let x1 = Int((maxX * s).rounded(.up)), y1 = Int((maxY * s).rounded(.up))
        var image = Pixmap(width: x1 - x0, height: y1 - y0)
        func maskOrigin(_ m: AlphaMask) -> (Int, Int) {
            (Int((labelCentre.x * s - Double(m.width) / 2).rounded()) - x0, Int((labelCentre.y * s - Double(m.height) / 2).rounded()) - y0)
        }
        let ho = maskOrigin(halo), lo = maskOrigin(label)
        image.draw(halo, x: ho.0, y: ho.1, color: SceneColor.rgb(255, 255, 255, 0.92))
        image.draw(label, x: lo.0, y: lo.1, color: color)
        MapPinArt.draw(MapPinArt.layers(pin.kind, size: 1, detail: s), tipX: pin.at.x * s - Double(x0), tipY: pin.at.y * s - Double(y0),
                       scale: s, into: &image)
        sprites.append(PinSprite(pin: index, image: image, x: x0, y: y0))
    }

    // MARK: Labels

    private func conflicts(_ centre: SIMD2<Double>, _ half: SIMD2<Double>, avoidRiver: Bool = true,
                           avoidDiagonals: Bool = true, avoidPark: Bool = true) -> Bool {
        // Keep the first screen's labels whole: not across its left or right edge, nor under the map buttons.
        let x0 = centre.x - half.x, x1 = centre.x + half.x
        for edge in [0, canvasWidth, world.width] where x0 < edge + 2 && x1 > edge - 2 { return true }
        if x1 > canvasWidth - 64 && x0 < canvasWidth && centre.y - half.y < 175 { return true }
        for p in placed {
            let d = world.wrappedDelta(from: centre, to: p.c)
            if abs(d.x) < half.x + p.h.x + 4 && abs(d.y) < half.y + p.h.y + 3 { return true }
        }
        let r = MapPinArt.headRadius
        for pin in world.pins {
            let head = pin.at - SIMD2(0, r * MapPinArt.headLift)
            let d = world.wrappedDelta(from: centre, to: head)
            if abs(d.x) < half.x + r + 4 && abs(d.y) < half.y + r * 1.6 { return true }
        }
        let u = world.wrappedDelta(from: centre, to: world.userLocation)
        if abs(u.x) < half.x + 12 && abs(u.y) < half.y + 12 { return true }
        let pz = world.wrappedDelta(from: centre, to: world.plaza)
        if abs(pz.x) < half.x + 24 && abs(pz.y) < half.y + 24 { return true }
        let corners = [SIMD2(-half.x, -half.y), SIMD2(half.x, -half.y), SIMD2(-half.x, half.y), SIMD2(half.x, half.y), .zero]
        if avoidRiver {
            for k in corners where inRiver(centre + k, margin: 9) { return true }
            // The river might pass between the corners.
            var dy0 = centre.y - world.riverY(centre.x)
            dy0 -= (dy0 / world.height).rounded() * world.height
            if abs(dy0) < half.y + world.riverHalfWidth + 9 { return true }
        }
        if avoidPark {
            let park = world.parkRect
            for k in corners where inPark(centre + k, park) { return true }
        }
        if avoidDiagonals {
            let reach = MapWorld.diagonalWidth / 2 + 3
            for dir in world.diagonals {
                let n = SIMD2(-dir.y, dir.x)
                let spacing = world.width * world.height / (world.width * world.width + world.height * world.height).squareRoot()
                var signs = Set<Bool>()
                for k in corners {
                    let dd = ((centre + k - world.diagonalOrigin) * n).sum()
                    let rr = dd - (dd / spacing).rounded() * spacing
                    if abs(rr) < reach { return true }
                    if abs(rr) < spacing / 4 { signs.insert(rr > 0) }
                }
                if signs.count > 1 { return true }
            }
        }
        return false
    }

    private mutating func place(_ centre: SIMD2<Double>, _ half: SIMD2<Double>) { placed.append((centre, half)) }

    private func halo(for mask: AlphaMask) -> AlphaMask { mask.dilated(by: max(1, Int((1.6 * Double(scale)).rounded()))) }

    private func drawLabel(_ c: inout WrapCanvas, _ mask: AlphaMask, at centre: SIMD2<Double>, color: PremultipliedRGBA8) {
        c.mask(halo(for: mask), centerX: centre.x, centerY: centre.y, SceneColor.rgb(255, 255, 255, 0.92))
        c.mask(mask, centerX: centre.x, centerY: centre.y, color)
    }

    /// A text mask trimmed to its ink vertically around the caps, so that centring it centres the letters.
    private func labelMask(_ s: String, weight: FontWeight, points: Double) -> AlphaMask {
        let ps = TextEngine.pixelSize(points, scale: scale)
        let line = text.line(s, weight: weight, pixelSize: ps)
        let ascent = text.rasterizer.metrics(weight: weight, pixelSize: ps).ascent
        // Keep a band from the cap top to a little below the baseline, symmetric about the caps' centre.
        let capTop = Double(ascent) - 0.727 * Double(ps)
        let centre = capTop + 0.3635 * Double(ps)
        let halfBand = 0.62 * Double(ps)
        let y0 = max(0, Int((centre - halfBand).rounded(.down)))
        let y1 = min(line.height, Int((centre + halfBand).rounded(.up)))
        guard y1 > y0, line.width > 0 else { return line }
        // Centre the band on the caps by padding the shorter side.
        let above = centre - Double(y0), below = Double(y1) - centre
        let padTop = max(0, Int((below - above).rounded())), padBottom = max(0, Int((above - below).rounded()))
        let h = y1 - y0 + padTop + padBottom
        var bytes = [UInt8](repeating: 0, count: line.width * h)
        for y in y0..<y1 {
            for x in 0..<line.width { bytes[(y - y0 + padTop) * line.width + x] = line.bytes[y * line.width + x] }
        }
        return AlphaMask(width: line.width, height: h, bytes: bytes)
    }

    private func spaced(_ s: String) -> String { s.map(String.init).joined(separator: "\u{2009}") }

    private mutating func drawLabels(_ c: inout WrapCanvas) {
        let s = Double(scale)
        let nx = world.columnCount, ny = world.rowCount
        let W = world.width, H = world.height

        // Places first: names beside their pins, in the pin's colour, drawn with their pins as sprites.
        sprites = []
        for (index, pin) in world.pins.enumerated() {
            let col = pin.color
            let ink = SceneColor.rgb(UInt8(Double(col.0) * 0.78), UInt8(Double(col.1) * 0.78), UInt8(Double(col.2) * 0.78))
            let mask = labelMask(pin.name, weight: .semibold, points: 11.5)
            let half = SIMD2(Double(mask.width) / s / 2, Double(mask.height) / s / 2)
            let head = pin.at - SIMD2(0, MapPinArt.headRadius * MapPinArt.headLift)
            let gap = MapPinArt.headRadius + 5
            let right = head + SIMD2(gap + half.x, 0), left = head - SIMD2(gap + half.x, 0)
            // On the first screen, keep the name inside the canvas.
            let preferLeft = head.x < canvasWidth && head.x + gap + 2 * half.x > canvasWidth - 6
            let first = preferLeft ? left : right, second = preferLeft ? right : left
            let centre = !conflicts(first, half, avoidRiver: false, avoidDiagonals: false, avoidPark: false) ? first
                : (!conflicts(second, half, avoidRiver: false, avoidDiagonals: false, avoidPark: false) ? second : first)
            makeSprite(index, label: mask, halo: halo(for: mask), labelCentre: centre, color: ink)
            place(centre, half)
        }
        sprites.sort { world.pins[$0.pin].at.y < world.pins[$1.pin].at.y }

        // The park, the square, the campus and the river.
        let park = world.parkRect
        let parkLabel = SIMD2((park.x0 + park.x1) / 2, park.y0 + (park.y1 - park.y0) * 0.62)
        let pm = labelMask("Union Park", weight: .semibold, points: 12.5)
        drawLabel(&c, pm, at: parkLabel, color: SceneColor.rgb(48, 122, 60))
        place(parkLabel, SIMD2(Double(pm.width), Double(pm.height)) / (2 * s))
        let cc = cellCentre(world.campusCell)
        let cm = labelMask("City College", weight: .semibold, points: 10.5)
        drawLabel(&c, cm, at: cc, color: SceneColor.rgb(140, 108, 62))
        place(cc, SIMD2(Double(cm.width), Double(cm.height)) / (2 * s))

        var riverLabels = 0
        for fx in stride(from: 0.05, to: 1.0, by: 0.1) where riverLabels < 2 {
            let x = W * fx
            let angle = atan(world.riverSlope(x))
            let m = labelMask("Alder River", weight: .semibold, points: 11.5).rotated(by: angle)
            let centre = SIMD2(x, world.riverY(x))
            let half = SIMD2(Double(m.width), Double(m.height)) / (2 * s)
            if conflicts(centre, half * 0.8, avoidRiver: false, avoidDiagonals: true, avoidPark: false) { continue }
            let bridged = world.majorColumns.contains { i in
                var dx = world.xs[i] - x
                dx -= (dx / W).rounded() * W
                return abs(dx) < half.x + MapWorld.majorWidth / 2 + 4
            }
            if bridged { continue }
            drawLabel(&c, m, at: centre, color: SceneColor.rgb(46, 112, 186))
            place(centre, half * 0.8)
            place(centre, SIMD2(W * 0.2, 10))
            riverLabels += 1
        }

        // The expressway's name, on the road itself.
        let hy = world.ys[world.highwayRow]
        let hm = labelMask("Bayshore Fwy", weight: .semibold, points: 10.5)
        var hwyCount = 0
        for k in 0..<nx where hwyCount < 2 {
            let i = (k * 3 + 1) % nx
            let centre = SIMD2((world.streetX(i) + world.streetX(i + 1)) / 2, hy)
            let half = SIMD2(Double(hm.width), Double(hm.height)) / (2 * s)
            if conflicts(centre, half) { continue }
            c.mask(hm, centerX: centre.x, centerY: centre.y, SceneColor.rgb(128, 86, 18))
            place(centre, half)
            hwyCount += 1
        }

        // Diagonal avenues, along their length.
        let names = ["Market St", "Columbus Ave"]
        let length = (W * W + H * H).squareRoot()
        for (n, dir) in world.diagonals.enumerated() {
            let readable = dir.x >= 0 ? dir : -dir
            let angle = atan2(readable.y, readable.x)
            let m = labelMask(names[n], weight: .semibold, points: 11).rotated(by: angle)
            let half = SIMD2(Double(m.width), Double(m.height)) / (2 * s)
            var count = 0
            for t in stride(from: 0.12, to: 0.95, by: 0.07) where count < 2 {
                let centre = world.diagonalOrigin + dir * (t * length)
                // The label runs along the road: test a narrow box along it rather than its bounding box.
                if conflicts(centre, SIMD2(14, 14), avoidRiver: true, avoidDiagonals: false, avoidPark: true) { continue }
                if conflicts(centre + readable * (half.x * 0.7), SIMD2(8, 8), avoidDiagonals: false)
                    || conflicts(centre - readable * (half.x * 0.7), SIMD2(8, 8), avoidDiagonals: false) { continue }
                if abs(world.wrappedDelta(from: centre, to: world.plaza).x) < 50,
                   abs(world.wrappedDelta(from: centre, to: world.plaza).y) < 60 { continue }
                drawLabel(&c, m, at: centre, color: SceneColor.rgb(88, 88, 92))
                place(centre, SIMD2(12, 12))
                place(centre + readable * (half.x * 0.6), SIMD2(10, 10))
                place(centre - readable * (half.x * 0.6), SIMD2(10, 10))
                count += 1
            }
        }

        // Horizontal streets: one name per street per tile, in a block span that is free.
        for j in 0..<ny where j != world.highwayRow {
            let major = world.majorRows.contains(j)
            let name = MapWorld.horizontalNames[j % MapWorld.horizontalNames.count]
            let m = labelMask(name, weight: major ? .semibold : .medium, points: major ? 11 : 10.5)
            let half = SIMD2(Double(m.width), Double(m.height)) / (2 * s)
            for k in 0..<nx {
                let i = (k * 2 + j * 3) % nx
                let span = world.streetX(i + 1) - world.streetX(i)
                if half.x * 2 > span - world.columnWidth(i) / 2 - world.columnWidth(i + 1) / 2 - 4 { continue }
                let centre = SIMD2((world.streetX(i) + world.streetX(i + 1)) / 2, world.ys[j])
                if conflicts(centre, half) { continue }
                drawLabel(&c, m, at: centre, color: major ? SceneColor.rgb(84, 84, 88) : SceneColor.rgb(112, 112, 117))
                place(centre, half)
                break
            }
        }

        // Vertical streets: names read upward, twice per tile where there is room.
        for i in 0..<nx {
            let major = world.majorColumns.contains(i)
            let name = MapWorld.verticalNames[i % MapWorld.verticalNames.count]
            let m = labelMask(name, weight: major ? .semibold : .medium, points: major ? 11 : 10.5).rotatedQuarterAnticlockwise()
            let half = SIMD2(Double(m.width), Double(m.height)) / (2 * s)
            var count = 0
            for k in 0..<ny where count < 2 {
                let j = (k * 5 + i * 2 + 1) % ny
                let centre = SIMD2(world.xs[i], (world.streetY(j) + world.streetY(j + 1)) / 2)
                if conflicts(centre, half) { continue }
                drawLabel(&c, m, at: centre, color: major ? SceneColor.rgb(84, 84, 88) : SceneColor.rgb(112, 112, 117))
                place(centre, half)
                count += 1
            }
        }

        // Neighbourhoods: spaced capitals over the blocks.
        let hoods = ["HAYES VALLEY", "MISSION BAY", "NORTH BEACH", "OLD TOWN"]
        var h = 0
        for k in 0..<(nx * ny) where h < hoods.count {
            let i = (k * 5 + 2) % nx, j = (k * 7 + 3) % ny
            let m = labelMask(spaced(hoods[h]), weight: .semibold, points: 11)
            let centre = cellCentre((i, j))
            let half = SIMD2(Double(m.width), Double(m.height)) / (2 * s)
            if conflicts(centre, half + SIMD2(6, 6)) { continue }
            // Keep neighbourhoods apart from each other.
            drawLabel(&c, m, at: centre, color: SceneColor.rgb(138, 136, 132))
            place(centre, half + SIMD2(60, 60))
            h += 1
        }
    }

    private func cellCentre(_ cell: (Int, Int)) -> SIMD2<Double> {
        SIMD2((world.streetX(cell.0) + world.streetX(cell.0 + 1)) / 2, (world.streetY(cell.1) + world.streetY(cell.1 + 1)) / 2)
    }
}
