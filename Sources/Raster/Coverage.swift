/// The coverage pipeline: every anti-aliased shape in Raster is a `CoverageSource` that hands out, row by row, how
/// much of each pixel it covers (a level 0…255), and one blitter (`CoverageBlitter`) applies those rows to pixels:
/// a colour painted through them, pixels clipped by them, or pixels put over black by them.
///
/// The general source is the path filler (`PathCoverageSource`: any polygon, exact area). The analytic sources are
/// fast paths for shapes it could also draw, tested against it: `RoundedRectCoverage` (rectangles, rounded
/// rectangles with circular or continuous corners, capsules, circles, the display's corners).
///
/// A row is a span of columns; inside it, a source may name a run of columns that all share one level (a shape's
/// interior), which it does not write out, so that the blitter can store it at once.
public struct CoverageRow: Sendable, Equatable {
    /// The columns the row touches; outside them the coverage is 0.
    public var span: Range<Int>
    /// Columns inside `span` all at `runLevel`, whose levels are not written out. Empty when there is none.
    public var run: Range<Int>
    /// The level of every column of `run`.
    public var runLevel: UInt8

    public init(span: Range<Int>, run: Range<Int> = 0..<0, runLevel: UInt8 = 0) {
        self.span = span
        self.run = run.isEmpty ? span.lowerBound..<span.lowerBound : run
        self.runLevel = runLevel
    }

    /// A row that covers nothing.
    public static let empty = CoverageRow(span: 0..<0)

    /// The level at column `x`, given the levels the source wrote.
    @inlinable public func level(at x: Int, _ levels: UnsafePointer<UInt8>) -> UInt8 {
        if !span.contains(x) { return 0 }
        return run.contains(x) ? runLevel : levels[x]
    }
}

/// A shape's coverage, handed out one pixel row at a time.
public protocol CoverageSource {
    /// The rows that may be covered within a `width` × `height` target; `row` is asked for them in increasing order.
    func rows(width: Int, height: Int) -> Range<Int>

    /// The coverage of pixel row `y` of a target `width` pixels wide: the levels of the row's columns outside its run
    /// are written to `levels[x]` (the buffer holds `width` bytes, indexed by column); the span lies within 0..<width.
    mutating func row(_ y: Int, width: Int, levels: UnsafeMutablePointer<UInt8>) -> CoverageRow
}

/// Turning a coverage fraction or a distance into levels, the one rounding every source uses.
public enum CoverageLevel {
    /// A fraction 0…1 of a pixel's area as a level 0…255, rounded to nearest (values outside 0…1 clamp).
    @inlinable @inline(__always) public static func level(_ coverage: Double) -> UInt8 {
        UInt8(Pixel.factor(coverage))
    }

    /// The coverage of a pixel whose centre lies `distance` pixels outside a curved edge (negative inside): the
    /// edge taken as straight across the pixel, 0.5 − d, clamped to 0…1. Within ~4 % of a pixel's area of the
    /// exact coverage for radii of a pixel or more (worst for an edge at 45° crossing near a pixel's corner).
    @inlinable @inline(__always) public static func coverage(distance: Double) -> Double {
        min(1, max(0, 0.5 - distance))
    }
}

/// The corner curves' geometry, the one copy that the rounded-rectangle source and the sheet's outline field read.
public enum CornerGeometry {
    /// Signed distance in pixels (positive outside) from a point (dx, dy) away from a corner's centre to its curve,
    /// for a corner reaching `extent` pixels along its edges: a quarter circle's exact distance, or the continuous
    /// curve's first-order one (`ContinuousCorner.distance`).
    @inlinable @inline(__always) public static func distance(dx: Double, dy: Double, extent: Double, curve: CornerCurve) -> Double {
        switch curve {
        case .circular: return (dx * dx + dy * dy).squareRoot() - extent
        case .continuous: return ContinuousCorner.distance(u: extent - abs(dx), v: extent - abs(dy), extent: extent)
        }
    }

    /// Coverage (0…1) of a pixel centred (dx, dy) from a corner's centre, by its curve alone.
    @inlinable @inline(__always) public static func coverage(dx: Double, dy: Double, extent: Double, curve: CornerCurve) -> Double {
        CoverageLevel.coverage(distance: distance(dx: dx, dy: dy, extent: extent, curve: curve))
    }
}

/// The one blitter: applies rows of coverage to rows of pixels. Every operation leaves a pixel whose level is 255
/// as the operation's identity would (painting stores the colour, clipping and covering over black leave it) and
/// every operation is exact to `Pixel.scale` / `Pixel.over`, pixel for pixel.
public enum CoverageBlitter {
    /// What to do with a pixel at a level c.
    public enum Operation: Sendable, Equatable {
        /// `over(scale(colour, c), pixel)`: a premultiplied colour painted through the coverage.
        case paint(UInt32)
        /// `scale(pixel, c)`: the pixel cut to the shape (its alpha and colour scaled).
        case clip
        /// `scale(pixel, c) + (255 − c)·black`: the pixel over black outside the shape.
        case overBlack
    }

    /// Applies `row` (its levels in `levels`, by column) to the pixel row `line` (indexed by column).
    @inlinable @inline(__always)
    public static func apply(_ op: Operation, _ row: CoverageRow, levels: UnsafePointer<UInt8>, to line: UnsafeMutablePointer<UInt32>) {
        let left = row.span.lowerBound..<row.run.lowerBound, right = row.run.upperBound..<row.span.upperBound
        apply(op, levels: levels, columns: left, to: line)
        apply(op, level: row.runLevel, columns: row.run, to: line)
        apply(op, levels: levels, columns: right, to: line)
    }

    /// Applies per-column levels over `columns`.
    @inlinable @inline(__always)
    public static func apply(_ op: Operation, levels: UnsafePointer<UInt8>, columns: Range<Int>, to line: UnsafeMutablePointer<UInt32>) {
        guard !columns.isEmpty else { return }
        let x = columns.lowerBound, n = columns.count
        switch op {
        case .paint(let color): PixelRow.paint(color, through: levels + x, onto: line + x, count: n)
        case .clip: PixelRow.clip(line + x, by: levels + x, count: n)
        case .overBlack: PixelRow.coverOverBlack(line, coverage: levels, range: columns)
        }
    }

    /// Applies one level to every column of `columns`.
    @inlinable @inline(__always)
    public static func apply(_ op: Operation, level: UInt8, columns: Range<Int>, to line: UnsafeMutablePointer<UInt32>) {
        guard !columns.isEmpty else { return }
        let at = line + columns.lowerBound, n = columns.count, c = UInt32(level)
        switch op {
        case .paint(let color):
            if c == 0 || color == 0 { return }
            if c == 255 && color >> 24 == 255 {
                at.update(repeating: color, count: n)
            } else {
                let s = Pixel.scale(color, c)
                PixelRow.over(s, onto: at, count: n)
            }
        case .clip:
            if c == 255 { return }
            if c == 0 { at.update(repeating: 0, count: n); return }
            PixelRow.scaleAdd(UnsafePointer(at), c, 0, into: at, count: n)
        case .overBlack:
            PixelRow.coverOverBlack(at, c, count: n)
        }
    }
}

extension PixelRow {
    /// `dst[i] = over(colour, dst[i])`: one colour over a row.
    @usableFromInline static func over(_ color: UInt32, onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        if color >> 24 == 255 { dst.update(repeating: color, count: count); return }
        let k = 255 - color >> 24
        scaleAdd(UnsafePointer(dst), k, color, into: dst, count: count)
    }

    /// `dst[i] = scale(dst[i], levels[i])`: a row cut by its coverage.
    @usableFromInline static func clip(_ dst: UnsafeMutablePointer<UInt32>, by levels: UnsafePointer<UInt8>, count: Int) {
        var i = 0
        let full = Lanes(repeating: 255)
        while i + 8 <= count {
            let c = SIMD8<UInt32>(truncatingIfNeeded: UnsafeRawPointer(levels + i).loadUnaligned(as: SIMD8<UInt8>.self))
            if c != full { store(scale(load(dst + i), c), dst + i) }
            i += 8
        }
        while i < count {
            let c = UInt32(levels[i])
            if c != 255 { dst[i] = Pixel.scale(dst[i], c) }
            i += 1
        }
    }
}

extension Pixmap {
    /// Paints through `source` a colour chosen per pixel row (`rowColor(y)`, packed premultiplied).
    @inlinable
    public mutating func paint<S: CoverageSource>(_ source: inout S, rowColor: (Int) -> UInt32) {
        let w = width
        let rows = source.rows(width: width, height: height)
        guard w > 0, !rows.isEmpty else { return }
        withCoverageRows { levels, base in
            for y in rows {
                let color = rowColor(y)
                let row = source.row(y, width: w, levels: levels)
                if color >> 24 == 0 || row.span.isEmpty { continue }
                CoverageBlitter.apply(.paint(color), row, levels: levels, to: base + y * w)
            }
        }
    }

    /// Applies `op` through `source`: a colour painted, the pixels clipped, or the pixels put over black.
    @inlinable
    public mutating func apply<S: CoverageSource>(_ op: CoverageBlitter.Operation, through source: inout S) {
        let w = width
        let rows = source.rows(width: width, height: height)
        guard w > 0, !rows.isEmpty else { return }
        withCoverageRows { levels, base in
            for y in rows {
                let row = source.row(y, width: w, levels: levels)
                if row.span.isEmpty { continue }
                CoverageBlitter.apply(op, row, levels: levels, to: base + y * w)
            }
        }
    }

    /// A row of `width` levels and the pixels, for the blitter.
    @usableFromInline
    mutating func withCoverageRows(_ body: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt32>) -> Void) {
        let w = width
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: w) { levels in
            pixels.withUnsafeMutableBufferPointer { px in body(levels.baseAddress!, px.baseAddress!) }
        }
    }
}
