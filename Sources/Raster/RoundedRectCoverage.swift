/// The analytic coverage source for rectangles whose top and bottom corner pairs round with circular or
/// continuous corners (plain rectangles, capsules and circles among them): exact coverage for the straight edges
/// (the overlap of each pixel with the rectangle), the corners' from the distance to their curves
/// (`CornerGeometry`), read through the shape's `OutlineField`, whose `coverage(px:py:)` it is pixel for pixel.
///
/// A row's interior (the columns wholly inside horizontally and clear of the corners) is handed out as one run at
/// the row's vertical coverage; only the pixels beside it are worked out one by one.
public struct RoundedRectCoverage: CoverageSource, Sendable {
    /// The outline: edges, corner extents and curve.
    public let field: OutlineField
    /// Columns the rectangle touches, and those wholly inside it: between its edges, and clear of both corner pairs.
    @usableFromInline let touched: Range<Int>, inside: Range<Int>, clear: Range<Int>

    /// The source for `field`'s outline.
    public init(_ field: OutlineField) {
        self.field = field
        let extent = max(field.topExtent, field.bottomExtent)
        let x0 = Int(field.left.rounded(.down)), x1 = max(x0, Int(field.right.rounded(.up)))
        touched = x0..<x1
        inside = Int(field.left.rounded(.up))..<max(Int(field.left.rounded(.up)), Int(field.right.rounded(.down)))
        let c0 = Int((field.left + extent).rounded(.up))
        clear = c0..<max(c0, Int((field.right - extent).rounded(.down)))
    }

    /// The source for `rect` with corners of nominal radii, fitted in as `Pixmap.cornerExtents` fits them.
    public init(_ rect: RectF, topRadius: Double, bottomRadius: Double, curve: CornerCurve) {
        self.init(OutlineField(rect, topRadius: topRadius, bottomRadius: bottomRadius, curve: curve))
    }

    public func rows(width: Int, height: Int) -> Range<Int> {
        guard field.right > field.left, field.bottom > field.top, width > 0 else { return 0..<0 }
        let y0 = max(0, Int(field.top.rounded(.down))), y1 = min(height, Int(field.bottom.rounded(.up)))
        return y0..<max(y0, y1)
    }

    @inlinable @inline(__always)
    public mutating func row<Sink: CoverageSink>(_ y: Int, width: Int, into sink: inout Sink) {
        let f = field
        let g = f.row(y)
        if g.coverY <= 0 { return }
        let ax = max(0, touched.lowerBound), bx = min(width, touched.upperBound)
        guard ax < bx else { return }
        // Columns between these take the row's coverage; beside them each pixel is worked out.
        let solid = g.extent > 0 ? clear : inside
        let runL = min(max(solid.lowerBound, ax), bx), runR = max(runL, min(max(solid.upperBound, ax), bx))
        for px in ax..<runL { sink.pixel(px, CoverageLevel.level(f.coverage(px: px, in: g))) }
        sink.run(runL..<runR, CoverageLevel.level(g.coverY))
        for px in runR..<bx { sink.pixel(px, CoverageLevel.level(f.coverage(px: px, in: g))) }
    }
}

/// The analytic coverage source for a straight segment with round caps: between the caps the coverage is exact
/// between the two edges' half-planes, on the caps it is from the distance to the end point.
public struct SegmentCoverage: CoverageSource, Sendable {
    public let x0, y0, x1, y1, lineWidth: Double
    let dx, dy, len2, len, a, b: Double
    let bounds: PixelRect

    public init(x0: Double, y0: Double, x1: Double, y1: Double, width lineWidth: Double) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1; self.lineWidth = lineWidth
        let h = lineWidth / 2
        bounds = RectF(x: min(x0, x1) - h - 1, y: min(y0, y1) - h - 1,
                       width: abs(x1 - x0) + lineWidth + 2, height: abs(y1 - y0) + lineWidth + 2).enclosingPixels
        dx = x1 - x0; dy = y1 - y0
        len2 = max(dx * dx + dy * dy, 1e-12)
        len = len2.squareRoot()
        // The pixel's footprint across the edges' normal, for the exact half-plane coverage.
        a = max(abs(dx), abs(dy)) / len; b = min(abs(dx), abs(dy)) / len
    }

    public func rows(width: Int, height: Int) -> Range<Int> {
        guard lineWidth > 0 else { return 0..<0 }
        let r = bounds.clipped(width: width, height: height)
        return r.isEmpty ? 0..<0 : r.y..<r.maxY
    }

    public mutating func row<Sink: CoverageSink>(_ py: Int, width: Int, into sink: inout Sink) {
        let ax = max(0, bounds.x), bx = min(width, bounds.maxX)
        guard ax < bx else { return }
        let h = lineWidth / 2
        let yc = Double(py) + 0.5
        for px in ax..<bx {
            let xc = Double(px) + 0.5
            let raw = ((xc - x0) * dx + (yc - y0) * dy) / len2
            let coverage: Double
            if raw > 0 && raw < 1 {
                // Between the caps the edges are straight: cover exactly between two half-planes.
                let e = ((xc - x0) * dy - (yc - y0) * dx) / len
                coverage = max(0, Pixmap.halfPlaneCoverage(h - e, a, b) + Pixmap.halfPlaneCoverage(h + e, a, b) - 1)
            } else {
                let t = min(1, max(0, raw))
                let ex = xc - (x0 + t * dx), ey = yc - (y0 + t * dy)
                coverage = CoverageLevel.coverage(distance: (ex * ex + ey * ey).squareRoot() - h)
            }
            sink.pixel(px, CoverageLevel.level(coverage))
        }
    }
}
