/// 8-bit coverage, row by row: glyphs and other stencils.
public struct AlphaMask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]? = nil) {
        self.width = width
        self.height = height
        self.bytes = bytes ?? [UInt8](repeating: 0, count: width * height)
        precondition(self.bytes.count == width * height, "mask size matches its bytes")
    }
}

extension Pixmap {
    /// Paints `color` through `mask` with the mask's top-left at (x, y): the mask's rows are rows of coverage
    /// levels, applied by the coverage blitter.
    public mutating func draw(_ mask: AlphaMask, x: Int, y: Int, color: PremultipliedRGBA8) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + mask.width), y1 = min(height, y + mask.height)
        guard x0 < x1, y0 < y1, color.a > 0 else { return }
        let src = color.packed
        let mw = mask.width, dw = width
        mask.bytes.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { dst in
                for yy in y0..<y1 {
                    CoverageBlitter.apply(.paint(src), levels: m.baseAddress! + (yy - y) * mw + (x0 - x), columns: 0..<(x1 - x0),
                                          to: dst.baseAddress! + yy * dw + x0)
                }
            }
        }
    }
}
