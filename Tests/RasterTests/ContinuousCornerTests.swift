import Foundation
import XCTest
@testable import Raster

/// Apple's continuous corner: the curve's geometry against its published reference values, and the fast
/// fill (`fillRoundedRect(curve: .continuous)`) against the general filler on the curve's path.
final class ContinuousCornerTests: XCTestCase {
    let unit = ContinuousCorner.outline(perSegment: 400)

    /// Reference points of the construction, in radii from the corner (u from the vertical edge, v from the
    /// horizontal one): the curve leaves the edges 1.52866483 r from the corner, passes the joins of the arc,
    /// and crosses the diagonal at (P0 + 3 P1 + 3 P2 + P3) / 8 of the arc's cubic, 0.29150692 r
    /// (a quarter circle: 1 − 1/√2 = 0.29289 r; the old n = 4 superellipse: 0.2431 r).
    func testTheCurvePassesItsReferencePoints() {
        let rows: [(line: UInt, point: SIMD2<Double>)] = [
            (#line, SIMD2(1.52866483, 0)),
            (#line, SIMD2(0.63149379, 0.07491139)),
            (#line, SIMD2(0.29150692, 0.29150692)),
            (#line, SIMD2(0.07491139, 0.63149379)),
            (#line, SIMD2(0, 1.52866483)),
        ]
        for row in rows {
            let nearest = unit.map { length($0 - row.point) }.min()!
            XCTAssertLessThan(nearest, 1e-6, line: row.line)
        }
        XCTAssertEqual(unit.first!, SIMD2(ContinuousCorner.extent, 0))
        XCTAssertEqual(unit.last!, SIMD2(0, ContinuousCorner.extent))
        XCTAssertEqual(ContinuousCorner.extent, 1.52866483)
        // Never further along an edge than the extent, never outside the rectangle, symmetric about u = v.
        for p in unit {
            XCTAssert((0...ContinuousCorner.extent).contains(p.x) && (0...ContinuousCorner.extent).contains(p.y), "\(p)")
            let mirrored = unit.map { length($0 - SIMD2(p.y, p.x)) }.min()!
            XCTAssertLessThan(mirrored, 1e-9)
        }
    }

    /// Within the quarter where a circular corner of radius r lies (u, v ≤ r), the curve stays within
    /// 0.0138 r of that circle (centre (r, r)), inside it; the middle cubic alone, within 0.0043 r.
    func testTheCurveStaysCloseToTheCircleOfItsRadius() {
        func deviation(_ pts: [SIMD2<Double>]) -> (inside: Double, outside: Double) {
            let d = pts.filter { $0.x <= 1 && $0.y <= 1 }.map { length($0 - SIMD2(1, 1)) - 1 }
            return (-(d.min() ?? 0), d.max() ?? 0)
        }
        let whole = deviation(unit)
        XCTAssertEqual(whole.inside, 0.0138, accuracy: 0.0002)
        XCTAssertLessThan(whole.outside, 0.002)
        let arc = deviation((0...400).map { ContinuousCorner.point(ContinuousCorner.segments[1], Double($0) / 400) })
        XCTAssertEqual(arc.inside, 0.0042, accuracy: 0.0002)
        XCTAssertLessThan(arc.outside, 0.002)
        // The arc spans the 46.56° between its joins, seen from (r, r).
        let j = ContinuousCorner.join - SIMD2(1, 1)
        let span = 90 - 2 * atan2(-j.x, -j.y) * 180 / .pi
        XCTAssertEqual(span, 46.56, accuracy: 0.05)
    }

    /// The n = 4 superellipse of extent 1.528 r that continuous corners used to be: up to 0.068 r from the
    /// curve (near the diagonal, where it cuts 0.049 r deeper on each axis).
    func testTheOldSuperellipseWasFarFromTheCurve() {
        let e = 1.528
        let old = (0...200).map { i -> SIMD2<Double> in
            let a = Double(i) / 200 * .pi / 2
            return SIMD2(e - e * cos(a).squareRoot(), e - e * sin(a).squareRoot())
        }
        let farthest = old.map { p in unit.map { length($0 - p) }.min()! }.max()!
        XCTAssertEqual(farthest, 0.068, accuracy: 0.001)
    }

    /// Tangent directions at the joins: onto the straight edges exactly (with zero curvature there: both
    /// control points lie on the edge); between the edge cubics and the arc, the published constants leave
    /// a 2.45° turn (the edge cubic ends at 17.55° to the edge, the arc starts at 20.00°).
    func testTangentsAtTheJoins() {
        let s = ContinuousCorner.segments
        func degrees(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            acos(min(1, (a * b).sum() / (length(a) * length(b)))) * 180 / .pi
        }
        let rows: [(line: UInt, incoming: SIMD2<Double>, outgoing: SIMD2<Double>, turn: Double)] = [
            (#line, SIMD2(-1, 0), ContinuousCorner.tangent(s[0], 0), 0),
            (#line, ContinuousCorner.tangent(s[0], 1), ContinuousCorner.tangent(s[1], 0), 2.45),
            (#line, ContinuousCorner.tangent(s[1], 1), ContinuousCorner.tangent(s[2], 0), 2.45),
            (#line, ContinuousCorner.tangent(s[2], 1), SIMD2(0, 1), 0),
        ]
        for row in rows {
            XCTAssertEqual(degrees(row.incoming, row.outgoing), row.turn, accuracy: 0.01, line: row.line)
        }
        XCTAssertEqual(s[0][1].y, 0); XCTAssertEqual(s[0][2].y, 0)
        XCTAssertEqual(s[2][1].x, 0); XCTAssertEqual(s[2][2].x, 0)
    }

    /// The fast fill on a large corner: pixels just inside and just outside the curve on the diagonal
    /// (0.2915 r from each edge) and along the edge (1.5287 r from the corner).
    func testTheFillFollowsTheCurve() {
        var p = Pixmap(width: 400, height: 400)
        let r = 100.0
        p.fillRoundedRect(RectF(x: 0, y: 0, width: 400, height: 400), radius: r, curve: .continuous, .white)
        let d = 0.29150692 * r
        let rows: [(line: UInt, x: Int, y: Int, covered: ClosedRange<UInt8>)] = [
            (#line, Int(d + 1), Int(d + 1), 250...255),
            (#line, Int(d - 1.2), Int(d - 1.2), 0...5),
            (#line, 399 - Int(d + 1), Int(d + 1), 250...255),
            (#line, Int(d + 1), 399 - Int(d + 1), 250...255),
            (#line, 399 - Int(d - 1.2), 399 - Int(d - 1.2), 0...5),
            // Along the top edge the curve is 3.3 px below it 0.8 r from the corner, 0.01 px at 1.4 r.
            (#line, 80, 0, 0...5),
            (#line, 140, 0, 248...255),
            (#line, 399 - 140, 0, 248...255),
            (#line, 0, 399 - 80, 0...5),
        ]
        for row in rows {
            XCTAssert(row.covered.contains(p[row.x, row.y].a), "\(p[row.x, row.y].a)", line: row.line)
        }
    }

    /// The fast fill against the general filler on the curve's path (fine polygons): per-pixel coverage within
    /// 13 levels of 255 (the distance-based coverage of a curved edge, as for circular corners; 15 measured for
    /// r = 2.5 px, where the arc's radius is below 2.5 px) and areas
    /// within 0.3 %; both against the area enclosed by the outline (shoelace on the dense outline).
    func testTheFastFillMatchesTheGeneralFiller() {
        let fine = 16.0
        let rows: [(line: UInt, rect: RectF, radius: Double, maxLevels: Int)] = [
            (#line, RectF(x: 4, y: 4, width: 56, height: 56), 10, 13),
            (#line, RectF(x: 3.3, y: 4.6, width: 50.2, height: 31.7), 7.5, 13),
            (#line, RectF(x: 10, y: 10, width: 40, height: 30), 40, 13),   // radius shrinks to fit the height
            (#line, RectF(x: 8.5, y: 2.25, width: 30, height: 55), 2.5, 16),
            (#line, RectF(x: 20, y: 20, width: 100, height: 100), 38, 13),
        ]
        for row in rows {
            let size = 128
            var a = Pixmap(width: size, height: size), b = a
            a.fillRoundedRect(row.rect, radius: row.radius, curve: .continuous, .white)
            let path = Path.continuousRoundedRect(x: row.rect.x, y: row.rect.y, w: row.rect.width, h: row.rect.height,
                                                  r: row.radius, detail: fine)
            b.fill(path, .white)
            let aa = a.pixels.map { Int($0 >> 24) }, bb = b.pixels.map { Int($0 >> 24) }
            let worst = zip(aa, bb).map { abs($0 - $1) }.max()!
            let areaA = Double(aa.reduce(0, +)) / 255, areaB = Double(bb.reduce(0, +)) / 255
            let exact = abs(Path.signedArea(path.contours[0]))
            XCTAssertLessThanOrEqual(worst, row.maxLevels, line: row.line)
            XCTAssertEqual(areaA, exact, accuracy: max(0.5, exact * 0.003), line: row.line)
            XCTAssertEqual(areaB, exact, accuracy: max(0.5, exact * 0.003), line: row.line)
        }
    }

    /// Top-only corners and the clip use the same curve: the clip's alpha is the fill's.
    func testTopOnlyAndClipAgreeWithTheFill() {
        var full = Pixmap(width: 60, height: 40)
        full.fillRoundedRect(RectF(x: 0, y: 0, width: 60, height: 40), radius: 8, curve: .continuous, .white)
        var top = Pixmap(width: 60, height: 40)
        top.fillRoundedRect(RectF(x: 0, y: 0, width: 60, height: 40), radius: 8, topOnly: true, curve: .continuous, .white)
        XCTAssertEqual(Array(full.pixels[0..<(60 * 20)]), Array(top.pixels[0..<(60 * 20)]))
        XCTAssertEqual(top.pixels[39 * 60], PremultipliedRGBA8.white.packed)
        // The clip works in the corner squares only; its alpha must be the fill's everywhere.
        let rows: [(line: UInt, width: Int, height: Int, radius: Double, curve: CornerCurve)] = [
            (#line, 60, 40, 8, .continuous),
            (#line, 60, 40, 8, .circular),
            (#line, 31, 17, 30, .continuous),
            (#line, 31, 17, 30, .circular),
            (#line, 9, 50, 2.7, .continuous),
        ]
        for row in rows {
            var fill = Pixmap(width: row.width, height: row.height)
            fill.fillRoundedRect(RectF(x: 0, y: 0, width: Double(row.width), height: Double(row.height)),
                                 radius: row.radius, curve: row.curve, .white)
            var clipped = Pixmap(width: row.width, height: row.height, fill: .white)
            clipped.clipToRoundedRect(radius: row.radius, curve: row.curve)
            XCTAssertEqual(clipped.pixels, fill.pixels, line: row.line)
        }
    }
}

private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
