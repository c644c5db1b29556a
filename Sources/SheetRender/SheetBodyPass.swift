import Raster
import SheetKit

extension FrameRenderer {
    /// The sheet's rows into the frame from canvas row `firstRow` down: the backdrop wherever the sheet does
    /// not cover a row, the shadow, and the body: material (or the opaque background it turns into), lensed
    /// and rimmed for glass, blended at the outline by its coverage. With `cached` the material comes from the
    /// material cache; otherwise each row is finished from the blurred backdrop as it is drawn.
    func drawSheetBody(_ outline: SheetOutline, fromRow firstRow: Int, alpha: UInt32, k: UInt32, cached: Bool, opacity: UInt32) {
        guard firstRow < heightPixels else { return }
        // Rows beside and below a floating sheet read the backdrop: a receded one is made lazily, only where it shows.
        ensureBackdrop(under: outline, alpha: alpha)
        let w = widthPixels, sw = sheetWidth, sx = sheetX
        let keep = 255 - k
        let dimVeil = Pixel.scale(setup.sheet.dimming.color.premultiplied.packed, k)
        let veil = opacity < 255 ? materialVeil(k: k) : 0
        let tint = look.tint.packed
        let opaque = look.opaqueBackground.packed
        let opaqueScaled = Pixel.scale(opaque, opacity)
        let rimColor = look.rimColor.packed
        // The rim is the glass's: it fades out as the sheet turns opaque (iOS 26's opaque large sheet has none). A form
        // sheet (iPad) is opaque at its one size and keeps its rim.
        let rimK = setup.presentation == .formSheet ? 255 : 255 - opacity
        @inline(__always) func rimAlpha(_ r: UInt8) -> UInt32 { (UInt32(r) * rimK + 127) / 255 }
        let shadowColor: UInt32 = setup.sheet.shadow.map { StraightRGBA8($0.color.red, $0.color.green, $0.color.blue, 255).packed } ?? 0
        if rowBuffer.count != w { rowBuffer = [UInt32](repeating: 0, count: w) }
        let baseRows = blurredBackdrop.rows
        let hasBase = opacity < 255 && baseRows.lowerBound < heightPixels && blurredBackdrop.value.width == sw
        let lowestBase = hasBase ? baseRows.lowerBound : 0
        let materialRows = material.rows
        sceneCache.value.pixels.withUnsafeBufferPointer { scenePixels in
        material.value.pixels.withUnsafeBufferPointer { mat in
        blurredBackdrop.value.pixels.withUnsafeBufferPointer { base in
        rowBuffer.withUnsafeMutableBufferPointer { buffer in
        frame.pixels.withUnsafeMutableBufferPointer { dst in
            let scene = scenePixels.baseAddress!, out = dst.baseAddress!, tmp = buffer.baseAddress!
            /// The backdrop (dimmed) into columns [x0, x1) of row y.
            @inline(__always) func backdrop(_ y: Int, _ x0: Int, _ x1: Int) {
                guard x0 < x1 else { return }
                let at = y * w + x0
                if k == 0 { (out + at).update(from: scene + at, count: x1 - x0) } else {
                    PixelRow.scaleAdd(scene + at, keep, dimVeil, into: out + at, count: x1 - x0)
                }
            }
            /// The body's colour at canvas pixel (x, y): finished material (or the opaque background).
            @inline(__always) func body(_ x: Int, _ y: Int) -> UInt32 {
                if opacity == 255 { return opaque }
                let cx = min(max(x, sx), sx + sw - 1), cy = min(max(y, lowestBase), heightPixels - 1)
                let m: UInt32
                if cached && materialRows.contains(cy) { m = mat[cy * sw + cx - sx] } else if hasBase {
                    m = Pixel.over(tint, Pixel.scale(base[(cy - lowestBase) * sw + cx - sx], keep) &+ veil)
                } else { m = tint }
                return opacity == 0 ? m : Pixel.scale(m, 255 - opacity) &+ opaqueScaled
            }
            /// The body's row y over columns [x0, x1) into `target`.
            @inline(__always) func bodyRow(_ y: Int, _ x0: Int, _ x1: Int, into target: UnsafeMutablePointer<UInt32>) {
                let n = x1 - x0
                guard n > 0 else { return }
                if opacity == 255 { target.update(repeating: opaque, count: n); return }
                let cy = min(max(y, lowestBase), heightPixels - 1)
                if cached && materialRows.contains(cy) {
                    let from = mat.baseAddress! + cy * sw + (x0 - sx)
                    // Turning opaque: the mix with the opaque colour is the copy.
                    if opacity > 0 { PixelRow.scaleAdd(from, 255 - opacity, opaqueScaled, into: target, count: n); return }
                    target.update(from: from, count: n)
                } else if hasBase {
                    PixelRow.veilThenOver(base.baseAddress! + (cy - lowestBase) * sw + (x0 - sx), keep, veil, top: tint,
                                          into: target, count: n)
                } else {
                    target.update(repeating: tint, count: n)
                }
                if opacity > 0 { PixelRow.scaleAdd(UnsafePointer(target), 255 - opacity, opaqueScaled, into: target, count: n) }
            }
            for y in firstRow..<heightPixels {
                guard let (band, r) = outline.band(at: y) else { backdrop(y, 0, w); continue }
                let row = out + y * w
                let edge = band.middle[r]
                let m0 = band.leftColumns.upperBound, m1 = band.rightColumns.lowerBound
                let c0 = band.leftColumns.lowerBound, c1 = band.rightColumns.upperBound
                // A fading sheet is drawn pixel by pixel over what is behind; an opaque one in runs.
                var run = band.runs[r]
                if alpha < 255 { run = OutlineBand.Runs(outsideLeft: c0, solidLeft: m0, solidRight: m1, outsideRight: c1) }
                let middleSolid = m1 <= m0 || (edge.isSolid && alpha == 255)
                backdrop(y, 0, run.solidLeft)
                backdrop(y, run.solidRight, w)
                if middleSolid {
                    bodyRow(y, run.solidLeft, run.solidRight, into: row + run.solidLeft)
                } else {
                    bodyRow(y, run.solidLeft, m0, into: row + run.solidLeft)
                    bodyRow(y, m1, run.solidRight, into: row + m1)
                    // The middle span, where the edge is straight: one coverage, shadow, rim and lens shift.
                    let edgeCoverage = (UInt32(edge.coverage) * alpha + 127) / 255
                    if edgeCoverage < 255 { backdrop(y, m0, m1) }
                    if edgeCoverage == 0 {
                        let a = (UInt32(edge.shadow) * alpha + 127) / 255
                        if a > 0 {
                            PixelRow.scaleAdd(UnsafePointer(row + m0), 255 - a, Pixel.scale(shadowColor, a), into: row + m0, count: m1 - m0)
                        }
                    } else {
                        let target = edgeCoverage == 255 ? row + m0 : tmp
                        bodyRow(y + Int(edge.lensY), m0, m1, into: target)
                        let edgeRim = rimAlpha(edge.rim)
                        if edgeRim > 0 {
                            PixelRow.scaleAdd(UnsafePointer(target), 255 - edgeRim, Pixel.scale(rimColor, edgeRim),
                                              into: target, count: m1 - m0)
                        }
                        if edgeCoverage < 255 {
                            let a = (UInt32(edge.shadow) * alpha + 127) / 255
                            let shade = Pixel.scale(shadowColor, a)
                            for i in 0..<(m1 - m0) {
                                let under = a > 0 ? Pixel.over(shade, row[m0 + i]) : row[m0 + i]
                                row[m0 + i] = Pixel.mix(under, tmp[i], edgeCoverage)
                            }
                        }
                    }
                }
                // The side regions: the shadow outside in runs, then corners, side edges, rim and lens pixel by pixel.
                band.coverage.withUnsafeBufferPointer { coverage in
                band.shadow.withUnsafeBufferPointer { shadow in
                band.rim.withUnsafeBufferPointer { rim in
                band.lensX.withUnsafeBufferPointer { lensX in
                band.lensY.withUnsafeBufferPointer { lensY in
                    let k = r * band.stride
                    let rightBase = k + band.leftColumns.count - m1
                    if alpha == 255 {
                        if run.outsideLeft > c0 {
                            PixelRow.paint(shadowColor, through: shadow.baseAddress! + k, onto: row + c0, count: run.outsideLeft - c0)
                        }
                        if c1 > run.outsideRight {
                            PixelRow.paint(shadowColor, through: shadow.baseAddress! + rightBase + run.outsideRight,
                                           onto: row + run.outsideRight, count: c1 - run.outsideRight)
                        }
                    }
                    @inline(__always) func pixels(_ from: Int, _ to: Int, _ index: Int) {
                        var i = index
                        for x in from..<to {
                            defer { i += 1 }
                            let c = (UInt32(coverage[i]) * alpha + 127) / 255
                            let a = (UInt32(shadow[i]) * alpha + 127) / 255
                            var under = row[x]
                            if a > 0 { under = Pixel.over(Pixel.scale(shadowColor, a), under) }
                            if c == 0 { row[x] = under; continue }
                            var p = body(x + Int(lensX[i]), y + Int(lensY[i]))
                            let r = rimAlpha(rim[i])
                            if r > 0 { p = Pixel.over(Pixel.scale(rimColor, r), p) }
                            row[x] = c == 255 ? p : Pixel.mix(under, p, c)
                        }
                    }
                    pixels(run.outsideLeft, run.solidLeft, k + run.outsideLeft - c0)
                    pixels(run.solidRight, run.outsideRight, rightBase + run.solidRight)
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
        }
    }
}
