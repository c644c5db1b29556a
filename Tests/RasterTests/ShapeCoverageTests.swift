import Foundation
import XCTest
@testable import Raster

/// Shapes drawn in opaque white on transparent black: the alpha summed over the pixmap is the area drawn.
final class ShapeCoverageTests: XCTestCase {
    func coveredArea(_ draw: (inout Pixmap) -> Void, size: Int = 64) -> Double {
        var p = Pixmap(width: size, height: size)
        draw(&p)
        return p.pixels.reduce(0.0) { $0 + Double($1 >> 24) } / 255
    }

    func testAreasMatchTheirClosedForms() {
        let white = PremultipliedRGBA8.white
        let rows: [(line: UInt, area: Double, tolerance: Double, draw: (inout Pixmap) -> Void)] = [
            (#line, 20 * 10, 0.05, { $0.fillRect(RectF(x: 5, y: 5, width: 20, height: 10), white) }),
            (#line, 20.6 * 10.3, 0.05, { $0.fillRect(RectF(x: 5.2, y: 5.7, width: 20.6, height: 10.3), white) }),
            (#line, Double.pi * 100, 0.002, { $0.fillCircle(cx: 32, cy: 32, radius: 10, white) }),
            (#line, Double.pi * 20.25, 0.005, { $0.fillCircle(cx: 31.3, cy: 30.8, radius: 4.5, white) }),
            (#line, 40 * 30 - (4 - Double.pi) * 64, 0.002, { $0.fillRoundedRect(RectF(x: 10, y: 10, width: 40, height: 30), radius: 8, white) }),
            (#line, 40 * 30 - (4 - Double.pi) * 32, 0.002, { $0.fillRoundedRect(RectF(x: 10, y: 10, width: 40, height: 30), radius: 8, topOnly: true, white) }),
            (#line, 36 * 10 - (4 - Double.pi) * 25, 0.003, { $0.fillCapsule(RectF(x: 12, y: 20, width: 36, height: 10), white) }),
            // A round-capped segment: a rectangle plus a disc.
            (#line, 30 * 6 + Double.pi * 9, 0.003, { $0.strokeSegment(x0: 15, y0: 20, x1: 45, y1: 20, width: 6, white) }),
            (#line, 30 * 6 + Double.pi * 9, 0.003, { $0.strokeSegment(x0: 15, y0: 15, x1: 15 + 30 / 2.0.squareRoot(), y1: 15 + 30 / 2.0.squareRoot(), width: 6, white) }),
        ]
        for row in rows {
            let area = coveredArea(row.draw)
            XCTAssertEqual(area, row.area, accuracy: row.area * row.tolerance, "relative tolerance \(row.tolerance)", line: row.line)
        }
    }

    func testContinuousCornersCutLessThanTheirExtentAndMoreThanNothing() {
        let r = RectF(x: 4, y: 4, width: 56, height: 56)
        let square = coveredArea { $0.fillRect(r, .white) }
        let circular = coveredArea { $0.fillRoundedRect(r, radius: 10, .white) }
        let continuous = coveredArea { $0.fillRoundedRect(r, radius: 10, curve: .continuous, .white) }
        // Each corner cuts r² times the area between the unit curve and the corner (shoelace on its outline).
        let cut = 100 * abs(Path.signedArea([SIMD2(0, 0)] + ContinuousCorner.outline(perSegment: 200)))
        XCTAssertEqual(square - continuous, 4 * cut, accuracy: 4 * cut * 0.02)
        XCTAssertLessThan(continuous, square)
        XCTAssertGreaterThan(circular - continuous, -40, "similar visual weight to a circular corner")
    }

    func testEdgesAreAntiAliased() {
        var p = Pixmap(width: 10, height: 3)
        p.fillRect(RectF(x: 2.25, y: 0, width: 5.5, height: 3), .white)
        XCTAssertEqual(p[1, 1].a, 0)
        XCTAssertEqual(p[2, 1].a, 191, "three quarters covered")
        XCTAssertEqual(p[3, 1].a, 255)
        XCTAssertEqual(p[7, 1].a, 191)
        XCTAssertEqual(p[8, 1].a, 0)
    }

    func testSourceOverOfPremultipliedColours() {
        var p = Pixmap(width: 1, height: 1, fill: PremultipliedRGBA8(0, 0, 255, 255))
        p.fillRect(RectF(x: 0, y: 0, width: 1, height: 1), StraightRGBA8(255, 0, 0, 128).premultiplied)
        let c = p[0, 0]
        XCTAssertEqual(c.a, 255)
        XCTAssertEqual(Double(c.r), 128, accuracy: 1)
        XCTAssertEqual(Double(c.b), 127, accuracy: 1)
    }
}

/// The row operations agree with the one-pixel ones exactly, over every tail length.
final class PixelRowTests: XCTestCase {
    func testRowOperationsMatchPixelOperations() {
        var state: UInt32 = 12345
        func next() -> UInt32 { state = state &* 1_664_525 &+ 1_013_904_223; return state }
        func premultiplied() -> UInt32 {
            let a = next() >> 24
            return PremultipliedRGBA8(UInt8(next() >> 24 % (a + 1)), UInt8((next() >> 24) * a / 255), UInt8((next() >> 24) * a / 255), UInt8(a)).packed
        }
        for count in [0, 1, 7, 8, 9, 31, 100] {
            let src = (0..<count).map { _ in premultiplied() }
            let dst = (0..<count).map { _ in premultiplied() | 0xFF00_0000 }
            let mask = (0..<count).map { _ in UInt8(next() >> 24) }
            let k = next() >> 24, add = PremultipliedRGBA8(9, 20, 30, 40).packed, top = PremultipliedRGBA8(10, 10, 12, 100).packed

            var a = dst
            src.withUnsafeBufferPointer { s in a.withUnsafeMutableBufferPointer { PixelRow.over(s.baseAddress!, onto: $0.baseAddress!, count: count) } }
            XCTAssertEqual(a, zip(src, dst).map { Pixel.over($0, $1) })

            var b = dst
            src.withUnsafeBufferPointer { s in b.withUnsafeMutableBufferPointer { PixelRow.over(s.baseAddress!, opacity: k, onto: $0.baseAddress!, count: count) } }
            XCTAssertEqual(b, zip(src, dst).map { Pixel.over(Pixel.scale($0, k), $1) })

            var c = dst
            src.withUnsafeBufferPointer { s in c.withUnsafeMutableBufferPointer { PixelRow.veilThenOver(s.baseAddress!, k, add, top: top, into: $0.baseAddress!, count: count) } }
            XCTAssertEqual(c, src.map { Pixel.over(top, Pixel.scale($0, k) &+ add) })

            var d = dst
            mask.withUnsafeBufferPointer { m in d.withUnsafeMutableBufferPointer { PixelRow.paint(top, through: m.baseAddress!, onto: $0.baseAddress!, count: count) } }
            XCTAssertEqual(d, zip(mask, dst).map { Pixel.over(Pixel.scale(top, UInt32($0)), $1) })
        }
    }
}
