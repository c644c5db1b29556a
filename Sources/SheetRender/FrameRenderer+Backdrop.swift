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
    /// first time is written straight into the frame.
    func drawBackdrop(k: UInt32, rows: Int) {
        guard rows > 0 else { return }
        let key = DimmedBackdropKey(sceneGeneration: sceneCache.generation, strength: k)
        let veil = Pixel.scale(setup.sheet.dimming.color.premultiplied.packed, k)
        let count = widthPixels
        let made = sceneCache.rows.upperBound
        if k > 0 && made < rows && recede.card != nil && dimmedBackdrop.lastAsked != key {
            // A recede seen for the first time (the sheet on the move): its new rows go straight into
            // the frame and are dimmed there, unkept; a recede that holds is kept from the next frame on.
            _ = dimmedBackdrop.askedTwiceRunning(key)
            sceneCache.value.pixels.withUnsafeBufferPointer { src in
                frame.pixels.withUnsafeMutableBufferPointer { dst in
                    PixelRow.scaleAdd(src.baseAddress!, 255 - k, veil, into: dst.baseAddress!, count: made * count)
                }
            }
            drawReceded(rows: made..<rows, into: &frame, veil: (255 - k, veil))
            return
        }
        ensureBackdrop(rows: rows)
        if k == 0 { copyRows(from: sceneCache.value, rows: 0..<rows); return }
        guard dimmedBackdrop.askedTwiceRunning(key) else {
            sceneCache.value.pixels.withUnsafeBufferPointer { src in
                frame.pixels.withUnsafeMutableBufferPointer { dst in
                    PixelRow.scaleAdd(src.baseAddress!, 255 - k, veil, into: dst.baseAddress!, count: rows * count)
                }
            }
            return
        }
        if !dimmedBackdrop.holds(key) { dimmedBackdrop.restart(for: key) }
        if dimmedBackdrop.value.width != widthPixels { dimmedBackdrop.value = Pixmap(width: widthPixels, height: heightPixels) }
        let held = dimmedBackdrop.rows.upperBound
        if rows > held {
            let from = held * count
            sceneCache.value.pixels.withUnsafeBufferPointer { src in
                dimmedBackdrop.value.pixels.withUnsafeMutableBufferPointer { dst in
                    PixelRow.scaleAdd(src.baseAddress! + from, 255 - k, veil, into: dst.baseAddress! + from, count: (rows - held) * count)
                }
            }
            dimmedBackdrop.hold(0..<rows)
        }
        copyRows(from: dimmedBackdrop.value, rows: 0..<rows)
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
