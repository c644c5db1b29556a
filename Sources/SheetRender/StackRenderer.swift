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
    /// Whether the stack puts the display's corners on its own frame (a config with `sheets`, on a canvas with display
    /// corners); else the first renderer does, as for a single sheet.
    let ownsCorners: Bool
    /// The renderer whose frame was drawn last.
    var shown: FrameRenderer
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
    /// Per level (0: the first sheet), its sheet lifted off its backdrop, made when the level is first moved.
    var lifts: [Int: LayerLift] = [:]
    /// The frame a stacked frame ends in (with the display's corners, when the stack owns them).
    var stacked = Pixmap(width: 0, height: 0)
    /// How many levels were drawn on the last frame, for tests and the bench.
    public private(set) var levelsDrawn = 0
    /// Times each stage of a frame, of every level's renderer and of the stack's own steps, when set (the bench).
    public var stageClock: StageClock? {
        didSet {
            first.stageClock = stageClock
            for level in levels { level.renderer.stageClock = stageClock }
            for r in backdrops.values { r.stageClock = stageClock }
        }
    }

    /// Whether the first sheet's renderer prepares right after its first frame (`FrameRenderer.preparesAfterFirstFrame`).
    public var preparesAfterFirstFrame: Bool {
        get { first.preparesAfterFirstFrame }
        set { first.preparesAfterFirstFrame = newValue }
    }

    /// Prepares the shown sheets' renderers for motion, between frames (`FrameRenderer.prepareForMotion`).
    public func prepareForMotion() {
        first.prepareForMotion()
        for level in levels { level.renderer.prepareForMotion() }
    }

    /// A stack over `first`; the sheets above it are drawn with `text` and `images` (content images by config path).
    public init(first: FrameRenderer, text: TextEngine, images: [String: Pixmap] = [:]) {
        self.first = first
        self.text = text
        self.images = images
        let canvas = first.setup.canvas
        ownsCorners = !first.setup.stackSetups.isEmpty && canvas.displayCorners && canvas.displayCornerRadius > 0
        if ownsCorners { first.appliesDisplayCorners = false }
        shown = first
    }

    /// The frame last drawn: the renderer's of the top level (no copy), or, where the stack puts the display's corners
    /// on, its own copy with them.
    public var frame: Pixmap { ownsCorners ? stacked : shown.frame }

    /// Draws a single sheet's `visual` (no stack).
    public func render(_ visual: SheetVisual) {
        first.render(visual)
        levelsDrawn = 1
        finish(first)
    }

    /// Draws `engine` and every sheet stacked over it. `adjust`, when given, changes each level's visual (0: the first
    /// sheet) before it is drawn: the bench pans the scene under a still stack with it.
    public func render(_ engine: SheetEngine, adjust: ((Int, inout SheetVisual) -> Void)? = nil) {
        guard !engine.stack.isEmpty else {
            levels.removeAll()
            var visual = SheetVisual(engine: engine)
            adjust?(0, &visual)
            render(visual)
            return
        }
        syncLevels(engine)
        let poses = StackLayout.poses(engine)
        var visuals = (0..<engine.depth).map { SheetVisual(engine: engine.engine(atLevel: $0 == 0 ? nil : $0 - 1)) }
        if let adjust { for n in visuals.indices { adjust(n, &visuals[n]) } }
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
                let pixels = backdrop(ofLevel: n - 1, visual: visuals[n - 1])
                timed(.stackPicture) { level.picture.show(pixels) }
            } else if pose.isIdentity {
                below.render(visuals[n - 1])
                levelsDrawn += 1
                timed(.stackPicture) { level.picture.show(below.frame) }
            } else {
                // The lower sheet lifted once for what it shows; a pose that changes alone only lays it back again.
                let lift = lifts[n - 1] ?? LayerLift()
                lifts[n - 1] = lift
                let liftKey = PictureKey(ids: Array(ids[0..<n]), visuals: Array(visuals[0..<n]), poses: Array(poses[0..<(n - 1)]))
                if lift.key != liftKey {
                    below.render(visuals[n - 1])
                    levelsDrawn += 1
                    let pixels = backdrop(ofLevel: n - 1, visual: visuals[n - 1])
                    timed(.stackLift) { lift.lift(below, visual: visuals[n - 1], over: pixels) }
                    lift.key = liftKey
                }
                let posed = timed(.stackLay) { lift.lay(pose, scale: scale) }
                // The picture last shown from this lift differs from the posed frame only where the lay wrote.
                timed(.stackPicture) { level.picture.show(posed, changed: lift.changed, from: lift) }
            }
            level.key = key
        }
        let top = levels[engine.depth - 2].renderer
        top.render(visuals[engine.depth - 1])
        levelsDrawn += 1
        finish(top)
    }

    /// Takes `old`'s drawn scene for the first sheet (`FrameRenderer.adoptScene(from:)`).
    @discardableResult
    public func adoptScene(from old: StackRenderer) -> Bool { first.adoptScene(from: old.first) }

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
            r.stageClock = stageClock
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
            for n in Array(lifts.keys) where n > keep { lifts[n] = nil }
        }
        for i in levels.count..<engine.stack.count {
            let setup = engine.stack[i].engine.setup
            let picture = PictureScene(width: widthPixels, height: heightPixels)
            let r = FrameRenderer(setup: setup, scale: scale, text: text, scene: picture, images: images)
            r.recedesBackdrop = false
            r.appliesDisplayCorners = false
            r.stageClock = stageClock
            levels.append(Level(id: engine.stack[i].id, setup: setup, picture: picture, renderer: r))
        }
    }

    /// Ends a frame drawn by `renderer`: with the display's corners, copied, when the stack owns them.
    func finish(_ renderer: FrameRenderer) {
        shown = renderer
        guard ownsCorners else { return }
        stageClock?.begin(.stackFinish)
        defer { stageClock?.end() }
        let frame = renderer.frame
        if stacked.width != frame.width || stacked.height != frame.height { stacked = Pixmap(width: frame.width, height: frame.height) }
        stacked.pixels.withUnsafeMutableBufferPointer { dst in
            frame.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: src.count) }
        }
        applyDisplayCorners(to: &stacked)
    }

    /// Puts the display's rounded corners, black outside them, on `picture` (a frame-sized picture shown with these
    /// frames: the window's dropped reference) when the canvas has them, as every frame of this renderer does.
    public func applyDisplayCorners(to picture: inout Pixmap) {
        let canvas = first.setup.canvas
        guard canvas.displayCorners && canvas.displayCornerRadius > 0 else { return }
        if corners == nil {
            corners = DisplayCornerMask(radius: canvas.displayCornerRadius * Double(scale), width: widthPixels, height: heightPixels)
        }
        corners!.apply(to: &picture)
    }
}

/// A scene that is a picture: the frame of the sheets below a stacked sheet. Its status bar is in the picture.
public final class PictureScene: BackgroundScene {
    var picture: Pixmap
    public private(set) var drawingGeneration = 0
    /// The rows in which the picture of generation `generation` differs from the one before it.
    private var lastChange: (generation: Int, rows: Range<Int>)?
    /// What the picture was last shown from, when a source that says which rows it changed (a `LayerLift`) showed it.
    private weak var source: AnyObject?
    /// The rows the last `show` copied, for tests.
    private(set) var rowsCopied = 0

    init(width: Int, height: Int) { picture = Pixmap(width: width, height: height) }

    /// Shows `pixmap` (the same size) from now on.
    func show(_ pixmap: Pixmap) {
        source = nil
        copy(pixmap, rows: 0..<picture.height)
    }

    /// Shows `pixmap` from `source`, which changed only its rows `changed` since it was last shown from it: when it
    /// was the last thing shown, only those rows are copied.
    func show(_ pixmap: Pixmap, changed: Range<Int>, from source: AnyObject) {
        let incremental = self.source === source && pixmap.width == picture.width && pixmap.height == picture.height
        self.source = source
        copy(pixmap, rows: incremental ? changed.clamped(to: 0..<picture.height) : 0..<picture.height)
    }

    private func copy(_ pixmap: Pixmap, rows: Range<Int>) {
        let w = picture.width
        picture.pixels.withUnsafeMutableBufferPointer { dst in
            pixmap.pixels.withUnsafeBufferPointer { src in
                let from = rows.lowerBound * w
                let count = max(0, min(rows.upperBound * w, src.count, dst.count) - from)
                if count > 0 { (dst.baseAddress! + from).update(from: src.baseAddress! + from, count: count) }
            }
        }
        rowsCopied = rows.count
        drawingGeneration += 1
        lastChange = (drawingGeneration, rows)
    }

    /// The rows in which the picture of generation `to` differs from the one of generation `from`; nil when not known.
    func rowsChanged(from: Int, to: Int) -> Range<Int>? {
        guard to == from + 1, let lastChange, lastChange.generation == to else { return nil }
        return lastChange.rows
    }

    public func render(_ context: SceneContext, into pixmap: inout Pixmap) {
        let n = min(pixmap.pixels.count, picture.pixels.count)
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            picture.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: n) }
        }
    }

    /// Copies the picture's `rows` into `pixmap` (a drawing of an earlier generation, the same size).
    func render(rows: Range<Int>, into pixmap: inout Pixmap) {
        let w = picture.width
        let from = rows.lowerBound * w, count = min(rows.upperBound * w, pixmap.pixels.count, picture.pixels.count) - from
        guard count > 0 else { return }
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            picture.pixels.withUnsafeBufferPointer { src in (dst.baseAddress! + from).update(from: src.baseAddress! + from, count: count) }
        }
    }

    public func isAnimating(_ context: SceneContext) -> Bool { false }

    /// The picture holds the status bar the first sheet's scene drew: nothing to add.
    public func drawStatusBar(_ context: SceneContext, over top: inout Pixmap) {}
}

/// Lifts a sheet off the backdrop it was drawn over and lays it back, posed: the sheet's layer (its body, content,
/// grabber and shadow) is the frame less the backdrop it let through, `L = P − (1 − α)·B`, with α from its outline's
/// coverage c and shadow a (`α = 1 − (1 − c)(1 − a)`, as the body pass composes them); the posed frame is `B` with the
/// layer, resampled through the pose (bilinear, `ResampleAxis` on each axis), over it. A layer once lifted is kept
/// while the sheet and its backdrop stay (`lift` is skipped), so a pose that changes alone costs one resampling.
final class LayerLift {
    /// The lifted layer, premultiplied, over the whole frame; rows above `rows` are not written.
    var layer: [UInt32] = []
    var rows = 0..<0
    var width = 0, height = 0
    /// The backdrop the layer was lifted from, kept to lay it back over.
    var backdrop = Pixmap(width: 0, height: 0)
    var out = Pixmap(width: 0, height: 0)
    /// The rows of `out` the last lay drew the layer over; outside them `out` is the backdrop. Nil when that is not
    /// known (nothing laid yet, or a new backdrop lifted from).
    var laid: Range<Int>?
    /// The rows the last lay wrote: outside them `out` is what it was before it (all rows when `laid` was not known).
    private(set) var changed = 0..<0
    var cache = OutlineCache()
    /// What the layer was lifted for (`StackRenderer`'s key of the levels up to this one, less this one's pose).
    var key: StackRenderer.PictureKey?
    var rowA: [UInt32] = [], rowB: [UInt32] = [], mixed: [UInt32] = []

    /// Both steps: `lift` then `lay`.
    func posed(_ r: FrameRenderer, visual: SheetVisual, over backdrop: Pixmap, pose: SheetPose) -> Pixmap {
        lift(r, visual: visual, over: backdrop)
        return lay(pose, scale: r.scale)
    }

    /// Lifts the sheet `r` drew for `visual` off `backdrop` (what `r` draws without the sheet).
    func lift(_ r: FrameRenderer, visual: SheetVisual, over backdrop: Pixmap) {
        let w = r.widthPixels, h = r.heightPixels
        width = w; height = h
        // Kept by value: its renderer draws a new one only when the layer is lifted again.
        self.backdrop = backdrop
        laid = nil
        if layer.count != w * h { layer = [UInt32](repeating: 0, count: w * h) }
        guard visual.height > 0 else { rows = h..<h; return }
        let shape = SheetOutline.pixelAligned(r.setup.shape(atHeight: visual.height), scale: r.scale)
        let outline = SheetOutline(shape: shape, setup: r.setup, scale: r.scale, widthPixels: w, heightPixels: h,
                                   optics: r.optics(for: shape), cache: &cache)
        let alpha = Pixel.factor(visual.alpha)
        rows = max(0, min(h, outline.firstRow))..<h
        let rows = self.rows
        r.frame.pixels.withUnsafeBufferPointer { p in
            backdrop.pixels.withUnsafeBufferPointer { b in
                layer.withUnsafeMutableBufferPointer { l in
                    for y in rows {
                        let base = y * w
                        let row = l.baseAddress! + base
                        guard let (band, bandRow) = outline.band(at: y) else { row.update(repeating: 0, count: w); continue }
                        /// Columns [x0, x1) pixel by pixel.
                        func each(_ x0: Int, _ x1: Int) {
                            for x in max(0, x0)..<min(w, x1) {
                                let c = (UInt32(band.coverage(x: x, row: bandRow)) * alpha + 127) / 255
                                let a = (UInt32(band.shadow(x: x, row: bandRow)) * alpha + 127) / 255
                                let k = 255 - ((255 - c) * (255 - a) + 127) / 255
                                row[x] = k == 0 ? 0 : k == 255 ? p[base + x] | 0xFF00_0000 : Self.lift(p[base + x], b[base + x], k)
                            }
                        }
                        let left = band.leftColumns, right = band.rightColumns
                        let m0 = max(0, min(w, left.upperBound)), m1 = max(m0, min(w, right.lowerBound))
                        // Outside the side regions nothing of the sheet; between them the straight edge's one value.
                        row.update(repeating: 0, count: max(0, min(w, left.lowerBound)))
                        each(left.lowerBound, left.upperBound)
                        if m1 > m0 {
                            let e = band.middle[bandRow]
                            let c = (UInt32(e.coverage) * alpha + 127) / 255, a = (UInt32(e.shadow) * alpha + 127) / 255
                            let k = 255 - ((255 - c) * (255 - a) + 127) / 255
                            if k == 255 {
                                (row + m0).update(from: p.baseAddress! + base + m0, count: m1 - m0)
                            } else if k == 0 {
                                (row + m0).update(repeating: 0, count: m1 - m0)
                            } else {
                                for x in m0..<m1 { row[x] = Self.lift(p[base + x], b[base + x], k) }
                            }
                        }
                        each(right.lowerBound, right.upperBound)
                        let r1 = max(0, min(w, right.upperBound))
                        if r1 < w { (row + r1).update(repeating: 0, count: w - r1) }
                    }
                }
            }
        }
    }

    /// The lifted layer laid back over its backdrop through `pose` (canvas points; `scale` pixels per point).
    ///
    /// `out` is kept from the last lay: only the rows the layer covered then or covers now are written (from the backdrop,
    /// then the layer over them), so a pose that changes alone does not copy the whole frame. `changed` says which.
    func lay(_ pose: SheetPose, scale: Int) -> Pixmap {
        let w = width, h = height
        if out.width != w || out.height != h { out = Pixmap(width: w, height: h); laid = nil }
        let previous = laid ?? 0..<h
        let s = Double(scale), k = max(pose.scale, 1e-6)
        let ox = pose.originX * s, oy = pose.originY * s
        // Output = origin + (source − origin)·k (+ dy): source pixel 0 lands at origin·(1 − k).
        let xAxis = ResampleAxis(count: w, sourceCount: w, scale: k, offset: ox * (1 - k))
        let top = oy * (1 - k) + pose.dy * s
        let yAxis = rows.isEmpty ? nil : ResampleAxis(count: h, sourceCount: h, scale: k, offset: top,
                                                      cover: (top + k * Double(rows.lowerBound))...(top + k * Double(h)))
        let covered = yAxis?.covered ?? 0..<0
        laid = covered
        changed = covered.isEmpty ? previous : previous.isEmpty ? covered
            : min(previous.lowerBound, covered.lowerBound)..<max(previous.upperBound, covered.upperBound)
        // The rows the layer covered and no longer does: the backdrop again.
        out.pixels.withUnsafeMutableBufferPointer { dst in
            backdrop.pixels.withUnsafeBufferPointer { src in
                let restore = covered.isEmpty ? [previous]
                    : [previous.clamped(to: 0..<covered.lowerBound), previous.clamped(to: covered.upperBound..<max(covered.upperBound, h))]
                for r in restore where !r.isEmpty {
                    (dst.baseAddress! + r.lowerBound * w).update(from: src.baseAddress! + r.lowerBound * w, count: r.count * w)
                }
            }
        }
        guard let yAxis else { return out }
        let cols = xAxis.covered, inner = xAxis.inner.clamped(to: cols)
        if rowA.count != w { rowA = [UInt32](repeating: 0, count: w); rowB = rowA; mixed = rowA }
        let firstRow = rows.lowerBound
        layer.withUnsafeBufferPointer { l in
            backdrop.pixels.withUnsafeBufferPointer { under in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                rowA.withUnsafeMutableBufferPointer { a in
                    rowB.withUnsafeMutableBufferPointer { b in
                        mixed.withUnsafeMutableBufferPointer { m in
                            var pa = a.baseAddress!, pb = b.baseAddress!, heldA = -1, heldB = -1
                            let pm = m.baseAddress!, c0 = cols.lowerBound
                            /// Source row `i` resampled across, into `buffer` (kept: the next output row mostly reads the same two).
                            func across(_ i: Int, into buffer: UnsafeMutablePointer<UInt32>) {
                                if i < firstRow { (buffer + c0).update(repeating: 0, count: cols.count); return }
                                PixelRow.resample(l.baseAddress! + i * w, along: xAxis, range: cols, into: buffer)
                            }
                            for y in covered {
                                // The backdrop's row, then the layer over it.
                                (dst.baseAddress! + y * w).update(from: under.baseAddress! + y * w, count: w)
                                let i = Int(yAxis.index[y]), f = yAxis.weight[y]
                                let j = min(i + 1, h - 1)
                                if heldA != i {
                                    if heldB == i { swap(&pa, &pb); swap(&heldA, &heldB) } else { across(i, into: pa); heldA = i }
                                }
                                if f > 0 && heldB != j { across(j, into: pb); heldB = j }
                                var src = pa
                                if f > 0 {
                                    PixelRow.lerp(pa + c0, pb + c0, f, into: pm + c0, count: cols.count)
                                    src = pm
                                }
                                // The edges the pose leaves partly covered: scaled by their coverage (a row the pose covers
                                // wholly has only its side columns outside `inner` to scale).
                                let cy = UInt32(yAxis.coverage[y])
                                let scaled = cy < 255 ? [cols] : [c0..<inner.lowerBound, inner.upperBound..<cols.upperBound]
                                for part in scaled where !part.isEmpty {
                                    if src != pm { (pm + part.lowerBound).update(from: src + part.lowerBound, count: part.count) }
                                    for x in part {
                                        let c = (UInt32(xAxis.coverage[x]) * cy + 127) / 255
                                        if c < 255 { pm[x] = Pixel.scale(pm[x], c) }
                                    }
                                }
                                let to = dst.baseAddress! + y * w
                                if src == pm || cy < 255 {
                                    PixelRow.over(UnsafePointer(pm + c0), onto: to + c0, count: cols.count)
                                } else {
                                    // The inner columns straight from the resampled row, the scaled sides from `mixed`.
                                    for part in scaled where !part.isEmpty {
                                        PixelRow.over(UnsafePointer(pm + part.lowerBound), onto: to + part.lowerBound, count: part.count)
                                    }
                                    PixelRow.over(UnsafePointer(src + inner.lowerBound), onto: to + inner.lowerBound, count: inner.count)
                                }
                            }
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
}
