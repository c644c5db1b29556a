import Raster
import SheetKit

/// What a column stage's pixels are made from. (The blur, saturation and fill are the renderer's config, fixed for its life.)
enum BlurredBackdropKey: Equatable {
    /// The backdrop behind the sheet as it is, under a solid fill or an unblurred material (saturated for the latter).
    case column(BackdropKey)
    /// The plain scene's drawing, by its generation, blurred.
    case plain(sceneGeneration: Int)
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
    var blurredBackdropKey: BlurredBackdropKey { blurredBackdrop.key ?? .plain(sceneGeneration: 0) }

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

    /// The plain scene blurred and saturated in the sheet's column, for rows from `row` down.
    func updatePlainBlur(fromRow row: Int) {
        let key = BlurredBackdropKey.plain(sceneGeneration: plainScene.generation)
        let current = plainBlur.holds(key)
        if current && plainBlur.rows.lowerBound <= row { return }
        // A scene that just changed is likely to change again: do only what this frame needs.
        // A still one gets the whole column once, and then every position of the sheet is a copy.
        let still = current || plainScene.generation <= 1 && plainBlur.key == nil
        let start = still ? 0 : row
        let m = setup.sheet.material
        let region = PixelRect(x: sheetX, y: start, width: sheetWidth, height: heightPixels - start)
        // Saturation is fused into the blur, on its small grid, where it costs nothing.
        blur.blur(plainScene.value, region: region, sigma: m.blur * Double(scale), saturation: m.saturation, into: &plainBlur.value)
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
        sceneCache.value.pixels.withUnsafeBufferPointer { src in
            backdropColumn.value.pixels.withUnsafeMutableBufferPointer { dst in
                for r in 0..<rows {
                    (dst.baseAddress! + r * sw).update(from: src.baseAddress! + (start + r) * w + x, count: sw)
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
