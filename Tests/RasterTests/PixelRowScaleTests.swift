@testable import Raster
import XCTest

/// The lane scale (worked in 16-bit lanes) computes exactly what `Pixel.scale` computes, for every channel and factor.
final class PixelRowScaleTests: XCTestCase {
    func testScaleMatchesPixelScaleForEveryChannelAndFactor() {
        // Every channel value against every factor, in lanes that hold different pixels and factors.
        for k in 0...255 {
            var pixels = PixelRow.Lanes(), factors = PixelRow.Lanes()
            for base in stride(from: 0, to: 256, by: 8) {
                for lane in 0..<8 {
                    let c = UInt32((base + lane) & 255)
                    pixels[lane] = c | (255 - c) << 8 | (c ^ 0x5A) << 16 | UInt32(k) << 24
                    factors[lane] = UInt32((k + lane * 37) & 255)
                }
                let got = PixelRow.scale(pixels, factors)
                for lane in 0..<8 { XCTAssertEqual(got[lane], Pixel.scale(pixels[lane], factors[lane])) }
            }
        }
    }
}
