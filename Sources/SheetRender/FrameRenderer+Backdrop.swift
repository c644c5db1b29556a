import Raster
import SheetKit

/// What the scene's drawing depends on: its context, with the tap's age only while the scene animates
/// (a still scene looks the same at any age, so a tap that has settled does not redraw it).
struct SceneKey: Equatable {
    var context: SceneContext
    var animating: Bool
    /// The scene's own count of what it draws (a picture of the sheets below, which changes with them).
    var generation = 0

    init(_ context: SceneContext, animating: Bool, generation: Int = 0) {
        self.generation = generation
        var still = context
        if !animating { still.tap?.ageMS = 0 }
        self.context = still
        self.animating = animating
    }
}

/// What the dimmed backdrop depends on: the backdrop behind the sheet and the dimming's strength, k/255.
struct DimmedBackdropKey: Equatable {
    var backdrop: BackdropKey
    var strength: UInt32
}

/// The rows of the frame that hold the dimmed backdrop from the last frame, and for which key: the frame is only ever
/// written by its renderer, so rows that no later stage touched last frame (above the sheet's outline, below the
/// display's top corners and the status bar) are already what this frame would write there for the same key.
struct FrameBackdrop {
    /// What the frame holds: valid between frames.
    private var held: (key: DimmedBackdropKey, rows: Range<Int>)?
    /// What this frame's backdrop wrote, before the later stages.
    private var drawn: (key: DimmedBackdropKey, rows: Range<Int>)?

    /// The rows the frame holds between frames, for tests.
    var heldRows: Range<Int>? { held?.rows }

    /// What the frame holds from the last frame, forgotten: whatever this frame draws replaces it.
    mutating func take() -> (key: DimmedBackdropKey, rows: Range<Int>)? {
        defer { held = nil }
        return held
    }

    /// Records that this frame's backdrop wrote `rows` for `key`.
    mutating func drew(_ key: DimmedBackdropKey, rows: Range<Int>) { drawn = (key, rows) }

    /// Ends the frame: of what the backdrop wrote, the frame keeps `untouched`, the rows no later stage wrote.
    mutating func finish(untouched: Range<Int>) {
        defer { drawn = nil }
        guard let drawn else { held = nil; return }
        let rows = drawn.rows.clamped(to: untouched)
        held = rows.isEmpty ? nil : (drawn.key, rows)
    }
}

/// What the status bar's rows depend on: the plain scene's drawing (the scene picks the bar's ink).
struct StatusBarKey: Equatable {
    var sceneGeneration: Int
}

/// The scene under the dimming, its rows from the top down.
typealias DimmedBackdropCache = StageCache<DimmedBackdropKey, Pixmap>

/// The backdrop behind the sheet as a later stage reads it: the pixels of the stage that owns them (the plain
/// scene, or the receded view), borrowed for reading only, and the canvas rows made so far.
struct BackdropPixels {
    let value: Pixmap
    let rows: Range<Int>
}

extension FrameRenderer {
    /// Whether the presenting view recedes behind the sheet this frame.
    var receding: Bool { backdrop.recedeLevel > 0 }

    /// The backdrop behind the sheet as the sheet body reads it: the receded view's pixels while receding; at level
    /// 0 the plain scene's, whose first rows the body pass takes from `statusBarRows` when a sheet reaching into the
    /// bar's rows made them (rows below the bar are the same in both).
    var sceneCache: BackdropPixels {
        if receding { return BackdropPixels(value: recededView.stage.value, rows: recededView.stage.rows) }
        return BackdropPixels(value: plainScene.value, rows: plainScene.rows)
    }

    /// How many of the canvas's first rows the status bar changes at level 0: down to the last row its ink covers (every
    /// scene draws the same bar, in its own ink).
    var statusBarHeight: Int { statusBars.rows.upperBound }

    /// Makes the status bar's rows for the plain scene's drawing: its first rows, with the scene's own status bar drawn over.
    func ensureStatusBarRows() {
        let key = StatusBarKey(sceneGeneration: plainScene.generation)
        let n = statusBarHeight
        guard n > 0, !statusBarRows.holds(key), let context = sceneContext else { return }
        if statusBarRows.value.width != widthPixels || statusBarRows.value.height != n {
            statusBarRows.value = Pixmap(width: widthPixels, height: n)
        }
        plainScene.value.pixels.withUnsafeBufferPointer { src in
            statusBarRows.value.pixels.withUnsafeMutableBufferPointer { dst in
                dst.baseAddress!.update(from: src.baseAddress!, count: n * widthPixels)
            }
        }
        scene.drawStatusBar(context, over: &statusBarRows.value)
        statusBarRows.restart(for: key)
        statusBarRows.hold(0..<n)
    }

    /// Calls `body` with the backdrop's pixels from the start of canvas row `r.lowerBound` on, for the rows `r` of
    /// `rows`, in at most two runs: at recede level 0 the status bar's rows come from `statusBarRows`.
    func withBackdropRows(_ rows: Range<Int>, _ body: (UnsafePointer<UInt32>, Range<Int>) -> Void) {
        guard !rows.isEmpty else { return }
        let n = receding ? 0 : statusBarHeight, w = widthPixels
        let top = rows.clamped(to: 0..<n)
        if !top.isEmpty {
            ensureStatusBarRows()
            statusBarRows.value.pixels.withUnsafeBufferPointer { body($0.baseAddress! + top.lowerBound * w, top) }
        }
        let rest = rows.clamped(to: n..<max(n, heightPixels))
        if !rest.isEmpty { sceneCache.value.pixels.withUnsafeBufferPointer { body($0.baseAddress! + rest.lowerBound * w, rest) } }
    }

    /// Draws the plain scene for `visual` unless it already holds it, and picks the backdrop for the sheet's
    /// recede. The scene is drawn without its status bar, at every recede level: at level 0 the bar is a layer
    /// over its first rows (`statusBarRows`); over a receded view the frame gets a light one over the black
    /// (`drawRecededStatusBar`).
    func updateScene(_ visual: SheetVisual) {
        let level = recedeLevel(atHeight: visual.height)
        var context = SceneContext(width: setup.canvas.width, height: setup.canvas.height, scale: scale,
                                   safeTop: setup.canvas.safeTop, panX: visual.panX, panY: visual.panY, tap: visual.tap,
                                   appearance: SceneAppearance(setup.config.appearance))
        context.showsStatusBar = false
        let key = SceneKey(context, animating: scene.isAnimating(context), generation: scene.drawingGeneration)
        if !plainScene.holds(key) {
            sceneContext = context
            var fresh = false
            if plainScene.value.width != widthPixels || plainScene.value.height != heightPixels {
                plainScene.value = Pixmap(width: widthPixels, height: heightPixels)
                fresh = true
            }
            // A picture of the sheets below (a stack) that says which rows changed since the drawing held: only those.
            if !fresh, let picture = scene as? PictureScene, let held = plainScene.key, held.context == key.context,
               held.animating == key.animating, let rows = picture.rowsChanged(from: held.generation, to: key.generation) {
                picture.render(rows: rows, into: &plainScene.value)
                sceneRowsDrawn = rows.count
            } else {
                scene.render(context, into: &plainScene.value)
                sceneRowsDrawn = heightPixels
            }
            plainScene.restart(for: key)
            plainScene.hold(0..<heightPixels)
        }
        selectBackdrop(level: level)
    }

    /// Writes the backdrop, dimmed by k/255, into the frame's first `rows` rows.
    ///
    /// A dimming strength that holds from one frame to the next (a drag between medium and large,
    /// a sheet at rest) is kept, so those frames are a copy; a strength or scene seen for the
    /// first time is written straight into the frame. Rows the frame still holds from the last frame for the same
    /// key (`FrameBackdrop`) are left as they are.
    func drawBackdrop(k: UInt32, rows: Int) {
        let held = frameBackdrop.take()
        guard rows > 0 else { return }
        let key = DimmedBackdropKey(backdrop: backdrop, strength: k)
        frameBackdrop.drew(key, rows: 0..<rows)
        // The rows to write: all of them, less those the frame already holds for this key (at most two runs).
        var todo = (0..<rows, rows..<rows)
        if let held, held.key == key {
            let keep = held.rows.clamped(to: 0..<rows)
            if !keep.isEmpty { todo = (0..<keep.lowerBound, keep.upperBound..<rows) }
        }
        // The stages are kept as if every row were written, so that what they hold does not depend on the frame.
        let veil = Pixel.scale(setup.sheet.dimming.color.premultiplied.packed, k)
        let count = widthPixels
        /// The backdrop's rows `r`, dimmed, straight into the frame.
        func dimIntoFrame(_ r: Range<Int>) {
            withBackdropRows(r) { src, r in
                frame.pixels.withUnsafeMutableBufferPointer { dst in
                    PixelRow.scaleAdd(src, 255 - k, veil, into: dst.baseAddress! + r.lowerBound * count, count: r.count * count)
                }
            }
        }
        /// The backdrop's rows `r` into the frame as they are.
        func copyIntoFrame(_ r: Range<Int>) {
            withBackdropRows(r) { src, r in
                frame.pixels.withUnsafeMutableBufferPointer { dst in
                    (dst.baseAddress! + r.lowerBound * count).update(from: src, count: r.count * count)
                }
            }
        }
        let made = sceneCache.rows.upperBound
        if k > 0 && made < rows && receding && dimmedBackdrop.lastAsked != key {
            // A recede seen for the first time (the sheet on the move): its new rows go straight into
            // the frame and are dimmed there, unkept; a recede that holds is kept from the next frame on.
            _ = dimmedBackdrop.askedTwiceRunning(key)
            func draw(_ r: Range<Int>) {
                dimIntoFrame(r.clamped(to: 0..<made))
                drawRecededIntoFrame(rows: r.clamped(to: made..<rows), veil: (255 - k, veil))
            }
            draw(todo.0)
            draw(todo.1)
            return
        }
        ensureBackdrop(rows: rows)
        if k == 0 { copyIntoFrame(todo.0); copyIntoFrame(todo.1); return }
        guard dimmedBackdrop.askedTwiceRunning(key) else { dimIntoFrame(todo.0); dimIntoFrame(todo.1); return }
        if !dimmedBackdrop.holds(key) { dimmedBackdrop.restart(for: key) }
        if dimmedBackdrop.value.width != widthPixels { dimmedBackdrop.value = Pixmap(width: widthPixels, height: heightPixels) }
        let cached = dimmedBackdrop.rows.upperBound
        if rows > cached {
            withBackdropRows(cached..<rows) { src, r in
                dimmedBackdrop.value.pixels.withUnsafeMutableBufferPointer { dst in
                    PixelRow.scaleAdd(src, 255 - k, veil, into: dst.baseAddress! + r.lowerBound * count, count: r.count * count)
                }
            }
            dimmedBackdrop.hold(0..<rows)
        }
        copyRows(from: dimmedBackdrop.value, rows: todo.0)
        copyRows(from: dimmedBackdrop.value, rows: todo.1)
    }

    /// Copies `rows` of a canvas-sized pixmap into the frame.
    func copyRows(from source: Pixmap, rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        let from = rows.lowerBound * widthPixels, count = rows.count * widthPixels
        source.pixels.withUnsafeBufferPointer { src in
            frame.pixels.withUnsafeMutableBufferPointer { dst in
                (dst.baseAddress! + from).update(from: src.baseAddress! + from, count: count)
            }
        }
    }
}

extension FrameRenderer {
    /// Takes `old`'s drawn scene when both draw the same scene object at the same size: a renderer made for an edit of
    /// the config (the window's inspector, a handle, a reload) then starts warm instead of drawing the map again. The
    /// scene's own key (`SceneKey`: canvas, scale, safe area, pan, tap, appearance and the scene's drawing generation)
    /// still decides whether the adopted pixels are used, so a changed appearance or canvas draws anew. Returns
    /// whether it took them.
    @discardableResult
    public func adoptScene(from old: FrameRenderer) -> Bool {
        guard old !== self, old.scene === scene, old.widthPixels == widthPixels, old.heightPixels == heightPixels,
              old.plainScene.key != nil else { return false }
        swap(&plainScene, &old.plainScene)
        sceneContext = old.sceneContext
        return true
    }

    /// How many times this renderer has drawn its scene (for tests: an adopted scene is not drawn again).
    public var sceneDraws: Int { plainScene.generation }
}
