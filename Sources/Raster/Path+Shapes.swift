import Foundation

/// Curves as polygons: arcs, circles, ellipses, rings, rounded rectangles and teardrops.
/// `detail` is pixels per unit of the coordinates, so curves get enough sides at every scale.
extension Path {
    /// How many straight pieces approximate an arc of `radius` units sweeping `angle`, at `detail` pixels per unit.
    static func segments(radius: Double, angle: Double, detail: Double) -> Int {
        let pixels = abs(angle) * radius * detail
        return min(720, max(6, Int((pixels / 1.6).rounded(.up))))
    }

    /// How far out to put the vertices of a polygon whose sides each turn `step` radians, so that it encloses
    /// the same area as the curve it stands for (the chords cut inside it, the corners stick out).
    static func areaPreserving(_ step: Double) -> Double {
        let t = abs(step)
        return t < 1e-6 ? 1 : (t / sin(t)).squareRoot()
    }

    /// The points along an arc of radius `r` about (cx, cy) from angle `a0` to `a1` (radians, clockwise on screen).
    /// Its end points lie on the circle, where arcs meet straight sides.
    public static func arc(cx: Double, cy: Double, r: Double, from a0: Double, to a1: Double, detail: Double) -> [SIMD2<Double>] {
        let n = segments(radius: r, angle: a1 - a0, detail: detail)
        let rr = r * areaPreserving((a1 - a0) / Double(n))
        return (0...n).map { i in
            let a = a0 + (a1 - a0) * Double(i) / Double(n)
            let k = (i == 0 || i == n) ? r : rr
            return SIMD2(cx + k * cos(a), cy + k * sin(a))
        }
    }

    /// A circle of radius `r` about (cx, cy).
    public static func circle(cx: Double, cy: Double, r: Double, detail: Double) -> Path {
        ellipse(cx: cx, cy: cy, rx: r, ry: r, detail: detail)
    }

    /// An axis-aligned ellipse with radii `rx` and `ry` about (cx, cy).
    public static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double, detail: Double) -> Path {
        let n = segments(radius: max(rx, ry), angle: 2 * .pi, detail: detail)
        let k = areaPreserving(2 * .pi / Double(n))
        return Path((0..<n).map { i in
            let a = 2 * Double.pi * Double(i) / Double(n)
            return SIMD2(cx + k * rx * cos(a), cy + k * ry * sin(a))
        })
    }

    /// A ring: the band between radii r − width/2 and r + width/2.
    public static func ring(cx: Double, cy: Double, r: Double, width: Double, detail: Double) -> Path {
        var p = circle(cx: cx, cy: cy, r: r + width / 2, detail: detail)
        let inner = r - width / 2
        if inner > 0 { p.add(circle(cx: cx, cy: cy, r: inner, detail: detail).contours[0], hole: true) }
        return p
    }

    /// An axis-aligned rectangle.
    public static func rect(x: Double, y: Double, w: Double, h: Double) -> Path {
        Path([SIMD2(x, y), SIMD2(x + w, y), SIMD2(x + w, y + h), SIMD2(x, y + h)])
    }

    /// A rectangle with circular corners of radius `r` (at most half the shorter side).
    public static func roundedRect(x: Double, y: Double, w: Double, h: Double, r: Double, detail: Double) -> Path {
        let r = min(r, w / 2, h / 2)
        guard r > 0 else { return rect(x: x, y: y, w: w, h: h) }
        var pts: [SIMD2<Double>] = []
        pts += arc(cx: x + w - r, cy: y + r, r: r, from: -.pi / 2, to: 0, detail: detail)
        pts += arc(cx: x + w - r, cy: y + h - r, r: r, from: 0, to: .pi / 2, detail: detail)
        pts += arc(cx: x + r, cy: y + h - r, r: r, from: .pi / 2, to: .pi, detail: detail)
        pts += arc(cx: x + r, cy: y + r, r: r, from: .pi, to: 1.5 * .pi, detail: detail)
        return Path(pts)
    }

    /// A teardrop: a circle of radius `r` centred on (cx, cy), joined by its two tangents to a tip at (cx, tipY) below it.
    public static func teardrop(cx: Double, cy: Double, r: Double, tipY: Double, detail: Double) -> Path {
        let d = max(tipY - cy, r * 1.01)
        let phi = acos(r / d) // angle at the centre between "down" and a tangent point
        // In screen angles (y down), "down" is +π/2.
        let start = Double.pi / 2 + phi, end = Double.pi / 2 - phi + 2 * .pi
        var pts = arc(cx: cx, cy: cy, r: r, from: start, to: end, detail: detail)
        pts.append(SIMD2(cx, cy + d))
        return Path(pts)
    }
}
