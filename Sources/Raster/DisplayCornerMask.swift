/// The coverage of a display's rounded corner (`canvas.displayCornerRadius`, Apple's continuous curve):
/// one corner's square, taken once from the frame's rounded-rectangle coverage source (`RoundedRectCoverage`),
/// mirrored onto the other three and applied by the coverage blitter (over black).
public struct DisplayCornerMask: Sendable {
    /// Coverage (0…255) of the top-left corner's `size` × `size` square, row by row.
    public let mask: [UInt8]
    public let size: Int
    /// Each row of `mask` reversed: the top-right corner's square.
    let mirrored: [UInt8]
    /// How many of each row's first columns are not wholly covered (past them the row stays as it is).
    let reach: [Int]

    /// The mask of a corner of `radius` pixels, continuous, within a `width` × `height` pixel frame.
    public init(radius: Double, width: Int, height: Int) {
        let extent = min(CornerCurve.continuous.extent(radius: max(0, radius)), Double(min(width, height)) / 2)
        size = max(0, Int(extent.rounded(.up)))
        var mask = [UInt8](repeating: 255, count: size * size)
        var reach = [Int](repeating: 0, count: size)
        var frame = RoundedRectCoverage(OutlineField(left: 0, top: 0, right: Double(width), bottom: Double(height),
                                                     topExtent: extent, bottomExtent: extent, curve: .continuous))
        let n = size
        if n > 0 {
            // Only the left square's columns (the source's rows clipped to the first n), written straight into the mask.
            mask.withUnsafeMutableBufferPointer { m in
                for y in 0..<n {
                    var sink = CoverageBlitter.Levels(into: m.baseAddress! + y * n)
                    frame.row(y, width: n, into: &sink)
                    reach[y] = (0..<n).first { m[y * n + $0] == 255 } ?? n
                }
            }
        }
        self.mask = mask
        self.reach = reach
        mirrored = (0..<n).flatMap { y in mask[(y * n)..<(y * n + n)].reversed() }
    }

    /// Puts black outside the four corners of `pixmap`: each corner pixel over black at its coverage.
    /// Touches only the corner squares.
    public func apply(to pixmap: inout Pixmap) {
        let w = pixmap.width, h = pixmap.height, n = size
        guard n > 0, w >= n, h >= n else { return }
        mask.withUnsafeBufferPointer { m in
            mirrored.withUnsafeBufferPointer { mr in
                pixmap.pixels.withUnsafeMutableBufferPointer { p in
                    for y in 0..<n {
                        let k = reach[y]
                        if k == 0 { continue }
                        // The right square: its columns right of the frame's middle (a column both squares reach
                        // takes the right one's coverage first), then the left square.
                        let rightStart = max(w - k, (w + 1) / 2)
                        for row in [y, h - 1 - y] {
                            let line = p.baseAddress! + row * w
                            if rightStart < w {
                                CoverageBlitter.apply(.overBlack, levels: mr.baseAddress! + y * n + (rightStart - (w - n)),
                                                      columns: 0..<(w - rightStart), to: line + rightStart)
                            }
                            CoverageBlitter.apply(.overBlack, levels: m.baseAddress! + y * n, columns: 0..<k, to: line)
                            if row == h - 1 - row { break }
                        }
                    }
                }
            }
        }
    }
}
