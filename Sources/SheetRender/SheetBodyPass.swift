import CPixelKernels
import Raster
import SheetKit

extension FrameRenderer {
    /// The sheet's rows into the frame from canvas row `firstRow` down: the backdrop wherever the sheet does
    /// not cover a row, the shadow, and the body: material (or the opaque background it turns into), lensed
    /// and rimmed for glass, blended at the outline by its coverage. With `cached` the material comes from the
    /// material cache; otherwise each row is finished from the blurred backdrop as it is drawn.
    /// Rows from `lastRow` down are left alone (the opaque keyboard covers them).
    func drawSheetBody(_ outline: SheetOutline, fromRow firstRow: Int, toRow lastRow: Int? = nil, alpha: UInt32, k: UInt32,
                       cached: Bool, opacity: UInt32, covered: Range<Int> = 0..<0) {
        let end = min(lastRow ?? heightPixels, heightPixels)
        guard firstRow < end else { return }
        // Rows beside and below a floating sheet read the backdrop: a receded one is made lazily, only where it shows.
        ensureBackdrop(under: outline, alpha: alpha)
        let w = widthPixels
        if rowBuffer.count != 2 * w { rowBuffer = [UInt32](repeating: 0, count: 2 * w) }
        if lensRing.count != 32 * w { lensRing = [UInt32](repeating: 0, count: 32 * w) }
        let baseRows = blurredBackdrop.rows
        let hasBase = opacity < 255 && baseRows.lowerBound < heightPixels && blurredBackdrop.value.width == sheetWidth
        var pass = sheetlab_body_pass()
        pass.width = w
        pass.height = heightPixels
        pass.dimKeep = 255 - k
        pass.dimVeil = Pixel.scale(setup.sheet.dimming.color.premultiplied.packed, k)
        pass.dimmed = k == 0 ? 0 : 1
        pass.materialFrom = material.rows.lowerBound
        pass.materialTo = material.rows.upperBound
        pass.cached = cached ? 1 : 0
        pass.baseFrom = hasBase ? baseRows.lowerBound : 0
        pass.hasBase = hasBase ? 1 : 0
        pass.sx = sheetX
        pass.sw = sheetWidth
        pass.keep = 255 - k
        pass.veil = opacity < 255 ? materialVeil(k: k) : 0
        pass.tint = look.tint.packed
        pass.opacity = opacity
        pass.opaque = look.opaqueBackground.packed
        pass.opaqueScaled = Pixel.scale(look.opaqueBackground.packed, opacity)
        pass.alpha = alpha
        pass.shadowColor = setup.sheet.shadow.map { StraightRGBA8($0.color.red, $0.color.green, $0.color.blue, 255).packed } ?? 0
        pass.rimColor = look.rimColor.packed
        // The rim is the glass's: it fades out as the sheet turns opaque (iOS 26's opaque large sheet has none). A form
        // sheet (iPad) is opaque at its one size and keeps its rim.
        pass.rimK = setup.presentation == .formSheet ? 255 : 255 - opacity
        pass.wide = PixelRow.wide ? 1 : 0
        // At recede level 0 the status bar's rows come from `statusBarRows` (made when the outline reaches them).
        let barRows = !receding && statusBarRows.holds(StatusBarKey(sceneGeneration: plainScene.generation)) ? statusBarRows.rows.upperBound : 0
        statusBarRows.value.pixels.withUnsafeBufferPointer { bar in
        sceneCache.value.pixels.withUnsafeBufferPointer { scene in
        material.value.pixels.withUnsafeBufferPointer { mat in
        blurredBackdrop.value.pixels.withUnsafeBufferPointer { base in
        rowBuffer.withUnsafeMutableBufferPointer { scratch in
        lensRing.withUnsafeMutableBufferPointer { ring in
        contentCover.withUnsafeBufferPointer { cover in
        frame.pixels.withUnsafeMutableBufferPointer { frame in
            pass.frame = frame.baseAddress
            pass.scene = scene.baseAddress
            pass.sceneTop = bar.baseAddress
            pass.sceneTopRows = barRows
            pass.material = mat.baseAddress
            pass.base = base.baseAddress
            pass.scratch = scratch.baseAddress
            pass.ring = ring.baseAddress
            pass.cover = covered.isEmpty ? nil : cover.baseAddress
            pass.coverFrom = covered.lowerBound
            pass.coverTo = covered.upperBound
            sheetlab_ring_reset(&pass)
            // The row plan: the outline's bands in order down the canvas (the top band, the rows between with the
            // middle band's one row, the bottom band), and the backdrop alone on every other row.
            var y = firstRow
            func rows(_ rows: Range<Int>, _ band: OutlineBand, anchor: Int?) {
                let rows = rows.clamped(to: y..<max(y, end))
                guard !rows.isEmpty else { return }
                while y < rows.lowerBound { sheetlab_backdrop_span(&pass, y, 0, w); y += 1 }
                let plan = band.plan
                for row in rows { sheetlab_body_row(&pass, plan + (anchor.map { row - $0 } ?? 0), row) }
                y = rows.upperBound
            }
            rows(outline.top.rows, outline.top.band, anchor: outline.top.rows.lowerBound)
            if let middle = outline.middle { rows(outline.middleRows, middle.band, anchor: nil) }
            if let bottom = outline.bottom { rows(bottom.rows, bottom.band, anchor: bottom.rows.lowerBound) }
            while y < end { sheetlab_backdrop_span(&pass, y, 0, w); y += 1 }
        }
        }
        }
        }
        }
        }
        }
        }
    }
}
