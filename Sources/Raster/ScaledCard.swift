/// A pixmap drawn scaled and shifted over black, bilinear, its top corners optionally rounded: the
/// presenting view as it recedes behind a sheet.
///
/// The axes are precomputed (`ResampleAxis`), so a row costs one vertical mix of two source rows and one
/// horizontal pass of loads and lerps; only the partly covered pixels (the edges, the top row, the
/// corners) are blended over black one by one, by the coverage blitter (`CoverageBlitter`, over black).
public struct ScaledCard: Sendable {
    /// The horizontal axis: output columns from source columns.
    public let x: ResampleAxis
    /// The vertical axis: output rows from source rows.
    public let y: ResampleAxis
    /// The coverage of the top-left corner's box (the top-right one is its mirror about the output's centre).
    let corner: [UInt8]
    let cornerLeft: Int, cornerTop: Int, cornerWidth: Int, cornerRows: Int

    /// A card on axes `x` and `y`. With `radius` > 0 its top corners are rounded with `curve`, the card's
    /// covered extent on each axis being its edges; the card must then be centred on the x axis's output.
    public init(x: ResampleAxis, y: ResampleAxis, radius: Double = 0, curve: CornerCurve = .continuous,
                left: Double = 0, top: Double = 0, right: Double = 0) {
        self.x = x
        self.y = y
        let extent = min(curve.extent(radius: max(0, radius)), max(0, right - left) / 2)
        guard extent > 0 else {
            corner = []; cornerLeft = 0; cornerTop = 0; cornerWidth = 0; cornerRows = 0
            return
        }
        cornerLeft = max(0, Int(left.rounded(.down)))
        cornerTop = max(0, Int(top.rounded(.down)))
        cornerWidth = max(0, min(x.index.count / 2, Int((left + extent).rounded(.up))) - cornerLeft)
        cornerRows = max(0, min(y.index.count, Int((top + extent).rounded(.up))) - cornerTop)
        var mask = [UInt8](repeating: 255, count: cornerWidth * cornerRows)
        let cx = left + extent, cy = top + extent
        // The curve alone (`CornerGeometry`, as every rounded shape's coverage source has it): the straight edges'
        // coverage is the axes', and a pixel takes the smaller.
        for r in 0..<cornerRows {
            let yc = Double(cornerTop + r) + 0.5
            for c in 0..<cornerWidth {
                let xc = Double(cornerLeft + c) + 0.5
                guard xc < cx && yc < cy else { continue }
                mask[r * cornerWidth + c] = CoverageLevel.level(CornerGeometry.coverage(dx: xc - cx, dy: yc - cy, extent: extent, curve: curve))
            }
        }
        corner = mask
    }

    /// Writes output rows `rows` into `dst` (output row o at `dst + o · dstStride`, `x.index.count` pixels
    /// wide) from `src` (`sourceWidth` pixels a row, `srcStride` apart, as many rows as the y axis's source).
    /// `scratch` holds at least `sourceWidth` pixels; `coverage`, if given, at least `x.index.count` bytes (else the
    /// partly covered rows' coverage is made in an array of its own).
    /// With `veil` (keep, add), each finished row is veiled while it is hot: `scale(p, keep) + add`.
    /// With `columns`, only those output columns of each row are written (the rest of the row is left as it was):
    /// the strips beside a floating sheet, where only they show.
    public func draw(rows: Range<Int>, columns: Range<Int>? = nil, from src: UnsafePointer<UInt32>, sourceWidth: Int, srcStride: Int,
                     into dst: UnsafeMutablePointer<UInt32>, dstStride: Int, scratch: UnsafeMutablePointer<UInt32>,
                     coverage: UnsafeMutablePointer<UInt8>? = nil, veil: (keep: UInt32, add: UInt32)? = nil) {
        let width = x.index.count
        let cols = (columns ?? 0..<width).clamped(to: 0..<width)
        guard !cols.isEmpty else { return }
        guard let veil else {
            draw(rows: rows, columns: cols, from: src, sourceWidth: sourceWidth, srcStride: srcStride, into: dst, dstStride: dstStride,
                 scratch: scratch, coverage: coverage)
            return
        }
        // A few rows at a time, veiled while they are still in the cache.
        for first in stride(from: rows.lowerBound, to: rows.upperBound, by: 16) {
            let chunk = first..<min(rows.upperBound, first + 16)
            draw(rows: chunk, columns: cols, from: src, sourceWidth: sourceWidth, srcStride: srcStride, into: dst, dstStride: dstStride,
                 scratch: scratch, coverage: coverage)
            for o in chunk {
                let at = dst + o * dstStride + cols.lowerBound
                PixelRow.scaleAdd(at, veil.keep, veil.add, into: at, count: cols.count)
            }
        }
    }

    func draw(rows: Range<Int>, columns cols: Range<Int>, from src: UnsafePointer<UInt32>, sourceWidth: Int, srcStride: Int,
              into dst: UnsafeMutablePointer<UInt32>, dstStride: Int, scratch: UnsafeMutablePointer<UInt32>,
              coverage: UnsafeMutablePointer<UInt8>?) {
        guard let coverage else {
            var own = [UInt8](repeating: 0, count: x.index.count)
            own.withUnsafeMutableBufferPointer { own in
                draw(rows: rows, columns: cols, from: src, sourceWidth: sourceWidth, srcStride: srcStride, into: dst, dstStride: dstStride,
                     scratch: scratch, coverage: own.baseAddress!)
            }
            return
        }
        let black = PremultipliedRGBA8.black.packed
        let covered = x.covered.clamped(to: cols)
        // Black in the asked columns left and right of the card.
        let blackLeft = cols.lowerBound..<max(cols.lowerBound, min(cols.upperBound, x.covered.lowerBound))
        let blackRight = min(cols.upperBound, max(cols.lowerBound, x.covered.upperBound))..<cols.upperBound
        guard !covered.isEmpty else {
            for o in rows { (dst + o * dstStride + cols.lowerBound).update(repeating: black, count: cols.count) }
            return
        }
        // The source columns the covered outputs read.
        let lo = Int(x.index[covered.lowerBound])
        let hi = min(sourceWidth, Int(x.index[covered.upperBound - 1]) + 2)
        let width = x.index.count
        let rowCov = coverage
        do {
            x.coverage.withUnsafeBufferPointer { xCov in
                for o in rows {
                    let out = dst + o * dstStride
                    let cy = UInt32(y.coverage[o])
                    if cy == 0 { (out + cols.lowerBound).update(repeating: black, count: cols.count); continue }
                    let i = Int(y.index[o]), f = y.weight[o]
                    let line: UnsafePointer<UInt32>
                    if f == 0 {
                        line = src + i * srcStride
                    } else {
                        PixelRow.lerp(src + i * srcStride + lo, src + (i + 1) * srcStride + lo, f, into: scratch + lo, count: hi - lo)
                        line = UnsafePointer(scratch)
                    }
                    PixelRow.resample(line, along: x, range: covered, into: out)
                    (out + blackLeft.lowerBound).update(repeating: black, count: blackLeft.count)
                    (out + blackRight.lowerBound).update(repeating: black, count: blackRight.count)
                    let inCorner = o >= cornerTop && o < cornerTop + cornerRows
                    if cy == 255 && !inCorner {
                        CoverageBlitter.apply(.overBlack, levels: xCov.baseAddress!,
                                              columns: (x.covered.lowerBound..<x.inner.lowerBound).clamped(to: covered), to: out)
                        CoverageBlitter.apply(.overBlack, levels: xCov.baseAddress!,
                                              columns: (max(x.inner.lowerBound, x.inner.upperBound)..<x.covered.upperBound).clamped(to: covered), to: out)
                        continue
                    }
                    // A partly covered row: each pixel's coverage is the product of its axes', or the corner's.
                    for c in covered { rowCov[c] = UInt8((UInt32(xCov[c]) * cy + 127) / 255) }
                    if inCorner {
                        let r = o - cornerTop
                        for c in 0..<cornerWidth {
                            let m = corner[r * cornerWidth + c]
                            let left = cornerLeft + c, right = width - 1 - left
                            if left < width { rowCov[left] = min(rowCov[left], m) }
                            if right >= 0 && right != left { rowCov[right] = min(rowCov[right], m) }
                        }
                    }
                    CoverageBlitter.apply(.overBlack, levels: UnsafePointer(rowCov), columns: covered, to: out)
                }
            }
        }
    }
}
