import Foundation

/// A Gaussian blur of the pixels behind a sheet, fast enough to redo every frame.
///
/// The source is averaged over d×d blocks (d a power of two chosen from sigma), the block grid is
/// blurred with `passes` extended box filters (Gwosdek et al. 2011) whose variance makes up what the
/// block averaging and the final bilinear upsampling do not already add, and the grid is upsampled
/// bilinearly to the region's pixels. The block lattice is anchored at the source's origin and every
/// grid value is a fixed function of its neighbourhood (exact integer window sums, normalised in `Float`;
/// exact integer interpolation), so the blur of a region is bit-identical to the same pixels of the
/// blur of the whole source, whatever the region: a renderer may blur a static background once and crop.
///
/// Channels are premultiplied; the blur is linear, so it is correct on them, and keeps every channel
/// at or below alpha.
public enum BackdropBlur {
    /// The pixels of `region` of `source` blurred with a Gaussian of standard deviation `sigma` pixels.
    ///
    /// Pixels of `source` outside `region` contribute; pixels beyond `source` repeat its nearest edge
    /// pixel. A sigma of 0 (or less) returns the region as it is; sigmas above `maximumSigma` act as it.
    /// The result is region-sized.
    ///
    /// `saturation` other than 1 also applies `Pixmap.saturate(saturation)` at no cost: the colour
    /// matrix is linear, so it is applied to the blurred block grid before upsampling. That rounds once
    /// instead of twice, and differs from blurring then saturating only where a channel clips, by a level
    /// or two.
    public static func blur(_ source: Pixmap, region: PixelRect, sigma: Double, saturation: Double = 1) -> Pixmap {
        BlurWorkspace().blur(source, region: region, sigma: sigma, saturation: saturation)
    }

    /// How a blur of a given sigma is carried out.
    public struct Plan: Sendable, Equatable {
        /// Block size of the downsampling, in pixels; a power of two.
        public let factor: Int
        /// Number of box passes per axis on the block grid.
        public let passes: Int
        /// Each box covers 2·radius + 1 grid samples fully, plus `tailWeight` of one more on each side.
        public let radius: Int
        /// The weight, in 0..<1, of the two partial taps.
        public let tailWeight: Double
        /// The standard deviation, in pixels, of the filter the plan actually applies.
        public let effectiveSigma: Double
    }

    /// Beyond this (in pixels) a blur is as good as the mean colour; the cap bounds memory and sums.
    public static let maximumSigma = 4096.0

    /// Blocks are at most sigma/2.5 wide: narrower costs time for no visible gain (measured: PSNR vs an
    /// exact Gaussian stays above 46 dB even on stripes at every period); wider shows the block grid.
    static let samplesPerSigma = 2.5
    static let maximumFactorLog2 = 6
    /// Five boxes follow a Gaussian's mid frequencies closely; three leave errors of ~6 levels on
    /// stripes of period 3σ. The grid is small, so the extra passes cost little.
    static let passCount = 5

    public static func plan(sigma: Double) -> Plan {
        var log2 = 0
        while log2 < maximumFactorLog2 && Double(2 << log2) * samplesPerSigma <= sigma { log2 += 1 }
        let d = 1 << log2
        let dd = Double(d)
        // Block averaging adds (d²−1)/12 and bilinear upsampling, averaged over phases, (2d²+1)/12
        // for even d (0 for d = 1): d²/4 together.
        let sampling = d == 1 ? 0 : dd * dd / 4
        let gridVariance = max(0, sigma * sigma - sampling) / (dd * dd)
        let s2 = gridVariance / Double(passCount)
        // The widest whole box whose variance r(r+1)/3 does not exceed s2, then the tail that makes up the rest.
        var r = Int(((12 * s2 + 1).squareRoot() - 1) / 2)
        while Double(r * (r + 1)) / 3 > s2 && r > 0 { r -= 1 }
        while Double((r + 1) * (r + 2)) / 3 <= s2 { r += 1 }
        let rr = Double(r)
        let alpha = (2 * rr + 1) * (s2 - rr * (rr + 1) / 3) / (2 * ((rr + 1) * (rr + 1) - s2))
        let a = Double(Float(min(max(alpha, 0), 1))) // the kernel works in Float
        let boxVariance = (rr * (rr + 1) * (2 * rr + 1) / 3 + 2 * a * (rr + 1) * (rr + 1)) / (2 * rr + 1 + 2 * a)
        let effective = (sampling + dd * dd * Double(passCount) * boxVariance).squareRoot()
        return Plan(factor: d, passes: passCount, radius: r, tailWeight: a, effectiveSigma: effective)
    }
}

extension BackdropBlur.Plan {
    /// The first output row whose blur reads none of the source's first `rows` rows: changing those rows changes no
    /// output row from this one down. (Block averaging, the vertical box passes and the upsampling each reach a
    /// bounded number of grid samples up; this adds them up, with a block to spare.)
    public func firstRowUnaffected(byRowsAbove rows: Int) -> Int {
        guard rows > 0 else { return 0 }
        let reach = passes * (radius + 1)
        return factor * (reach + (rows + factor - 1) / factor + 1)
    }
}

/// Scratch memory for `BackdropBlur`, kept between calls so that a blur per frame allocates nothing.
public final class BlurWorkspace {
    private var columnSums = ScratchBuffer<UInt64>()
    private var gridA = ScratchBuffer<SIMD4<Int32>>()
    private var gridB = ScratchBuffer<SIMD4<Int32>>()
    private var runningSums = ScratchBuffer<SIMD4<Int32>>()
    private var lerpedRow = ScratchBuffer<SIMD4<Int32>>()

    public init() {}

    deinit {
        columnSums.free(); gridA.free(); gridB.free(); runningSums.free(); lerpedRow.free()
    }

    /// The blur of `region` of `source` as a new pixmap; see `BackdropBlur.blur`.
    public func blur(_ source: Pixmap, region: PixelRect, sigma: Double, saturation: Double = 1) -> Pixmap {
        var out = Pixmap(width: max(0, region.width), height: max(0, region.height))
        blur(source, region: region, sigma: sigma, saturation: saturation, into: &out)
        return out
    }

    /// Writes the blur of `region` of `source` into `output`, which is replaced only when its size
    /// differs from the region's; see `BackdropBlur.blur`.
    public func blur(_ source: Pixmap, region: PixelRect, sigma: Double, saturation: Double = 1, into output: inout Pixmap) {
        let rw = max(0, region.width), rh = max(0, region.height)
        if output.width != rw || output.height != rh { output = Pixmap(width: rw, height: rh) }
        guard rw > 0, rh > 0 else { return }
        guard source.width > 0, source.height > 0 else {
            output.fill(PixelRect(x: 0, y: 0, width: rw, height: rh), with: .transparent)
            return
        }
        guard sigma > 0 else {
            Self.clampedCopy(source, region: region, into: &output)
            output.saturate(saturation)
            return
        }
        let plan = BackdropBlur.plan(sigma: min(sigma, BackdropBlur.maximumSigma))
        source.pixels.withUnsafeBufferPointer { src in
            output.pixels.withUnsafeMutableBufferPointer { dst in
                run(plan, src: src, top: nil, topRows: 0, width: source.width, height: source.height, region: region,
                    saturation: saturation, dst: dst)
            }
        }
    }

    /// Writes the blur of `region` of `source` into rows `row..<row + region.height` of `output` (`region.width`
    /// pixels wide, at least that tall, left as it is elsewhere), with the source's first `top.height` rows read from
    /// `top` (as wide as `source`) instead: the blur of the source with a layer composited over its top rows, without
    /// a composited copy of the source. The pixels are those `blur(_:region:sigma:saturation:into:)` gives for that
    /// source, bit for bit.
    public func blur(_ source: Pixmap, top: Pixmap?, region: PixelRect, sigma: Double, saturation: Double = 1,
                     into output: inout Pixmap, row: Int) {
        let rw = max(0, region.width), rh = max(0, region.height)
        precondition(output.width == rw && row >= 0 && row + rh <= output.height, "the output rows must fit in the output")
        precondition(top == nil || top!.width == source.width, "the top rows must be as wide as the source")
        guard rw > 0, rh > 0 else { return }
        let topRows = min(top?.height ?? 0, source.height)
        guard source.width > 0, source.height > 0 else {
            output.fill(PixelRect(x: 0, y: row, width: rw, height: rh), with: .transparent)
            return
        }
        let empty = Pixmap(width: 0, height: 0)
        let plan = BackdropBlur.plan(sigma: min(sigma, BackdropBlur.maximumSigma))
        source.pixels.withUnsafeBufferPointer { src in
            (top ?? empty).pixels.withUnsafeBufferPointer { over in
                output.pixels.withUnsafeMutableBufferPointer { out in
                    let dst = UnsafeMutableBufferPointer(rebasing: out[(row * rw)..<((row + rh) * rw)])
                    guard sigma > 0 else {
                        let w = source.width, h = source.height
                        for oy in 0..<rh {
                            let y = min(max(region.y + oy, 0), h - 1)
                            let line = y < topRows ? over.baseAddress! + y * w : src.baseAddress! + y * w
                            for ox in 0..<rw { dst[oy * rw + ox] = line[min(max(region.x + ox, 0), w - 1)] }
                        }
                        return
                    }
                    run(plan, src: src, top: topRows > 0 ? over.baseAddress! : nil, topRows: topRows, width: source.width,
                        height: source.height, region: region, saturation: saturation, dst: dst)
                }
            }
        }
        if sigma <= 0 { output.saturate(saturation, in: PixelRect(x: 0, y: row, width: rw, height: rh)) }
    }

    private static func clampedCopy(_ source: Pixmap, region: PixelRect, into output: inout Pixmap) {
        let w = source.width, h = source.height
        source.pixels.withUnsafeBufferPointer { src in
            output.pixels.withUnsafeMutableBufferPointer { dst in
                for oy in 0..<region.height {
                    let row = min(max(region.y + oy, 0), h - 1) * w
                    for ox in 0..<region.width {
                        dst[oy * region.width + ox] = src[row + min(max(region.x + ox, 0), w - 1)]
                    }
                }
            }
        }
    }

    /// The block lattice along one axis: sample k averages pixels [k·d, k·d + d) and sits at their centre.
    private struct Axis {
        let first: Int, last: Int      // blurred samples the upsampling reads, inclusive
        let gridStart: Int, gridCount: Int // samples the block averaging produces
        init(start: Int, count: Int, factor d: Int, reach: Int) {
            first = floorDiv(2 * start - d + 1, 2 * d)
            last = floorDiv(2 * (start + count - 1) - d + 1, 2 * d) + 1
            gridStart = first - reach
            gridCount = last - first + 1 + 2 * reach
        }
    }

    private func run(_ plan: BackdropBlur.Plan, src: UnsafeBufferPointer<UInt32>, top: UnsafePointer<UInt32>?, topRows: Int, width: Int, height: Int,
                     region: PixelRect, saturation: Double, dst: UnsafeMutableBufferPointer<UInt32>) {
        let d = plan.factor, log2d = d.trailingZeroBitCount
        let reach = plan.passes * (plan.radius + 1)
        let xs = Axis(start: region.x, count: region.width, factor: d, reach: reach)
        let ys = Axis(start: region.y, count: region.height, factor: d, reach: reach)
        // Grid values carry `gridBits` fractional bits per 8-bit level; the two bilinear steps add
        // 2 + 2·log2(d) more, and all of it must stay below 2^31 at level 255.
        let gridBits = min(12, 21 - 2 * log2d)
        let gw = xs.gridCount, gh = ys.gridCount
        let a = gridA.reserve(gw * gh), b = gridB.reserve(gw * gh)
        downsample(src, top: top, topRows: topRows, width: width, height: height, factor: d, xs: xs, ys: ys, gridBits: gridBits, into: a)

        let kernel = BoxKernel(radius: plan.radius, tail: plan.tailWeight)
        var from = a, to = b
        var lo = 0, hi = gw
        for _ in 0..<plan.passes {
            for row in 0..<gh {
                kernel.horizontal(from + row * gw, to + row * gw, lo: lo, hi: hi)
            }
            lo += kernel.radius + 1; hi -= kernel.radius + 1
            swap(&from, &to)
        }
        // Columns [lo, hi) are now blurred across; blur them down.
        let sums = runningSums.reserve(hi - lo)
        var top = 0, bottom = gh
        for _ in 0..<plan.passes {
            kernel.vertical(from, to, stride: gw, columns: lo..<hi, lo: top, hi: bottom, sums: sums)
            top += kernel.radius + 1; bottom -= kernel.radius + 1
            swap(&from, &to)
        }
        if saturation != 1 && !saturation.isNaN {
            for row in top..<bottom { Self.saturate(from + row * gw + lo, count: hi - lo, amount: saturation) }
        }
        upsample(from, gridWidth: gw, xs: xs, ys: ys, factor: d, shift: gridBits + 2 + 2 * log2d,
                 region: region, dst: dst)
    }

    /// The colour matrix of `Pixmap.saturate` on grid samples (premultiplied, below 2^22), clamped to [0, alpha].
    private static func saturate(_ samples: UnsafeMutablePointer<SIMD4<Int32>>, count: Int, amount: Double) {
        let s = Float(min(max(0, amount), 1e6))
        let magic: Float = 12_582_912
        for i in 0..<count {
            let v = SIMD4<Float>(samples[i])
            let luma = v.x * 0.2126 + v.y * 0.7152 + v.z * 0.0722
            func channel(_ c: Float) -> Int32 {
                let x = min(max(luma + (c - luma) * s, 0), v.w) + magic
                return Int32(bitPattern: x.bitPattern) &- 0x4B40_0000
            }
            samples[i] = SIMD4(channel(v.x), channel(v.y), channel(v.z), samples[i].w)
        }
    }

    /// Fills the grid with block sums scaled to `gridBits` fractional bits, reading pixels beyond the
    /// source at the nearest edge, and the source's first `topRows` rows from `top`.
    private func downsample(_ src: UnsafeBufferPointer<UInt32>, top: UnsafePointer<UInt32>?, topRows: Int, width w: Int, height h: Int, factor d: Int,
                            xs: Axis, ys: Axis, gridBits: Int, into grid: UnsafeMutablePointer<SIMD4<Int32>>) {
        let gw = xs.gridCount
        let x0 = min(max(xs.gridStart * d, 0), w - 1)
        let x1 = min(max((xs.gridStart + gw) * d - 1, 0), w - 1)
        let n = x1 - x0 + 1
        let acc = columnSums.reserve(n)
        let scaleShift = gridBits - 2 * d.trailingZeroBitCount
        let packedSums = 255 * d * d < 1 << 16
        var previousEdge = -1 // the edge row a block entirely outside the source repeats
        @inline(__always) func line(_ y: Int) -> UnsafePointer<UInt32> { y < topRows ? top! + y * w : src.baseAddress! + y * w }
        for gy in 0..<ys.gridCount {
            let y0 = (ys.gridStart + gy) * d
            let out = grid + gy * gw
            if y0 + d <= 0 || y0 >= h {
                let edge = y0 >= h ? h - 1 : 0
                if edge == previousEdge { out.update(from: out - gw, count: gw); continue }
                previousEdge = edge
                accumulate(line(edge) + x0, into: acc, count: n, first: true)
                let k = UInt64(d)
                for i in 0..<n { acc[i] &*= k }
            } else {
                previousEdge = -1
                for yy in y0..<(y0 + d) {
                    let y = min(max(yy, 0), h - 1)
                    accumulate(line(y) + x0, into: acc, count: n, first: yy == y0)
                }
            }
            for gx in 0..<gw {
                let start = (xs.gridStart + gx) * d
                var r = 0, g = 0, b = 0, a = 0
                if start >= 0 && start + d <= w && packedSums {
                    var s: UInt64 = 0
                    for i in (start - x0)..<(start - x0 + d) { s &+= acc[i] }
                    r = Int(s & 0xFFFF); b = Int(s >> 16 & 0xFFFF); g = Int(s >> 32 & 0xFFFF); a = Int(s >> 48)
                } else {
                    for xx in start..<(start + d) {
                        let s = acc[min(max(xx, 0), w - 1) - x0]
                        r += Int(s & 0xFFFF); b += Int(s >> 16 & 0xFFFF); g += Int(s >> 32 & 0xFFFF); a += Int(s >> 48)
                    }
                }
                if scaleShift >= 0 {
                    out[gx] = SIMD4(Int32(r << scaleShift), Int32(g << scaleShift), Int32(b << scaleShift), Int32(a << scaleShift))
                } else {
                    let s = -scaleShift, half = 1 << (s - 1)
                    out[gx] = SIMD4(Int32((r + half) >> s), Int32((g + half) >> s), Int32((b + half) >> s), Int32((a + half) >> s))
                }
            }
        }
    }

    /// Adds a row of pixels to per-column sums, four 16-bit lanes (R, B, G, A) per `UInt64`.
    @inline(__always)
    private func accumulate(_ row: UnsafePointer<UInt32>, into acc: UnsafeMutablePointer<UInt64>, count: Int, first: Bool) {
        if first {
            for i in 0..<count { acc[i] = spread(row[i]) }
        } else {
            for i in 0..<count { acc[i] &+= spread(row[i]) }
        }
    }

    @inline(__always)
    private func spread(_ p: UInt32) -> UInt64 {
        let x = UInt64(p)
        return (x & 0x00FF_00FF) | (x & 0xFF00_FF00) << 24
    }

    /// Bilinear upsampling from the blurred grid to the region's pixels, with exact integer weights in
    /// steps of 1/(2d), then rounding to 8 bits.
    private func upsample(_ grid: UnsafeMutablePointer<SIMD4<Int32>>, gridWidth gw: Int, xs: Axis, ys: Axis, factor d: Int,
                          shift: Int, region: PixelRect, dst: UnsafeMutableBufferPointer<UInt32>) {
        let columns = xs.last - xs.first + 1
        let row = lerpedRow.reserve(columns)
        let twoD = Int32(2 * d), logTwoD = SIMD4<Int32>(repeating: Int32(d.trailingZeroBitCount + 1))
        let half = SIMD4<Int32>(repeating: 1 << (shift - 1))
        let shiftV = SIMD4<Int32>(repeating: Int32(shift))
        let rw = region.width
        if d == 1 {
            // Samples sit on pixels: no interpolation, only rounding.
            for oy in 0..<region.height {
                let upper = grid + (region.y + oy - ys.gridStart) * gw + (xs.first - xs.gridStart)
                let out = dst.baseAddress! + oy * rw
                for x in 0..<rw {
                    let q = (upper[x] &* 4 &+ half) &>> shiftV
                    out[x] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: q), to: UInt32.self)
                }
            }
            return
        }
        let tx0 = 2 * region.x - d + 1
        let wx0 = tx0 - 2 * d * floorDiv(tx0, 2 * d)
        for oy in 0..<region.height {
            let t = 2 * (region.y + oy) - d + 1
            let j = floorDiv(t, 2 * d)
            let wy = Int32(t - 2 * d * j)
            let upper = grid + (j - ys.gridStart) * gw + (xs.first - xs.gridStart)
            let lower = upper + gw
            // left·(2d − w) + right·w = left·2d + (right − left)·w, and 2d is a power of two.
            for i in 0..<columns { row[i] = upper[i] &<< logTwoD &+ (lower[i] &- upper[i]) &* wy }
            let out = dst.baseAddress! + oy * rw
            var o = 0, k = 0, w = Int32(wx0)
            while o < rw {
                let left = row[k], diff = row[k + 1] &- row[k]
                // Every cell but the first starts at w = 1 (pixel centres sit half a step off the samples).
                var v = left &<< logTwoD &+ (w == 1 ? diff : diff &* w)
                let step = diff &<< 1
                let count = min(Int(twoD - w + 1) / 2, rw - o)
                for i in 0..<count {
                    let q = (v &+ half) &>> shiftV
                    out[o + i] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: q), to: UInt32.self)
                    v &+= step
                }
                o += count; k += 1; w = w + Int32(2 * count) - twoD
            }
        }
    }
}

/// One extended box filter: 2r+1 taps of weight 1 and two end taps of weight α < 1, normalised.
///
/// Window sums are exact integers; each output is a fixed function of its window sum and end taps, so a
/// sample's value never depends on where the running sum started.
private struct BoxKernel {
    typealias Sample = SIMD4<Int32>
    let radius: Int
    private let tail: Float
    private let scale: Float
    /// Adding 1.5·2^23 rounds a float below 2^22 to an integer held in its low mantissa bits.
    private static let magic = SIMD4<Float>(repeating: 12_582_912)
    private static let magicBits = Sample(repeating: 0x4B40_0000)

    init(radius: Int, tail: Double) {
        self.radius = radius
        self.tail = Float(tail)
        scale = Float(1 / (Double(2 * radius + 1) + 2 * Double(self.tail)))
    }

    @inline(__always)
    func normalize(_ sum: Sample, _ ends: Sample) -> Sample {
        let v = (SIMD4<Float>(sum) + SIMD4<Float>(ends) * tail) * scale + Self.magic
        return unsafeBitCast(v, to: Sample.self) &- Self.magicBits
    }

    /// Filters samples [lo, hi) of a row; writes [lo + r + 1, hi − r − 1).
    func horizontal(_ input: UnsafeMutablePointer<Sample>, _ output: UnsafeMutablePointer<Sample>, lo: Int, hi: Int) {
        let r = radius
        let first = lo + r + 1, last = hi - r - 1
        guard first < last else { return }
        var sum = Sample()
        for i in (first - r)...(first + r) { sum &+= input[i] }
        for i in first..<last {
            output[i] = normalize(sum, input[i - r - 1] &+ input[i + r + 1])
            sum &+= input[i + r + 1] &- input[i - r]
        }
    }

    /// Filters rows [lo, hi) of the given columns; writes rows [lo + r + 1, hi − r − 1).
    func vertical(_ input: UnsafeMutablePointer<Sample>, _ output: UnsafeMutablePointer<Sample>, stride: Int,
                  columns: Range<Int>, lo: Int, hi: Int, sums: UnsafeMutablePointer<Sample>) {
        let r = radius
        let first = lo + r + 1, last = hi - r - 1
        guard first < last else { return }
        let c0 = columns.lowerBound, n = columns.count
        for c in 0..<n { sums[c] = Sample() }
        for i in (first - r)...(first + r) {
            let row = input + i * stride + c0
            for c in 0..<n { sums[c] &+= row[c] }
        }
        for i in first..<last {
            let above = input + (i - r - 1) * stride + c0, below = input + (i + r + 1) * stride + c0
            let leaving = input + (i - r) * stride + c0
            let out = output + i * stride + c0
            for c in 0..<n {
                out[c] = normalize(sums[c], above[c] &+ below[c])
                sums[c] &+= below[c] &- leaving[c]
            }
        }
    }
}

/// Memory that grows to the largest size asked of it and is freed with its owner.
private struct ScratchBuffer<Element> {
    private var pointer: UnsafeMutablePointer<Element>?
    private var capacity = 0

    mutating func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity || pointer == nil {
            pointer?.deallocate()
            capacity = max(count, 1)
            pointer = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        }
        return pointer!
    }

    func free() { pointer?.deallocate() }
}

@inline(__always)
private func floorDiv(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : -((-a + b - 1) / b)
}
