import CPixelKernels
import Foundation

/// One axis of an image drawn scaled and shifted: for each output pixel, the source pixel at or before its
/// centre, the weight of the next one (bilinear), and how much of the output pixel the image covers.
///
/// The image's source pixel `j` lands on output `offset + scale · j …`; an output pixel `o` samples the
/// source at `(o + 0.5 − offset) / scale − 0.5`, clamped to the source's edge pixels. Computed once per
/// scale and reused for every row (or column), so the per-pixel work is two loads and a lerp.
public struct ResampleAxis: Sendable, Equatable {
    /// Per output pixel: the source pixel to the left (or above), clamped to `0..<sourceCount`.
    public let index: [Int32]
    /// Per output pixel: the weight of source pixel `index + 1`, 0…256 (0 at the clamped edges).
    public let weight: [UInt32]
    /// Per output pixel: how much of it the image covers, 0…255.
    public let coverage: [UInt8]
    /// The output pixels the image covers fully.
    public let inner: Range<Int>
    /// The output pixels the image covers at all.
    public let covered: Range<Int>
    /// Whether every output takes one source pixel (weight 0 throughout); otherwise `index + 1` is always
    /// a source pixel (the right edge is index n − 2 at weight 256).
    public let nearest: Bool

    /// An axis of `count` output pixels showing `sourceCount` source pixels at `scale`, source pixel 0 at
    /// output `offset`. The covered extent is `cover` (output coordinates; by default the image's own,
    /// `offset ..< offset + scale · sourceCount`); with `softness` σ > 0 its edges are a Gaussian-blurred
    /// step of that σ instead of a pixel-exact one (an image seen through a blur of that σ).
    ///
    /// With `nearest` each output pixel takes the nearest source pixel (weight 0): for a source so smooth
    /// (a blur) that bilinear sampling would change nothing visible.
    public init(count: Int, sourceCount: Int, scale: Double, offset: Double,
                cover: ClosedRange<Double>? = nil, softness: Double = 0, nearest: Bool = false) {
        let n = max(1, sourceCount)
        let extent = cover ?? offset...(offset + scale * Double(sourceCount))
        var index = [Int32](repeating: 0, count: max(0, count))
        var weight = [UInt32](repeating: 0, count: max(0, count))
        var coverage = [UInt8](repeating: 0, count: max(0, count))
        for o in 0..<max(0, count) {
            let s = (Double(o) + 0.5 - offset) / scale - 0.5
            if nearest {
                index[o] = Int32(min(max(s.rounded(), 0), Double(n - 1)))
            } else if s <= 0 {
                index[o] = 0
            } else if s >= Double(n - 1) {
                index[o] = Int32(max(0, n - 2))
                weight[o] = n >= 2 ? 256 : 0
            } else {
                let i = Int(s)
                index[o] = Int32(i)
                weight[o] = UInt32(((s - Double(i)) * 256).rounded())
                if weight[o] == 256 && i + 2 <= n - 1 { index[o] = Int32(i + 1); weight[o] = 0 }
            }
            let c: Double
            if softness > 0 {
                let mid = Double(o) + 0.5
                c = Self.gaussianStep((mid - extent.lowerBound) / softness) - Self.gaussianStep((mid - extent.upperBound) / softness)
            } else {
                c = max(0, min(Double(o + 1), extent.upperBound) - max(Double(o), extent.lowerBound))
            }
            coverage[o] = UInt8((min(1, max(0, c)) * 255).rounded())
        }
        self.index = index
        self.weight = weight
        self.nearest = nearest || n < 2
        self.coverage = coverage
        let first = coverage.firstIndex { $0 > 0 } ?? 0
        let last = coverage.lastIndex { $0 > 0 }.map { $0 + 1 } ?? 0
        covered = first..<max(first, last)
        let innerFirst = coverage.firstIndex { $0 == 255 } ?? 0
        let innerLast = coverage.lastIndex { $0 == 255 }.map { $0 + 1 } ?? 0
        inner = innerFirst..<max(innerFirst, innerLast)
    }

    /// Φ(z), the standard normal distribution: the share of a unit Gaussian left of z.
    static func gaussianStep(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.0.squareRoot())) }
}

extension PixelRow {
    /// `dst[i] = lerp(a[i], b[i], f / 256)`, f in 0…256: two rows mixed, as bilinear sampling mixes rows.
    public static func lerp(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ f: UInt32,
                            into dst: UnsafeMutablePointer<UInt32>, count: Int) {
        lerp(a, b, f, into: dst, count: count, wide: wide)
    }

    static func lerp(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ f: UInt32,
                     into dst: UnsafeMutablePointer<UInt32>, count: Int, wide: Bool) {
        let m = Lanes(repeating: 0x00FF_00FF), half = Lanes(repeating: 0x0080_0080)
        let ff = Lanes(repeating: f), gg = Lanes(repeating: 256 - f)
        var i = wide ? sheetlab_lerp_avx2(a, b, f, dst, count) : 0
        while i + 8 <= count {
            let p = load(a + i), q = load(b + i)
            let rb = (((p & m) &* gg &+ (q & m) &* ff &+ half) &>> 8) & m
            let ga = ((p &>> 8) & m) &* gg &+ ((q &>> 8) & m) &* ff &+ half
            store(rb | (ga & Lanes(repeating: 0xFF00_FF00)), dst + i)
            i += 8
        }
        while i < count { dst[i] = Pixmap.lerp(a[i], b[i], f); i += 1 }
    }

    /// `dst[o] = lerp(src[index[o]], src[index[o] + 1], weight[o])` for the output pixels `range`: one row
    /// resampled along `axis` (the caller's source row has `axis`'s source count of pixels). Eight outputs
    /// at a time: their sixteen source pixels gathered, then mixed as lanes.
    public static func resample(_ src: UnsafePointer<UInt32>, along axis: ResampleAxis, range: Range<Int>,
                                into dst: UnsafeMutablePointer<UInt32>) {
        resample(src, along: axis, range: range, into: dst, wide: wide)
    }

    static func resample(_ src: UnsafePointer<UInt32>, along axis: ResampleAxis, range: Range<Int>,
                         into dst: UnsafeMutablePointer<UInt32>, wide: Bool) {
        guard !range.isEmpty else { return }
        axis.index.withUnsafeBufferPointer { index in
            axis.weight.withUnsafeBufferPointer { weight in
                if axis.nearest {
                    let first = range.lowerBound
                    var o = first + (wide ? sheetlab_gather_avx2(src, index.baseAddress! + first, dst + first, range.count) : 0)
                    while o < range.upperBound { dst[o] = src[Int(index[o])]; o += 1 }
                    return
                }
                let m = Lanes(repeating: 0x00FF_00FF), half = Lanes(repeating: 0x0080_0080)
                let first = range.lowerBound
                var o = first + (wide ? sheetlab_resample_avx2(src, index.baseAddress! + first, weight.baseAddress! + first,
                                                                       dst + first, range.count) : 0)
                while o + 8 <= range.upperBound {
                    var a = Lanes(), b = Lanes(), f = Lanes()
                    for k in 0..<8 {
                        let i = Int(index[o + k])
                        a[k] = src[i]; b[k] = src[i + 1]; f[k] = weight[o + k]
                    }
                    let g = Lanes(repeating: 256) &- f
                    let rb = (((a & m) &* g &+ (b & m) &* f &+ half) &>> 8) & m
                    let ga = ((a &>> 8) & m) &* g &+ ((b &>> 8) & m) &* f &+ half
                    store(rb | (ga & Lanes(repeating: 0xFF00_FF00)), dst + o)
                    o += 8
                }
                while o < range.upperBound {
                    let i = Int(index[o])
                    dst[o] = Pixmap.lerp(src[i], src[i + 1], weight[o])
                    o += 1
                }
            }
        }
    }

    /// Each pixel of `range` over black at its coverage: `scale(p, c) + black · (1 − c)`.
    public static func coverOverBlack(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, range: Range<Int>) {
        // Eight at a time (a soft edge covers hundreds of columns); lanes fully covered stay as they are.
        let full = Lanes(repeating: 255)
        var o = range.lowerBound
        while o + 8 <= range.upperBound {
            let c = SIMD8<UInt32>(truncatingIfNeeded: UnsafeRawPointer(coverage + o).loadUnaligned(as: SIMD8<UInt8>.self))
            if c != full { store(scale(load(dst + o), c) &+ ((full &- c) &<< 24), dst + o) }
            o += 8
        }
        while o < range.upperBound {
            let c = UInt32(coverage[o])
            if c != 255 { dst[o] = Pixel.scale(dst[o], c) &+ ((255 - c) << 24) }
            o += 1
        }
    }

    /// Every pixel of the row over black at one coverage `c`, 0…255.
    public static func coverOverBlack(_ dst: UnsafeMutablePointer<UInt32>, _ c: UInt32, count: Int) {
        guard c < 255 else { return }
        scaleAdd(UnsafePointer(dst), c, (255 - c) << 24, into: dst, count: count)
    }
}
