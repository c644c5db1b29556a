import Foundation

/// A rectangle whose top and bottom corner pairs round differently, in pixels, seen as a distance field:
/// for any point, how far it is from the outline (positive outside) and which way is out. Coverage, a rim
/// along the inside of the outline, a soft shadow outside it and a lens band are all read from it.
///
/// Corners reach `topExtent` / `bottomExtent` along their edges (see `Pixmap.cornerExtents`); their curve
/// is a quarter circle or Apple's continuous corner, the same curves `fillRoundedRect` draws: the curves' distance
/// and coverage are `CornerGeometry`'s, shared with the coverage pipeline (`RoundedRectCoverage`).
public struct OutlineField: Sendable, Equatable, Hashable {
    public var left: Double
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var topExtent: Double
    public var bottomExtent: Double
    public var curve: CornerCurve

    public init(left: Double, top: Double, right: Double, bottom: Double, topExtent: Double, bottomExtent: Double,
                curve: CornerCurve) {
        self.left = left; self.top = top; self.right = right; self.bottom = bottom
        self.topExtent = topExtent; self.bottomExtent = bottomExtent; self.curve = curve
    }

    /// The field of `rect` with nominal corner radii, the corners fitted in as `fillRoundedRect` fits them.
    public init(_ rect: RectF, topRadius: Double, bottomRadius: Double, curve: CornerCurve) {
        let e = Pixmap.cornerExtents(rect, topRadius: topRadius, bottomRadius: bottomRadius, curve: curve)
        self.init(left: rect.x, top: rect.y, right: rect.maxX, bottom: rect.maxY, topExtent: e.top, bottomExtent: e.bottom,
                  curve: curve)
    }

    /// Signed distance in pixels from (x, y) to the outline (negative inside) and the outward normal there
    /// (for corners, the direction from the corner's centre; a first-order distance near the curve).
    @inlinable @inline(__always) public func sample(_ x: Double, _ y: Double) -> (distance: Double, nx: Double, ny: Double) {
        var e = 0.0, cy = 0.0, inCorner = false
        if topExtent > 0 && y < top + topExtent && (x < left + topExtent || x > right - topExtent) {
            e = topExtent; cy = top + topExtent; inCorner = true
        } else if bottomExtent > 0 && y > bottom - bottomExtent && (x < left + bottomExtent || x > right - bottomExtent) {
            e = bottomExtent; cy = bottom - bottomExtent; inCorner = true
        }
        if inCorner {
            let cx = x < left + e ? left + e : right - e
            let dx = x - cx, dy = y - cy
            let len = (dx * dx + dy * dy).squareRoot()
            let nx = len > 1e-9 ? dx / len : 0, ny = len > 1e-9 ? dy / len : -1
            return (CornerGeometry.distance(dx: dx, dy: dy, extent: e, curve: curve), nx, ny)
        }
        // The straight edges: the nearest one inside, the farthest one outside (exact but at square corners).
        var d = top - y, nx = 0.0, ny = -1.0
        if y - bottom > d { d = y - bottom; nx = 0; ny = 1 }
        if left - x > d { d = left - x; nx = -1; ny = 0 }
        if x - right > d { d = x - right; nx = 1; ny = 0 }
        return (d, nx, ny)
    }

    /// `coverage(px:py:)` given `distance`, what `sample` returned for the pixel's centre: wherever the coverage reads a
    /// corner's curve, `sample` measured the distance to that same corner from that same point, so it is not measured
    /// again. The same value, bit for bit.
    @inlinable @inline(__always) public func coverage(px: Int, py: Int, sampled distance: Double) -> Double {
        let x0 = Double(px), y0 = Double(py)
        let coverX = max(0, min(x0 + 1, right) - max(x0, left))
        let coverY = max(0, min(y0 + 1, bottom) - max(y0, top))
        var c = coverX * coverY
        if c <= 0 { return 0 }
        let xc = x0 + 0.5, yc = y0 + 0.5
        let inTop = topExtent > 0 && yc < top + topExtent
        let inBottom = !inTop && bottomExtent > 0 && yc > bottom - bottomExtent
        if inTop || inBottom {
            let e = inTop ? topExtent : bottomExtent
            if xc < left + e || xc > right - e { c = min(c, CoverageLevel.coverage(distance: distance)) }
        }
        return c
    }

    /// The coverage (0…1) of the pixel whose top-left corner is (px, py): exact for straight edges, from the
    /// distance to the curve at the corners (`CornerGeometry`). The coverage pipeline's rounded-rectangle source
    /// (`RoundedRectCoverage`, behind `fillRoundedRect`) reads its edge pixels from here.
    @inlinable @inline(__always) public func coverage(px: Int, py: Int) -> Double {
        coverage(px: px, in: row(py))
    }

    /// What `coverage(px:py:)` needs of a pixel row, the same all along it: the row's vertical coverage, its centre,
    /// and the corners it crosses (their extent, 0 when it crosses none, and their centres' y).
    public struct Row: Sendable {
        public var coverY, yc, extent, cy: Double
        @inlinable public init(coverY: Double, yc: Double, extent: Double, cy: Double) {
            self.coverY = coverY; self.yc = yc; self.extent = extent; self.cy = cy
        }
    }

    /// Pixel row `py`'s part of the coverage, worked out once for the row.
    @inlinable @inline(__always) public func row(_ py: Int) -> Row {
        let y0 = Double(py), yc = y0 + 0.5
        let coverY = max(0, min(y0 + 1, bottom) - max(y0, top))
        let inTop = topExtent > 0 && yc < top + topExtent
        let inBottom = !inTop && bottomExtent > 0 && yc > bottom - bottomExtent
        let e = inTop ? topExtent : (inBottom ? bottomExtent : 0)
        return Row(coverY: coverY, yc: yc, extent: e, cy: inTop ? top + e : bottom - e)
    }

    /// `coverage(px:py:)` of pixel `px` of a row, given that row's part (`row(py)`).
    @inlinable @inline(__always) public func coverage(px: Int, in row: Row) -> Double {
        let x0 = Double(px)
        let coverX = max(0, min(x0 + 1, right) - max(x0, left))
        var c = coverX * row.coverY
        if c <= 0 { return 0 }
        if row.extent > 0 {
            let xc = x0 + 0.5, e = row.extent
            let cx = xc < left + e ? left + e : (xc > right - e ? right - e : xc)
            if cx != xc { c = min(c, CornerGeometry.coverage(dx: xc - cx, dy: row.yc - row.cy, extent: e, curve: curve)) }
        }
        return c
    }
}
