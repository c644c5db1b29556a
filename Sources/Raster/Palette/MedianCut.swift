/// A palette of at most `count` colours for a set of opaque pixels, by median cut: the colour cube
/// is split, box by box, at the weighted median of the box with the largest squared error, along
/// its widest channel; each box's colour is the mean of the pixels in it.
///
/// Pixels are counted in a 5-bit-per-channel histogram (32 768 cells, each keeping the exact sums
/// of its pixels), so the cost is one pass over the pixels plus work on at most 32 768 cells.
public enum MedianCut {
    /// Histogram cell of a packed pixel (bytes R, G, B, A): 5 bits per channel.
    @inlinable static func cell(_ p: UInt32) -> Int {
        Int((p >> 3) & 0x1F) | Int((p >> 11) & 0x1F) << 5 | Int((p >> 19) & 0x1F) << 10
    }

    struct Cell {
        var count = 0.0
        var sum = SIMD3<Double>(0, 0, 0)
        var squares = SIMD3<Double>(0, 0, 0)
    }

    struct Box {
        var cells: [Cell]
        var count: Double { cells.reduce(0) { $0 + $1.count } }
        var mean: SIMD3<Double> {
            let n = count
            return cells.reduce(SIMD3<Double>(0, 0, 0)) { $0 + $1.sum } / n
        }
        /// Squared error per channel around the mean.
        var error: SIMD3<Double> {
            var n = 0.0, s = SIMD3<Double>(0, 0, 0), q = SIMD3<Double>(0, 0, 0)
            for c in cells { n += c.count; s += c.sum; q += c.squares }
            return q - s * s / n
        }
    }

    /// The palette (opaque straight colours) for the pixels of `pixels` where `include` is true.
    /// When they hold `count` colours or fewer, those exact colours, and `exact` is true.
    public static func palette(_ pixels: UnsafeBufferPointer<UInt32>, count: Int,
                               include: (Int) -> Bool) -> (colors: [StraightRGBA8], exact: Bool) {
        precondition(count >= 1)
        var exact: Set<UInt32> = []
        var cells = [Cell](repeating: Cell(), count: 1 << 15)
        for i in 0..<pixels.count where include(i) {
            let p = pixels[i] | 0xFF00_0000
            if exact.count <= count { exact.insert(p) }
            let rgb = SIMD3<Double>(Double(p & 0xFF), Double((p >> 8) & 0xFF), Double((p >> 16) & 0xFF))
            let k = cell(p)
            cells[k].count += 1
            cells[k].sum += rgb
            cells[k].squares += rgb * rgb
        }
        if exact.count <= count {
            return (exact.sorted().map { StraightRGBA8(UInt8($0 & 0xFF), UInt8(($0 >> 8) & 0xFF), UInt8(($0 >> 16) & 0xFF)) }, true)
        }
        var boxes = [Box(cells: cells.filter { $0.count > 0 })]
        var errors = [boxes[0].error]
        while boxes.count < count {
            // The box with the largest total error that can still be split.
            var best = -1, bestError = 0.0
            for (i, e) in errors.enumerated() where boxes[i].cells.count > 1 {
                let total = e.x + e.y + e.z
                if total > bestError { best = i; bestError = total }
            }
            guard best >= 0 else { break }
            let e = errors[best]
            let channel = e.x >= e.y && e.x >= e.z ? 0 : (e.y >= e.z ? 1 : 2)
            var sorted = boxes[best].cells
            sorted.sort { $0.sum[channel] / $0.count < $1.sum[channel] / $1.count }
            let half = sorted.reduce(0) { $0 + $1.count } / 2
            var running = 0.0, split = 1
            for (i, c) in sorted.enumerated() {
                running += c.count
                if running >= half { split = max(1, min(sorted.count - 1, i + 1)); break }
            }
            let low = Box(cells: Array(sorted[..<split])), high = Box(cells: Array(sorted[split...]))
            boxes[best] = low
            errors[best] = low.error
            boxes.append(high)
            errors.append(high.error)
        }
        let colors = boxes.map { box in
            let m = box.mean
            return StraightRGBA8(UInt8(m.x.rounded()), UInt8(m.y.rounded()), UInt8(m.z.rounded()))
        }
        return (colors, false)
    }
}
