import XCTest
@testable import Raster

/// Masks made from masks, and whole-pixmap copies.
final class MaskTransformTests: XCTestCase {
    /// A 3 × 2 mask with distinct values: 1 2 3 / 4 5 6.
    let mask = AlphaMask(width: 3, height: 2, bytes: [1, 2, 3, 4, 5, 6])

    func testAQuarterTurnAnticlockwiseReadsUpward() {
        let r = mask.rotatedQuarterAnticlockwise()
        XCTAssertEqual([r.width, r.height], [2, 3])
        // The right column comes to the top: 3 6 / 2 5 / 1 4.
        XCTAssertEqual(r.bytes, [3, 6, 2, 5, 1, 4])
    }

    func testDilationGrowsByItsRadiusOnEverySide() {
        var dot = AlphaMask(width: 3, height: 3)
        dot.bytes[4] = 200
        let rows: [(line: UInt, radius: Int, size: Int, covered: Int)] = [
            (#line, 0, 3, 1), (#line, 1, 5, 9), (#line, 2, 7, 25),
        ]
        for row in rows {
            let d = dot.dilated(by: row.radius)
            XCTAssertEqual([d.width, d.height], [row.size, row.size], line: row.line)
            XCTAssertEqual(d.bytes.filter { $0 == 200 }.count, row.covered, line: row.line)
            XCTAssertEqual(d.bytes[(row.size / 2) * row.size + row.size / 2], 200, "the dot stays centred", line: row.line)
        }
    }

    func testRotationKeepsTheInkAndTurnsIt() {
        var bar = AlphaMask(width: 20, height: 4)
        for i in bar.bytes.indices { bar.bytes[i] = 255 }
        let ink = Double(bar.bytes.reduce(0) { $0 + Int($1) })
        for angle in [0.0, 0.3, Double.pi / 4, Double.pi / 2] {
            let r = bar.rotated(by: angle)
            XCTAssertEqual(Double(r.bytes.reduce(0) { $0 + Int($1) }), ink, accuracy: ink * 0.03, "angle \(angle)")
        }
        let upright = bar.rotated(by: .pi / 2)
        XCTAssertGreaterThan(upright.height, upright.width, "a quarter turn stands the bar up")
    }

    func testCopyWrappedRepeatsTheTileMovedByTheOffset() {
        let tile = Pixmap(width: 3, height: 2, pixels: (0..<6).map { UInt32($0) | 0xFF00_0000 })
        var out = Pixmap(width: 7, height: 5)
        for (dx, dy) in [(0, 0), (1, 0), (-4, 3), (5, -7)] {
            out.copyWrapped(from: tile, dx: dx, dy: dy)
            for y in 0..<5 {
                for x in 0..<7 {
                    let tx = ((x - dx) % 3 + 3) % 3, ty = ((y - dy) % 2 + 2) % 2
                    XCTAssertEqual(out.pixels[y * 7 + x], tile.pixels[ty * 3 + tx], "(\(x), \(y)) at offset (\(dx), \(dy))")
                }
            }
        }
    }

    func testScaledToFillCropsTheMiddleAndHalvesLargeReductions() {
        // Left half red, right half blue: filling a square from a 2:1 image keeps the middle, half of each.
        for (w, h) in [(40, 20), (400, 200)] {
            var image = Pixmap(width: w, height: h)
            for y in 0..<h { for x in 0..<w { image[x, y] = x < w / 2 ? PremultipliedRGBA8(255, 0, 0, 255) : PremultipliedRGBA8(0, 0, 255, 255) } }
            let out = image.scaledToFill(width: 10, height: 10)
            XCTAssertEqual(out[0, 5], PremultipliedRGBA8(255, 0, 0, 255), "\(w)")
            XCTAssertEqual(out[9, 5], PremultipliedRGBA8(0, 0, 255, 255), "\(w)")
            XCTAssertTrue(out.pixels.allSatisfy { $0 >> 24 == 255 }, "\(w)")
        }
        XCTAssertEqual(Pixmap(width: 0, height: 0).scaledToFill(width: 4, height: 3), Pixmap(width: 4, height: 3))
    }
}
