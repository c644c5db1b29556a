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
        withRegion { $0.draw(mask, x: x, y: y, color: color) }
    }
}
