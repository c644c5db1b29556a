import Raster
import Scenes
import SheetKit

/// Draws a stack: the first sheet over the scene, and each sheet presented over it (`SheetEngine.stack`) over a picture
/// of everything below, as iOS, gorhom and vaul draw a sheet over a sheet (docs/stacks.md).
///
/// Each level has a `FrameRenderer` of its own, with all its stages and caches. Level 0 is the first sheet over the
/// scene; level n ≥ 1 draws its sheet over a `PictureScene` holding level n − 1's frame, so that its dimming darkens
/// the sheets below and its material blurs them. Where the rule of the sheet above poses the one below (`SheetPose`:
/// vaul's nested scale and lift, the classic card, the glass sheet sliding down), the lower sheet is lifted off its
/// own backdrop, with its shadow, through its outline's coverage (`LayerLift`), moved, and laid back over that backdrop.
///
/// A picture is made again only when what it shows changed: the visuals and poses of the levels below. While the top
/// sheet is dragged over a still stack, only the top level draws. With no sheet up over the first one, the frame is the
/// first renderer's own, bit for bit.
public final class StackRenderer {
    /// The first sheet over the scene.
    public let first: FrameRenderer
    public var scale: Int { first.scale }
    /// The first sheet's setup: the config in force.
    public var setup: SheetSetup { first.setup }
    public var widthPixels: Int { first.widthPixels }
    public var heightPixels: Int { first.heightPixels }
    let text: TextEngine
    let images: [String: Pixmap]
    /// Whether the stack puts the display's corners on its own frame (a config with `sheets`); else the first
    /// renderer does, as for a single sheet.
    let ownsCorners: Bool
    var corners: DisplayCornerMask?

    /// A sheet of the stack above the first: its renderer over its picture.
    final class Level {
        let id: String
        let setup: SheetSetup
        let picture: PictureScene
        let renderer: FrameRenderer
        /// What its picture shows.
        var key: PictureKey?
        init(id: String, setup: SheetSetup, picture: PictureScene, renderer: FrameRenderer) {
            self.id = id; self.setup = setup; self.picture = picture; self.renderer = renderer
        }
    }

    /// What a picture of the levels below shows: their visuals and poses, and what they are.
    struct PictureKey: Equatable {
        var ids: [String]
        var visuals: [SheetVisual]
        var poses: [SheetPose]
    }

    /// The stacked levels now drawn, bottom up (level n is `levels[n − 1]`).
    var levels: [Level] = []
    /// Per level (0: the first sheet), the renderer of its backdrop alone, made when the level is first moved.
    var backdrops: [Int: FrameRenderer] = [:]
    let lift = LayerLift()
    /// The frame a stacked frame ends in (with the display's corners, when the stack owns them).
    var stacked = Pixmap(width: 0, height: 0)
    /// Which frame the last render ended in.
    var showsStacked = false
    /// How many levels were drawn on the last frame, for tests and the bench.
    public private(set) var levelsDrawn = 0

    /// A stack over `first`; the sheets above it are drawn with `text` and `images` (content images by config path).
    public init(first: FrameRenderer, text: TextEngine, images: [String: Pixmap] = [:]) {
        self.first = first
        self.text = text
        self.images = images
        ownsCorners = !first.setup.stackSetups.isEmpty
        if ownsCorners { first.appliesDisplayCorners = false }
    }

    /// The frame last drawn.
    public var frame: Pixmap { showsStacked || ownsCorners ? stacked : first.frame }

    /// Draws a single sheet's `visual` (no stack).
    public func render(_ visual: SheetVisual) {
        first.render(visual)
        levelsDrawn = 1
        showsStacked = false
        if ownsCorners { finish(first.frame) }
    }

    /// Draws `engine` and every sheet stacked over it.
    public func render(_ engine: SheetEngine) {
        guard !engine.stack.isEmpty else {
            levels.removeAll()
            render(SheetVisual(engine: engine))
            return
        }
        syncLevels(engine)
        let poses = StackLayout.poses(engine)
        let visuals = (0..<engine.depth).map { SheetVisual(engine: engine.engine(atLevel: $0 == 0 ? nil : $0 - 1)) }
        let ids = [""] + engine.stack.map(\.id)
        levelsDrawn = 0
        for n in 1..<engine.depth {
            let level = levels[n - 1]
            let key = PictureKey(ids: Array(ids[0..<n]), visuals: Array(visuals[0..<n]), poses: Array(poses[0..<n]))
            guard level.key != key else { continue }
            // The level below, drawn over its own picture (already brought up to date: pictures are made bottom up).
            let below = renderer(ofLevel: n - 1)
            let pose = poses[n - 1]
            if pose.hidden {
                level.picture.show(backdrop(ofLevel: n - 1, visual: visuals[n - 1]))
            } else {
                below.render(visuals[n - 1])
                levelsDrawn += 1
                if pose.isIdentity {
                    level.picture.show(below.frame)
                } else {
                    let backdrop = backdrop(ofLevel: n - 1, visual: visuals[n - 1])
                    level.picture.show(lift.posed(below, visual: visuals[n - 1], over: backdrop, pose: pose))
                }
            }
            level.key = key
        }
        let top = levels[engine.depth - 2].renderer
        top.render(visuals[engine.depth - 1])
        levelsDrawn += 1
        showsStacked = true
        finish(top.frame)
    }

    /// The renderer drawing level n (0: the first sheet).
    func renderer(ofLevel n: Int) -> FrameRenderer { n == 0 ? first : levels[n - 1].renderer }

    /// Level n's backdrop alone: what its renderer draws behind the sheet (the view, receded and dimmed).
    func backdrop(ofLevel n: Int, visual: SheetVisual) -> Pixmap {
        let r: FrameRenderer
        if let kept = backdrops[n] { r = kept } else {
            let owner = renderer(ofLevel: n)
            r = FrameRenderer(setup: owner.setup, scale: scale, text: text, scene: owner.scene, images: images)
            r.drawsSheet = false
            r.recedesBackdrop = owner.recedesBackdrop
            r.appliesDisplayCorners = false
            backdrops[n] = r
        }
        r.render(visual)
        return r.frame
    }

    /// Keeps one level per stacked sheet, bottom up, each for the sheet and the setup it now has; a level whose sheet
    /// or setup changed (a reload) is made anew, with every level above it.
    func syncLevels(_ engine: SheetEngine) {
        var keep = 0
        while keep < levels.count, keep < engine.stack.count,
              levels[keep].id == engine.stack[keep].id, levels[keep].setup == engine.stack[keep].engine.setup {
            keep += 1
        }
        if keep < levels.count {
            levels.removeLast(levels.count - keep)
            for n in Array(backdrops.keys) where n > keep { backdrops[n] = nil }
        }
        for i in levels.count..<engine.stack.count {
            let setup = engine.stack[i].engine.setup
            let picture = PictureScene(width: widthPixels, height: heightPixels)
            let r = FrameRenderer(setup: setup, scale: scale, text: text, scene: picture, images: images)
            r.recedesBackdrop = false
            r.appliesDisplayCorners = false
            levels.append(Level(id: engine.stack[i].id, setup: setup, picture: picture, renderer: r))
        }
    }

    /// Ends a frame: `frame`, with the display's corners when the stack owns them.
    func finish(_ frame: Pixmap) {
        if stacked.width != frame.width || stacked.height != frame.height { stacked = Pixmap(width: frame.width, height: frame.height) }
        stacked.pixels.withUnsafeMutableBufferPointer { dst in
            frame.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: src.count) }
        }
        let canvas = first.setup.canvas
        guard canvas.displayCorners, canvas.displayCornerRadius > 0 else { return }
        if corners == nil {
            corners = DisplayCornerMask(radius: canvas.displayCornerRadius * Double(scale), width: widthPixels, height: heightPixels)
        }
        corners!.apply(to: &stacked)
    }
}

/// A scene that is a picture: the frame of the sheets below a stacked sheet. Its status bar is in the picture.
public final class PictureScene: BackgroundScene {
    var picture: Pixmap
    public private(set) var drawingGeneration = 0

    init(width: Int, height: Int) { picture = Pixmap(width: width, height: height) }

    /// Shows `pixmap` (the same size) from now on.
    func show(_ pixmap: Pixmap) {
        picture.pixels.withUnsafeMutableBufferPointer { dst in
            pixmap.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: min(src.count, dst.count)) }
        }
        drawingGeneration += 1
    }

    public func render(_ context: SceneContext, into pixmap: inout Pixmap) {
        let n = min(pixmap.pixels.count, picture.pixels.count)
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            picture.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: n) }
        }
    }

    public func isAnimating(_ context: SceneContext) -> Bool { false }

    /// The picture holds the status bar the first sheet's scene drew: nothing to add.
    public func drawStatusBar(_ context: SceneContext, over top: inout Pixmap) {}
}

/// Lifts a sheet off the backdrop it was drawn over and lays it back, posed: the sheet's layer (its body, content,
/// grabber and shadow) is the frame less the backdrop it let through, `L = P − (1 − α)·B`, with α from its outline's
/// coverage c and shadow a (`α = 1 − (1 − c)(1 − a)`, as the body pass composes them); the posed frame is `B` with the
/// layer, resampled through the pose (bilinear), over it.
final class LayerLift {
    var layer: [UInt32] = []
    var out = Pixmap(width: 0, height: 0)
    var cache = OutlineCache()
    var row: [UInt32] = []
    var x0: [Int32] = [], fx: [UInt32] = []

    func posed(_ r: FrameRenderer, visual: SheetVisual, over backdrop: Pixmap, pose: SheetPose) -> Pixmap {
        let w = r.widthPixels, h = r.heightPixels
        if out.width != w || out.height != h { out = Pixmap(width: w, height: h) }
        if layer.count != w * h { layer = [UInt32](repeating: 0, count: w * h) }
        if row.count != w { row = [UInt32](repeating: 0, count: w) }
        out.pixels.withUnsafeMutableBufferPointer { dst in
            backdrop.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: w * h) }
        }
        guard visual.height > 0 else { return out }
        let shape = SheetOutline.pixelAligned(r.setup.shape(atHeight: visual.height), scale: r.scale)
        let outline = SheetOutline(shape: shape, setup: r.setup, scale: r.scale, widthPixels: w, heightPixels: h,
                                   optics: r.optics(for: shape), cache: &cache)
        let alpha = Pixel.factor(visual.alpha)
        let rows = max(0, outline.firstRow)..<h
        // 1. The layer: per pixel of the outline's rows, P − (1 − α)·B, premultiplied, with α as its alpha.
        r.frame.pixels.withUnsafeBufferPointer { p in
            backdrop.pixels.withUnsafeBufferPointer { b in
                layer.withUnsafeMutableBufferPointer { l in
                    for y in rows {
                        let base = y * w
                        guard let (band, bandRow) = outline.band(at: y) else {
                            for x in 0..<w { l[base + x] = 0 }
                            continue
                        }
                        for x in 0..<w {
                            let c = (UInt32(band.coverage(x: x, row: bandRow)) * alpha + 127) / 255
                            let a = (UInt32(band.shadow(x: x, row: bandRow)) * alpha + 127) / 255
                            let k = 255 - ((255 - c) * (255 - a) + 127) / 255
                            if k == 0 { l[base + x] = 0; continue }
                            if k == 255 { l[base + x] = p[base + x] | 0xFF00_0000; continue }
                            l[base + x] = Self.lift(p[base + x], b[base + x], k)
                        }
                    }
                }
            }
        }
        // 2. The layer posed over the backdrop: output pixel (x, y) samples the layer at the pose's inverse.
        let s = Double(r.scale)
        let scale = max(pose.scale, 1e-6)
        let ox = pose.originX * s, oy = pose.originY * s, dy = pose.dy * s
        if x0.count != w { x0 = [Int32](repeating: 0, count: w); fx = [UInt32](repeating: 0, count: w) }
        for x in 0..<w {
            let sx = ox + (Double(x) + 0.5 - ox) / scale - 0.5
            let f = sx.rounded(.down)
            x0[x] = Int32(max(-2, min(Double(w + 1), f)))
            fx[x] = UInt32(((sx - f) * 256).rounded())
        }
        // The output rows the posed layer reaches.
        let top = oy + (Double(rows.lowerBound) - oy) * scale + dy, bottom = oy + (Double(h) - oy) * scale + dy
        let outRows = max(0, Int(top.rounded(.down)) - 1)..<min(h, Int(bottom.rounded(.up)) + 1)
        guard !outRows.isEmpty else { return out }
        layer.withUnsafeBufferPointer { l in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                row.withUnsafeMutableBufferPointer { tmp in
                    x0.withUnsafeBufferPointer { x0 in
                        fx.withUnsafeBufferPointer { fx in
                            for y in outRows {
                                let sy = oy + (Double(y) + 0.5 - dy - oy) / scale - 0.5
                                let fy0 = sy.rounded(.down)
                                let y0 = Int(fy0), wy = UInt32(((sy - fy0) * 256).rounded())
                                func at(_ yy: Int, _ xx: Int) -> UInt32 {
                                    yy < rows.lowerBound || yy >= h || xx < 0 || xx >= w ? 0 : l[yy * w + xx]
                                }
                                for x in 0..<w {
                                    let xx = Int(x0[x]), wx = fx[x]
                                    let top = Self.lerp(at(y0, xx), at(y0, xx + 1), wx)
                                    let bot = Self.lerp(at(y0 + 1, xx), at(y0 + 1, xx + 1), wx)
                                    tmp[x] = Self.lerp(top, bot, wy)
                                }
                                PixelRow.over(UnsafePointer(tmp.baseAddress!), onto: dst.baseAddress! + y * w, count: w)
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// `p − (1 − k)·b` per colour channel (clamped to 0…k), alpha k: the premultiplied layer that composed over `b`
    /// at opacity k gave `p`.
    @inline(__always) static func lift(_ p: UInt32, _ b: UInt32, _ k: UInt32) -> UInt32 {
        let under = Pixel.scale(b, 255 - k)
        var v: UInt32 = k << 24
        for shift in [0, 8, 16] as [UInt32] {
            let pc = Int((p >> shift) & 0xFF), bc = Int((under >> shift) & 0xFF)
            v |= UInt32(min(Int(k), max(0, pc - bc))) << shift
        }
        return v
    }

    /// Per channel `a + (b − a)·t/256`, t in 0…256.
    @inline(__always) static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        if t == 0 || a == b { return a }
        if t >= 256 { return b }
        let rbA = a & 0x00FF_00FF, gaA = (a >> 8) & 0x00FF_00FF
        let rbB = b & 0x00FF_00FF, gaB = (b >> 8) & 0x00FF_00FF
        let rb = ((rbA &* (256 - t) &+ rbB &* t &+ 0x0080_0080) >> 8) & 0x00FF_00FF
        let ga = ((gaA &* (256 - t) &+ gaB &* t &+ 0x0080_0080) >> 8) & 0x00FF_00FF
        return rb | (ga << 8)
    }
}
