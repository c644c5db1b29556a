/// Strokes as outlines: a polyline widened into a closed path that `Pixmap.fill` fills.
extension Path {
    /// The outline of a polyline stroked `width` wide, with mitred joins (the mitre limited to twice the
    /// half width) and butt ends, or round ends on request; a closed polyline gives a band with a hole.
    public static func stroke(_ pts: [SIMD2<Double>], width: Double, closed: Bool = false, roundCaps: Bool = false,
                              detail: Double) -> Path {
        guard pts.count >= 2 else { return Path() }
        let hw = width / 2
        let n = pts.count
        func normal(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
            let d = b - a
            let l = max((d * d).sum().squareRoot(), 1e-12)
            return SIMD2(-d.y / l, d.x / l)
        }
        var offsets: [SIMD2<Double>] = []
        for i in 0..<n {
            let prev = i > 0 ? i - 1 : (closed ? n - 1 : -1)
            let next = i < n - 1 ? i + 1 : (closed ? 0 : -1)
            let na = prev >= 0 ? normal(pts[prev], pts[i]) : nil
            let nb = next >= 0 ? normal(pts[i], pts[next]) : nil
            switch (na, nb) {
            case let (a?, b?):
                // The mitre: along the mean normal, long enough to keep both sides `hw` away.
                var m = a + b
                let l = (m * m).sum().squareRoot()
                if l < 1e-9 { m = a } else { m /= l }
                let c = max((m * a).sum(), 0.5)
                offsets.append(m * (hw / c))
            case let (a?, nil): offsets.append(a * hw)
            case let (nil, b?): offsets.append(b * hw)
            default: offsets.append(.zero)
            }
        }
        var path = Path()
        if closed {
            let left = (0..<n).map { pts[$0] + offsets[$0] }
            let right = (0..<n).map { pts[$0] - offsets[$0] }
            let la = abs(signedArea(left)), ra = abs(signedArea(right))
            path.add(la >= ra ? left : right)
            path.add(la >= ra ? right : left, hole: true)
        } else {
            var outline = (0..<n).map { pts[$0] + offsets[$0] }
            outline += (0..<n).reversed().map { pts[$0] - offsets[$0] }
            path.add(outline)
            if roundCaps {
                path.add(circle(cx: pts[0].x, cy: pts[0].y, r: hw, detail: detail))
                path.add(circle(cx: pts[n - 1].x, cy: pts[n - 1].y, r: hw, detail: detail))
            }
        }
        return path
    }
}
