/// The coverage of a display's rounded corner (`canvas.displayCornerRadius`, Apple's continuous curve):
/// one corner's square, made once, mirrored onto the other three.
public struct DisplayCornerMask: Sendable {
    /// Coverage (0…255) of the top-left corner's `size` × `size` square, row by row.
    public let mask: [UInt8]
    public let size: Int

    /// The mask of a corner of `radius` pixels, continuous, within a `width` × `height` pixel frame.
    public init(radius: Double, width: Int, height: Int) {
        let extent = min(CornerCurve.continuous.extent(radius: max(0, radius)), Double(min(width, height)) / 2)
        size = max(0, Int(extent.rounded(.up)))
        var mask = [UInt8](repeating: 255, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let c = Pixmap.cornerCoverage(dx: Double(x) + 0.5 - extent, dy: Double(y) + 0.5 - extent, extent: extent, curve: .continuous)
                mask[y * size + x] = UInt8((c * 255).rounded())
            }
        }
        self.mask = mask
    }

    /// Puts black outside the four corners of `pixmap`: each corner pixel over black at its coverage.
    /// Touches only the corner squares.
    public func apply(to pixmap: inout Pixmap) {
        let w = pixmap.width, h = pixmap.height, n = size
        guard n > 0, w >= n, h >= n else { return }
        mask.withUnsafeBufferPointer { m in
            pixmap.pixels.withUnsafeMutableBufferPointer { p in
                for y in 0..<n {
                    let rowMask = m.baseAddress! + y * n
                    for row in [y, h - 1 - y] {
                        let line = p.baseAddress! + row * w
                        // The left square reads the mask forwards, the right one backwards.
                        for x in 0..<n {
                            let c = UInt32(rowMask[x])
                            guard c < 255 else { break }
                            line[x] = Pixel.scale(line[x], c) &+ ((255 - c) << 24)
                            let r = w - 1 - x
                            if r > x { line[r] = Pixel.scale(line[r], c) &+ ((255 - c) << 24) }
                        }
                        if row == h - 1 - row { break }
                    }
                }
            }
        }
    }
}
