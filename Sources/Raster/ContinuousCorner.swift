import Foundation

/// Apple's continuous corner (iOS 7's `UIBezierPath(roundedRect:cornerRadius:)`, CALayer's `.continuous`
/// `cornerCurve`), as reverse-engineered by PaintCode ("The code behind the iOS 7 rounded rectangle") and
/// ported widely: per corner a cubic that leaves the straight edge with zero curvature, a cubic standing for
/// a circular arc of radius ≈ r about (r, r), and the first cubic mirrored back onto the other edge.
///
/// Coordinates here are in units of the nominal radius r, measured from the rectangle's corner:
/// `u` is the distance from the vertical edge, `v` from the horizontal edge. The curve runs from
/// (extent, 0) on the horizontal edge to (0, extent) on the vertical one, symmetric about u = v.
///
/// Measured (ContinuousCornerTests): the middle cubic spans 46.6° seen from (r, r), within 0.0042 r of the
/// circle of radius r there; the whole curve stays within 0.0138 r inside that circle over the quarter where
/// the circle lies; it meets the edges tangentially with zero curvature, and the arc with a 2.45° turn (the
/// published constants' own). The n = 4 superellipse it replaces was up to 0.068 r away from it.
public enum ContinuousCorner {
    /// How far along each edge the curve reaches, in radii (the published 1.52866483).
    public static let extent = 1.52866483

    /// Where the edge cubic meets the arc (and, mirrored, where the arc meets the other cubic).
    static let join = SIMD2(0.63149379, 0.07491139)

    /// The three cubics from (extent, 0) to (0, extent): start, control 1, control 2, end.
    public static let segments: [[SIMD2<Double>]] = {
        let edge = [SIMD2(extent, 0), SIMD2(1.08849296, 0), SIMD2(0.86840694, 0), join]
        let arc = [join, SIMD2(0.37282383, 0.16905956), SIMD2(0.16905956, 0.37282383), SIMD2(join.y, join.x)]
        let back = edge.reversed().map { SIMD2($0.y, $0.x) }
        return [edge, arc, back]
    }()

    /// The point at `t` (0…1) along a cubic.
    static func point(_ c: [SIMD2<Double>], _ t: Double) -> SIMD2<Double> {
        let m = 1 - t
        return m * m * m * c[0] + 3 * m * m * t * c[1] + 3 * m * t * t * c[2] + t * t * t * c[3]
    }

    /// The derivative at `t` (0…1) along a cubic.
    static func tangent(_ c: [SIMD2<Double>], _ t: Double) -> SIMD2<Double> {
        let m = 1 - t
        return 3 * m * m * (c[1] - c[0]) + 6 * m * t * (c[2] - c[1]) + 3 * t * t * (c[3] - c[2])
    }

    /// The corner's outline in radii, from (extent, 0) to (0, extent), `perSegment` straight pieces per cubic.
    public static func outline(perSegment n: Int) -> [SIMD2<Double>] {
        let n = max(1, n)
        var pts = [segments[0][0]]
        for c in segments {
            for i in 1...n { pts.append(point(c, Double(i) / Double(n))) }
        }
        return pts
    }

    /// How many pieces per cubic give `detail` pixels per unit a smooth outline at radius `r` (units).
    static func piecesPerSegment(radius r: Double, detail: Double) -> Int {
        min(240, max(4, Int((r * detail / 2).rounded(.up))))
    }

    // MARK: Coverage

    /// The outer half of the curve (u ≥ v) as v = g(u), sampled evenly over u in 0…extent, with the cosine of
    /// its slope there: the vertical gap to the curve times that cosine is the distance to it, to first order.
    @usableFromInline static let samples = 2048
    @usableFromInline static let diagonal = point(segments[1], 0.5).x
    @usableFromInline static let table: [SIMD2<Double>] = {
        // Dense points of the edge cubic and the first half of the arc, u decreasing.
        var pts: [SIMD2<Double>] = []
        let dense = 4096
        for i in 0...dense { pts.append(point(segments[0], Double(i) / Double(dense))) }
        for i in 1...dense { pts.append(point(segments[1], 0.5 * Double(i) / Double(dense))) }
        pts.reverse() // u increasing
        var out: [SIMD2<Double>] = []
        out.reserveCapacity(samples + 1)
        var k = 0
        for i in 0...samples {
            let u = extent * Double(i) / Double(samples)
            if u <= pts[0].x {
                // Beyond the diagonal point the curve continues as its mirror image; the tangent there is at 45°.
                out.append(SIMD2(pts[0].y + (pts[0].x - u), 0.5.squareRoot()))
                continue
            }
            while k + 1 < pts.count - 1 && pts[k + 1].x < u { k += 1 }
            let a = pts[k], b = pts[k + 1]
            let f = b.x > a.x ? (u - a.x) / (b.x - a.x) : 0
            let slope = b.x > a.x ? (b.y - a.y) / (b.x - a.x) : 0
            out.append(SIMD2(a.y + (b.y - a.y) * f, 1 / (1 + slope * slope).squareRoot()))
        }
        return out
    }()

    /// Signed distance in pixels (positive outside) from a point `u`, `v` pixels in from the two edges to a
    /// corner whose curve reaches `extent` pixels along each edge.
    @inlinable @inline(__always) public static func distance(u: Double, v: Double, extent e: Double) -> Double {
        let a = max(u, v), b = min(u, v)
        let unit = e / extent
        let d = diagonal * unit
        // Nearer the corner than the diagonal point: the curve there is the tangent line at 45°.
        if a <= d { return (2 * d - a - b) * 0.5.squareRoot() }
        let x = min(a / e, 1) * Double(samples)
        let i = min(Int(x), samples - 1)
        let f = x - Double(i)
        let p = table[i], q = table[i + 1]
        let g = (p.x + (q.x - p.x) * f) * unit
        let cosine = p.y + (q.y - p.y) * f
        return (g - b) * cosine
    }
}

extension Path {
    /// A rectangle with Apple's continuous corners of nominal radius `r`; each corner reaches
    /// `ContinuousCorner.extent` · r along its edges, r shrinking so that the corners fit the shorter side.
    public static func continuousRoundedRect(x: Double, y: Double, w: Double, h: Double, r: Double, detail: Double) -> Path {
        let r = min(max(r, 0), min(w, h) / 2 / ContinuousCorner.extent)
        guard r > 0 else { return rect(x: x, y: y, w: w, h: h) }
        let unit = ContinuousCorner.outline(perSegment: ContinuousCorner.piecesPerSegment(radius: r, detail: detail))
        var pts: [SIMD2<Double>] = []
        // Clockwise on screen from the top edge: each corner maps (u, v) onto the rectangle.
        pts += unit.map { SIMD2(x + w - r * $0.x, y + r * $0.y) }               // top right: edge → down
        pts += unit.map { SIMD2(x + w - r * $0.y, y + h - r * $0.x) }           // bottom right
        pts += unit.map { SIMD2(x + r * $0.x, y + h - r * $0.y) }               // bottom left
        pts += unit.map { SIMD2(x + r * $0.y, y + r * $0.x) }                   // top left
        return Path(pts)
    }
}
