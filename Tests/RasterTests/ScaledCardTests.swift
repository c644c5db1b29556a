import XCTest
@testable import Raster

/// The receded card drawn in column strips (beside a floating sheet) is the full draw in those columns, and
/// leaves every other column alone.
final class ScaledCardTests: XCTestCase {
    func testColumnStripsMatchTheFullDraw() {
        let w = 120, h = 90
        var source = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { source[y * w + x] = PremultipliedRGBA8(UInt8(x * 2), UInt8(y * 2), UInt8((x ^ y) & 0xFF), 255).packed } }
        let scale = Double(w - 9) / Double(w)
        let x = ResampleAxis(count: w, sourceCount: w, scale: scale, offset: 4.5)
        let y = ResampleAxis(count: h, sourceCount: h, scale: scale, offset: 6.25)
        let card = ScaledCard(x: x, y: y, radius: 8, curve: .continuous, left: 4.5, top: 6.25, right: Double(w) - 4.5)
        var scratch = [UInt32](repeating: 0, count: w)
        let sentinel: UInt32 = 0x1234_5678
        for veil: (keep: UInt32, add: UInt32)? in [nil, (keep: 200, add: 0x1010_1010)] {
            var full = [UInt32](repeating: 0, count: w * h)
            var strips = [UInt32](repeating: sentinel, count: w * h)
            source.withUnsafeBufferPointer { src in
                scratch.withUnsafeMutableBufferPointer { sc in
                    full.withUnsafeMutableBufferPointer { d in
                        card.draw(rows: 0..<h, from: src.baseAddress!, sourceWidth: w, srcStride: w, into: d.baseAddress!, dstStride: w,
                                  scratch: sc.baseAddress!, veil: veil)
                    }
                    strips.withUnsafeMutableBufferPointer { d in
                        // Strips over black only, over the card's edge and corners, and inside it.
                        for cols in [0..<3, 3..<17, 50..<60, 100..<w] {
                            card.draw(rows: 0..<h, columns: cols, from: src.baseAddress!, sourceWidth: w, srcStride: w,
                                      into: d.baseAddress!, dstStride: w, scratch: sc.baseAddress!, veil: veil)
                        }
                    }
                }
            }
            let drawn = Set(Array(0..<17) + Array(50..<60) + Array(100..<w))
            for row in 0..<h {
                for col in 0..<w {
                    let i = row * w + col
                    if drawn.contains(col) {
                        XCTAssertEqual(strips[i], full[i], "(\(col), \(row)) veil \(veil != nil)")
                    } else {
                        XCTAssertEqual(strips[i], sentinel, "(\(col), \(row)) is outside the strips")
                    }
                }
            }
        }
    }
}
