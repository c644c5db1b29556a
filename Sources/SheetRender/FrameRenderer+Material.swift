import Raster
import SheetKit

/// What the blurred backdrop depends on. (The blur, saturation and fill are the renderer's config, fixed for its life.)
enum BlurredBackdropKey: Equatable {
    /// The scene cache's drawing, by its generation.
    case scene(generation: Int)
    /// Behind a receding sheet: the plain scene's drawing, by its generation, blurred and receded to a blur level.
    case receded(plainGeneration: Int, blurLevel: Int)
}

/// What the finished material depends on: the scene's drawing and the dimming's strength, k/255.
struct MaterialKey: Equatable {
    var sceneGeneration: Int
    var strength: UInt32
}

/// The scene blurred and saturated (or plain, under a solid fill) in the sheet's column, from some
/// row to the bottom: `value`'s row 0 is canvas row `rows.lowerBound`.
typealias BlurredBackdropCache = StageCache<BlurredBackdropKey, Pixmap>
/// The finished material in the sheet's column: the blurred backdrop with the dimming mixed in and the
/// tint over it, for one dimming strength, canvas rows `rows`.
typealias MaterialCache = StageCache<MaterialKey, Pixmap>

extension FrameRenderer {
    /// The blurred, saturated backdrop (or the plain one under a solid fill), for rows from `row` down.
    func updateBlurredBackdrop(fromRow row: Int) {
        if updateRecededBlur(fromRow: row) { return }
        let key = BlurredBackdropKey.scene(generation: sceneCache.generation)
        let current = blurredBackdrop.holds(key)
        if current && blurredBackdrop.rows.lowerBound <= row { return }
        // A scene that just changed is likely to change again: do only what this frame needs.
        // A still one gets the whole column once, and then every position of the sheet is a copy.
        let still = current || sceneCache.generation <= 1 && blurredBackdrop.key == nil
        let start = still ? 0 : row
        let m = setup.sheet.material
        let region = PixelRect(x: sheetX, y: start, width: sheetWidth, height: heightPixels - start)
        if setup.sheet.fill != nil {
            blurredBackdrop.value = sceneCache.value.cropped(region)
        } else if m.blur <= 0 {
            blurredBackdrop.value = sceneCache.value.cropped(region)
            if m.saturation != 1 { blurredBackdrop.value.saturate(m.saturation) }
        } else {
            // Saturation is fused into the blur, on its small grid, where it costs nothing.
            blur.blur(sceneCache.value, region: region, sigma: m.blur * Double(scale), saturation: m.saturation,
                      into: &blurredBackdrop.value)
        }
        if !current { blurredBackdrop.restart(for: key) }
        blurredBackdrop.hold(start..<heightPixels)
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
