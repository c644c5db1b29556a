/// Part of a pixmap drawn on its own: the pixels of a `width` × `height` image (held by the caller, row by row at
/// `base`) inside `clip`. Shapes are worked out in the whole image's coordinates and written only inside `clip`,
/// so that drawing every part of an image, in any order, gives it pixel for pixel as `Pixmap` draws it whole: a
/// shape's rows and columns do not depend on each other, except the path filler's bands of rows, which are
/// accumulated from the same rows as in a whole pass (`CoverageSource.start(at:)`).
///
/// Pixels outside `clip` are never read or written, so two regions that do not overlap may be drawn at once.
public struct PixmapRegion {
    /// The image's first pixel; pixel (x, y) is at `base + y·width + x`.
    public let base: UnsafeMutablePointer<UInt32>
    public let width: Int
    public let height: Int
    /// The pixels drawn, within the image.
    public let clip: PixelRect

    /// The part `clip` (clipped to the image) of the `width` × `height` image at `base`.
    public init(base: UnsafeMutablePointer<UInt32>, width: Int, height: Int, clip: PixelRect) {
        self.base = base; self.width = width; self.height = height
        self.clip = clip.clipped(width: width, height: height)
    }

    /// Fills the whole pixels of `rect` inside the clip, replacing what was there.
    public func fill(_ rect: PixelRect, with color: PremultipliedRGBA8) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY { (base + y * width + r.x).update(repeating: color.packed, count: r.width) }
    }

    /// Fills `path` (in the image's pixels) with `color`, as `Pixmap.fill(_:_:)` does.
    public func fill(_ path: Path, _ color: PremultipliedRGBA8) {
        guard color.a > 0, width > 0, height > 0 else { return }
        var source = PathCoverageSource(path, width: width, height: height)
        apply(.paint(color.packed), through: &source)
    }

    /// Fills a rectangle with corners of `radius`, as `Pixmap.fillRoundedRect(_:radius:_:)` does.
    public func fillRoundedRect(_ r: RectF, radius: Double, _ color: PremultipliedRGBA8) {
        guard color.a > 0, r.width > 0, r.height > 0 else { return }
        var source = RoundedRectCoverage(r, topRadius: radius, bottomRadius: radius, curve: .circular)
        apply(.paint(color.packed), through: &source)
    }

    /// Paints `color` through `mask` with the mask's top-left at (x, y), as `Pixmap.draw(_:x:y:color:)` does.
    public func draw(_ mask: AlphaMask, x: Int, y: Int, color: PremultipliedRGBA8) {
        let r = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(clip)
        guard !r.isEmpty, color.a > 0 else { return }
        let src = color.packed, mw = mask.width
        mask.bytes.withUnsafeBufferPointer { m in
            for yy in r.y..<r.maxY {
                CoverageBlitter.apply(.paint(src), levels: m.baseAddress! + (yy - y) * mw + (r.x - x), columns: 0..<r.width,
                                      to: base + yy * width + r.x)
            }
        }
    }

    /// Applies `op` through `source` inside the clip: the rows of the clip that `source` covers, from the first,
    /// each cut to the clip's columns.
    public func apply<S: CoverageSource>(_ op: CoverageBlitter.Operation, through source: inout S) {
        let covered = source.rows(width: width, height: height)
        let first = max(covered.lowerBound, clip.y), end = min(covered.upperBound, clip.maxY)
        guard first < end, !clip.isEmpty else { return }
        source.start(at: first)
        let columns = clip.x..<clip.maxX, whole = clip.x == 0 && clip.width == width
        for y in first..<end {
            let line = base + y * width
            switch op {
            case .paint(let color):
                let sink = CoverageBlitter.Paint(color, into: line)
                Self.row(y, width: width, of: &source, into: sink, columns: whole ? nil : columns)
            case .clip, .overBlack:
                let sink = CoverageBlitter.Scale(into: line, overBlack: op == .overBlack)
                Self.row(y, width: width, of: &source, into: sink, columns: whole ? nil : columns)
            }
        }
    }

    @inline(__always)
    static func row<S: CoverageSource, Sink: CoverageSink>(_ y: Int, width: Int, of source: inout S, into sink: Sink,
                                                           columns: Range<Int>?) {
        if let columns {
            var clipped = ClippedSink(base: sink, columns: columns)
            source.row(y, width: width, into: &clipped)
        } else {
            var sink = sink
            source.row(y, width: width, into: &sink)
        }
    }
}

/// A sink that passes on only the columns of `columns`.
struct ClippedSink<Base: CoverageSink>: CoverageSink {
    var base: Base
    let columns: Range<Int>

    @inline(__always) mutating func pixel(_ x: Int, _ c: UInt8) {
        if columns.contains(x) { base.pixel(x, c) }
    }
    @inline(__always) mutating func run(_ columns: Range<Int>, _ c: UInt8) {
        base.run(columns.clamped(to: self.columns), c)
    }
    @inline(__always) mutating func levels(_ columns: Range<Int>, _ levels: UnsafePointer<UInt8>) {
        base.levels(columns.clamped(to: self.columns), levels)
    }
}

extension PixelRect {
    /// The pixels in both rectangles (empty, with no particular origin, when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y), x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
