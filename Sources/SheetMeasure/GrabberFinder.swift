/// The grabber capsule under a sheet's top edge: its size, its offset from the top and its colour.
public struct GrabberReading: Sendable, Equatable {
    public var width: Measured<Double>
    public var height: Measured<Double>
    /// From the sheet's top edge to the capsule's top, in points.
    public var top: Measured<Double>
    /// The capsule's colour as seen (over the sheet's surface: a translucent grey is read composited).
    public var color: RGB
    /// The surface around it.
    public var surface: RGB
}

/// Finds the grabber: walks down the canvas's centre column from just under the top edge to the first run of
/// pixels unlike the surface, then reads that run's extent to a fraction of a pixel by the halfway crossing between
/// the surface and the capsule's colour (the Python measurer's grabber probe, found instead of boxed by hand). A
/// run that is not a capsule (wider than it is tall, 10–120 pt wide) is content, and there is no grabber.
enum GrabberFinder {
    static func find(_ image: ScreenImage, sheetTop: Double) -> GrabberReading? {
        let s = image.scale
        let cx = image.width / 2
        let top = Int((sheetTop * s).rounded(.up)) + image.px(SheetFinder.rimWidth + 0.5)
        let surface = image.mean(xs: cx - image.px(45)..<cx - image.px(40), ys: top..<top + image.px(1.5))
        let limit = top + image.px(30)
        var y = top
        while y < limit, image.color(cx, y).distance(to: surface) <= 12 { y += 1 }
        guard y < limit else { return nil }
        var end = y
        var capsule = image.color(cx, y)
        while end < limit, image.color(cx, end).distance(to: surface) > 12 {
            let c = image.color(cx, end)
            if c.distance(to: surface) > capsule.distance(to: surface) { capsule = c }
            end += 1
        }
        let mid = (y + end) / 2
        let contrast = (capsule - surface).dot(capsule - surface)
        guard contrast > 0 else { return nil }
        func t(_ c: RGB) -> Double { EdgeCrossing.projection(c, outside: surface, inside: capsule) }
        /// The halfway crossing from the surface into the capsule, walking from `from` towards `to` along a row or column.
        func crossing(row: Int?, column: Int?, from: Int, to: Int) -> Double? {
            let step = to >= from ? 1 : -1
            var previous = t(row.map { image.color(from, $0) } ?? image.color(column!, from))
            var i = from + step
            while i != to + step {
                let now = t(row.map { image.color(i, $0) } ?? image.color(column!, i))
                if previous < 0.5, now >= 0.5 {
                    let f = (0.5 - previous) / (now - previous)
                    let centre = Double(i - step) + 0.5 + Double(step) * f
                    return centre
                }
                previous = now; i += step
            }
            return nil
        }
        let half = image.px(70)
        guard let left = crossing(row: mid, column: nil, from: cx - half, to: cx),
              let right = crossing(row: mid, column: nil, from: cx + half, to: cx),
              let upper = crossing(row: nil, column: cx, from: top - image.px(0.5, minimum: 0), to: mid),
              let lower = crossing(row: nil, column: cx, from: end + image.px(3), to: mid) else { return nil }
        let width = (right - left) / s, height = (lower - upper) / s
        guard (10...120).contains(width), height > 0.5, height < 12, width > 2 * height else { return nil }
        // Symmetric about the centre column, as a grabber is: the offset is its misfit.
        let offCentre = abs((left + right) / 2 - Double(image.width) / 2) / s
        let confidence = max(0, 1 - offCentre / 2) * min(1, contrast.squareRoot() / 30)
        let residual = max(0.5 / s, offCentre)
        return GrabberReading(width: Measured(width, residual: residual, confidence: confidence),
                              height: Measured(height, residual: 0.5 / s, confidence: confidence),
                              top: Measured(upper / s - sheetTop, residual: 0.5 / s, confidence: confidence),
                              color: capsule, surface: surface)
    }
}
