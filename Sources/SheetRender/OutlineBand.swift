import CPixelKernels
import Raster

/// What the outline does to the pixels of a run of rows, precomputed: coverage, the soft shadow outside it,
/// the specular rim inside it and the lens band's displacement. Per pixel only in the two side regions
/// (the corners, the side edges and the shadow beside them); between them the edge is straight, so each
/// row holds one value for the whole middle span. A class: frames look bands up row by row, and a reference
/// costs one count where a struct of arrays costs one per array.
final class OutlineBand {
    /// The rows held, relative to the band's anchor row (the sheet's top row, or its bottom edge's row).
    private(set) var rows: Range<Int> = 0..<0
    /// Canvas columns held per pixel on the left and on the right; the middle span lies between them.
    private(set) var leftColumns: Range<Int> = 0..<0
    private(set) var rightColumns: Range<Int> = 0..<0
    private(set) var stride = 0

    /// Per pixel, row by row, the left region then the right: coverage, shadow alpha, rim alpha (0…255),
    /// and where the backdrop is sampled, as an offset in pixels. The band owns these planes (one allocation,
    /// reused when it is computed again), so that the body pass can hold pointers into them for a whole frame.
    private(set) var coverage: UnsafeMutablePointer<UInt8>
    private(set) var shadow: UnsafeMutablePointer<UInt8>
    private(set) var rim: UnsafeMutablePointer<UInt8>
    private(set) var lensX: UnsafeMutablePointer<Int8>
    private(set) var lensY: UnsafeMutablePointer<Int8>
    private var storage: UnsafeMutableRawPointer
    private var capacity = 0
    /// Per row, the middle span's values.
    private(set) var middle: [Edge] = []
    /// Per row, where the work is: columns [leftColumns.lowerBound, `outsideLeft`) and [`outsideRight`,
    /// rightColumns.upperBound) are outside the sheet (shadow at most); [`solidLeft`, leftColumns.upperBound) and
    /// [rightColumns.lowerBound, `solidRight`) are inside with nothing but material; the rest is pixel by pixel.
    private(set) var runs: [Runs] = []
    /// Per row, everything the body pass needs to draw it (columns, runs, pointers into the planes, the middle
    /// span's values): the band's row plan.
    private(set) var plan: UnsafeMutablePointer<sheetlab_band_row>
    private var planCapacity = 0
    /// The memory the band holds, in bytes.
    var bytes: Int { 5 * capacity + planCapacity * MemoryLayout<sheetlab_band_row>.stride + runs.count * MemoryLayout<Runs>.stride + middle.count * 4 }

    struct Runs: Equatable {
        var outsideLeft = 0, solidLeft = 0, solidRight = 0, outsideRight = 0
    }

    struct Edge: Equatable {
        var coverage: UInt8 = 0
        var shadow: UInt8 = 0
        var rim: UInt8 = 0
        var lensY: Int8 = 0
        /// Nothing to do but copy material.
        var isSolid: Bool { coverage == 255 && rim == 0 && lensY == 0 }
    }

    /// The band of `field` (coordinates relative to the anchor row) over `rows`, for a canvas `canvasWidth`
    /// pixels wide.
    convenience init(field: OutlineField, rows: Range<Int>, canvasWidth: Int, optics: OutlineOptics) {
        self.init()
        compute(field: field, rows: rows, canvasWidth: canvasWidth, optics: optics)
    }

    init() {
        plan = .allocate(capacity: 1)
        storage = UnsafeMutableRawPointer.allocate(byteCount: 5, alignment: 16)
        coverage = storage.assumingMemoryBound(to: UInt8.self)
        shadow = coverage; rim = coverage
        lensX = storage.assumingMemoryBound(to: Int8.self); lensY = lensX
    }

    deinit {
        storage.deallocate()
        plan.deallocate()
    }

    /// Makes the planes hold `n` zeroed pixels each, reallocating only to grow.
    private func reserve(_ n: Int) {
        if n > capacity {
            storage.deallocate()
            capacity = max(n, capacity + capacity / 2)
            storage = UnsafeMutableRawPointer.allocate(byteCount: 5 * capacity, alignment: 16)
        }
        let bytes = storage.assumingMemoryBound(to: UInt8.self)
        for plane in 0..<5 { (bytes + plane * capacity).initialize(repeating: 0, count: n) }
        coverage = bytes
        shadow = bytes + capacity
        rim = bytes + 2 * capacity
        lensX = UnsafeMutableRawPointer(bytes + 3 * capacity).assumingMemoryBound(to: Int8.self)
        lensY = lensX + capacity
    }

    /// Makes this the band of `field` over `rows`, reusing its memory.
    /// `skipping` jumps over the columns whose values the distance already settles; without it every column is
    /// sampled (the same values, for tests).
    func compute(field: OutlineField, rows: Range<Int>, canvasWidth: Int, optics: OutlineOptics, skipping: Bool = true) {
        self.rows = rows
        let reach = optics.shadowReach
        let c0 = max(0, Int((field.left - reach).rounded(.down)) - 1)
        let c1 = min(canvasWidth, Int((field.right + reach).rounded(.up)) + 1)
        // The side regions reach past the corners and the lens band into the sheet.
        let inner = max(field.topExtent, field.bottomExtent, optics.lensWidth + optics.rimWidth) + 2
        let l1 = min(c1, max(c0, Int((field.left + inner).rounded(.up))))
        let r0 = max(l1, min(c1, Int((field.right - inner).rounded(.down))))
        leftColumns = c0..<l1
        rightColumns = r0..<c1
        let stride = leftColumns.count + rightColumns.count
        self.stride = stride
        // A sheet centred on the canvas is symmetric: its right side is its left side mirrored.
        let mirrored = abs(field.left + field.right - Double(canvasWidth)) < 1e-9 && c0 + c1 == canvasWidth && l1 + r0 == canvasWidth
        reserve(rows.count * stride)
        let cov = coverage, sh = shadow, rm = rim, lx = lensX, ly = lensY
        if middle.count != rows.count { middle = [Edge](repeating: Edge(), count: rows.count) }
        let midX = (l1 + r0) / 2
        let hasMiddle = r0 > l1
        let margin = optics.rimWidth + optics.lensWidth + 3
        let farOutside = optics.untouchedBeyond, wellInside = optics.plainWithin
        if runs.count != rows.count { runs = [Runs](repeating: Runs(), count: rows.count) }
        if planCapacity < rows.count {
            plan.deallocate()
            planCapacity = rows.count
            plan = .allocate(capacity: planCapacity)
        }
        let nl = leftColumns.count, nr = rightColumns.count
        @inline(__always) func plain(_ j: Int) -> Bool { cov[j] == 255 && rm[j] == 0 && lx[j] == 0 && ly[j] == 0 }
        // How far any pixel is lensed, sideways or up and down, for the body pass's reads.
        var lensReach = 0
        for (i, y) in rows.enumerated() {
            // Columns certainly deep inside, where the values are known: coverage only. A continuous corner lies
            // outside the circle through its ends, so inside that circle (less the margin) is inside it too.
            let (inLeft, inRight) = Self.deepInside(field, row: y, margin: margin)
            let rowStart = i * stride
            var k = rowStart
            // What the left region's pixels make of the row's runs, noted as they are written: how many lead with no
            // coverage, where the last one that is not plain body ends, and whether any is lensed up or down.
            var leading = -1, notPlainEnd = 0, flat = true
            // Across the left region the outline comes nearer with every column, then falls behind: far outside (past
            // the shadow) and well inside (past the rim and lens band) every value is known, and since the distance
            // changes by at most a pixel a column, a pixel d beyond such a limit has d − limit more beyond it too (half
            // that is skipped, to allow for the first-order distance at the curves).
            let yc = Double(y) + 0.5
            var x = leftColumns.lowerBound
            while x < leftColumns.upperBound {
                if x >= inLeft {
                    (cov + k).update(repeating: 255, count: leftColumns.upperBound - x)
                    if leading < 0 { leading = k - rowStart }
                    k += leftColumns.upperBound - x
                    break
                }
                let sample = field.sample(Double(x) + 0.5, yc)
                if skipping && sample.distance > farOutside {
                    let n = min(leftColumns.upperBound - x, 1 + Int((sample.distance - farOutside) / 2))
                    x += n; k += n
                    notPlainEnd = k - rowStart
                    continue
                }
                if skipping && sample.distance < wellInside {
                    let n = min(leftColumns.upperBound - x, 1 + Int((wellInside - sample.distance) / 2))
                    (cov + k).update(repeating: 255, count: n)
                    if leading < 0 { leading = k - rowStart }
                    x += n; k += n
                    continue
                }
                let p = optics.pixel(field, x, y, sampled: sample)
                cov[k] = p.coverage; sh[k] = p.shadow; rm[k] = p.rim; lx[k] = p.lensX; ly[k] = p.lensY
                if leading < 0 && p.coverage != 0 { leading = k - rowStart }
                if !(p.coverage == 255 && p.rim == 0 && p.lensX == 0 && p.lensY == 0) { notPlainEnd = k - rowStart + 1 }
                if p.lensY != 0 { flat = false }
                lensReach = max(lensReach, abs(Int(p.lensX)), abs(Int(p.lensY)))
                x += 1; k += 1
            }
            if leading < 0 { leading = nl }
            var run: Runs
            if mirrored {
                let left = rowStart, n = nl
                for j in 0..<n {
                    let from = left + n - 1 - j
                    cov[k] = cov[from]; sh[k] = sh[from]; rm[k] = rm[from]
                    lx[k] = lx[from] == Int8.min ? Int8.max : -lx[from]; ly[k] = ly[from]
                    k += 1
                }
                // The right region is the left one mirrored, and so are its runs.
                let b = max(leading, notPlainEnd)
                run = Runs(outsideLeft: c0 + leading, solidLeft: c0 + b, solidRight: r0 + (nl - b), outsideRight: r0 + (nr - leading))
            } else {
                for x in rightColumns {
                    if x < inRight { cov[k] = 255; k += 1; continue }
                    let p = optics.pixel(field, x, y)
                    cov[k] = p.coverage; sh[k] = p.shadow; rm[k] = p.rim; lx[k] = p.lensX; ly[k] = p.lensY
                    lensReach = max(lensReach, abs(Int(p.lensX)), abs(Int(p.lensY)))
                    k += 1
                }
                let k = rowStart
                for j in k..<(k + stride) where ly[j] != 0 { flat = false; break }
                var a = 0
                while a < nl && cov[k + a] == 0 { a += 1 }
                var b = nl
                while b > a && plain(k + b - 1) { b -= 1 }
                var d = nr
                while d > 0 && cov[k + nl + d - 1] == 0 { d -= 1 }
                var e = 0
                while e < d && plain(k + nl + e) { e += 1 }
                run = Runs(outsideLeft: c0 + a, solidLeft: c0 + b, solidRight: r0 + e, outsideRight: r0 + d)
            }
            var edge = Edge()
            if hasMiddle {
                let p = optics.pixel(field, midX, y)
                edge = Edge(coverage: p.coverage, shadow: p.shadow, rim: p.rim, lensY: p.lensY)
            }
            middle[i] = edge
            runs[i] = run
            (plan + i).initialize(to: sheetlab_band_row(c0: c0, m0: l1, m1: r0, c1: c1,
                                        outsideLeft: run.outsideLeft, solidLeft: run.solidLeft,
                                        solidRight: run.solidRight, outsideRight: run.outsideRight,
                                        coverage: cov + rowStart, shadow: sh + rowStart, rim: rm + rowStart,
                                        lensX: lx + rowStart, lensY: ly + rowStart,
                                        edgeCoverage: edge.coverage, edgeShadow: edge.shadow, edgeRim: edge.rim,
                                        edgeLensY: edge.lensY, flat: flat ? 1 : 0, lensReach: 0))
        }
        for i in 0..<rows.count { plan[i].lensReach = lensReach }
    }

    /// On pixel row `y`, the columns from which (left) and up to which (right) every pixel is at least `margin`
    /// inside the outline; an empty interval where none is sure to be.
    static func deepInside(_ f: OutlineField, row y: Int, margin: Double) -> (left: Int, right: Int) {
        let yc = Double(y) + 0.5
        guard yc > f.top + margin, yc < f.bottom - margin else { return (Int.max, Int.min) }
        var inset = margin
        // The top corners' circle, then the bottom corners' (the later one wins where both reach the row).
        for corner in 0..<2 {
            let e = corner == 0 ? f.topExtent : f.bottomExtent
            let cy = corner == 0 ? f.top + f.topExtent : f.bottom - f.bottomExtent
            let inBand = corner == 0 ? yc < f.top + f.topExtent : yc > f.bottom - f.bottomExtent
            guard inBand && e > 0 else { continue }
            let r = e - margin, dy = yc - cy
            guard r > abs(dy) else { return (Int.max, Int.min) }
            inset = e - (r * r - dy * dy).squareRoot()
        }
        return (Int((f.left + inset).rounded(.up)) + 1, Int((f.right - inset).rounded(.down)) - 1)
    }

    /// The coverage of canvas column `x` on band row `i` (0-based).
    func coverage(x: Int, row i: Int) -> UInt8 {
        if leftColumns.contains(x) { return coverage[i * stride + x - leftColumns.lowerBound] }
        if rightColumns.contains(x) { return coverage[i * stride + leftColumns.count + x - rightColumns.lowerBound] }
        if x >= leftColumns.upperBound && x < rightColumns.lowerBound { return middle[i].coverage }
        return 0
    }

    /// The shadow's alpha (0…255) at canvas column x of row i, as `coverage(x:row:)` reads the coverage.
    func shadow(x: Int, row i: Int) -> UInt8 {
        if leftColumns.contains(x) { return shadow[i * stride + x - leftColumns.lowerBound] }
        if rightColumns.contains(x) { return shadow[i * stride + leftColumns.count + x - rightColumns.lowerBound] }
        if x >= leftColumns.upperBound && x < rightColumns.lowerBound { return middle[i].shadow }
        return 0
    }
}

/// The outline's optics in pixels: the soft shadow, the rim and the lens band.
struct OutlineOptics: Hashable {
    /// The shadow's Gaussian sigma, its vertical offset (pixels, down positive) and its alpha (0…255); 0: none.
    var shadowSigma: Double = 0
    var shadowOffset: Double = 0
    var shadowAlpha: Double = 0
    /// The rim: width in pixels, alpha along the top and on the sides (0…1), faded from one to the other
    /// over `rimFade` pixels down from the top edge.
    var rimWidth: Double = 0
    var rimTop: Double = 0
    var rimSide: Double = 0
    var rimFade: Double = 1
    /// The lens band: width in pixels and the shift at the very edge.
    var lensWidth: Double = 0
    var lensShift: Double = 0

    /// How far outside the outline the shadow reaches, in pixels.
    var shadowReach: Double {
        shadowAlpha > 0 && shadowSigma > 0 ? 3 * shadowSigma + abs(shadowOffset) + 1 : 0
    }

    struct Pixel {
        var coverage: UInt8 = 0, shadow: UInt8 = 0, rim: UInt8 = 0, lensX: Int8 = 0, lensY: Int8 = 0
    }

    /// `Int(v.rounded())` (half away from zero) for |v| < 2^52, without the library call `rounded()` makes on a
    /// baseline x86-64: below one half it is 0, and from there v + 0.5 truncated is exact.
    @inline(__always) static func roundedInt(_ v: Double) -> Int {
        let a = abs(v)
        let r = a < 0.5 ? 0 : Int(a + 0.5)
        return v < 0 ? -r : r
    }

    /// Past these distances from the outline a pixel is untouched (outside the shadow) or plain body (inside the rim
    /// and the lens band). The distance is exact for straight edges and first order at the curves, so the margins are
    /// generous.
    var farOutside: Double { shadowReach + 2 }
    var wellInside: Double { -(rimWidth + lensWidth + 2) }

    /// Tighter limits, from what the values round to, for skipping columns: beyond `untouchedBeyond` the shadow
    /// rounds to 0 (alpha · Φ(−d′/σ) < ½ where d′, the distance from the shape moved by the offset, is at least
    /// d − |offset|), and within `plainWithin` there is neither rim nor lens. A pixel a column past either is what
    /// `pixel` gives it (the band's tests compare every column).
    var untouchedBeyond: Double {
        guard shadowAlpha > 0 && shadowSigma > 0 else { return 2 }
        var t = 0.0
        while t < 4 && shadowAlpha * SoftEdge.coverage(t) >= 0.5 { t += 1 / 64 }
        return min(farOutside, abs(shadowOffset) + t * shadowSigma + 1)
    }
    var plainWithin: Double { max(wellInside, -(max(lensWidth, rimWidth + 1) + 1)) }

    /// Everything the outline does to pixel (x, y).
    @inline(__always) func pixel(_ field: OutlineField, _ x: Int, _ y: Int) -> Pixel {
        pixel(field, x, y, sampled: field.sample(Double(x) + 0.5, Double(y) + 0.5))
    }

    /// Everything the outline does to pixel (x, y), given the field's sample at its centre.
    @inline(__always) func pixel(_ field: OutlineField, _ x: Int, _ y: Int,
                                 sampled s: (distance: Double, nx: Double, ny: Double)) -> Pixel {
        var p = Pixel()
        // Well inside (past the rim and the lens band) or well outside (past the shadow): nothing to compute.
        if s.distance < wellInside { p.coverage = 255; return p }
        if s.distance > farOutside { return p }
        let c = field.coverage(px: x, py: y, sampled: s.distance)
        p.coverage = UInt8(Self.roundedInt(c * 255))
        if p.coverage < 255 && shadowAlpha > 0 && shadowSigma > 0 {
            // The shadow is the shape moved by the offset, blurred: the distance there, to first order.
            let d = s.distance - s.ny * shadowOffset
            if d < 3 * shadowSigma { p.shadow = UInt8(Self.roundedInt(shadowAlpha * SoftEdge.coverage(d / shadowSigma))) }
        }
        if rimWidth > 0 && s.distance > -rimWidth - 1 && s.distance < 1 {
            // Soft: full at the edge, falling linearly to nothing `rimWidth` in (iOS 26's rim, 3× screenshots:
            // 49, 47, 37 then the fill's 17 over the first pixels in from the edge, dark).
            let band = min(1, max(0, 0.5 - s.distance)) * max(0, 1 - max(0, -s.distance) / rimWidth)
            let down = min(1, max(0, (Double(y) + 0.5 - field.top) / rimFade))
            let strength = rimTop + (rimSide - rimTop) * down
            p.rim = UInt8(min(255, max(0, Self.roundedInt(band * strength * 255))))
        }
        if lensWidth > 0 && s.distance < 0 && -s.distance < lensWidth {
            let t = 1 + s.distance / lensWidth
            let amount = lensShift * t * t
            p.lensX = Int8(clamping: Self.roundedInt(-s.nx * amount))
            p.lensY = Int8(clamping: Self.roundedInt(-s.ny * amount))
        }
        return p
    }
}
