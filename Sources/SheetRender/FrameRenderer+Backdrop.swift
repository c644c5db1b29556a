import Raster
import SheetKit

/// What the scene's drawing depends on: its context, with the tap's age only while the scene animates
/// (a still scene looks the same at any age, so a tap that has settled does not redraw it).
struct SceneKey: Equatable {
    var context: SceneContext
    var animating: Bool

    init(_ context: SceneContext, animating: Bool) {
        var still = context
        if !animating { still.tap?.ageMS = 0 }
        self.context = still
        self.animating = animating
    }
}

/// What the dimmed backdrop depends on: the scene's drawing and the dimming's strength, k/255.
struct DimmedBackdropKey: Equatable {
    var sceneGeneration: Int
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

/// The backdrop as seen behind the sheet: the scene, receded as far as the sheet's height asks (see
/// `RecedeState`), its rows from the top down.
typealias SceneCache = StageCache<BackdropKey, Pixmap>
/// The scene under the dimming, its rows from the top down.
typealias DimmedBackdropCache = StageCache<DimmedBackdropKey, Pixmap>

extension FrameRenderer {
    /// Draws the scene for `visual` unless the plain scene cache already holds it, and points the scene
    /// cache at the backdrop for the sheet's recede. A receded scene is drawn without its status bar: the
    /// frame gets a light one over the black instead (`drawRecededStatusBar`).
    func updateScene(_ visual: SheetVisual) {
        let level = recedeLevel(atHeight: visual.height)
        var context = SceneContext(width: setup.canvas.width, height: setup.canvas.height, scale: scale,
                                   safeTop: setup.canvas.safeTop, panX: visual.panX, panY: visual.panY, tap: visual.tap,
                                   appearance: SceneAppearance(setup.config.appearance))
        context.showsStatusBar = level == 0
        let key = SceneKey(context, animating: scene.isAnimating(context))
        let state = recede
        if !state.plain.holds(key) {
            // The scene cache may share these pixels: let go of them so the scene draws in place, uncopied.
            if state.sharesPlain { sceneCache.value = Pixmap(width: 0, height: 0); state.sharesPlain = false }
            if state.plain.value.width != widthPixels || state.plain.value.height != heightPixels {
                state.plain.value = Pixmap(width: widthPixels, height: heightPixels)
            }
            scene.render(context, into: &state.plain.value)
            state.plain.restart(for: key)
            state.plain.hold(0..<heightPixels)
        }
        selectBackdrop(level: level)
    }

    /// Writes the scene, dimmed by k/255, into the frame's first `rows` rows.
    ///
    /// A dimming strength that holds from one frame to the next (a drag between medium and large,
    /// a sheet at rest) is cached, so those frames are a copy; a strength or scene seen for the
    /// first time is written straight into the frame. Rows the frame still holds from the last frame for the same
    /// key (`FrameBackdrop`) are left as they are.
    func drawBackdrop(k: UInt32, rows: Int) {
        let held = frameBackdrop.take()
        guard rows > 0 else { return }
        let key = DimmedBackdropKey(sceneGeneration: sceneCache.generation, strength: k)
        frameBackdrop.drew(key, rows: 0..<rows)
        // The rows to write: all of them, less those the frame already holds for this key.
        var todo = [0..<rows]
        if let held, held.key == key {
            let keep = held.rows.clamped(to: 0..<rows)
            if !keep.isEmpty { todo = [0..<keep.lowerBound, keep.upperBound..<rows].filter { !$0.isEmpty } }
        }
        // The caches are kept as if every row were written, so that what they hold does not depend on the frame.
        let veil = Pixel.scale(setup.sheet.dimming.color.premultiplied.packed, k)
        let count = widthPixels
        let made = sceneCache.rows.upperBound
        /// The scene's rows `r`, dimmed, straight into the frame.
        func dimIntoFrame(_ r: Range<Int>) {
            guard !r.isEmpty else { return }
            sceneCache.value.pixels.withUnsafeBufferPointer { src in
                frame.pixels.withUnsafeMutableBufferPointer { dst in
                    PixelRow.scaleAdd(src.baseAddress! + r.lowerBound * count, 255 - k, veil, into: dst.baseAddress! + r.lowerBound * count,
                                      count: r.count * count)
                }
            }
        }
        if k > 0 && made < rows && recede.card != nil && dimmedBackdrop.lastAsked != key {
            // A recede seen for the first time (the sheet on the move): its new rows go straight into
            // the frame and are dimmed there, unkept; a recede that holds is kept from the next frame on.
            _ = dimmedBackdrop.askedTwiceRunning(key)
            for r in todo {
                dimIntoFrame(r.clamped(to: 0..<made))
                drawReceded(rows: r.clamped(to: made..<rows), into: &frame, veil: (255 - k, veil))
            }
            return
        }
        ensureBackdrop(rows: rows)
        if k == 0 { for r in todo { copyRows(from: sceneCache.value, rows: r) }; return }
        guard dimmedBackdrop.askedTwiceRunning(key) else { for r in todo { dimIntoFrame(r) }; return }
        if !dimmedBackdrop.holds(key) { dimmedBackdrop.restart(for: key) }
        if dimmedBackdrop.value.width != widthPixels { dimmedBackdrop.value = Pixmap(width: widthPixels, height: heightPixels) }
        let cached = dimmedBackdrop.rows.upperBound
        if rows > cached {
            let from = cached * count
            sceneCache.value.pixels.withUnsafeBufferPointer { src in
                dimmedBackdrop.value.pixels.withUnsafeMutableBufferPointer { dst in
                    PixelRow.scaleAdd(src.baseAddress! + from, 255 - k, veil, into: dst.baseAddress! + from, count: (rows - cached) * count)
                }
            }
            dimmedBackdrop.hold(0..<rows)
        }
        for r in todo { copyRows(from: dimmedBackdrop.value, rows: r) }
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
