import Foundation

/// Analytic anti-aliased fills: the fast paths for rectangles, rounded rectangles, capsules, circles and
/// segments, beside the general filler (`Pixmap.fill(_ path:)`) they are tested against. Coverage is exact
/// for straight edges (the overlap of the pixel with the shape's span) and from the signed distance for
/// curved ones, which is within ~4 % of a pixel's area (11 levels of 255) for radii of a pixel or more.
/// Continuous corners take their distance from a table of Apple's curve (`ContinuousCorner`).
extension Pixmap {
    /// Fills a rectangle, blending its partially covered edge pixels.
    public mutating func fillRect(_ r: RectF, _ color: PremultipliedRGBA8) {
        fillRoundedRect(r, radius: 0, color)
    }

    /// Fills a rectangle with rounded corners; `topOnly` rounds just the top two.
    public mutating func fillRoundedRect(_ r: RectF, radius: Double, topOnly: Bool = false,
                                         curve: CornerCurve = .circular, _ color: PremultipliedRGBA8) {
        fillRoundedRect(r, topRadius: radius, bottomRadius: topOnly ? 0 : radius, curve: curve, color)
    }

    /// Fills a rectangle whose top corners and bottom corners round with different radii (either may be 0).
    /// Corners that do not fit shrink: each pair to half the width, and both pairs in proportion to the height.
    public mutating func fillRoundedRect(_ r: RectF, topRadius: Double, bottomRadius: Double,
                                         curve: CornerCurve = .circular, _ color: PremultipliedRGBA8) {
        guard color.a > 0 else { return }
        let src = color.packed
        fillRoundedRect(r, topRadius: topRadius, bottomRadius: bottomRadius, curve: curve) { _ in src }
    }

    /// How far the top and bottom corners of `r` reach along its edges, in pixels, after fitting them in.
    public static func cornerExtents(_ r: RectF, topRadius: Double, bottomRadius: Double,
                                     curve: CornerCurve) -> (top: Double, bottom: Double) {
        var top = min(curve.extent(radius: max(topRadius, 0)), r.width / 2)
        var bottom = min(curve.extent(radius: max(bottomRadius, 0)), r.width / 2)
        if top + bottom > r.height, top + bottom > 0 {
            let k = max(0, r.height) / (top + bottom)
            top *= k; bottom *= k
        }
        return (top, bottom)
    }

    /// Fills a rounded rectangle in a colour chosen per pixel row (`rowColor(y)`, packed premultiplied):
    /// exact edge coverage, the corners from the distance to their curves, and whole runs of interior
    /// pixels stored at once.
    mutating func fillRoundedRect(_ r: RectF, radius: Double, topOnly: Bool, curve: CornerCurve,
                                  rowColor: (Int) -> UInt32) {
        fillRoundedRect(r, topRadius: radius, bottomRadius: topOnly ? 0 : radius, curve: curve, rowColor: rowColor)
    }

    mutating func fillRoundedRect(_ r: RectF, topRadius: Double, bottomRadius: Double, curve: CornerCurve,
                                  rowColor: (Int) -> UInt32) {
        guard r.width > 0, r.height > 0 else { return }
        let (topExtent, bottomExtent) = Self.cornerExtents(r, topRadius: topRadius, bottomRadius: bottomRadius, curve: curve)
        let extent = max(topExtent, bottomExtent)
        let area = r.enclosingPixels.clipped(width: width, height: height)
        guard !area.isEmpty else { return }
        let w = width
        // Interior columns: pixels wholly inside horizontally, away from the corner curves.
        let solidX0 = max(area.x, Int((r.x + extent).rounded(.up))), solidX1 = min(area.maxX, Int((r.maxX - extent).rounded(.down)))
        let edgeX0 = max(area.x, Int(r.x.rounded(.up))), edgeX1 = min(area.maxX, Int(r.maxX.rounded(.down)))
        pixels.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            for py in area.y..<area.maxY {
                let y0 = Double(py), yc = y0 + 0.5
                let coverY = max(0, min(y0 + 1, r.maxY) - max(y0, r.y))
                if coverY <= 0 { continue }
                let src = rowColor(py)
                if src >> 24 == 0 { continue }
                let opaque = src >> 24 == 255
                let row = py * w
                let inTopBand = topExtent > 0 && yc < r.y + topExtent
                let inBottomBand = !inTopBand && bottomExtent > 0 && yc > r.maxY - bottomExtent
                let inCornerBand = inTopBand || inBottomBand
                let rowExtent = inTopBand ? topExtent : bottomExtent
                let cy = inTopBand ? r.y + topExtent : r.maxY - bottomExtent
                @inline(__always) func blend(_ px: Int) {
                    let x0 = Double(px), xc = x0 + 0.5
                    let coverX = max(0, min(x0 + 1, r.maxX) - max(x0, r.x))
                    if coverX <= 0 { return }
                    var coverage = coverX * coverY
                    if inCornerBand {
                        let cx = xc < r.x + rowExtent ? r.x + rowExtent : (xc > r.maxX - rowExtent ? r.maxX - rowExtent : xc)
                        if cx != xc {
                            coverage = min(coverage, Self.cornerCoverage(dx: xc - cx, dy: yc - cy, extent: rowExtent, curve: curve))
                        }
                    }
                    if coverage <= 0 { return }
                    let i = row + px
                    if coverage >= 1 { base[i] = opaque ? src : Pixel.over(src, base[i]); return }
                    base[i] = Pixel.over(Pixel.scale(src, Pixel.factor(coverage)), base[i])
                }
                // Columns to treat pixel by pixel on this row; between them a run of equal coverage.
                let slowL = min(max(inCornerBand ? solidX0 : edgeX0, area.x), area.maxX)
                let slowR = min(max(inCornerBand ? solidX1 : edgeX1, area.x), area.maxX)
                for px in area.x..<slowL { blend(px) }
                if slowR > slowL {
                    if coverY >= 1 && opaque {
                        (base + row + slowL).update(repeating: src, count: slowR - slowL)
                    } else {
                        let s = coverY >= 1 ? src : Pixel.scale(src, Pixel.factor(coverY))
                        for px in slowL..<slowR { base[row + px] = Pixel.over(s, base[row + px]) }
                    }
                }
                for px in max(slowR, slowL)..<area.maxX { blend(px) }
            }
        }
    }

    /// Coverage of a pixel centred at (dx, dy) from a corner's centre, for a corner of the given extent.
    @inlinable @inline(__always) static func cornerCoverage(dx: Double, dy: Double, extent: Double, curve: CornerCurve) -> Double {
        let distance: Double
        switch curve {
        case .circular:
            distance = (dx * dx + dy * dy).squareRoot() - extent
        case .continuous:
            distance = ContinuousCorner.distance(u: extent - abs(dx), v: extent - abs(dy), extent: extent)
        }
        return min(1, max(0, 0.5 - distance))
    }

    /// The exact area of a unit pixel on the inner side of a straight edge `u` away from its centre,
    /// for an edge whose unit normal has components a ≥ b ≥ 0.
    static func halfPlaneCoverage(_ u: Double, _ a: Double, _ b: Double) -> Double {
        let s = u + (a + b) / 2
        if s <= 0 { return 0 }
        if s >= a + b { return 1 }
        if b < 1e-9 { return min(1, s / a) }
        if s < b { return s * s / (2 * a * b) }
        if s <= a { return (s - b / 2) / a }
        let r = a + b - s
        return 1 - r * r / (2 * a * b)
    }

    /// Fills a capsule: a rounded rectangle whose radius is half its shorter side.
    public mutating func fillCapsule(_ r: RectF, _ color: PremultipliedRGBA8) {
        fillRoundedRect(r, radius: min(r.width, r.height) / 2, color)
    }

    /// Fills a circle.
    public mutating func fillCircle(cx: Double, cy: Double, radius: Double, _ color: PremultipliedRGBA8) {
        fillRoundedRect(RectF(x: cx - radius, y: cy - radius, width: 2 * radius, height: 2 * radius), radius: radius, color)
    }

    /// Fills a circle whose colour changes from row to row (a vertical gradient): `rowColor(y)` for pixel row y.
    public mutating func fillCircle(cx: Double, cy: Double, radius: Double, rowColor: (Int) -> PremultipliedRGBA8) {
        fillRoundedRect(RectF(x: cx - radius, y: cy - radius, width: 2 * radius, height: 2 * radius), radius: radius,
                        topOnly: false, curve: .circular) { rowColor($0).packed }
    }

    /// Strokes a straight segment of the given width with round caps.
    public mutating func strokeSegment(x0: Double, y0: Double, x1: Double, y1: Double, width lineWidth: Double,
                                       _ color: PremultipliedRGBA8) {
        guard lineWidth > 0, color.a > 0 else { return }
        let h = lineWidth / 2
        let bounds = RectF(x: min(x0, x1) - h - 1, y: min(y0, y1) - h - 1,
                           width: abs(x1 - x0) + lineWidth + 2, height: abs(y1 - y0) + lineWidth + 2)
        let area = bounds.enclosingPixels.clipped(width: width, height: height)
        guard !area.isEmpty else { return }
        let dx = x1 - x0, dy = y1 - y0
        let len2 = max(dx * dx + dy * dy, 1e-12)
        let len = len2.squareRoot()
        // The pixel's footprint across the edges' normal, for the exact half-plane coverage.
        let a = max(abs(dx), abs(dy)) / len, b = min(abs(dx), abs(dy)) / len
        let src = color.packed
        let w = width
        pixels.withUnsafeMutableBufferPointer { buf in
            for py in area.y..<area.maxY {
                let yc = Double(py) + 0.5
                for px in area.x..<area.maxX {
                    let xc = Double(px) + 0.5
                    let raw = ((xc - x0) * dx + (yc - y0) * dy) / len2
                    let coverage: Double
                    if raw > 0 && raw < 1 {
                        // Between the caps the edges are straight: cover exactly between two half-planes.
                        let e = ((xc - x0) * dy - (yc - y0) * dx) / len
                        coverage = max(0, Self.halfPlaneCoverage(h - e, a, b) + Self.halfPlaneCoverage(h + e, a, b) - 1)
                    } else {
                        let t = min(1, max(0, raw))
                        let ex = xc - (x0 + t * dx), ey = yc - (y0 + t * dy)
                        coverage = min(1, max(0, 0.5 - ((ex * ex + ey * ey).squareRoot() - h)))
                    }
                    if coverage <= 0 { continue }
                    let i = py * w + px
                    let s = coverage >= 1 ? src : Pixel.scale(src, Pixel.factor(coverage))
                    buf[i] = Pixel.over(s, buf[i])
                }
            }
        }
    }
}
