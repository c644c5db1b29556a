import Raster
import SheetKit

/// What the backdrop behind the sheet depends on: the scene's drawing and how far it has receded (a
/// `RecedeGeometry` level).
struct BackdropKey: Equatable {
    var sceneGeneration: Int
    var recedeLevel: Int
}

/// The presenting view receded behind the sheet: its own canvas-sized pixels, made top down as frames ask for
/// them, for one drawing of the plain scene at one recede level (`stage.key`), and the card that draws it.
struct RecededView {
    var stage = StageCache<BackdropKey, Pixmap>(Pixmap(width: 0, height: 0))
    /// The card the stage's key is drawn with, and its geometry in points; nil before the first recede.
    var card: ScaledCard?
    var geometry = RecedeGeometry(width: 0, safeTop: 0, recede: 0)
}

/// The plain scene's blur drawn receded into the sheet's column: its own pixels, row for canvas row (the stage
/// holds rows `0..<height` so that the sheet reads it like the plain blur), drawn from canvas row `from` down
/// (the sheet reads no higher), for one drawing of the plain scene at one blur level (`stage.key`).
struct RecededBlur {
    var stage = StageCache<BlurredBackdropKey, Pixmap>(Pixmap(width: 0, height: 0))
    /// The first canvas row drawn for the stage's key.
    var from = Int.max
    /// The card the stage's key is drawn with.
    var card: ScaledCard?
}

extension FrameRenderer {
    /// The recede progress for a sheet `height` points tall, at its cache level.
    func recedeLevel(atHeight height: Double) -> Int {
        guard recedesBackdrop else { return 0 }
        return RecedeGeometry.level(setup.recedeProgress(atHeight: height))
    }

    /// Picks the backdrop for `level`: the plain scene itself at 0, else the receded view, whose rows
    /// `ensureBackdrop(rows:)` makes (none yet for a new key).
    func selectBackdrop(level: Int) {
        backdrop = BackdropKey(sceneGeneration: plainScene.generation, recedeLevel: level)
        guard level > 0, !recededView.stage.holds(backdrop) else { return }
        if recededView.stage.value.width != widthPixels || recededView.stage.value.height != heightPixels {
            recededView.stage.value = Pixmap(width: widthPixels, height: heightPixels)
        }
        let s = Double(scale)
        let g = RecedeGeometry(width: setup.canvas.width, safeTop: setup.canvas.safeTop, recede: RecedeGeometry.progress(level: level))
        let left = g.left * s, top = g.top * s, right = Double(widthPixels) - left
        let x = ResampleAxis(count: widthPixels, sourceCount: widthPixels, scale: g.scale, offset: left)
        // The card stops above the sheet's bottom corners: below that line only those corners and the gaps beside a
        // floating sheet show the backdrop, and there a phone shows its display's black, not the card's square
        // bottom corners (which the sheet's rounded ones would otherwise uncover as a patch).
        let bottom = min(top + g.scale * Double(heightPixels), recededCardBottom * s)
        let y = ResampleAxis(count: heightPixels, sourceCount: heightPixels, scale: g.scale, offset: top, cover: top...max(top, bottom))
        recededView.geometry = g
        recededView.card = ScaledCard(x: x, y: y, radius: g.cornerRadius * s, curve: .continuous, left: left, top: top, right: right)
        recededView.stage.restart(for: backdrop)
    }

    /// The canvas y (points) the sharp receded card ends at: above the rows where a glass sheet's rounded bottom
    /// corners (and the inset beside a floating one) uncover the backdrop, at any height; the canvas's bottom for a
    /// sheet with square bottom corners.
    var recededCardBottom: Double {
        let H = setup.canvas.height
        guard setup.sheet.style == .glass, setup.presentation == .card, setup.canvas.displayCornerRadius > 0 else { return H }
        return H - SheetShape.floatingInset - CornerCurve.continuous.extent(radius: setup.canvas.displayCornerRadius)
    }

    /// Makes sure the backdrop holds its first `rows` rows (the receded view is made lazily, top down; the plain scene
    /// is whole).
    func ensureBackdrop(rows: Int) {
        let n = min(rows, heightPixels)
        guard receding else { return }
        let held = recededView.stage.rows.upperBound
        guard n > held else { return }
        drawReceded(rows: held..<n)
        recededView.stage.hold(0..<n)
    }

    /// Makes the receded backdrop's pixels that the sheet body reads from `outline`'s first row down, drawn
    /// unkept: in each row only the columns the sheet does not cover (the gaps beside a floating sheet, the
    /// corners, the rows above its edge and below it). Rows alike are drawn together. A fading sheet shows the
    /// backdrop through it: every row, kept.
    func ensureBackdrop(under outline: SheetOutline, alpha: UInt32) {
        // At level 0 the body reads the plain scene, which holds no status bar: a sheet reaching into its rows reads
        // the scene with it instead.
        guard receding else {
            if outline.firstRow < statusBarHeight { ensureStatusBarRows() }
            return
        }
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
                drawReceded(rows: rows)
                return
            }
            if n.left > 0 { drawReceded(rows: rows, columns: 0..<n.left) }
            if n.right < w { drawReceded(rows: rows, columns: n.right..<w) }
        }
        var y = max(recededView.stage.rows.upperBound, outline.firstRow)
        while y < heightPixels {
            let n = need(y)
            var end = y + 1
            while end < heightPixels && need(end) == n { end += 1 }
            draw(y..<end, n)
            y = end
        }
    }

    /// Draws canvas rows `rows` (`columns` of them) of the receded view into its stage.
    func drawReceded(rows: Range<Int>, columns: Range<Int>? = nil) {
        guard let card = recededView.card, !rows.isEmpty else { return }
        prepareRecedeScratch()
        recededView.stage.value.pixels.withUnsafeMutableBufferPointer { dst in
            drawReceded(card, rows: rows, columns: columns, into: dst.baseAddress!, veil: nil)
        }
    }

    /// Draws canvas rows `rows` of the receded view straight into the frame, veiled (`scale(p, keep) + add`).
    func drawRecededIntoFrame(rows: Range<Int>, veil: (keep: UInt32, add: UInt32)) {
        guard let card = recededView.card, !rows.isEmpty else { return }
        prepareRecedeScratch()
        frame.pixels.withUnsafeMutableBufferPointer { dst in
            drawReceded(card, rows: rows, columns: nil, into: dst.baseAddress!, veil: veil)
        }
    }

    /// The scratch rows the cards draw with, at their widest.
    private func prepareRecedeScratch() {
        let n = max(widthPixels, sheetWidth)
        if recedeScratch.count < n { recedeScratch = [UInt32](repeating: 0, count: n) }
        if recedeCoverage.count < n { recedeCoverage = [UInt8](repeating: 0, count: n) }
    }

    /// Draws canvas rows `rows` of the plain scene receded by `card` into `dst`, a canvas-sized buffer.
    private func drawReceded(_ card: ScaledCard, rows: Range<Int>, columns: Range<Int>?, into dst: UnsafeMutablePointer<UInt32>,
                             veil: (keep: UInt32, add: UInt32)?) {
        let w = widthPixels
        plainScene.value.pixels.withUnsafeBufferPointer { src in
            recedeScratch.withUnsafeMutableBufferPointer { scratch in
                recedeCoverage.withUnsafeMutableBufferPointer { coverage in
                    card.draw(rows: rows.clamped(to: 0..<heightPixels), columns: columns, from: src.baseAddress!, sourceWidth: w, srcStride: w,
                              into: dst, dstStride: w, scratch: scratch.baseAddress!, coverage: coverage.baseAddress!, veil: veil)
                }
            }
        }
    }

    /// The blur stage for a receded backdrop: the plain scene's blur, drawn receded the same way (blur and
    /// a scale of 0.93 nearly commute), its edges softened by the blur's own σ where the view meets the
    /// black; no re-blur when only the recede changes.
    func updateRecededBlur(fromRow row: Int) {
        let m = setup.sheet.material
        // The stage holds the whole column, row for canvas row; a level draws only the rows the sheet shows (a few
        // above its top for the lens), and a sheet rising through it draws the rows its new top uncovers.
        let need = max(0, row - 16)
        let s = Double(scale)
        let sigma = m.blur * s
        // Seen through the blur, the recede moves in coarser steps: no more than σ/8 pixels of width or
        // height at a time, so the blurred view is redone a few times across the recede, not every frame.
        let travel = max(RecedeGeometry.narrowing, setup.canvas.safeTop) * s
        // Clamped in Double before the conversion: a tiny σ (the config allows blur 1e-300) makes the quotient
        // ~1e302, or infinite, which no Int holds.
        let levels = max(1, Int(min(Double(RecedeGeometry.levels), (travel / (sigma / 8)).rounded(.up))))
        let level = backdrop.recedeLevel
        let blurLevel = level == RecedeGeometry.levels ? levels
            : min(levels - 1, max(1, Int((RecedeGeometry.progress(level: level) * Double(levels)).rounded())))
        // The key names what the pixels are (the plain scene's drawing and the blur level), not the backdrop
        // behind the sheet, so that the material made from them (keyed on this stage's key) is kept
        // across recede steps the blur does not see.
        let key = BlurredBackdropKey.receded(plainGeneration: plainScene.generation, blurLevel: blurLevel)
        if recededBlur.stage.holds(key), let card = recededBlur.card {
            if need < recededBlur.from {
                drawRecededBlur(card, rows: need..<recededBlur.from)
                recededBlur.from = need
            }
            return
        }
        let g = RecedeGeometry(width: setup.canvas.width, safeTop: setup.canvas.safeTop, recede: Double(blurLevel) / Double(levels))
        let left = g.left * s, top = g.top * s
        // The plain blur: the whole column, once per drawing of the plain scene.
        updatePlainBlur(fromRow: 0)
        // Output column o is canvas x = sheetX + o; the view's pixel j lands on canvas left + scale · j. Output row r
        // is canvas row r.
        let x = ResampleAxis(count: sheetWidth, sourceCount: sheetWidth, scale: g.scale, offset: left - Double(sheetX) * (1 - g.scale),
                             cover: (left - Double(sheetX))...(Double(widthPixels) - left - Double(sheetX)), softness: sigma, nearest: true)
        let y = ResampleAxis(count: heightPixels, sourceCount: heightPixels, scale: g.scale, offset: top,
                             cover: top...(top + g.scale * Double(heightPixels)), softness: sigma, nearest: true)
        let card = ScaledCard(x: x, y: y)
        if recededBlur.stage.value.width != sheetWidth || recededBlur.stage.value.height != heightPixels {
            recededBlur.stage.value = Pixmap(width: sheetWidth, height: heightPixels)
        }
        recededBlur.stage.restart(for: key)
        recededBlur.stage.hold(0..<heightPixels)
        recededBlur.card = card
        recededBlur.from = need
        drawRecededBlur(card, rows: need..<heightPixels)
    }

    /// Draws canvas rows `rows` of the receded blur with `card` into its stage, from the plain blur's whole column.
    private func drawRecededBlur(_ card: ScaledCard, rows: Range<Int>) {
        prepareRecedeScratch()
        let sw = sheetWidth
        plainBlur.value.pixels.withUnsafeBufferPointer { src in
            recededBlur.stage.value.pixels.withUnsafeMutableBufferPointer { dst in
                recedeScratch.withUnsafeMutableBufferPointer { scratch in
                    recedeCoverage.withUnsafeMutableBufferPointer { coverage in
                        card.draw(rows: rows, from: src.baseAddress!, sourceWidth: sw, srcStride: sw,
                                  into: dst.baseAddress!, dstStride: sw, scratch: scratch.baseAddress!, coverage: coverage.baseAddress!)
                    }
                }
            }
        }
    }
}
