import XCTest
@testable import Raster

/// GIF frames: palettes, dithering, and redrawing only what changed.
final class IndexedFramesTests: XCTestCase {
    func opaque(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt32 { StraightRGBA8(r, g, b).packed }

    /// What a viewer shows after `frames`: each drawn over the last, transparent pixels kept.
    func composite(_ frames: [IndexedFrame], width: Int, height: Int) -> [UInt32] {
        var shown = [UInt32](repeating: 0, count: width * height)
        for f in frames {
            for row in 0..<f.rect.height {
                for col in 0..<f.rect.width {
                    let index = f.indices[row * f.rect.width + col]
                    if index == f.transparentIndex { continue }
                    let c = f.palette[Int(index)]
                    shown[(f.rect.y + row) * width + f.rect.x + col] = StraightRGBA8(c.r, c.g, c.b).packed
                }
            }
        }
        return shown
    }

    func testFewColoursAreKeptExactly() {
        let colours = [opaque(255, 0, 0), opaque(0, 128, 0), opaque(10, 20, 30), opaque(250, 250, 250)]
        let frame = Pixmap(width: 8, height: 8, pixels: (0..<64).map { colours[($0 * 7) % 4] })
        var frames = IndexedFrames(width: 8, height: 8)
        let first = frames.next(frame)!
        XCTAssertEqual(first.palette.count, 4)
        XCTAssertNil(first.transparentIndex, "the first frame draws every pixel")
        XCTAssertEqual(composite([first], width: 8, height: 8), frame.pixels)
    }

    func testOnlyTheChangedRectangleIsRedrawnAndStillFramesMerge() {
        var frames = IndexedFrames(width: 10, height: 6)
        let a = Pixmap(width: 10, height: 6, pixels: [UInt32](repeating: opaque(20, 40, 60), count: 60))
        var b = a
        b.pixels[2 * 10 + 3] = opaque(200, 0, 0)
        b.pixels[4 * 10 + 7] = opaque(0, 200, 0)
        let first = frames.next(a)!
        XCTAssertNil(frames.next(a), "an unchanged frame is no frame: the one before shows longer")
        let second = frames.next(b)!
        XCTAssertEqual(second.rect, PixelRect(x: 3, y: 2, width: 5, height: 3))
        XCTAssertNotNil(second.transparentIndex)
        XCTAssertEqual(second.indices.filter { $0 != second.transparentIndex }.count, 2, "only the changed pixels are drawn")
        XCTAssertEqual(composite([first, second], width: 10, height: 6), b.pixels)
    }

    /// A smooth 2-D ramp of 16 384 colours into a palette of 256: undithered, each 8×8 block is off by half
    /// a band on average; dithered, the blocks keep their colour (no bands).
    func testGradientsAreDitheredNotBanded() {
        let w = 256, h = 64
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w { pixels[y * w + x] = opaque(UInt8(x), UInt8(y * 4), UInt8((x + y * 4) / 2)) }
        }
        func meanBlockError(ditherStrength: Float) -> Double {
        var frames = IndexedFrames(width: w, height: h)
        frames.ditherStrength = ditherStrength
        let first = frames.next(Pixmap(width: w, height: h, pixels: pixels))!
        XCTAssertEqual(first.palette.count, 256)
        let shown = composite([first], width: w, height: h)
        var mean = 0.0
        // Average 8×8 blocks: a banded quantization is off by half a band there; a dithered one is not.
        for by in stride(from: 0, to: h, by: 8) {
            for bx in stride(from: 0, to: w, by: 8) {
                var source = SIMD3<Double>(0, 0, 0), result = SIMD3<Double>(0, 0, 0)
                for y in by..<by + 8 {
                    for x in bx..<bx + 8 {
                        let s = pixels[y * w + x], r = shown[y * w + x]
                        source += SIMD3(Double(s & 0xFF), Double((s >> 8) & 0xFF), Double((s >> 16) & 0xFF))
                        result += SIMD3(Double(r & 0xFF), Double((r >> 8) & 0xFF), Double((r >> 16) & 0xFF))
                    }
                }
                let e = (source - result) / 64
                let d = SIMD3(Swift.abs(e.x), Swift.abs(e.y), Swift.abs(e.z))
                mean += d.max() / Double((w / 8) * (h / 8))
            }
        }
        return mean
        }
        let banded = meanBlockError(ditherStrength: 0), dithered = meanBlockError(ditherStrength: 0.875)
        // Measured: 4.0 undithered, 0.66 dithered.
        XCTAssertLessThan(dithered, 1, "mean 8×8 block error, dithered")
        XCTAssertLessThan(dithered, banded / 3, "dithering removes most of the banding (undithered: \(banded))")
    }
}
