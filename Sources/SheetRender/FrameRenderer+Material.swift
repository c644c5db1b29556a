import Raster
import SheetKit

/// What the blurred backdrop depends on: the scene's drawing. (The blur, saturation and fill are the
/// renderer's config, fixed for its life.)
struct BlurredBackdropKey: Equatable {
    var sceneGeneration: Int
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
        let key = BlurredBackdropKey(sceneGeneration: sceneCache.generation)
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
    func materialVeil(k: UInt32) -> UInt32 {
        var veil = Pixmap(width: 1, height: 1, fill: setup.sheet.dimming.color.premultiplied)
        if setup.sheet.fill == nil && setup.sheet.material.saturation != 1 { veil.saturate(setup.sheet.material.saturation) }
        return Pixel.scale(veil.pixels[0], k)
    }

    /// The material rows into the frame; the corner rows (and a fading sheet) blend with what the
    /// frame already holds there: the dimmed background and the shadow. With `cached` the rows come
    /// from the material cache; otherwise each is finished from the blurred backdrop as it is drawn.
    func drawSheetBody(topRow: Int, alpha: UInt32, k: UInt32, cached: Bool) {
        let firstRow = max(0, topRow)
        let highlight: UInt32 = setup.sheet.fill == nil ? Pixel.scale(PremultipliedRGBA8.white.packed, 30) : 0
        let w = widthPixels, sw = sheetWidth, sx = sheetX
        let cornerRows = chrome.cornerRows
        let tint = (setup.sheet.fill ?? setup.sheet.material.tint).premultiplied.packed
        let veil = materialVeil(k: k)
        if rowBuffer.count != sw { rowBuffer = [UInt32](repeating: 0, count: sw) }
        let baseRow0 = blurredBackdrop.rows.lowerBound
        material.value.pixels.withUnsafeBufferPointer { mat in
            blurredBackdrop.value.pixels.withUnsafeBufferPointer { base in
                rowBuffer.withUnsafeMutableBufferPointer { buffer in
                    frame.pixels.withUnsafeMutableBufferPointer { dst in
                        chrome.cornerMask.withUnsafeBufferPointer { corner in
                            for y in firstRow..<heightPixels {
                                let r = y - topRow
                                let drow = y * w + sx
                                let full = r >= cornerRows && alpha == 255
                                // This row of finished material.
                                let row: UnsafePointer<UInt32>
                                if cached {
                                    row = mat.baseAddress! + y * sw
                                } else {
                                    let target = full ? dst.baseAddress! + drow : buffer.baseAddress!
                                    PixelRow.veilThenOver(base.baseAddress! + (y - baseRow0) * sw, 255 - k, veil, top: tint,
                                                          into: target, count: sw)
                                    if full { continue }
                                    row = UnsafePointer(buffer.baseAddress!)
                                }
                                if full {
                                    (dst.baseAddress! + drow).update(from: row, count: sw)
                                    continue
                                }
                                for x in 0..<sw {
                                    var coverage = r < cornerRows ? UInt32(corner[r * sw + x]) : 255
                                    if alpha < 255 { coverage = (coverage * alpha + 127) / 255 }
                                    var p = coverage == 255 ? row[x] : Pixel.mix(dst[drow + x], row[x], coverage)
                                    // A hairline catches the light along the top edge, corners included.
                                    if highlight != 0 && r < cornerRows {
                                        let here = UInt32(corner[r * sw + x])
                                        let above = r > 0 ? UInt32(corner[(r - 1) * sw + x]) : 0
                                        let rim = here &- min(above, here)
                                        if rim > 0 { p = Pixel.over(Pixel.scale(highlight, (rim * alpha + 127) / 255), p) }
                                    }
                                    dst[drow + x] = p
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
