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
    /// Paints `color` through `mask` with the mask's top-left at (x, y).
    public mutating func draw(_ mask: AlphaMask, x: Int, y: Int, color: PremultipliedRGBA8) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + mask.width), y1 = min(height, y + mask.height)
        guard x0 < x1, y0 < y1, color.a > 0 else { return }
        let src = color.packed
        let mw = mask.width, dw = width
        mask.bytes.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { dst in
                for yy in y0..<y1 {
                    let mrow = (yy - y) * mw - x, drow = yy * dw
                    for xx in x0..<x1 {
                        let c = UInt32(m[mrow + xx])
                        if c == 0 { continue }
                        let s = c == 255 ? src : Pixel.scale(src, c)
                        dst[drow + xx] = Pixel.over(s, dst[drow + xx])
                    }
                }
            }
        }
    }
}
