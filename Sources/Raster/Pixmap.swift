import CPixelKernels

/// A rectangle of premultiplied RGBA8 pixels, stored row by row as packed `UInt32`s (bytes R, G, B, A).
public struct Pixmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, fill: PremultipliedRGBA8 = .transparent) {
        precondition(width >= 0 && height >= 0, "a pixmap has a non-negative size")
        self.width = width
        self.height = height
        pixels = .filled(with: fill.packed, count: width * height)
    }

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "pixel count matches the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    @inlinable public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        get { PremultipliedRGBA8(packed: pixels[y * width + x]) }
        set { pixels[y * width + x] = newValue.packed }
    }

    /// Fills whole pixels of `rect` (clipped), replacing what was there.
    public mutating func fill(_ rect: PixelRect, with color: PremultipliedRGBA8) {
        withRegion { $0.fill(rect, with: color) }
    }

    /// Calls `body` with the whole pixmap as a region (none when it has no pixels).
    @inline(__always) mutating func withRegion(_ body: (PixmapRegion) -> Void) {
        let w = width, h = height
        guard w > 0, h > 0 else { return }
        let whole = PixelRect(x: 0, y: 0, width: w, height: h)
        pixels.withUnsafeMutableBufferPointer { body(PixmapRegion(base: $0.baseAddress!, width: w, height: h, clip: whole)) }
    }

    /// The pixels of `rect` (clipped) as a new pixmap.
    public func cropped(_ rect: PixelRect) -> Pixmap {
        let r = rect.clipped(width: width, height: height)
        var out = Pixmap(width: r.width, height: r.height)
        for y in 0..<r.height {
            let src = (r.y + y) * width + r.x
            out.pixels.replaceSubrange(y * r.width..<(y + 1) * r.width, with: pixels[src..<src + r.width])
        }
        return out
    }

    /// Composites `source` over this pixmap with its top-left at (x, y), scaled in opacity by `opacity`.
    public mutating func draw(_ source: Pixmap, x: Int, y: Int, opacity: Double = 1) {
        let k = Pixel.factor(opacity)
        guard k > 0 else { return }
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + source.width), y1 = min(height, y + source.height)
        guard x0 < x1, y0 < y1 else { return }
        let sw = source.width, dw = width
        source.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for yy in y0..<y1 {
                    let from = src.baseAddress! + (yy - y) * sw + (x0 - x), to = dst.baseAddress! + yy * dw + x0
                    if k < 255 { PixelRow.over(from, opacity: k, onto: to, count: x1 - x0) } else { PixelRow.over(from, onto: to, count: x1 - x0) }
                }
            }
        }
    }
}

/// A rectangle of whole pixels.
public struct PixelRect: Sendable, Equatable, Hashable {
    public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func clipped(width w: Int, height h: Int) -> PixelRect {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(w, maxX), y1 = min(h, maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

extension Array where Element: BitwiseCopyable {
    /// `count` copies of `value`, the big ones in transparent huge pages: a buffer of a few megabytes or more is
    /// advised before its first write (`sheetlab_advise_huge_pages`), so that it faults in 2 MB at a time.
    @inlinable
    public static func filled(with value: Element, count: Int) -> [Element] {
        let bytes = count * MemoryLayout<Element>.stride
        guard bytes >= hugePageThreshold else { return [Element](repeating: value, count: count) }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            adviseHugePages(UnsafeMutableRawPointer(buffer.baseAddress!), bytes: bytes)
            buffer.initialize(repeating: value)
            initialized = count
        }
    }
}

/// Below this many bytes a buffer is not worth a huge page: most of its 2 MB would go unused.
public let hugePageThreshold = 4 << 20

/// Asks for a fresh buffer of `bytes` to be mapped in transparent huge pages (`sheetlab_advise_huge_pages`), when it is
/// big enough (`hugePageThreshold`).
@inlinable
public func adviseHugePages(_ start: UnsafeMutableRawPointer, bytes: Int) {
    if bytes >= hugePageThreshold { sheetlab_advise_huge_pages(start, bytes) }
}

extension UnsafeMutablePointer where Pointee == UInt32 {
    /// Room for `count` pixels, not initialized (pages are mapped in as they are first written), in transparent huge
    /// pages when big (`adviseHugePages`). Free it with `deallocate()`.
    public static func allocatePixels(count: Int) -> UnsafeMutablePointer<UInt32> {
        let p = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, count))
        adviseHugePages(UnsafeMutableRawPointer(p), bytes: count * 4)
        return p
    }
}
