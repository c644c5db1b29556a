import Foundation
import XCTest
@testable import Raster

/// The backdrop blur against a Gaussian computed directly, and the saturation matrix against its formula.
final class BlurTests: XCTestCase {
    // MARK: Blur

    /// The blur of a source with its top rows read from another pixmap is the blur of the composited source, bit for
    /// bit, written into any rows of a taller output; and the rows `firstRowUnaffected` names do not see those rows.
    func testTheBlurOfASourceWithTopRowsFromAnotherPixmapIsTheBlurOfTheComposite() {
        let image = Self.testImage(width: 97, height: 183)
        var top = Pixmap(width: 97, height: 21, fill: PremultipliedRGBA8(250, 240, 10, 255))
        top.fill(PixelRect(x: 10, y: 4, width: 30, height: 9), with: PremultipliedRGBA8(0, 0, 0, 255))
        var composite = image
        for y in 0..<top.height { for x in 0..<97 { composite[x, y] = top[x, y] } }
        for (sigma, region) in [(6.0, PixelRect(x: 0, y: 0, width: 97, height: 183)), (15, PixelRect(x: 20, y: 9, width: 50, height: 120)),
                                (40, PixelRect(x: -5, y: 0, width: 60, height: 183)), (0, PixelRect(x: 3, y: 0, width: 40, height: 30))] {
            let expected = BackdropBlur.blur(composite, region: region, sigma: sigma, saturation: 1.4)
            var out = Pixmap(width: region.width, height: region.height + 7, fill: PremultipliedRGBA8(1, 2, 3, 4))
            BlurWorkspace().blur(image, top: top, region: region, sigma: sigma, saturation: 1.4, into: &out, row: 5)
            XCTAssertEqual(out.cropped(PixelRect(x: 0, y: 5, width: region.width, height: region.height)), expected, "sigma \(sigma)")
            XCTAssertEqual(out[0, 4], PremultipliedRGBA8(1, 2, 3, 4), "rows outside are left as they were")
            XCTAssertEqual(out[0, region.height + 5], PremultipliedRGBA8(1, 2, 3, 4))
            guard sigma > 0 else { continue }
            let plain = BackdropBlur.blur(image, region: region, sigma: sigma, saturation: 1.4)
            let first = BackdropBlur.plan(sigma: sigma).firstRowUnaffected(byRowsAbove: top.height) - region.y
            XCTAssertLessThan(first, top.height + 40 * Int(sigma), "a bound that means something")
            for y in min(max(0, first), region.height)..<region.height {
                for x in 0..<region.width where plain[x, y] != expected[x, y] {
                    return XCTFail("sigma \(sigma): row \(y + region.y) sees the top rows, below \(first + region.y)")
                }
            }
        }
    }

    func testBlurMatchesAnExactGaussian() {
        // 97×83: not a multiple of any block size, so partial blocks at the right and bottom edges are exercised.
        let image = Self.testImage(width: 97, height: 83)
        let all = PixelRect(x: 0, y: 0, width: 97, height: 83)
        let rows: [(line: UInt, sigma: Double, region: PixelRect)] = [
            (#line, 2, all),
            (#line, 6, all),
            (#line, 15, all),
            (#line, 6, PixelRect(x: 21, y: 13, width: 50, height: 41)),   // inside: the pixels around count
            (#line, 15, PixelRect(x: -9, y: 50, width: 40, height: 45)),  // past the edges: they repeat
            (#line, 6, PixelRect(x: 70, y: 60, width: 40, height: 30)),
            (#line, 15, PixelRect(x: 30, y: 7, width: 67, height: 60)),
        ]
        for row in rows {
            let ours = BackdropBlur.blur(image, region: row.region, sigma: row.sigma)
            XCTAssertEqual(ours.width, row.region.width, line: row.line)
            XCTAssertEqual(ours.height, row.region.height, line: row.line)
            let exact = Self.exactGaussian(image, region: row.region, sigma: row.sigma)
            let psnr = Self.psnr(ours, exact)
            XCTAssertGreaterThanOrEqual(psnr, 35, "sigma \(row.sigma), region \(row.region)", line: row.line)
            // What the implementation reaches (51–57 dB), with a margin: a sigma 5 % off drops below it.
            XCTAssertGreaterThanOrEqual(psnr, 49, "sigma \(row.sigma), region \(row.region)", line: row.line)
        }
    }

    /// The derivative of a blurred step is the blur's line-spread function, whose variance is σ².
    func testAStepEdgeSpreadsWithTheRequestedSigma() {
        var image = Pixmap(width: 560, height: 4, fill: .black)
        image.fill(PixelRect(x: 261, y: 0, width: 299, height: 4), with: .white)
        for sigma in [1.0, 3, 7, 12, 25, 40, 60] {
            let out = BackdropBlur.blur(image, region: PixelRect(x: 0, y: 2, width: 560, height: 1), sigma: sigma)
            let profile = out.pixels.map { Double($0 & 0xFF) }
            var mass = 0.0, mean = 0.0, second = 0.0
            for x in 0..<(profile.count - 1) {
                let dp = profile[x + 1] - profile[x], at = Double(x) + 0.5
                mass += dp; mean += at * dp; second += at * at * dp
            }
            mean /= mass
            let measured = (second / mass - mean * mean).squareRoot()
            XCTAssertEqual(mass, 255, "sigma \(sigma)")
            XCTAssertEqual(mean, 260.5, accuracy: 0.05 * sigma, "sigma \(sigma)")
            XCTAssertEqual(measured, sigma, accuracy: 0.015 * sigma + 0.05, "sigma \(sigma)")
        }
    }

    func testARegionIsExactlyTheSamePixelsOfTheWholeBlur() {
        let image = Self.testImage(width: 97, height: 83)
        let all = PixelRect(x: 0, y: 0, width: 97, height: 83)
        for sigma in [1.5, 6, 15, 40] {
            let whole = BackdropBlur.blur(image, region: all, sigma: sigma)
            for region in [all, PixelRect(x: 17, y: 33, width: 41, height: 29), PixelRect(x: 1, y: 1, width: 1, height: 1),
                           PixelRect(x: 50, y: 0, width: 47, height: 83), PixelRect(x: 96, y: 82, width: 1, height: 1)] {
                let part = BackdropBlur.blur(image, region: region, sigma: sigma)
                XCTAssertEqual(part, whole.cropped(region), "sigma \(sigma), region \(region)")
            }
        }
    }

    func testAConstantImageStaysConstant() {
        let colour = PremultipliedRGBA8(100, 50, 20, 200)
        let image = Pixmap(width: 50, height: 40, fill: colour)
        for sigma in [0.7, 3, 12, 30, 90] {
            let out = BackdropBlur.blur(image, region: PixelRect(x: -5, y: 10, width: 60, height: 20), sigma: sigma)
            XCTAssertTrue(out.pixels.allSatisfy { $0 == colour.packed }, "sigma \(sigma)")
        }
    }

    func testMassIsPreservedWhenNothingReachesTheEdges() {
        var image = Pixmap(width: 160, height: 160)
        let inner = Self.testImage(width: 40, height: 40)
        image.draw(inner, x: 60, y: 60)
        let all = PixelRect(x: 0, y: 0, width: 160, height: 160)
        let before = Self.channelSums(image)
        for sigma in [2.0, 6, 10] {
            let after = Self.channelSums(BackdropBlur.blur(image, region: all, sigma: sigma))
            for c in 0..<4 {
                XCTAssertEqual(after[c], before[c], accuracy: before[c] * 0.005, "sigma \(sigma), channel \(c)")
            }
        }
    }

    func testChannelsStayAtOrBelowAlpha() {
        var image = Self.testImage(width: 64, height: 48)
        image.fill(PixelRect(x: 10, y: 5, width: 30, height: 20), with: StraightRGBA8(255, 40, 200, 90).premultiplied)
        image.fill(PixelRect(x: 30, y: 20, width: 20, height: 25), with: .transparent)
        for sigma in [1.0, 5, 20] {
            let out = BackdropBlur.blur(image, region: PixelRect(x: 0, y: 0, width: 64, height: 48), sigma: sigma)
            let bad = out.pixels.first { p in
                let a = p >> 24
                return p & 0xFF > a || p >> 8 & 0xFF > a || p >> 16 & 0xFF > a
            }
            XCTAssertNil(bad, "sigma \(sigma)")
        }
    }

    func testSigmaZeroIsTheCropWithEdgesRepeated() {
        let image = Self.testImage(width: 20, height: 10)
        let out = BackdropBlur.blur(image, region: PixelRect(x: -2, y: 3, width: 25, height: 4), sigma: 0)
        for y in 0..<4 {
            for x in 0..<25 {
                XCTAssertEqual(out[x, y], image[min(max(x - 2, 0), 19), y + 3])
            }
        }
    }

    func testAnEmptySourceOrRegion() {
        XCTAssertEqual(BackdropBlur.blur(Pixmap(width: 0, height: 0), region: PixelRect(x: 0, y: 0, width: 3, height: 2), sigma: 5),
                       Pixmap(width: 3, height: 2))
        let out = BackdropBlur.blur(Self.testImage(width: 8, height: 8), region: PixelRect(x: 2, y: 2, width: 0, height: 5), sigma: 5)
        XCTAssertEqual(out.width, 0)
    }

    func testTheWorkspaceGivesTheSamePixelsWhateverItBlurredBefore() {
        let big = Self.testImage(width: 96, height: 80), small = Self.testImage(width: 30, height: 20)
        let workspace = BlurWorkspace()
        var out = Pixmap(width: 0, height: 0)
        workspace.blur(big, region: PixelRect(x: 0, y: 0, width: 96, height: 80), sigma: 20, into: &out)
        workspace.blur(small, region: PixelRect(x: 3, y: 4, width: 20, height: 10), sigma: 4, into: &out)
        XCTAssertEqual(out, BackdropBlur.blur(small, region: PixelRect(x: 3, y: 4, width: 20, height: 10), sigma: 4))
    }

    func testPlansApplyTheRequestedSigma() {
        for sigma in [0.3, 1, 2.5, 5, 7.9, 12, 30, 60, 90, 250, 600] {
            let plan = BackdropBlur.plan(sigma: sigma)
            XCTAssertEqual(plan.effectiveSigma, sigma, accuracy: sigma * 0.01, "\(plan)")
            XCTAssertEqual(plan.factor & (plan.factor - 1), 0, "a power of two")
        }
    }

    func testFusedSaturationIsAtLeastAsCloseToTheExactResultAsBlurThenSaturate() {
        let image = Self.testImage(width: 96, height: 80)
        let region = PixelRect(x: 8, y: 12, width: 70, height: 50)
        for (sigma, amount) in [(6.0, 1.8), (15, 0), (15, 1.8), (15, 3)] {
            let exact = Self.saturated(Self.exactGaussian(image, region: region, sigma: sigma), amount)
            var separate = BackdropBlur.blur(image, region: region, sigma: sigma)
            separate.saturate(amount)
            let fused = BackdropBlur.blur(image, region: region, sigma: sigma, saturation: amount)
            let fusedPSNR = Self.psnr(fused, exact), separatePSNR = Self.psnr(separate, exact)
            XCTAssertGreaterThanOrEqual(fusedPSNR, 35, "sigma \(sigma), saturation \(amount)")
            XCTAssertGreaterThanOrEqual(fusedPSNR, separatePSNR - 0.5, "sigma \(sigma), saturation \(amount)")
        }
    }

    // MARK: Saturation

    func testSaturationOneIsTheIdentity() {
        let image = Self.testImage(width: 33, height: 17)
        var copy = image
        copy.saturate(1)
        XCTAssertEqual(copy, image)
    }

    func testSaturationFollowsTheLuminanceMatrix() {
        let rows: [(line: UInt, colour: PremultipliedRGBA8, amount: Double)] = [
            (#line, PremultipliedRGBA8(150, 120, 100, 255), 2),
            (#line, PremultipliedRGBA8(200, 100, 50, 255), 2),   // clips at both ends
            (#line, PremultipliedRGBA8(60, 40, 20, 128), 2),     // premultiplied
            (#line, PremultipliedRGBA8(120, 40, 20, 128), 3),    // clips at alpha
            (#line, PremultipliedRGBA8(10, 200, 90, 255), 0.5),
            (#line, PremultipliedRGBA8(10, 200, 90, 255), 0),
            (#line, PremultipliedRGBA8(255, 0, 0, 255), 0),
            (#line, PremultipliedRGBA8(0, 0, 255, 77), 0),
            (#line, PremultipliedRGBA8(90, 90, 90, 255), 5),     // greys stay put
            (#line, PremultipliedRGBA8(0, 0, 0, 0), 2),
        ]
        for row in rows {
            var p = Pixmap(width: 5, height: 1, fill: row.colour) // 5: the vector loop and the tail
            p.saturate(row.amount)
            let c = row.colour
            let luma = 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)
            func expected(_ v: UInt8) -> Double { min(max(luma + row.amount * (Double(v) - luma), 0), Double(c.a)) }
            for x in 0..<5 {
                let got = p[x, 0]
                XCTAssertEqual(Double(got.r), expected(c.r), accuracy: 1, "\(row.colour) × \(row.amount)", line: row.line)
                XCTAssertEqual(Double(got.g), expected(c.g), accuracy: 1, "\(row.colour) × \(row.amount)", line: row.line)
                XCTAssertEqual(Double(got.b), expected(c.b), accuracy: 1, "\(row.colour) × \(row.amount)", line: row.line)
                XCTAssertEqual(got.a, c.a, line: row.line)
            }
        }
    }

    func testSaturationZeroGivesGreyWithTheSameLuma() {
        var image = Self.testImage(width: 23, height: 9)
        let before = image
        image.saturate(0)
        for (p, q) in zip(before.pixels, image.pixels) {
            let a = PremultipliedRGBA8(packed: p), b = PremultipliedRGBA8(packed: q)
            let luma = 0.2126 * Double(a.r) + 0.7152 * Double(a.g) + 0.0722 * Double(a.b)
            XCTAssertTrue(b.r == b.g && b.g == b.b, "\(b) is grey")
            XCTAssertEqual(Double(b.r), luma, accuracy: 0.51)
            XCTAssertEqual(b.a, a.a)
        }
    }

    func testSaturationChangesOnlyItsRect() {
        let image = Self.testImage(width: 30, height: 20)
        var p = image
        let rect = PixelRect(x: 5, y: 3, width: 7, height: 9)
        p.saturate(2, in: rect)
        var whole = image
        whole.saturate(2)
        for y in 0..<20 {
            for x in 0..<30 {
                let inside = x >= 5 && x < 12 && y >= 3 && y < 12
                XCTAssertEqual(p[x, y], inside ? whole[x, y] : image[x, y])
            }
        }
    }

    // MARK: Helpers

    /// Hard-edged colour blocks, one-pixel stripes and a translucent patch over a gradient.
    static func testImage(width: Int, height: Int) -> Pixmap {
        var image = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = PremultipliedRGBA8(UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128, 255)
            }
        }
        var state: UInt32 = 12345
        func next() -> Int { state = state &* 1_664_525 &+ 1_013_904_223; return Int(state >> 8) }
        for _ in 0..<max(1, width * height / 400) {
            let colour = StraightRGBA8(UInt8(next() & 255), UInt8(next() & 255), UInt8(next() & 255)).premultiplied
            image.fill(PixelRect(x: next() % width, y: next() % height, width: 2 + next() % 16, height: 2 + next() % 12), with: colour)
        }
        for y in stride(from: 2, to: height, by: 9) {
            image.fill(PixelRect(x: 0, y: y, width: width, height: 1), with: .white)
        }
        for x in stride(from: 5, to: width, by: 13) {
            image.fill(PixelRect(x: x, y: 0, width: 1, height: height), with: .black)
        }
        image.fill(PixelRect(x: width / 3, y: height / 4, width: width / 4, height: height / 3),
                   with: StraightRGBA8(250, 30, 90, 140).premultiplied)
        return image
    }

    /// The separable Gaussian of the premultiplied channels, kernel to 4σ, normalised, edges repeated,
    /// in Double and unrounded; channel-major, region-sized.
    static func exactGaussian(_ image: Pixmap, region: PixelRect, sigma: Double) -> [[Double]] {
        let radius = Int((4 * sigma).rounded(.up)), taps = 2 * radius + 1
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let w = image.width, h = image.height, rw = region.width, rh = region.height
        // The source extended by the kernel's reach around the region, edges repeated, one plane per channel.
        let ew = rw + 2 * radius, eh = rh + 2 * radius
        return (0..<4).map { c in
            var extended = [Double](repeating: 0, count: ew * eh)
            for y in 0..<eh {
                let sy = min(max(region.y - radius + y, 0), h - 1)
                for x in 0..<ew {
                    let sx = min(max(region.x - radius + x, 0), w - 1)
                    extended[y * ew + x] = Double(image.pixels[sy * w + sx] >> (8 * UInt32(c)) & 0xFF)
                }
            }
            var across = [Double](repeating: 0, count: eh * rw)
            var out = [Double](repeating: 0, count: rw * rh)
            kernel.withUnsafeBufferPointer { k in
                extended.withUnsafeBufferPointer { e in
                    across.withUnsafeMutableBufferPointer { a in
                        for y in 0..<eh {
                            for x in 0..<rw {
                                var s = 0.0
                                for t in 0..<taps { s += k[t] * e[y * ew + x + t] }
                                a[y * rw + x] = s
                            }
                        }
                        out.withUnsafeMutableBufferPointer { o in
                            for y in 0..<rh {
                                for x in 0..<rw {
                                    var s = 0.0
                                    for t in 0..<taps { s += k[t] * a[(y + t) * rw + x] }
                                    o[y * rw + x] = s
                                }
                            }
                        }
                    }
                }
            }
            return out
        }
    }

    /// The saturation matrix on exact premultiplied channels, clamped to [0, alpha].
    static func saturated(_ channels: [[Double]], _ amount: Double) -> [[Double]] {
        var out = channels
        for i in channels[0].indices {
            let luma = 0.2126 * channels[0][i] + 0.7152 * channels[1][i] + 0.0722 * channels[2][i]
            for c in 0..<3 { out[c][i] = min(max(luma + amount * (channels[c][i] - luma), 0), channels[3][i]) }
        }
        return out
    }

    static func psnr(_ ours: Pixmap, _ exact: [[Double]]) -> Double {
        var squared = 0.0
        for c in 0..<4 {
            for (i, p) in ours.pixels.enumerated() {
                let d = Double(p >> (8 * UInt32(c)) & 0xFF) - exact[c][i]
                squared += d * d
            }
        }
        let mse = squared / Double(4 * ours.pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    static func channelSums(_ image: Pixmap) -> [Double] {
        (0..<4).map { c in image.pixels.reduce(0.0) { $0 + Double($1 >> (8 * UInt32(c)) & 0xFF) } }
    }
}
