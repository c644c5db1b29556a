import Foundation

/// Analytic anti-aliased fills: rectangles, rounded rectangles, capsules, circles and segments, drawn through
/// their coverage sources (`RoundedRectCoverage`, `SegmentCoverage`: the fast sources of the coverage pipeline in
/// `Coverage.swift`), beside the general filler (`Pixmap.fill(_ path:)`) they are tested against. Coverage is exact
/// for straight edges (the overlap of the pixel with the shape's span) and from the signed distance for
/// curved ones, which is within ~4 % of a pixel's area (11 levels of 255) for radii of a pixel or more.
/// Continuous corners take their distance from a table of Apple's curve (`ContinuousCorner`).
extension Pixmap {
    /// Fills a rectangle, blending its partially covered edge pixels.
    public mutating func fillRect(_ r: RectF, _ color: PremultipliedRGBA8) {
        fillRoundedRect(r, radius: 0, color)
    }

    /// Fills a rectangle with rounded corners; `topOnly` rounds just the top two.
    public mutating func fillRoundedRect(_ r: RectF, radius: Double, topOnly: Bool = false,
                                         curve: CornerCurve = .circular, _ color: PremultipliedRGBA8) {
        fillRoundedRect(r, topRadius: radius, bottomRadius: topOnly ? 0 : radius, curve: curve, color)
    }

    /// Fills a rectangle whose top corners and bottom corners round with different radii (either may be 0).
    /// Corners that do not fit shrink: each pair to half the width, and both pairs in proportion to the height.
    public mutating func fillRoundedRect(_ r: RectF, topRadius: Double, bottomRadius: Double,
                                         curve: CornerCurve = .circular, _ color: PremultipliedRGBA8) {
        guard color.a > 0 else { return }
        let src = color.packed
        fillRoundedRect(r, topRadius: topRadius, bottomRadius: bottomRadius, curve: curve) { _ in src }
    }

    /// How far the top and bottom corners of `r` reach along its edges, in pixels, after fitting them in.
    public static func cornerExtents(_ r: RectF, topRadius: Double, bottomRadius: Double,
                                     curve: CornerCurve) -> (top: Double, bottom: Double) {
        var top = min(curve.extent(radius: max(topRadius, 0)), r.width / 2)
        var bottom = min(curve.extent(radius: max(bottomRadius, 0)), r.width / 2)
        if top + bottom > r.height, top + bottom > 0 {
            let k = max(0, r.height) / (top + bottom)
            top *= k; bottom *= k
        }
        return (top, bottom)
    }

    /// Fills a rounded rectangle in a colour chosen per pixel row (`rowColor(y)`, packed premultiplied), through
    /// its coverage source (`RoundedRectCoverage`).
    mutating func fillRoundedRect(_ r: RectF, radius: Double, topOnly: Bool, curve: CornerCurve,
                                  rowColor: (Int) -> UInt32) {
        fillRoundedRect(r, topRadius: radius, bottomRadius: topOnly ? 0 : radius, curve: curve, rowColor: rowColor)
    }

    mutating func fillRoundedRect(_ r: RectF, topRadius: Double, bottomRadius: Double, curve: CornerCurve,
                                  rowColor: (Int) -> UInt32) {
        guard r.width > 0, r.height > 0 else { return }
        var source = RoundedRectCoverage(r, topRadius: topRadius, bottomRadius: bottomRadius, curve: curve)
        paint(&source, rowColor: rowColor)
    }

    /// The exact area of a unit pixel on the inner side of a straight edge `u` away from its centre,
    /// for an edge whose unit normal has components a ≥ b ≥ 0.
    static func halfPlaneCoverage(_ u: Double, _ a: Double, _ b: Double) -> Double {
        let s = u + (a + b) / 2
        if s <= 0 { return 0 }
        if s >= a + b { return 1 }
        if b < 1e-9 { return min(1, s / a) }
        if s < b { return s * s / (2 * a * b) }
        if s <= a { return (s - b / 2) / a }
        let r = a + b - s
        return 1 - r * r / (2 * a * b)
    }

    /// Fills a capsule: a rounded rectangle whose radius is half its shorter side.
    public mutating func fillCapsule(_ r: RectF, _ color: PremultipliedRGBA8) {
        fillRoundedRect(r, radius: min(r.width, r.height) / 2, color)
    }

    /// Fills a circle.
    public mutating func fillCircle(cx: Double, cy: Double, radius: Double, _ color: PremultipliedRGBA8) {
        fillRoundedRect(RectF(x: cx - radius, y: cy - radius, width: 2 * radius, height: 2 * radius), radius: radius, color)
    }

    /// Fills a circle whose colour changes from row to row (a vertical gradient): `rowColor(y)` for pixel row y.
    public mutating func fillCircle(cx: Double, cy: Double, radius: Double, rowColor: (Int) -> PremultipliedRGBA8) {
        fillRoundedRect(RectF(x: cx - radius, y: cy - radius, width: 2 * radius, height: 2 * radius), radius: radius,
                        topOnly: false, curve: .circular) { rowColor($0).packed }
    }

    /// Strokes a straight segment of the given width with round caps (through `SegmentCoverage`).
    public mutating func strokeSegment(x0: Double, y0: Double, x1: Double, y1: Double, width lineWidth: Double,
                                       _ color: PremultipliedRGBA8) {
        guard lineWidth > 0, color.a > 0 else { return }
        var source = SegmentCoverage(x0: x0, y0: y0, x1: x1, y1: y1, width: lineWidth)
        apply(.paint(color.packed), through: &source)
    }
}
