@testable import Raster
import XCTest

/// The AVX2 row kernels give the same bytes as the baseline lanes, for every operation, on premultiplied pixels and on
/// arbitrary words, at every length around their 8-pixel groups and at unaligned starts.
final class PixelKernelTests: XCTestCase {
    /// Pixels: premultiplied (every channel at most alpha), with the edge values (0, 255, opaque, clear) mixed in.
    func pixels(_ count: Int, seed: UInt64, premultiplied: Bool = true) -> [UInt32] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { i in
            if !premultiplied { return UInt32(truncatingIfNeeded: rng.next()) }
            switch i % 11 {
            case 0: return 0
            case 1: return 0xFFFF_FFFF
            case 2: return 0xFF00_0000
            default:
                let a = UInt32(rng.int(0, 255))
                let c = { UInt32(rng.int(0, Int(a))) }
                return a << 24 | c() << 16 | c() << 8 | c()
            }
        }
    }

    /// `op` run by both paths over `count` pixels starting `offset` into fresh copies of `dst`; the outputs must match.
    func assertSame(_ name: String, count: Int, offset: Int, dst: [UInt32],
                    _ op: (_ dst: UnsafeMutablePointer<UInt32>, _ wide: Bool) -> Void, line: UInt = #line) {
        var base = dst, wide = dst
        base.withUnsafeMutableBufferPointer { op($0.baseAddress! + offset, false) }
        wide.withUnsafeMutableBufferPointer { op($0.baseAddress! + offset, true) }
        if let i = base.indices.first(where: { base[$0] != wide[$0] }) {
            XCTFail("\(name) count \(count) offset \(offset): pixel \(i) is \(String(wide[i], radix: 16)) wide, \(String(base[i], radix: 16)) baseline",
                    line: line)
        }
    }

    func testTheWideKernelsGiveTheBaselineBytes() throws {
        try XCTSkipUnless(PixelRow.wide, "this CPU has no AVX2: only the baseline runs")
        for premultiplied in [true, false] {
            let a = pixels(300, seed: 1, premultiplied: premultiplied), b = pixels(300, seed: 2, premultiplied: premultiplied)
            let under = pixels(300, seed: 3, premultiplied: premultiplied)
            var rng = SplitMix64(seed: 4)
            for count in Array(0...40) + [63, 64, 65, 255, 256, 257] {
                for offset in [0, 1, 3, 5] where offset + count <= 290 {
                    let k = UInt32(rng.int(0, 255)), add = a[rng.int(0, 299)], top = b[rng.int(0, 299)]
                    let f = UInt32(rng.int(0, 256))
                    a.withUnsafeBufferPointer { src in
                        b.withUnsafeBufferPointer { src2 in
                            let s = src.baseAddress! + 7, s2 = src2.baseAddress! + 2
                            assertSame("scaleAdd", count: count, offset: offset, dst: under) {
                                PixelRow.scaleAdd(s, k, add, into: $0, count: count, wide: $1)
                            }
                            assertSame("veilThenOver", count: count, offset: offset, dst: under) {
                                PixelRow.veilThenOver(s, k, add, top: top, into: $0, count: count, wide: $1)
                            }
                            assertSame("over", count: count, offset: offset, dst: under) {
                                PixelRow.over(s, onto: $0, count: count, wide: $1)
                            }
                            assertSame("over opacity", count: count, offset: offset, dst: under) {
                                PixelRow.over(s, opacity: k, onto: $0, count: count, wide: $1)
                            }
                            assertSame("lerp", count: count, offset: offset, dst: under) {
                                PixelRow.lerp(s, s2, f, into: $0, count: count, wide: $1)
                            }
                            // A row resampled (shrunk about a point, as the recede does), over the outputs `offset`..<count.
                            let axis = ResampleAxis(count: 296, sourceCount: 280, scale: 0.93 + Double(f) / 5000, offset: Double(k) / 40)
                            assertSame("resample", count: count, offset: 0, dst: under) { dst, wide in
                                PixelRow.resample(s, along: axis, range: offset..<max(offset, count), into: dst, wide: wide)
                            }
                            let nearest = ResampleAxis(count: 296, sourceCount: 280, scale: 0.93 + Double(f) / 5000, offset: Double(k) / 40,
                                                       nearest: true)
                            assertSame("resample to the nearest", count: count, offset: 0, dst: under) { dst, wide in
                                PixelRow.resample(s, along: nearest, range: offset..<max(offset, count), into: dst, wide: wide)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every factor and every channel value through the wide scale (as `scaleAdd` with nothing added), against
    /// `Pixel.scale` one pixel at a time.
    func testTheWideScaleMatchesPixelScaleForEveryChannelAndFactor() throws {
        try XCTSkipUnless(PixelRow.wide, "this CPU has no AVX2: only the baseline runs")
        let src: [UInt32] = (0..<256).map { (c: Int) -> UInt32 in
            let r = UInt32(c), g = UInt32(255 - c) << 8, b = UInt32(c ^ 0x5A) << 16, a = UInt32((c * 7) & 255) << 24
            return r | g | b | a
        }
        var out = [UInt32](repeating: 0, count: 256)
        for k in UInt32(0)...255 {
            src.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { PixelRow.scaleAdd(s.baseAddress!, k, 0, into: $0.baseAddress!, count: 256, wide: true) }
            }
            for i in 0..<256 where out[i] != Pixel.scale(src[i], k) {
                XCTFail("k \(k), pixel \(String(src[i], radix: 16)): \(String(out[i], radix: 16)) against \(String(Pixel.scale(src[i], k), radix: 16))")
                return
            }
        }
    }
}
