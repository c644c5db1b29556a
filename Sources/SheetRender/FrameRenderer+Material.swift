import Raster
import SheetKit

/// What a column stage's pixels are made from. (The blur, saturation and fill are the renderer's config, fixed for its life.)
enum BlurredBackdropKey: Equatable {
    /// The backdrop behind the sheet as it is, under a solid fill or an unblurred material (saturated for the latter).
    case column(BackdropKey)
    /// The plain scene's drawing, by its generation, blurred; with `statusBar`, with the status bar's rows over it
    /// (`statusBarRows`: at recede level 0, for a sheet reaching up to where the bar's ink blurs in). The two differ
    /// only in the rows above `statusBarBlurRows`.
    case plain(sceneGeneration: Int, statusBar: Bool)
    /// Behind a receding sheet: the plain scene's drawing, by its generation, blurred and receded to a blur level.
    case receded(plainGeneration: Int, blurLevel: Int)
}

/// Which column stage the material is made from.
enum BlurSource {
    /// The plain blur (`plainBlur`), at recede level 0.
    case plain
    /// The receded blur (`recededBlur`).
    case receded
    /// The unblurred column (`backdropColumn`).
    case column
}

/// What the finished material depends on: the column stage it is made from and the dimming's strength, k/255.
struct MaterialKey: Equatable {
    var blur: BlurredBackdropKey
    var strength: UInt32
}

/// A column stage: the backdrop blurred and saturated (or plain, under a solid fill) in the sheet's column,
/// from some row to the bottom: `value`'s row 0 is canvas row `rows.lowerBound`.
typealias BlurredBackdropCache = StageCache<BlurredBackdropKey, Pixmap>
/// The finished material in the sheet's column: the blurred backdrop with the dimming mixed in and the
/// tint over it, for one dimming strength, canvas rows `rows`.
typealias MaterialCache = StageCache<MaterialKey, Pixmap>

extension FrameRenderer {
    /// The column stage the material is made from this frame (`blurSource`); read only, the stage owns its pixels.
    var blurredBackdrop: BlurredBackdropCache {
        switch blurSource {
        case .plain: plainBlur
        case .receded: recededBlur.stage
        case .column: backdropColumn
        }
    }

    /// The key of the column stage the material is made from this frame.
    var blurredBackdropKey: BlurredBackdropKey { blurredBackdrop.key ?? .plain(sceneGeneration: 0, statusBar: false) }

    /// Brings the column stage the sheet reads up to date for rows from `row` down: the blurred, saturated
    /// backdrop (or the plain one under a solid fill).
    func updateBlurredBackdrop(fromRow row: Int) {
        let m = setup.sheet.material
        if setup.sheet.fill != nil || m.blur <= 0 {
            updateBackdropColumn(fromRow: row)
            blurSource = .column
        } else if receding {
            updateRecededBlur(fromRow: row)
            blurSource = .receded
        } else {
            updatePlainBlur(fromRow: row)
            blurSource = .plain
        }
    }

    /// The first row of the plain blur that the status bar's rows do not reach (0 without a status bar).
    var statusBarBlurRows: Int {
        let n = statusBarHeight
        guard n > 0 else { return 0 }
        let sigma = min(setup.sheet.material.blur * Double(scale), BackdropBlur.maximumSigma)
        return min(heightPixels, BackdropBlur.plan(sigma: sigma).firstRowUnaffected(byRowsAbove: n))
    }

    /// The plain scene blurred and saturated in the sheet's column, for rows from `row` down.
    ///
    /// At recede level 0 a sheet reaching up to where the status bar's ink blurs in reads the scene blurred with its
    /// status bar; anywhere else (lower, or receding) the status bar is not in the blur, and the rows the two read
    /// are the same. Only the rows the status bar reaches are blurred again when that changes for one drawing.
    func updatePlainBlur(fromRow row: Int) {
        let generation = plainScene.generation
        let affected = statusBarBlurRows
        var withBar = false
        if !receding {
            // The lens reads a few rows above the sheet's top; an Int8 shift at most.
            if case .plain(generation, true)? = plainBlur.key { withBar = true } else { withBar = row - Int(Int8.max) < affected }
        }
        let key = BlurredBackdropKey.plain(sceneGeneration: generation, statusBar: withBar)
        let current = plainBlur.holds(key)
        if current && plainBlur.rows.lowerBound <= row { return }
        let m = setup.sheet.material
        let sigma = m.blur * Double(scale)
        var top: Pixmap?
        if withBar {
            ensureStatusBarRows()
            top = statusBarRows.value
        }
        if plainBlur.key == .plain(sceneGeneration: generation, statusBar: !withBar) && plainBlur.rows.lowerBound <= row {
            // The same drawing with the status bar in or out: only the rows it reaches change.
            let start = plainBlur.rows.lowerBound, end = max(start, affected)
            if start < end {
                blur.blur(plainScene.value, top: top, region: PixelRect(x: sheetX, y: start, width: sheetWidth, height: end - start),
                          sigma: sigma, saturation: m.saturation, into: &plainBlur.value, row: 0)
            }
            plainBlur.restart(for: key)
            plainBlur.hold(start..<heightPixels)
            return
        }
        // A scene that just changed is likely to change again: do only what this frame needs.
        // A still one gets the whole column once, and then every position of the sheet is a copy.
        let still = current || generation <= 1 && plainBlur.key == nil
        let start = still ? 0 : row
        let region = PixelRect(x: sheetX, y: start, width: sheetWidth, height: heightPixels - start)
        if plainBlur.value.width != region.width || plainBlur.value.height != region.height {
            plainBlur.value = Pixmap(width: region.width, height: region.height)
        }
        // Saturation is fused into the blur, on its small grid, where it costs nothing.
        blur.blur(plainScene.value, top: top, region: region, sigma: sigma, saturation: m.saturation, into: &plainBlur.value, row: 0)
        if !current { plainBlur.restart(for: key) }
        plainBlur.hold(start..<heightPixels)
    }

    /// The backdrop behind the sheet in the sheet's column, unblurred (saturated for an unblurred material), for
    /// rows from `row` down.
    func updateBackdropColumn(fromRow row: Int) {
        ensureBackdrop(rows: heightPixels)
        let key = BlurredBackdropKey.column(backdrop)
        let current = backdropColumn.holds(key)
        if current && backdropColumn.rows.lowerBound <= row { return }
        let still = current || plainScene.generation <= 1 && backdropColumn.key == nil
        let start = still ? 0 : row
        let rows = heightPixels - start, sw = sheetWidth, w = widthPixels, x = sheetX
        if backdropColumn.value.width != sw || backdropColumn.value.height != rows { backdropColumn.value = Pixmap(width: sw, height: rows) }
        withBackdropRows(start..<heightPixels) { src, r in
            backdropColumn.value.pixels.withUnsafeMutableBufferPointer { dst in
                for y in r {
                    (dst.baseAddress! + (y - start) * sw).update(from: src + (y - r.lowerBound) * w + x, count: sw)
                }
            }
        }
        let m = setup.sheet.material
        if setup.sheet.fill == nil && m.saturation != 1 { backdropColumn.value.saturate(m.saturation) }
        if !current { backdropColumn.restart(for: key) }
        backdropColumn.hold(start..<heightPixels)
    }

    /// Makes sure the material cache holds `key`'s material from `row` down.
    ///
    /// The sheet blurs what is behind it, and the dimming is behind it too. Blurring and saturating
    /// are linear, so the backdrop is blurred once and the dimming is mixed in afterwards, per
    /// strength: `tint over mix(blurred, saturated dim colour, k)`.
    func updateMaterial(_ key: MaterialKey, fromRow row: Int) {
        if !material.holds(key) { material.restart(for: key, at: heightPixels) }
        if material.value.width != sheetWidth { material.value = Pixmap(width: sheetWidth, height: heightPixels) }
        let held = material.rows.lowerBound
        guard row < held else { return }
        let overlay = (setup.sheet.fill ?? setup.sheet.material.tint).premultiplied.packed
        let k = key.strength
        let veil = materialVeil(k: k), keep = 255 - k
        let from = row * sheetWidth, count = (held - row) * sheetWidth
        let baseOffset = blurredBackdrop.rows.lowerBound * sheetWidth
        blurredBackdrop.value.pixels.withUnsafeBufferPointer { src in
            material.value.pixels.withUnsafeMutableBufferPointer { dst in
                PixelRow.veilThenOver(src.baseAddress! + (from - baseOffset), keep, veil, top: overlay,
                                      into: dst.baseAddress! + from, count: count)
            }
        }
        material.hold(row..<heightPixels)
    }

    /// The dimming as the material sees it: saturated like the backdrop, at strength k.
    func materialVeil(k: UInt32) -> UInt32 { Pixel.scale(materialDimming, k) }

    /// The dimming colour saturated like the backdrop (as the material sees it), at full strength: made once per renderer.
    static func materialDimming(_ setup: SheetSetup) -> UInt32 {
        var veil = Pixmap(width: 1, height: 1, fill: setup.sheet.dimming.color.premultiplied)
        if setup.sheet.fill == nil && setup.sheet.material.saturation != 1 { veil.saturate(setup.sheet.material.saturation) }
        return veil.pixels[0]
    }
}
