import Foundation
import Raster

/// Closed polygons for the scenes, filled with exact anti-aliased coverage (signed area).
/// Every contour added as a shape winds the same way, so overlapping shapes union; holes wind the other way.
struct ScenePath {
    private(set) var contours: [[SIMD2<Double>]] = []

    init() {}

    init(_ points: [SIMD2<Double>]) { add(points) }

    /// Adds a closed contour; a hole cuts it out of the shapes around it.
    mutating func add(_ points: [SIMD2<Double>], hole: Bool = false) {
        guard points.count >= 3 else { return }
        let area = Self.signedArea(points)
        if (area < 0) != hole { contours.append(points.reversed()) } else { contours.append(points) }
    }

    mutating func add(_ other: ScenePath) { contours += other.contours }

    static func signedArea(_ p: [SIMD2<Double>]) -> Double {
        var a = 0.0
        for i in 0..<p.count {
            let q = p[i], r = p[(i + 1) % p.count]
            a += q.x * r.y - r.x * q.y
        }
        return a / 2
    }

    /// How many straight pieces approximate an arc of `radius` points sweeping `angle`, at `detail` pixels per point.
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

    static func arc(cx: Double, cy: Double, r: Double, from a0: Double, to a1: Double, detail: Double) -> [SIMD2<Double>] {
        let n = segments(radius: r, angle: a1 - a0, detail: detail)
        let rr = r * areaPreserving((a1 - a0) / Double(n))
        return (0...n).map { i in
            let a = a0 + (a1 - a0) * Double(i) / Double(n)
            // The end points stay on the curve, where arcs meet straight sides.
            let k = (i == 0 || i == n) ? r : rr
            return SIMD2(cx + k * cos(a), cy + k * sin(a))
        }
    }

    static func circle(cx: Double, cy: Double, r: Double, detail: Double) -> ScenePath {
        ellipse(cx: cx, cy: cy, rx: r, ry: r, detail: detail)
    }

    static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double, detail: Double) -> ScenePath {
        let n = segments(radius: max(rx, ry), angle: 2 * .pi, detail: detail)
        let k = areaPreserving(2 * .pi / Double(n))
        return ScenePath((0..<n).map { i in
            let a = 2 * Double.pi * Double(i) / Double(n)
            return SIMD2(cx + k * rx * cos(a), cy + k * ry * sin(a))
        })
    }

    /// A ring: the band between radii r − width/2 and r + width/2.
    static func ring(cx: Double, cy: Double, r: Double, width: Double, detail: Double) -> ScenePath {
        var p = circle(cx: cx, cy: cy, r: r + width / 2, detail: detail)
        let inner = r - width / 2
        if inner > 0 { p.add(circle(cx: cx, cy: cy, r: inner, detail: detail).contours[0], hole: true) }
        return p
    }

    static func rect(x: Double, y: Double, w: Double, h: Double) -> ScenePath {
        ScenePath([SIMD2(x, y), SIMD2(x + w, y), SIMD2(x + w, y + h), SIMD2(x, y + h)])
    }

    static func roundedRect(x: Double, y: Double, w: Double, h: Double, r: Double, detail: Double) -> ScenePath {
        let r = min(r, w / 2, h / 2)
        guard r > 0 else { return rect(x: x, y: y, w: w, h: h) }
        var pts: [SIMD2<Double>] = []
        pts += arc(cx: x + w - r, cy: y + r, r: r, from: -.pi / 2, to: 0, detail: detail)
        pts += arc(cx: x + w - r, cy: y + h - r, r: r, from: 0, to: .pi / 2, detail: detail)
        pts += arc(cx: x + r, cy: y + h - r, r: r, from: .pi / 2, to: .pi, detail: detail)
        pts += arc(cx: x + r, cy: y + r, r: r, from: .pi, to: 1.5 * .pi, detail: detail)
        return ScenePath(pts)
    }

    /// A teardrop: a circle of radius `r` centred on (cx, cy), joined by its two tangents to a tip at (cx, tipY) below it.
    static func teardrop(cx: Double, cy: Double, r: Double, tipY: Double, detail: Double) -> ScenePath {
        let d = max(tipY - cy, r * 1.01)
        let phi = acos(r / d) // angle at the centre between "down" and a tangent point
        // In screen angles (y down), "down" is +π/2.
        let start = Double.pi / 2 + phi, end = Double.pi / 2 - phi + 2 * .pi
        var pts = arc(cx: cx, cy: cy, r: r, from: start, to: end, detail: detail)
        pts.append(SIMD2(cx, cy + d))
        return ScenePath(pts)
    }

    /// The outline of a polyline stroked `width` wide, with mitred joins and butt ends (round ends on request).
    static func stroke(_ pts: [SIMD2<Double>], width: Double, closed: Bool = false, roundCaps: Bool = false,
                       detail: Double) -> ScenePath {
        guard pts.count >= 2 else { return ScenePath() }
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
        var path = ScenePath()
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

    /// This path scaled about the origin, then moved.
    func transformed(scale s: Double, dx: Double = 0, dy: Double = 0) -> ScenePath {
        var out = ScenePath()
        out.contours = contours.map { $0.map { SIMD2($0.x * s + dx, $0.y * s + dy) } }
        return out
    }

    var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var b = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for c in contours {
            for p in c {
                b.0 = min(b.0, p.x); b.1 = min(b.1, p.y); b.2 = max(b.2, p.x); b.3 = max(b.3, p.y)
            }
        }
        return b
    }
}

extension Pixmap {
    /// Fills `path` (in pixels) with `color`, anti-aliased by exact signed area. Works in bands of rows
    /// so that long thin shapes (diagonal avenues) cost their area, not their bounding box.
    mutating func fillPath(_ path: ScenePath, _ color: PremultipliedRGBA8) {
        guard color.a > 0, width > 0, height > 0 else { return }
        struct Edge { var x0, y0, x1, y1: Double }
        var edges: [Edge] = []
        let maxX = Double(width)
        func clampX(_ x: Double) -> Double { min(max(x, 0), maxX) }
        // Pieces of an edge left or right of the pixmap are pressed onto its sides: the winding is unchanged inside.
        func addEdge(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
            if a.y == b.y { return }
            var ts: [Double] = [0, 1]
            for bound in [0.0, maxX] where (a.x < bound) != (b.x < bound) {
                ts.append((bound - a.x) / (b.x - a.x))
            }
            ts.sort()
            for k in 0..<(ts.count - 1) {
                let t0 = ts[k], t1 = ts[k + 1]
                if t1 <= t0 { continue }
                let p = a + (b - a) * t0, q = a + (b - a) * t1
                let y0 = k == 0 ? a.y : p.y, y1 = k == ts.count - 2 ? b.y : q.y
                if y0 != y1 { edges.append(Edge(x0: clampX(p.x), y0: y0, x1: clampX(q.x), y1: y1)) }
            }
        }
        var minY = Double.infinity, maxY = -Double.infinity
        for c in path.contours where c.count >= 3 {
            for i in 0..<c.count {
                let a = c[i], b = c[(i + 1) % c.count]
                addEdge(a, b)
                minY = min(minY, a.y); maxY = max(maxY, a.y)
            }
        }
        guard !edges.isEmpty else { return }
        let yStart = max(0, Int(minY.rounded(.down))), yEnd = min(height, Int(maxY.rounded(.up)))
        guard yStart < yEnd else { return }
        let band = 32
        var scratch = [Float]()
        let src = color.packed
        let opaque = color.a == 255
        let w = width
        var active: [Edge] = []
        active.reserveCapacity(edges.count)
        pixels.withUnsafeMutableBufferPointer { dst in
            var top = yStart
            while top < yEnd {
                let rows = min(band, yEnd - top)
                let bTop = Double(top), bBot = Double(top + rows)
                active.removeAll(keepingCapacity: true)
                var lo = Double.infinity, hi = -Double.infinity
                for e in edges {
                    let ey0 = min(e.y0, e.y1), ey1 = max(e.y0, e.y1)
                    if ey1 <= bTop || ey0 >= bBot { continue }
                    active.append(e)
                    let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
                    let ya = max(ey0, bTop), yb = min(ey1, bBot)
                    let xa = e.x0 + (ya - e.y0) * dxdy, xb = e.x0 + (yb - e.y0) * dxdy
                    lo = min(lo, xa, xb); hi = max(hi, xa, xb)
                }
                if active.isEmpty { top += rows; continue }
                let xOrigin = max(0, Int(lo.rounded(.down)) - 1)
                let lw = min(w + 1, Int(hi.rounded(.up)) + 1) - xOrigin + 3
                if scratch.count < lw * rows { scratch = [Float](repeating: 0, count: lw * rows) }
                scratch.withUnsafeMutableBufferPointer { accBuf in
                    let acc = accBuf.baseAddress!
                    let ox = Double(xOrigin)
                    for e in active {
                        Self.accumulate(acc, w: lw, h: rows, x0: e.x0 - ox, y0: e.y0 - bTop, x1: e.x1 - ox, y1: e.y1 - bTop)
                    }
                    for r in 0..<rows {
                        var sum: Float = 0
                        let line = r * lw
                        let drow = (top + r) * w
                        for i in 0..<lw {
                            sum += acc[line + i]
                            acc[line + i] = 0
                            let px = xOrigin + i
                            if px >= w { continue }
                            let cov = min(1, abs(sum))
                            if cov < 0.002 { continue }
                            let di = drow + px
                            if cov > 0.998 {
                                dst[di] = opaque ? src : Pixel.over(src, dst[di])
                            } else {
                                dst[di] = Pixel.over(Pixel.scale(src, UInt32(cov * 255 + 0.5)), dst[di])
                            }
                        }
                    }
                }
                top += rows
            }
        }
    }

    /// Adds one edge's signed area to the accumulation buffer (after font-rs by Raph Levien).
    @inline(__always)
    private static func accumulate(_ acc: UnsafeMutablePointer<Float>, w: Int, h: Int,
                                   x0: Double, y0: Double, x1: Double, y1: Double) {
        if y0 == y1 { return }
        let dir: Float
        let ax, ay, bx, by: Double
        if y0 < y1 { dir = 1; ax = x0; ay = y0; bx = x1; by = y1 } else { dir = -1; ax = x1; ay = y1; bx = x0; by = y0 }
        let dxdy = (bx - ax) / (by - ay)
        var x = ax
        let yFirst = max(0, Int(ay.rounded(.down)))
        if ay < 0 { x -= ay * dxdy }
        let yLast = min(h, Int(by.rounded(.up)))
        if yFirst >= yLast { return }
        for y in yFirst..<yLast {
            let line = y * w
            let dy = min(Double(y + 1), by) - max(Double(y), ay)
            let xnext = x + dxdy * dy
            let d = Float(dy) * dir
            let lo = max(0, min(x, xnext)), hi = max(0, max(x, xnext))
            let loF = lo.rounded(.down), hiC = hi.rounded(.up)
            let loI = Int(loF), hiI = Int(hiC)
            if hiI <= loI + 1 {
                let xmf = Float(0.5 * (x + xnext) - loF)
                acc[line + loI] += d - d * xmf
                acc[line + loI + 1] += d * xmf
            } else {
                let s = Float(1 / (hi - lo))
                let x0f = Float(lo - loF)
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = Float(hi - hiC + 1)
                let am = 0.5 * s * x1f * x1f
                acc[line + loI] += d * a0
                if hiI == loI + 2 {
                    acc[line + loI + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - x0f)
                    acc[line + loI + 1] += d * (a1 - a0)
                    var xi = loI + 2
                    let ds = d * s
                    while xi < hiI - 1 { acc[line + xi] += ds; xi += 1 }
                    let a2 = a1 + Float(hiI - loI - 3) * s
                    acc[line + hiI - 1] += d * (1 - a2 - am)
                }
                acc[line + hiI] += d * am
            }
            x = xnext
        }
    }
}

extension Pixmap {
    /// Fills an axis-aligned rectangle with circular corners of `radius` pixels: exact edge coverage,
    /// the corners from the distance to their arcs, and whole runs of interior pixels stored at once.
    mutating func fillBox(_ r: RectF, radius: Double = 0, _ color: PremultipliedRGBA8) {
        guard r.width > 0, r.height > 0, color.a > 0 else { return }
        let rad = min(max(radius, 0), r.width / 2, r.height / 2)
        let area = r.enclosingPixels.clipped(width: width, height: height)
        guard !area.isEmpty else { return }
        let src = color.packed
        let opaque = color.a == 255
        let w = width
        // Interior columns: pixels wholly inside horizontally, away from the corner arcs.
        let solidX0 = max(area.x, Int((r.x + rad).rounded(.up))), solidX1 = min(area.maxX, Int((r.maxX - rad).rounded(.down)))
        let edgeX0 = max(area.x, Int(r.x.rounded(.up))), edgeX1 = min(area.maxX, Int(r.maxX.rounded(.down)))
        pixels.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            @inline(__always) func blend(_ i: Int, _ coverage: Double) {
                if coverage <= 0 { return }
                if coverage >= 1 { base[i] = opaque ? src : Pixel.over(src, base[i]); return }
                base[i] = Pixel.over(Pixel.scale(src, UInt32(coverage * 255 + 0.5)), base[i])
            }
            for py in area.y..<area.maxY {
                let y0 = Double(py), yc = y0 + 0.5
                let coverY = max(0, min(y0 + 1, r.maxY) - max(y0, r.y))
                if coverY <= 0 { continue }
                let row = py * w
                let inCornerBand = rad > 0 && (yc < r.y + rad || yc > r.maxY - rad)
                // Columns to treat pixel by pixel on this row.
                let slowL = min(max(inCornerBand ? solidX0 : edgeX0, area.x), area.maxX)
                let slowR = min(max(inCornerBand ? solidX1 : edgeX1, area.x), area.maxX)
                for px in area.x..<slowL {
                    blend(row + px, Self.coverage(px, yc, coverY, r, rad))
                }
                if slowR > slowL {
                    if coverY >= 1 && opaque {
                        (base + row + slowL).update(repeating: src, count: slowR - slowL)
                    } else {
                        let s = coverY >= 1 ? src : Pixel.scale(src, UInt32(coverY * 255 + 0.5))
                        for px in slowL..<slowR { base[row + px] = Pixel.over(s, base[row + px]) }
                    }
                }
                for px in max(slowR, slowL)..<area.maxX {
                    blend(row + px, Self.coverage(px, yc, coverY, r, rad))
                }
            }
        }
    }

    @inline(__always)
    private static func coverage(_ px: Int, _ yc: Double, _ coverY: Double, _ r: RectF, _ rad: Double) -> Double {
        let x0 = Double(px), xc = x0 + 0.5
        let coverX = max(0, min(x0 + 1, r.maxX) - max(x0, r.x))
        var c = coverX * coverY
        if rad > 0 {
            let cx = xc < r.x + rad ? r.x + rad : (xc > r.maxX - rad ? r.maxX - rad : xc)
            let cy = yc < r.y + rad ? r.y + rad : (yc > r.maxY - rad ? r.maxY - rad : yc)
            if cx != xc && cy != yc {
                let dx = xc - cx, dy = yc - cy
                c = min(c, max(0, min(1, 0.5 - ((dx * dx + dy * dy).squareRoot() - rad))))
            }
        }
        return c
    }
}
