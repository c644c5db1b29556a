import Raster

/// A sub-pixel edge along one line of pixels, found the way `scripts/measure-sheet.py`'s `edge` probe finds it: each
/// pixel's colour is projected onto the line from an outside colour to an inside colour, and the edge lies where the
/// projection makes its step.
///
/// The position is the projection's area, not a linear interpolation of its 0.5 crossing: for an anti-aliased edge each
/// pixel's projection is the fraction of it the inside covers, so the edge is the window's start plus the summed
/// outside fractions, exact for a box-filtered step (the 0.5 crossing between pixel centres is off by up to ¼ px when
/// the edge is not on a pixel's centre).
enum EdgeProbe {
    /// An RGB colour as read off a premultiplied pixel (the recordings are opaque; a translucent pixel is read as drawn
    /// over black, which is what a screen shows).
    struct RGB: Equatable {
        var r, g, b: Double
        init(_ packed: UInt32) {
            r = Double(packed & 0xFF); g = Double(packed >> 8 & 0xFF); b = Double(packed >> 16 & 0xFF)
        }
        /// The sum of the channels' differences, 0–765.
        func distance(to o: RGB) -> Double { abs(r - o.r) + abs(g - o.g) + abs(b - o.b) }
        /// The colour as the still-image readers take it.
        var levels: SheetMeasure.RGB { SheetMeasure.RGB(r, g, b) }
    }

    /// Where `c` lies from `outside` (0) to `inside` (1), clamped (`EdgeCrossing.fraction`, shared with the stills).
    static func fraction(_ c: RGB, outside o: RGB, inside i: RGB) -> Double {
        EdgeCrossing.fraction(c.levels, outside: o.levels, inside: i.levels)
    }

    /// The edge near index `step` of `line` (colours ordered from outside to inside; the step is between `step − 1`
    /// and `step`), in pixels from the line's start: the outside colour is `reach + 1` pixels before the step, the
    /// inside colour `reach` pixels after it, and the area is taken over the `2·reach` pixels between.
    static func subpixel(_ line: [RGB], step: Int, reach: Int = 2) -> Double? {
        let lo = step - reach, hi = step + reach - 1
        guard lo - 1 >= 0, hi + 1 < line.count else { return nil }
        let outside = line[lo - 1], inside = line[hi + 1]
        guard outside.distance(to: inside) > 0 else { return nil }
        return EdgeCrossing.position(line[lo...hi].lazy.map(\.levels), from: lo, outside: outside.levels, inside: inside.levels)
    }

    /// The indices where the colour steps by more than `threshold` across one pixel of anti-aliasing (from `i − 2` to
    /// `i + 1`): each local peak of that step (the first of a plateau), so that two edges a few pixels apart (a street's
    /// edge just above the sheet's) are two steps, not one run.
    static func steps(_ line: [RGB], threshold: Double, from start: Int = 2) -> [Int] {
        let first = max(2, start)
        guard first + 1 < line.count else { return [] }
        let d = (0..<line.count).map { i in i >= 2 && i + 1 < line.count ? line[i - 2].distance(to: line[i + 1]) : 0 }
        var found: [Int] = []
        var i = first
        while i + 1 < line.count {
            guard d[i] > threshold, d[i] > d[i - 1] else { i += 1; continue }
            var j = i
            while j + 1 < line.count - 1, d[j + 1] == d[i] { j += 1 }
            if j + 1 >= line.count - 1 || d[j + 1] < d[i] { found.append(i) }
            i = j + 1
        }
        return found
    }
}
