import Raster
import SheetKit

/// What the backdrop behind the sheet depends on: the scene's drawing and how far it has receded (a
/// `RecedeGeometry` level).
struct BackdropKey: Equatable {
    var sceneGeneration: Int
    var recedeLevel: Int
}

/// What the renderer keeps for the receding presenting view and the display's corners, between frames.
///
/// The plain scene has its own cache, so that a change of the recede redraws no map: the scene cache
/// (`FrameRenderer.sceneCache`) then holds the backdrop as seen behind the sheet, receded, its rows made
/// as frames ask for them. At level 0 it shares the plain scene's pixels (no copy).
final class RecedeState {
    /// The scene as drawn, before it recedes.
    var plain = StageCache<SceneKey, Pixmap>(Pixmap(width: 0, height: 0))
    /// The plain scene blurred in the sheet's column, from canvas row `rows.lowerBound` down; keyed on the
    /// plain scene's generation.
    var plainBlur = StageCache<Int, Pixmap>(Pixmap(width: 0, height: 0))
    /// The level the scene cache is receded to, and its geometry in pixels.
    var level = 0
    var card: ScaledCard?
    var geometry = RecedeGeometry(width: 0, safeTop: 0, recede: 0)
    /// Whether the scene cache shares the plain scene's pixels.
    var sharesPlain = false
    /// The receded backdrop's own pixels, kept while the scene cache shares the plain scene's.
    var spare = Pixmap(width: 0, height: 0)
    /// The blurred receded column, whose pixels the blurred-backdrop cache shares while `blurShared`.
    var recededBlur = Pixmap(width: 0, height: 0)
    var blurShared = false
    /// What `recededBlur` holds, row for canvas row: the blur level, the plain blur's generation, the card it was
    /// drawn with, and the first canvas row drawn (rows above it are stale).
    var recededBlurLevel = -1, recededBlurSource = -1
    var recededCard: ScaledCard?
    var recededBlurFrom = Int.max
    var scratch: [UInt32] = []
    /// The status bar in light and in dark ink over transparency, made on first use, and the rows that
    /// hold ink.
    var statusBars: (light: Pixmap, dark: Pixmap, rows: Range<Int>)?
    /// The display's corner coverage, made on first use.
    var displayCorners: DisplayCornerMask?
    let text: TextEngine

    init(text: TextEngine) { self.text = text }
}

extension FrameRenderer {
    /// The recede progress for a sheet `height` points tall, at its cache level.
    func recedeLevel(atHeight height: Double) -> Int {
        RecedeGeometry.level(setup.recedeProgress(atHeight: height))
    }

    /// Points the scene cache at the backdrop for `level`: the plain scene itself at 0, else an empty
    /// receded backdrop whose rows `ensureBackdrop(rows:)` makes.
    func selectBackdrop(level: Int) {
        let state = recede
        let key = BackdropKey(sceneGeneration: state.plain.generation, recedeLevel: level)
        guard !sceneCache.holds(key) else { return }
        state.level = level
        if level == 0 {
            if !state.sharesPlain && sceneCache.value.width == widthPixels { state.spare = sceneCache.value }
            sceneCache.value = state.plain.value
            state.sharesPlain = true
            state.card = nil
            sceneCache.restart(for: key)
            sceneCache.hold(0..<heightPixels)
            return
        }
        if state.sharesPlain || sceneCache.value.width != widthPixels || sceneCache.value.height != heightPixels {
            sceneCache.value = state.spare.width == widthPixels && state.spare.height == heightPixels
                ? state.spare : Pixmap(width: widthPixels, height: heightPixels)
            state.spare = Pixmap(width: 0, height: 0)
            state.sharesPlain = false
        }
        let s = Double(scale)
        let g = RecedeGeometry(width: setup.canvas.width, safeTop: setup.canvas.safeTop, recede: RecedeGeometry.progress(level: level))
        state.geometry = g
        let left = g.left * s, top = g.top * s, right = Double(widthPixels) - left
        let x = ResampleAxis(count: widthPixels, sourceCount: widthPixels, scale: g.scale, offset: left)
        // The card stops above the sheet's bottom corners: below that line only those corners and the gaps beside a
        // floating sheet show the backdrop, and there a phone shows its display's black, not the card's square
        // bottom corners (which the sheet's rounded ones would otherwise uncover as a patch).
        let bottom = min(top + g.scale * Double(heightPixels), recededCardBottom * s)
        let y = ResampleAxis(count: heightPixels, sourceCount: heightPixels, scale: g.scale, offset: top, cover: top...max(top, bottom))
        state.card = ScaledCard(x: x, y: y, radius: g.cornerRadius * s, curve: .continuous, left: left, top: top, right: right)
        sceneCache.restart(for: key)
    }

    /// The canvas y (points) the sharp receded card ends at: above the rows where a glass sheet's rounded bottom
    /// corners (and the inset beside a floating one) uncover the backdrop, at any height; the canvas's bottom for a
    /// sheet with square bottom corners.
    var recededCardBottom: Double {
        let H = setup.canvas.height
        guard setup.sheet.style == .glass, setup.presentation == .card, setup.canvas.displayCornerRadius > 0 else { return H }
        return H - SheetShape.floatingInset - CornerCurve.continuous.extent(radius: setup.canvas.displayCornerRadius)
    }

    /// Makes sure the scene cache holds its first `rows` rows (a receded backdrop is made lazily, top down).
    func ensureBackdrop(rows: Int) {
        let n = min(rows, heightPixels)
        let held = sceneCache.rows.upperBound
        guard n > held, recede.card != nil else { return }
        drawReceded(rows: held..<n, into: &sceneCache.value)
        sceneCache.hold(0..<n)
    }

    /// Makes the receded backdrop's pixels that the sheet body reads from `outline`'s first row down, drawn
    /// unkept: in each row only the columns the sheet does not cover (the gaps beside a floating sheet, the
    /// corners, the rows above its edge and below it). Rows alike are drawn together. A fading sheet shows the
    /// backdrop through it: every row, kept.
    func ensureBackdrop(under outline: SheetOutline, alpha: UInt32) {
        guard recede.card != nil else { return }
        guard alpha == 255 else { ensureBackdrop(rows: heightPixels); return }
        let w = widthPixels
        /// The columns row y reads: [0, left) and [right, w); left ≥ right means the whole row.
        func need(_ y: Int) -> (left: Int, right: Int) {
            guard let (band, r) = outline.band(at: y) else { return (w, 0) }
            let run = band.runs[r], edge = band.middle[r]
            if band.rightColumns.lowerBound > band.leftColumns.upperBound && edge.coverage < 255 { return (w, 0) }
            return (run.solidLeft, run.solidRight)
        }
        func draw(_ rows: Range<Int>, _ n: (left: Int, right: Int)) {
            if n.left >= n.right {
                drawReceded(rows: rows, into: &sceneCache.value)
                return
            }
            if n.left > 0 { drawReceded(rows: rows, columns: 0..<n.left, into: &sceneCache.value) }
            if n.right < w { drawReceded(rows: rows, columns: n.right..<w, into: &sceneCache.value) }
        }
        var y = max(sceneCache.rows.upperBound, outline.firstRow)
        while y < heightPixels {
            let n = need(y)
            var end = y + 1
            while end < heightPixels && need(end) == n { end += 1 }
            draw(y..<end, n)
            y = end
        }
    }

    /// Draws canvas rows `rows` of the receded view into `target` (a canvas-sized pixmap).
    func drawReceded(rows: Range<Int>, columns: Range<Int>? = nil, into target: inout Pixmap, veil: (keep: UInt32, add: UInt32)? = nil) {
        guard let card = recede.card, !rows.isEmpty else { return }
        let state = recede, w = widthPixels
        if state.scratch.count < w { state.scratch = [UInt32](repeating: 0, count: w) }
        state.plain.value.pixels.withUnsafeBufferPointer { src in
            target.pixels.withUnsafeMutableBufferPointer { dst in
                state.scratch.withUnsafeMutableBufferPointer { scratch in
                    card.draw(rows: rows.clamped(to: 0..<heightPixels), columns: columns, from: src.baseAddress!, sourceWidth: w, srcStride: w,
                              into: dst.baseAddress!, dstStride: w, scratch: scratch.baseAddress!, veil: veil)
                }
            }
        }
    }

    /// The blur stage for a receded backdrop: the plain scene's blur, drawn receded the same way (blur and
    /// a scale of 0.93 nearly commute), its edges softened by the blur's own σ where the view meets the
    /// black; no re-blur when only the recede changes. Returns false when the ordinary blur stage should run:
    /// at level 0, and for a solid fill or an unblurred material (which then read the receded rows directly).
    func updateRecededBlur(fromRow row: Int) -> Bool {
        let state = recede
        guard state.level > 0 else {
            // The ordinary stage writes into the blurred backdrop: it must not share the receded pixels.
            if state.blurShared { releaseRecededBlur() }
            return false
        }
        let m = setup.sheet.material
        guard setup.sheet.fill == nil, m.blur > 0 else { ensureBackdrop(rows: heightPixels); return false }
        // The buffer holds the whole column, row for canvas row; a level draws only the rows the sheet shows (a few
        // above its top for the lens), and a sheet rising through it draws the rows its new top uncovers.
        let need = max(0, row - 16)
        let s = Double(scale)
        let sigma = m.blur * s
        // Seen through the blur, the recede moves in coarser steps: no more than σ/8 pixels of width or
        // height at a time, so the blurred view is redone a few times across the recede, not every frame.
        let travel = max(RecedeGeometry.narrowing, setup.canvas.safeTop) * s
        let levels = min(RecedeGeometry.levels, max(1, Int((travel / (sigma / 8)).rounded(.up))))
        let blurLevel = state.level == RecedeGeometry.levels ? levels
            : min(levels - 1, max(1, Int((RecedeGeometry.progress(level: state.level) * Double(levels)).rounded())))
        // The key names what the pixels are (the plain scene's drawing and the blur level), not the backdrop
        // behind the sheet, so that the material made from them (keyed on this stage's generation) is kept
        // across recede steps the blur does not see.
        let key = BlurredBackdropKey.receded(plainGeneration: state.plain.generation, blurLevel: blurLevel)
        if blurredBackdrop.holds(key) && state.recededBlurFrom <= need { return true }
        if state.recededBlurLevel == blurLevel && state.recededBlurSource == state.plainBlur.generation
            && state.plainBlur.holds(state.plain.generation), let card = state.recededCard {
            if need < state.recededBlurFrom {
                drawRecededBlur(card, rows: need..<state.recededBlurFrom)
                state.recededBlurFrom = need
            }
            shareRecededBlur(key)
            return true
        }
        let g = RecedeGeometry(width: setup.canvas.width, safeTop: setup.canvas.safeTop, recede: Double(blurLevel) / Double(levels))
        let left = g.left * s, top = g.top * s
        // The plain blur: the whole column, once per drawing of the plain scene.
        let plainGeneration = state.plain.generation
        if !state.plainBlur.holds(plainGeneration) {
            blur.blur(state.plain.value, region: PixelRect(x: sheetX, y: 0, width: sheetWidth, height: heightPixels),
                      sigma: sigma, saturation: m.saturation, into: &state.plainBlur.value)
            state.plainBlur.restart(for: plainGeneration)
            state.plainBlur.hold(0..<heightPixels)
        }
        // Output column o is canvas x = sheetX + o; the view's pixel j lands on canvas left + scale · j. Output row r
        // is canvas row r.
        let x = ResampleAxis(count: sheetWidth, sourceCount: sheetWidth, scale: g.scale, offset: left - Double(sheetX) * (1 - g.scale),
                             cover: (left - Double(sheetX))...(Double(widthPixels) - left - Double(sheetX)), softness: sigma, nearest: true)
        let y = ResampleAxis(count: heightPixels, sourceCount: heightPixels, scale: g.scale, offset: top,
                             cover: top...(top + g.scale * Double(heightPixels)), softness: sigma, nearest: true)
        let card = ScaledCard(x: x, y: y)
        drawRecededBlur(card, rows: need..<heightPixels)
        state.recededCard = card
        state.recededBlurFrom = need
        state.recededBlurLevel = blurLevel
        state.recededBlurSource = state.plainBlur.generation
        shareRecededBlur(key)
        return true
    }

    /// Draws canvas rows `rows` of the receded blur with `card` into its own buffer (full column height, reused;
    /// not shared while it is written).
    private func drawRecededBlur(_ card: ScaledCard, rows: Range<Int>) {
        let state = recede
        releaseRecededBlur()
        if state.recededBlur.width != sheetWidth || state.recededBlur.height != heightPixels {
            state.recededBlur = Pixmap(width: sheetWidth, height: heightPixels)
        }
        if state.scratch.count < max(widthPixels, sheetWidth) { state.scratch = [UInt32](repeating: 0, count: max(widthPixels, sheetWidth)) }
        let sw = sheetWidth
        state.plainBlur.value.pixels.withUnsafeBufferPointer { src in
            state.recededBlur.pixels.withUnsafeMutableBufferPointer { dst in
                state.scratch.withUnsafeMutableBufferPointer { scratch in
                    card.draw(rows: rows, from: src.baseAddress!, sourceWidth: sw, srcStride: sw,
                              into: dst.baseAddress!, dstStride: sw, scratch: scratch.baseAddress!)
                }
            }
        }
    }

    /// Lets the blurred-backdrop cache hold the receded blur for `key`, sharing its pixels.
    private func shareRecededBlur(_ key: BlurredBackdropKey) {
        blurredBackdrop.value = recede.recededBlur
        recede.blurShared = true
        if !blurredBackdrop.holds(key) { blurredBackdrop.restart(for: key) }
        blurredBackdrop.hold(0..<heightPixels)
    }

    /// Drops the blurred-backdrop cache's share of the receded blur, so that either can be written in place.
    private func releaseRecededBlur() {
        guard recede.blurShared else { return }
        blurredBackdrop.value = Pixmap(width: 0, height: 0)
        recede.blurShared = false
    }
}
