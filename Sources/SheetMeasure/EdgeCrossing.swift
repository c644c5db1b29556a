/// Where a line of pixels crosses from one colour to another, to a fraction of a pixel: the one reader that stills
/// (`EdgeEntry`, `GrabberFinder`) and recordings (`EdgeProbe`) share.
///
/// Each pixel's colour is projected onto the line from the outside colour (0) to the inside colour (1). For an
/// anti-aliased edge that projection is the share of the pixel the inside covers, so over a window of pixels the edge
/// lies at the window's start plus their summed outside shares: exact for a box-filtered step wherever it falls, and
/// still right where a curve spreads the coverage over two or three pixels (a halfway crossing interpolated between
/// pixel centres is off by up to ¼ px when the edge is not on a centre). scripts/measure-sheet.py's `edge` probe.
enum EdgeCrossing {
    /// Where `c` lies from `outside` (0) to `inside` (1), not clamped; 0 when the two are the same colour.
    static func projection(_ c: RGB, outside o: RGB, inside i: RGB) -> Double {
        let d = i - o
        let length = d.dot(d)
        return length > 0 ? (c - o).dot(d) / length : 0
    }

    /// `projection`, clamped to 0…1: the share of the pixel the inside covers.
    static func fraction(_ c: RGB, outside o: RGB, inside i: RGB) -> Double {
        min(1, max(0, projection(c, outside: o, inside: i)))
    }

    /// The edge's position across `pixels`, the anti-aliased pixels of one line in order from outside to inside, the
    /// first of them at index `start` (pixel k covers [k, k + 1)).
    static func position(_ pixels: some Sequence<RGB>, from start: Int, outside: RGB, inside: RGB) -> Double {
        var outsideArea = 0.0
        for c in pixels { outsideArea += 1 - fraction(c, outside: outside, inside: inside) }
        return Double(start) + outsideArea
    }
}
