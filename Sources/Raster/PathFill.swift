/// The general filler: a path's edges, clipped to the pixmap, scan-converted into signed-area coverage
/// (`PathCoverage`) band by band, then blended. The analytic shapes in `Shapes.swift` are fast paths
/// for rectangles, circles and segments, tested against this filler.
extension Pixmap {
    /// Fills `path` (in pixels) with `color`, anti-aliased by exact signed area. Works in bands of rows
    /// so that long thin shapes (diagonal avenues) cost their area, not their bounding box.
    public mutating func fill(_ path: Path, _ color: PremultipliedRGBA8) {
        guard color.a > 0, width > 0, height > 0 else { return }
        let (edges, minY, maxY) = Self.edges(of: path, clippedToWidth: Double(width))
        guard !edges.isEmpty else { return }
        let yStart = max(0, Int(minY.rounded(.down))), yEnd = min(height, Int(maxY.rounded(.up)))
        guard yStart < yEnd else { return }
        let band = 32
        var scratch = [Float]()
        let src = color.packed
        let opaque = color.a == 255
        let w = width
        var active: [PathEdge] = []
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
                        PathCoverage.accumulate(acc, w: lw, h: rows, x0: e.x0 - ox, y0: e.y0 - bTop, x1: e.x1 - ox, y1: e.y1 - bTop)
                    }
                    // The running sum along a row is the coverage; the buffer is cleared as it is read.
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

    /// The non-horizontal edges of `path`'s contours and its vertical extent. Pieces of an edge left or right
    /// of 0…`maxX` are pressed onto those sides: the winding inside is unchanged.
    static func edges(of path: Path, clippedToWidth maxX: Double) -> (edges: [PathEdge], minY: Double, maxY: Double) {
        var edges: [PathEdge] = []
        func clampX(_ x: Double) -> Double { min(max(x, 0), maxX) }
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
                if y0 != y1 { edges.append(PathEdge(x0: clampX(p.x), y0: y0, x1: clampX(q.x), y1: y1)) }
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
        return (edges, minY, maxY)
    }
}

/// One straight edge of a path, from (x0, y0) to (x1, y1) in pixels; its direction gives its winding.
struct PathEdge {
    var x0, y0, x1, y1: Double
}
