/// The general filler: a path's edges, clipped to the pixmap, scan-converted into signed-area coverage
/// (`PathCoverage`) band by band: the general source of the coverage pipeline (`PathCoverageSource`). The
/// analytic sources (`RoundedRectCoverage`, `SegmentCoverage`) are fast paths for shapes it could also draw,
/// tested against it.
extension Pixmap {
    /// Fills `path` (in pixels) with `color`, anti-aliased by exact signed area. Works in bands of rows
    /// so that long thin shapes (diagonal avenues) cost their area, not their bounding box.
    public mutating func fill(_ path: Path, _ color: PremultipliedRGBA8) {
        guard color.a > 0, width > 0, height > 0 else { return }
        withRegion { $0.fill(path, color) }
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

/// Any path's coverage, exact by signed area, a band of rows at a time: the edges crossing a band are accumulated
/// (`PathCoverage`) over the columns they reach, and each row's running sum, read once, is its coverage.
/// Rows must be asked for in order, every row of `rows(width:height:)` from its first (a band is accumulated when
/// its first row is asked, and cleared as its rows are read); asking for a row again starts a new pass.
public struct PathCoverageSource: CoverageSource {
    /// Rows accumulated at once.
    static let band = 32
    let edges: [PathEdge]
    let minY: Double, maxY: Double
    let width: Int, height: Int
    var scratch: [Float] = []
    /// A row's levels, by column.
    var levelBuffer: [UInt8] = []
    var active: [PathEdge] = []
    /// The band being read: its rows, where its accumulation starts (column) and how wide it is, or no edges at all.
    var bandRows = 0..<0
    var xOrigin = 0, stride = 0
    var bandIsEmpty = true
    var lastRow = Int.min

    /// The coverage of `path` (in pixels) in a target of `width` × `height` pixels.
    public init(_ path: Path, width: Int, height: Int) {
        let (edges, minY, maxY) = Pixmap.edges(of: path, clippedToWidth: Double(width))
        self.edges = edges; self.minY = minY; self.maxY = maxY; self.width = width; self.height = height
        active.reserveCapacity(edges.count)
    }

    public func rows(width: Int, height: Int) -> Range<Int> {
        guard !edges.isEmpty, min(width, self.width) > 0 else { return 0..<0 }
        let yStart = max(0, Int(minY.rounded(.down))), yEnd = min(height, self.height, Int(maxY.rounded(.up)))
        return yStart < yEnd ? yStart..<yEnd : 0..<0
    }

    public mutating func row<Sink: CoverageSink>(_ y: Int, width w: Int, into sink: inout Sink) {
        // A row at or above the last one read starts a new pass over the shape.
        if y <= lastRow { bandRows = 0..<0 }
        lastRow = y
        if !bandRows.contains(y) { accumulateBand(from: y, rowsUpTo: rows(width: width, height: height).upperBound) }
        if bandIsEmpty { return }
        let r = y - bandRows.lowerBound, lw = stride, x0 = xOrigin
        let end = min(w, x0 + lw)
        if levelBuffer.count < w { levelBuffer = [UInt8](repeating: 0, count: w) }
        scratch.withUnsafeMutableBufferPointer { accBuf in levelBuffer.withUnsafeMutableBufferPointer { levelBuf in
            let acc = accBuf.baseAddress! + r * lw, levels = levelBuf.baseAddress!
            // The running sum along a row is the coverage; the buffer is cleared as it is read.
            var sum: Float = 0
            for i in 0..<lw {
                sum += acc[i]
                acc[i] = 0
                let px = x0 + i
                if px >= w { continue }
                let cov = min(1, abs(sum))
                levels[px] = cov < 0.002 ? 0 : (cov > 0.998 ? 255 : UInt8(cov * 255 + 0.5))
            }
            if x0 < end { sink.levels(x0..<end, levels) }
        } }
    }

    /// Starts at row `y` on the bands a pass from the first row accumulates (`band` rows from the first): the band
    /// holding `y` is accumulated from its top, and its rows above `y`, which are never read, cleared.
    public mutating func start(at y: Int) {
        let all = rows(width: width, height: height)
        guard y > all.lowerBound, y < all.upperBound else { return }
        let top = all.lowerBound + (y - all.lowerBound) / Self.band * Self.band
        accumulateBand(from: top, rowsUpTo: all.upperBound)
        lastRow = y - 1
        guard !bandIsEmpty, y > top else { return }
        let skipped = (y - top) * stride
        scratch.withUnsafeMutableBufferPointer { $0.baseAddress!.update(repeating: 0, count: skipped) }
    }

    /// Accumulates the band of rows from `top` (at most `band` rows, not past `yEnd`).
    mutating func accumulateBand(from top: Int, rowsUpTo yEnd: Int) {
        let rows = min(Self.band, yEnd - top)
        bandRows = top..<top + max(1, rows)
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
        bandIsEmpty = active.isEmpty
        if bandIsEmpty { return }
        xOrigin = max(0, Int(lo.rounded(.down)) - 1)
        let lw = min(width + 1, Int(hi.rounded(.up)) + 1) - xOrigin + 3
        stride = lw
        if scratch.count < lw * rows { scratch = [Float](repeating: 0, count: lw * rows) }
        let ox = Double(xOrigin)
        let active = self.active
        scratch.withUnsafeMutableBufferPointer { accBuf in
            let acc = accBuf.baseAddress!
            for e in active {
                PathCoverage.accumulate(acc, w: lw, h: rows, x0: e.x0 - ox, y0: e.y0 - bTop, x1: e.x1 - ox, y1: e.y1 - bTop)
            }
        }
    }
}
