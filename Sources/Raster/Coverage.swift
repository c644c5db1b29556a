/// The coverage pipeline: every anti-aliased shape in Raster is a `CoverageSource` that hands out, row by row, how
/// much of each pixel it covers (a level 0…255), and one blitter (`CoverageBlitter`) applies those rows to pixels:
/// a colour painted through them, pixels clipped by them, or pixels put over black by them.
///
/// The general source is the path filler (`PathCoverageSource`: any polygon, exact area). The analytic sources are
/// fast paths for shapes it could also draw, tested against it: `RoundedRectCoverage` (rectangles, rounded
/// rectangles with circular or continuous corners, capsules, circles, the display's corners) and `SegmentCoverage`.
///
/// A source hands a row to a `CoverageSink` left to right, in the pieces it has them in: single pixels (an analytic
/// edge, worked out pixel by pixel and applied at once), runs of columns at one level (a shape's interior, stored at
/// once) and spans of levels it has already written out (the path filler's accumulated rows).
public protocol CoverageSink {
    /// Column `x` at level `c`.
    mutating func pixel(_ x: Int, _ c: UInt8)
    /// Every column of `columns` at level `c`.
    mutating func run(_ columns: Range<Int>, _ c: UInt8)
    /// Column x of `columns` at level `levels[x]` (the pointer is indexed by column).
    mutating func levels(_ columns: Range<Int>, _ levels: UnsafePointer<UInt8>)
}

/// A shape's coverage, handed out one pixel row at a time.
public protocol CoverageSource {
    /// The rows that may be covered within a `width` × `height` target; `row` is asked for them in increasing order.
    func rows(width: Int, height: Int) -> Range<Int>

    /// Hands the coverage of pixel row `y` of a target `width` pixels wide to `sink`: the columns the shape touches,
    /// each once, left to right, all within 0..<width (a column not handed out is not covered).
    mutating func row<Sink: CoverageSink>(_ y: Int, width: Int, into sink: inout Sink)

    /// Prepares to hand out rows from `y` (a row of `rows(width:height:)`) exactly as a pass from the first row would,
    /// without the rows above it: a part of the target drawn on its own (`PixmapRegion`). The analytic sources work
    /// each row out alone and need nothing.
    mutating func start(at y: Int)
}

extension CoverageSource {
    public mutating func start(at y: Int) {}
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

/// The one blitter: applies rows of coverage to rows of pixels. Every operation leaves a pixel whose level is 0 as
/// it was, treats level 255 as its identity would (painting stores the colour, clipping and covering over black leave
/// the pixel) and is exact to `Pixel.scale` / `Pixel.over`, pixel for pixel, whichever pieces the row comes in.
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

    /// Applies per-column levels over `columns` of the pixel row `line` (both indexed by column).
    @inlinable @inline(__always)
    public static func apply(_ op: Operation, levels: UnsafePointer<UInt8>, columns: Range<Int>, to line: UnsafeMutablePointer<UInt32>) {
        guard !columns.isEmpty else { return }
        let x = columns.lowerBound, n = columns.count
        switch op {
        case .paint(let color): PixelRow.paintCoverage(color, through: levels + x, onto: line + x, count: n)
        case .clip: PixelRow.clip(line + x, by: levels + x, count: n)
        case .overBlack: PixelRow.coverOverBlack(line, coverage: levels, range: columns)
        }
    }

    /// Paints a colour (packed premultiplied) through the coverage of one pixel row.
    public struct Paint: CoverageSink {
        public let line: UnsafeMutablePointer<UInt32>
        public let color: UInt32
        @usableFromInline let opaque: Bool
        @inlinable public init(_ color: UInt32, into line: UnsafeMutablePointer<UInt32>) {
            self.line = line; self.color = color; opaque = color >> 24 == 255
        }
        @inlinable @inline(__always) public mutating func pixel(_ x: Int, _ c: UInt8) {
            if c == 0 { return }
            line[x] = c == 255 ? (opaque ? color : Pixel.over(color, line[x])) : Pixel.over(Pixel.scale(color, UInt32(c)), line[x])
        }
        @inlinable @inline(__always) public mutating func run(_ columns: Range<Int>, _ c: UInt8) {
            if c == 0 || columns.isEmpty { return }
            if c == 255 && opaque { (line + columns.lowerBound).update(repeating: color, count: columns.count); return }
            PixelRow.over(c == 255 ? color : Pixel.scale(color, UInt32(c)), onto: line + columns.lowerBound, count: columns.count)
        }
        @inlinable @inline(__always) public mutating func levels(_ columns: Range<Int>, _ levels: UnsafePointer<UInt8>) {
            CoverageBlitter.apply(.paint(color), levels: levels, columns: columns, to: line)
        }
    }

    /// Clips one pixel row by coverage, or puts it over black by the coverage (`overBlack`).
    public struct Scale: CoverageSink {
        public let line: UnsafeMutablePointer<UInt32>
        /// Whether the uncovered part becomes black (`overBlack`) rather than transparent (`clip`).
        public let overBlack: Bool
        @inlinable public init(into line: UnsafeMutablePointer<UInt32>, overBlack: Bool) { self.line = line; self.overBlack = overBlack }
        @inlinable @inline(__always) public mutating func pixel(_ x: Int, _ c: UInt8) {
            if c == 255 { return }
            line[x] = Pixel.scale(line[x], UInt32(c)) &+ (overBlack ? (255 - UInt32(c)) << 24 : 0)
        }
        @inlinable @inline(__always) public mutating func run(_ columns: Range<Int>, _ c: UInt8) {
            if c == 255 || columns.isEmpty { return }
            let at = line + columns.lowerBound
            if overBlack { PixelRow.coverOverBlack(at, UInt32(c), count: columns.count); return }
            if c == 0 { at.update(repeating: 0, count: columns.count); return }
            PixelRow.scaleAdd(UnsafePointer(at), UInt32(c), 0, into: at, count: columns.count)
        }
        @inlinable @inline(__always) public mutating func levels(_ columns: Range<Int>, _ levels: UnsafePointer<UInt8>) {
            CoverageBlitter.apply(overBlack ? .overBlack : .clip, levels: levels, columns: columns, to: line)
        }
    }

    /// Writes the levels of one row into a buffer indexed by column (for a mask, or to look at a source's coverage).
    public struct Levels: CoverageSink {
        public let buffer: UnsafeMutablePointer<UInt8>
        @inlinable public init(into buffer: UnsafeMutablePointer<UInt8>) { self.buffer = buffer }
        @inlinable public mutating func pixel(_ x: Int, _ c: UInt8) { buffer[x] = c }
        @inlinable public mutating func run(_ columns: Range<Int>, _ c: UInt8) {
            if !columns.isEmpty { (buffer + columns.lowerBound).update(repeating: c, count: columns.count) }
        }
        @inlinable public mutating func levels(_ columns: Range<Int>, _ levels: UnsafePointer<UInt8>) {
            if !columns.isEmpty { (buffer + columns.lowerBound).update(from: levels + columns.lowerBound, count: columns.count) }
        }
    }
}

extension PixelRow {
    /// `dst[i] = over(scale(colour, levels[i]), dst[i])` (`paint(_:through:onto:count:)`), eight at a time, passing over
    /// eight uncovered pixels at once and storing an opaque colour into eight wholly covered ones: a shape's row is
    /// mostly the one or the other.
    @usableFromInline @inline(__always) static func paintCoverage(_ color: UInt32, through levels: UnsafePointer<UInt8>, onto dst: UnsafeMutablePointer<UInt32>,
                                                count: Int) {
        let opaque = color >> 24 == 255
        let c = Lanes(repeating: color)
        var i = 0
        while i + 8 <= count {
            let bits = UnsafeRawPointer(levels + i).loadUnaligned(as: UInt64.self)
            if bits == 0 { i += 8; continue }
            if bits == ~0 && opaque { (dst + i).update(repeating: color, count: 8); i += 8; continue }
            let m = SIMD8<UInt32>(truncatingIfNeeded: UnsafeRawPointer(levels + i).loadUnaligned(as: SIMD8<UInt8>.self))
            store(over(scale(c, m), load(dst + i)), dst + i)
            i += 8
        }
        while i < count {
            let k = UInt32(levels[i])
            if k != 0 { dst[i] = k == 255 && opaque ? color : Pixel.over(Pixel.scale(color, k), dst[i]) }
            i += 1
        }
    }

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
        eachRow(of: &source) { y, line, w, source in
            var sink = CoverageBlitter.Paint(rowColor(y), into: line)
            source.row(y, width: w, into: &sink)
        }
    }

    /// Applies `op` through `source`: a colour painted, the pixels clipped, or the pixels put over black.
    @inlinable
    public mutating func apply<S: CoverageSource>(_ op: CoverageBlitter.Operation, through source: inout S) {
        eachRow(of: &source) { y, line, w, source in
            switch op {
            case .paint(let color):
                var sink = CoverageBlitter.Paint(color, into: line)
                source.row(y, width: w, into: &sink)
            case .clip, .overBlack:
                var sink = CoverageBlitter.Scale(into: line, overBlack: op == .overBlack)
                source.row(y, width: w, into: &sink)
            }
        }
    }

    /// Calls `body` with each row `source` may cover, that row's pixels and the width.
    @inlinable
    mutating func eachRow<S: CoverageSource>(of source: inout S,
                                             _ body: (Int, UnsafeMutablePointer<UInt32>, Int, inout S) -> Void) {
        let w = width
        let rows = source.rows(width: width, height: height)
        guard w > 0, !rows.isEmpty else { return }
        pixels.withUnsafeMutableBufferPointer { px in
            let base = px.baseAddress!
            for y in rows { body(y, base + y * w, w, &source) }
        }
    }
}
