import Foundation
import Raster

/// An Apple-Maps-like city, light or dark (`MapPalette`), that pans with the user's drag: blocks, avenues, a park, a river,
/// labelled streets and places, and pins. A tap selects the nearest pin or drops a new one.
public final class MapScene: BackgroundScene {
    private let text: TextEngine
    private(set) var tile: MapTileImage?
    private var sprites: [MapTileRenderer.PinSprite] = []
    private var world: MapWorld?
    private var tileKey: [Int] = []
    /// The chrome without and with the status bar, and what they were made for.
    private var chromes: [Pixmap?] = [nil, nil]
    private var chromeKeys: [[Double]] = [[], []]
    /// The rows where the chrome with the status bar differs from the chrome without it.
    private var statusBarInk: (key: [Double], rows: Range<Int>)?
    /// Scratch for the rows the status bar's ink covers, when more rows are asked for than those.
    private var statusBarRows = Pixmap(width: 0, height: 0)
    private var selectionSprite: (key: String, image: Pixmap, dx: Int, dy: Int)?
    /// The colours of the appearance last drawn.
    private var palette = MapPalette.light

    /// How long a selected pin takes to grow, or a dropped pin to land, in milliseconds.
    static let settleMS = 320.0
    /// A tap selects a pin whose head is within this many points.
    static let selectRadius = 44.0

    /// A map scene whose labels are set with `text`.
    public init(text: TextEngine) { self.text = text }

    public func render(_ context: SceneContext, into pixmap: inout Pixmap) {
        draw(context, canvasHeight: pixmap.height, into: &pixmap)
    }

    /// The map's first rows again, under the chrome with the status bar: the chrome is composited over the map, so
    /// the rows where the status bar's ink lies are drawn anew, the rows below it are kept.
    public func drawStatusBar(_ context: SceneContext, over top: inout Pixmap) {
        var withBar = context
        withBar.showsStatusBar = true
        let height = max(top.height, withBar.pixelHeight)
        prepare(withBar, pixelWidth: top.width, pixelHeight: height)
        let rows = min(top.height, statusBarInk?.rows.upperBound ?? 0)
        guard rows > 0 else { return }
        if rows == top.height {
            drawPrepared(withBar, into: &top)
            return
        }
        if statusBarRows.width != top.width || statusBarRows.height != rows { statusBarRows = Pixmap(width: top.width, height: rows) }
        drawPrepared(withBar, into: &statusBarRows)
        let count = statusBarRows.pixels.count
        top.pixels.withUnsafeMutableBufferPointer { dst in
            statusBarRows.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: count) }
        }
    }

    /// Draws the first `pixmap.height` rows of the canvas, `canvasHeight` pixels tall.
    private func draw(_ context: SceneContext, canvasHeight: Int, into pixmap: inout Pixmap) {
        prepare(context, pixelWidth: pixmap.width, pixelHeight: canvasHeight)
        drawPrepared(context, into: &pixmap)
    }

    /// `draw`, once `prepare` has made the tile and the chrome for `context`.
    private func drawPrepared(_ context: SceneContext, into pixmap: inout Pixmap) {
        let scale = max(1, context.scale)
        let s = Double(scale)
        guard let tile = tile, let world = world else { return }
        // The map repeats every tile, so a pan beyond any Int (or not finite) is taken modulo the tile.
        func shift(_ pan: Double, _ period: Int) -> Int { Int(pan.isFinite ? (abs(pan * s) < 1e9 ? pan * s : (pan * s).truncatingRemainder(dividingBy: Double(period))).rounded() : 0) }
        let dx = shift(context.panX, tile.width), dy = shift(context.panY, tile.height)
        tile.copy(into: &pixmap, dx: dx, dy: dy)
        let mark = tapTarget(context, world: world)
        // Pins, except one that is selected: it is drawn larger, with its callout, below.
        for sprite in sprites where !(mark?.selected == true && mark?.pinIndex == sprite.pin) {
            for (x, y) in placements(x: sprite.x + dx, y: sprite.y + dy, width: sprite.image.width, height: sprite.image.height,
                                     tileWidth: tile.width, tileHeight: tile.height, canvas: pixmap) {
                pixmap.draw(sprite.image, x: x, y: y)
            }
        }
        if let mark = mark {
            // World points to canvas pixels, with the same whole-pixel pan as the tile.
            let tipX = mark.at.x * s + Double(dx), tipY = mark.at.y * s + Double(dy)
            drawSelection(mark, tipX: tipX, tipY: tipY, scale: s, into: &pixmap)
        }
        if let chrome = chromes[context.showsStatusBar ? 1 : 0] { pixmap.draw(chrome, x: 0, y: 0) }
    }

    /// Where copies of a box at (x, y) in the repeating tile land on the canvas.
    private func placements(x: Int, y: Int, width: Int, height: Int, tileWidth: Int, tileHeight: Int, canvas: Pixmap) -> [(Int, Int)] {
        func starts(_ v: Int, _ size: Int, _ period: Int, _ limit: Int) -> [Int] {
            // The first copy that ends right of 0, then every period until the canvas ends.
            var v0 = v % period
            if v0 < 0 { v0 += period }
            while v0 + size > 0 { v0 -= period }
            v0 += period
            return Array(stride(from: v0, to: limit, by: period))
        }
        var out: [(Int, Int)] = []
        for cx in starts(x, width, tileWidth, canvas.width) {
            for cy in starts(y, height, tileHeight, canvas.height) { out.append((cx, cy)) }
        }
        return out
    }

    /// Draws the rest of the tile, so that the first pan does not stop to.
    public func prepareForMotion() { tile?.drawAll() }

    public func isAnimating(_ context: SceneContext) -> Bool {
        guard let t = context.tap else { return false }
        return t.ageMS >= 0 && t.ageMS < Self.settleMS
    }

    // MARK: Caches

    private func prepare(_ context: SceneContext, pixelWidth: Int, pixelHeight: Int) {
        let scale = max(1, context.scale)
        let key = [pixelWidth, pixelHeight, scale, context.isDark ? 1 : 0]
        palette = MapPalette.of(context.appearance)
        if key != tileKey || tile == nil {
            let made = MapTileStore.shared.tile(key: key, text: text) {
                // The tile repeats: twice the canvas across and one and a half times down.
                let tw = max(2, 2 * pixelWidth), th = max(2, Int((1.5 * Double(pixelHeight)).rounded()))
                let w = MapWorld(width: Double(tw) / Double(scale), height: Double(th) / Double(scale),
                                 canvasWidth: Double(pixelWidth) / Double(scale), canvasHeight: Double(pixelHeight) / Double(scale))
                var renderer = MapTileRenderer(world: w, scale: scale, text: text, canvasWidth: Double(pixelWidth) / Double(scale),
                                               palette: palette)
                let drawing = renderer.render(pixelWidth: tw, pixelHeight: th)
                return MapTileStore.Tile(image: MapTileImage(drawing), sprites: renderer.sprites, world: w)
            }
            tile = made.image
            sprites = made.sprites
            world = made.world
            tileKey = key
        }
        let ck = [Double(pixelWidth), Double(pixelHeight), Double(scale), context.safeTop, context.isDark ? 1 : 0, context.showsStatusBar ? 1 : 0]
        let slot = context.showsStatusBar ? 1 : 0
        if ck != chromeKeys[slot] || chromes[slot] == nil {
            chromes[slot] = makeChrome(context, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
            chromeKeys[slot] = ck
        }
        if context.showsStatusBar, statusBarInk?.key != ck, let with = chromes[1] {
            var without = context
            without.showsStatusBar = false
            // The chrome without the status bar, as drawn already for a frame without it when there was one.
            var plainKey = ck
            plainKey[plainKey.count - 1] = 0
            let plain = chromeKeys[0] == plainKey ? chromes[0] ?? makeChrome(without, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
                : makeChrome(without, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
            let w = with.width
            let changed = (0..<min(with.height, plain.height)).filter { y in
                (0..<w).contains { with.pixels[y * w + $0] != plain.pixels[y * w + $0] }
            }
            statusBarInk = (ck, (changed.first ?? 0)..<((changed.last ?? -1) + 1))
        }
    }

    /// The parts that stay put while the map pans: a soft fade under the status bar (white, or near black in dark), the status bar,
    /// and the floating map buttons.
    private func makeChrome(_ context: SceneContext, pixelWidth: Int, pixelHeight: Int) -> Pixmap {
        let scale = max(1, context.scale)
        let s = Double(scale)
        let top = context.safeTop
        let fadeHeight = top > 0 ? top + 14 : 0
        let h = min(pixelHeight, Int(((max(fadeHeight, top + 110)) * s).rounded(.up)))
        var p = Pixmap(width: pixelWidth, height: h)
        if fadeHeight > 0 {
            let rows = min(h, Int((fadeHeight * s).rounded()))
            for y in 0..<rows {
                let t = Double(y) / Double(max(1, rows))
                let a = 0.86 * (1 - t * t * (3 - 2 * t))
                let f = palette.statusFade
                p.fill(PixelRect(x: 0, y: y, width: pixelWidth, height: 1), with: SceneColor.rgb(f.0, f.1, f.2, a * f.3 / 0.86))
            }
        }
        let width = Double(pixelWidth) / s
        if context.showsStatusBar { StatusBar.draw(width: width, safeTop: top, scale: scale, dark: palette.darkStatusInk, text: text, into: &p) }
        // Map controls: a two-button capsule at the top right.
        let bw = 44.0, bx = width - bw - 10, by = top + 10
        guard by + 2 * bw <= Double(h) / s + 0.5, width > 120 else { return p }
        for (grow, alpha) in [(3.0, 0.04), (1.5, 0.06), (0.6, 0.08)] {
            p.fill(.roundedRect(x: (bx - grow) * s, y: (by - grow + 1) * s, w: (bw + 2 * grow) * s, h: (2 * bw + 2 * grow) * s,
                                    r: (10 + grow) * s, detail: 1), SceneColor.rgb(0, 0, 0, alpha))
        }
        p.fill(.roundedRect(x: bx * s, y: by * s, w: bw * s, h: 2 * bw * s, r: 10 * s, detail: 1), palette.buttonFill)
        p.fill(PixelRect(x: Int(((bx + 8) * s).rounded()), y: Int(((by + bw) * s).rounded()),
                         width: Int(((bw - 16) * s).rounded()), height: max(1, scale / 2)), with: palette.buttonSeparator)
        let blue = palette.tint
        // A folded map.
        let mx = bx + bw / 2, my = by + bw / 2
        var fold = Path()
        let panels: [[SIMD2<Double>]] = [
            [SIMD2(-9, -6), SIMD2(-3, -8), SIMD2(-3, 7), SIMD2(-9, 9)],
            [SIMD2(-2, -8), SIMD2(3, -6), SIMD2(3, 9), SIMD2(-2, 7)],
            [SIMD2(4, -6), SIMD2(9, -8), SIMD2(9, 7), SIMD2(4, 9)],
        ]
        for panel in panels { fold.add(panel.map { SIMD2((mx + $0.x) * s, (my + $0.y) * s) }) }
        p.fill(fold, palette.darkStatusInk ? SceneColor.rgb(0, 122, 255, 0.9) : SceneColor.rgb(10, 132, 255, 0.9))
        // The location arrow.
        let ax = bx + bw / 2, ay = by + 1.5 * bw
        let arrow: [SIMD2<Double>] = [SIMD2(8, -8), SIMD2(1.2, 9), SIMD2(-0.3, 0.3), SIMD2(-9, -1.3)]
        p.fill(Path(arrow.map { SIMD2((ax + $0.x) * s, (ay + $0.y) * s) }), blue)
        return p
    }

    // MARK: Taps

    private struct TapTarget {
        var pin: MapPin
        var pinIndex: Int
        var selected: Bool
        var at: SIMD2<Double>
        var ageMS: Double
    }

    /// What the current tap marks: the nearest pin within reach, or a dropped pin where the tap landed,
    /// in world points (un-wrapped, so it sits on the copy of the map the user tapped).
    private func tapTarget(_ context: SceneContext, world: MapWorld) -> TapTarget? {
        guard let tap = context.tap else { return nil }
        let s = Double(max(1, context.scale))
        // The pan that was in force when the tap happened, as the tile was placed: whole pixels.
        let px = (tap.panX * s).rounded() / s, py = (tap.panY * s).rounded() / s
        let tapWorld = SIMD2(tap.x - px, tap.y - py)
        var best: (pin: MapPin, index: Int, d: Double, at: SIMD2<Double>)?
        for (index, pin) in world.pins.enumerated() {
            let head = pin.at - SIMD2(0, MapPinArt.headRadius * MapPinArt.headLift)
            let delta = world.wrappedDelta(from: tapWorld, to: head)
            let d = (delta * delta).sum().squareRoot()
            if d <= Self.selectRadius, d < (best?.d ?? .infinity) {
                best = (pin, index, d, tapWorld + delta + SIMD2(0, MapPinArt.headRadius * MapPinArt.headLift))
            }
        }
        if let b = best { return TapTarget(pin: b.pin, pinIndex: b.index, selected: true, at: b.at, ageMS: tap.ageMS) }
        let lat = 37.7793 - tapWorld.y * 0.000_012, lon = -122.4192 + tapWorld.x * 0.000_015
        let coords = String(format: "%.4f° N, %.4f° W", lat, abs(lon))
        return TapTarget(pin: MapPin(name: "Dropped Pin", category: coords, kind: .dropped, at: tapWorld), pinIndex: -1,
                         selected: false, at: tapWorld, ageMS: tap.ageMS)
    }

    /// Where the parts of a selection go, in canvas pixels.
    private struct SelectionLayout {
        var size: Double
        var lift: Double
        var appear: Double
        var title: String
        var detail: String
        /// The callout bubble, on whole pixels, and where its pointer meets the pin.
        var bubble: PixelRect
        var pointerX: Double
    }

    private func layout(_ mark: TapTarget, tipX: Double, tipY: Double, scale s: Double, canvasWidth: Int) -> SelectionLayout {
        let t = min(1, max(0, mark.ageMS / Self.settleMS))
        var size = 1.25, lift = 0.0
        if mark.selected {
            // Grows with a slight overshoot.
            let k = 1 - t
            size = 1 + 0.45 * (1 - k * k * k) + 0.08 * sin(t * .pi) * k
        } else {
            // Falls in and bounces once.
            let fall = min(1, t / 0.6)
            lift = 36 * (1 - fall * fall)
            if t > 0.6 { lift = max(-3, -6 * sin((t - 0.6) / 0.4 * .pi) * (1 - t) * 2.5) }
        }
        let appear = min(1, max(0, (mark.ageMS - (mark.selected ? 60 : 160)) / 160))
        let titlePS = TextEngine.pixelSize(14, scale: Int(s)), detailPS = TextEngine.pixelSize(11.5, scale: Int(s))
        let title = mark.pin.name, detail = mark.selected ? mark.pin.category + " · " + distance(mark.pin) : mark.pin.category
        let tw = Double(max(text.width(title, weight: .semibold, pixelSize: titlePS), text.width(detail, weight: .regular, pixelSize: detailPS)))
        let bubbleW = tw + 26 * s, bubbleH = 46 * s
        let headTop = tipY - (lift + MapPinArt.headRadius * size * (MapPinArt.headLift + 1) + 2.5 * size) * s
        let canvasW = Double(canvasWidth)
        let bx = min(max(tipX - bubbleW / 2, 8 * s), max(8 * s, canvasW - bubbleW - 8 * s))
        let by = headTop - 10 * s - bubbleH + 6 * s * (1 - appear)
        let bubble = PixelRect(x: Int(bx.rounded()), y: Int(by.rounded()), width: Int(bubbleW.rounded()), height: Int(bubbleH.rounded()))
        let pointerX = min(max(tipX, Double(bubble.x) + 16 * s), Double(bubble.maxX) - 16 * s)
        return SelectionLayout(size: size, lift: lift, appear: appear, title: title, detail: detail, bubble: bubble, pointerX: pointerX)
    }

    /// Draws the selected (or dropped) pin and its callout. Once it has settled, the drawing is kept as a
    /// sprite, so that panning with a selection costs a blit.
    private func drawSelection(_ mark: TapTarget, tipX: Double, tipY: Double, scale s: Double, into pixmap: inout Pixmap) {
        let l = layout(mark, tipX: tipX, tipY: tipY, scale: s, canvasWidth: pixmap.width)
        // The sprite's origin: whole pixels near the tip, so the tip keeps its fraction inside it.
        let ox = Int(tipX.rounded(.down)), oy = Int(tipY.rounded(.down))
        let settled = mark.ageMS >= Self.settleMS
        let key = "\(mark.pin.name)|\(mark.selected)|\(tipX - Double(ox))|\(tipY - Double(oy))|\(l.bubble.x - ox)|\(l.bubble.y - oy)|\(l.pointerX - Double(ox))|\(s)|\(palette.darkStatusInk)"
        if settled, let cached = selectionSprite, cached.key == key {
            pixmap.draw(cached.image, x: ox + cached.dx, y: oy + cached.dy)
            return
        }
        guard settled else {
            drawSelectionParts(mark, l, dx: 0, dy: 0, tipX: tipX, tipY: tipY, scale: s, into: &pixmap)
            return
        }
        // Bounds of everything drawn, relative to the origin.
        let r = MapPinArt.headRadius * l.size
        let x0 = min(l.bubble.x - 8 * Int(s), Int(tipX - (r + 10) * s)) - ox
        let x1 = max(l.bubble.maxX + 8 * Int(s), Int(tipX + (r + 10) * s)) - ox
        let y0 = l.bubble.y - 8 * Int(s) - oy
        let y1 = Int(tipY + 4 * s) + 2 - oy
        var image = Pixmap(width: max(1, x1 - x0), height: max(1, y1 - y0))
        drawSelectionParts(mark, l, dx: -Double(ox + x0), dy: -Double(oy + y0), tipX: tipX, tipY: tipY, scale: s, into: &image)
        selectionSprite = (key, image, x0, y0)
        pixmap.draw(image, x: ox + x0, y: oy + y0)
    }

    private func drawSelectionParts(_ mark: TapTarget, _ l: SelectionLayout, dx: Double, dy: Double, tipX: Double, tipY: Double,
                                    scale s: Double, into pixmap: inout Pixmap) {
        let layers = MapPinArt.layers(mark.pin.kind, size: l.size, selected: mark.selected, detail: s)
        // The shadow stays on the ground while the pin falls.
        for (n, layer) in layers.enumerated() {
            let grounded = n < 2
            pixmap.fill(layer.path.transformed(scale: s, dx: tipX + dx, dy: tipY + dy - (grounded ? 0 : l.lift * s)), layer.color)
        }
        // The callout: a white bubble above the pin with its name and a detail line.
        guard l.appear > 0 else { return }
        let alpha = l.appear
        let b = l.bubble
        let bx = Double(b.x) + dx, by = Double(b.y) + dy, bw = Double(b.width), bh = Double(b.height)
        for (grow, a) in [(4.0, 0.03), (2.5, 0.04), (1.2, 0.06)] {
            pixmap.fillRoundedRect(RectF(x: bx - grow * s, y: by + (2 - grow) * s, width: bw + 2 * grow * s, height: bh + 2 * grow * s),
                           radius: (12 + grow) * s, SceneColor.rgb(0, 0, 0, a * alpha))
        }
        let bc = palette.bubble
        let white = SceneColor.rgb(bc.0, bc.1, bc.2, alpha)
        pixmap.fillRoundedRect(RectF(x: bx, y: by, width: bw, height: bh), radius: 12 * s, white)
        let px = l.pointerX + dx
        pixmap.fill(Path([SIMD2(px - 8 * s, by + bh - 0.5), SIMD2(px + 8 * s, by + bh - 0.5), SIMD2(px, by + bh + 8 * s)]), white)
        let titlePS = TextEngine.pixelSize(14, scale: Int(s)), detailPS = TextEngine.pixelSize(11.5, scale: Int(s))
        let tc = palette.bubbleTitle, dc = palette.bubbleDetail
        let ink = SceneColor.rgb(tc.0, tc.1, tc.2, alpha), grey = SceneColor.rgb(dc.0, dc.1, dc.2, alpha)
        let textX = Int((bx + 13 * s).rounded())
        text.draw(l.title, weight: .semibold, pixelSize: titlePS, color: ink, x: textX,
                  y: text.top(centeringCapsOn: by + 16.5 * s, weight: .semibold, pixelSize: titlePS), into: &pixmap)
        text.draw(l.detail, weight: .regular, pixelSize: detailPS, color: grey, x: textX,
                  y: text.top(centeringCapsOn: by + 33 * s, weight: .regular, pixelSize: detailPS), into: &pixmap)
    }

    /// A made-up but stable walking distance for a place.
    private func distance(_ pin: MapPin) -> String {
        let d = 0.2 + Double(abs(pin.name.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) }) % 14) / 10
        return String(format: "%.1f mi", d)
    }
}

/// The map tiles drawn in this process, shared by every map scene: a tile depends only on its size, scale,
/// appearance and fonts, and `test` or `clip` make a scene per snapshot or run. Holds the last few.
final class MapTileStore: @unchecked Sendable {
    struct Tile {
        /// Drawn as frames show it, shared by every scene that finds it.
        var image: MapTileImage
        var sprites: [MapTileRenderer.PinSprite]
        var world: MapWorld
    }

    static let shared = MapTileStore()
    private let lock = NSLock()
    /// A tile with the text engine that drew its labels, held weakly: an engine gone takes its tiles with it, so a new
    /// engine that happens to live at the old one's address never finds them (issue 34: they were keyed by
    /// `ObjectIdentifier`, which a freed object's successor can share).
    private struct Entry {
        var key: [Int]
        weak var text: TextEngine?
        var tile: Tile
    }
    private var tiles: [Entry] = []
    /// A 3× iPhone tile is about 36 MB when every cell is drawn.
    private let capacity = 3

    func tile(key: [Int], text: TextEngine, make: () -> Tile) -> Tile {
        lock.lock()
        tiles.removeAll { $0.text == nil }
        if let i = tiles.firstIndex(where: { $0.key == key && $0.text === text }) {
            let hit = tiles.remove(at: i)
            tiles.append(hit)
            lock.unlock()
            return hit.tile
        }
        lock.unlock()
        let made = make()
        lock.lock()
        tiles.append(Entry(key: key, text: text, tile: made))
        if tiles.count > capacity { tiles.removeFirst(tiles.count - capacity) }
        lock.unlock()
        return made
    }

    /// How many tiles are kept (for tests).
    var count: Int { lock.lock(); defer { lock.unlock() }; return tiles.count }
}
