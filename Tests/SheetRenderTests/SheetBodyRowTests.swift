import CPixelKernels
@testable import Raster
import XCTest

/// The body pass's row blitter (`sheetlab_body_row`) against a plain per-pixel statement of what a row of the sheet is,
/// written here in Swift with `Pixel`'s arithmetic: over random band rows (flat and lensed, fading and opaque, cached
/// material or blurred base, turning opaque), with the AVX2 kernels and without, byte for byte.
final class SheetBodyRowTests: XCTestCase {
    struct Row {
        var c0 = 0, m0 = 0, m1 = 0, c1 = 0
        var outsideLeft = 0, solidLeft = 0, solidRight = 0, outsideRight = 0
        var coverage: [UInt8] = [], shadow: [UInt8] = [], rim: [UInt8] = []
        var lensX: [Int8] = [], lensY: [Int8] = []
        var edge = (coverage: UInt8(0), shadow: UInt8(0), rim: UInt8(0), lensY: Int8(0))
        var flat: Bool { lensY.allSatisfy { $0 == 0 } }
    }

    struct Pass {
        var width = 0, height = 0
        var scene: [UInt32] = [], material: [UInt32] = [], base: [UInt32] = []
        var k: UInt32 = 0, materialRows = 0..<0, cached = false, baseFrom = 0, hasBase = false, sx = 0, sw = 0
        var veil: UInt32 = 0, tint: UInt32 = 0, opacity: UInt32 = 0, opaque: UInt32 = 0
        var alpha: UInt32 = 255, shadowColor: UInt32 = 0, rimColor: UInt32 = 0, rimK: UInt32 = 255
        var dimVeil: UInt32 { Pixel.scale(0xFF00_0000, k) }
    }

    /// The reference: canvas row `y` as the sheet draws it, pixel by pixel.
    func reference(_ p: Pass, _ r: Row, y: Int, into frame: inout [UInt32]) {
        let w = p.width
        func backdrop(_ x: Int) -> UInt32 {
            let s = p.scene[y * w + x]
            return p.k == 0 ? s : Pixel.scale(s, 255 - p.k) &+ p.dimVeil
        }
        func body(_ x: Int, _ y: Int) -> UInt32 {
            if p.opacity == 255 { return p.opaque }
            let cx = min(max(x, p.sx), p.sx + p.sw - 1), cy = min(max(y, p.hasBase ? p.baseFrom : 0), p.height - 1)
            let m: UInt32
            if p.cached && p.materialRows.contains(cy) { m = p.material[cy * p.sw + cx - p.sx] } else if p.hasBase {
                m = Pixel.over(p.tint, Pixel.scale(p.base[(cy - p.baseFrom) * p.sw + cx - p.sx], 255 - p.k) &+ p.veil)
            } else { m = p.tint }
            return p.opacity == 0 ? m : Pixel.scale(m, 255 - p.opacity) &+ Pixel.scale(p.opaque, p.opacity)
        }
        func times(_ v: UInt8, _ k: UInt32) -> UInt32 { (UInt32(v) * k + 127) / 255 }
        /// One pixel where the outline has coverage c, shadow a, rim and lens offsets.
        func composite(_ x: Int, c: UInt8, a: UInt8, rim: UInt8, lx: Int8, ly: Int8) -> UInt32 {
            let c = times(c, p.alpha), a = times(a, p.alpha)
            var under = backdrop(x)
            if a > 0 { under = Pixel.over(Pixel.scale(p.shadowColor, a), under) }
            if c == 0 { return under }
            var v = body(x + Int(lx), y + Int(ly))
            let rr = times(rim, p.rimK)
            if rr > 0 { v = Pixel.over(Pixel.scale(p.rimColor, rr), v) }
            return c == 255 ? v : Pixel.mix(under, v, c)
        }
        for x in 0..<w {
            let value: UInt32
            if x >= r.c0 && x < r.m0 {
                let i = x - r.c0
                value = composite(x, c: r.coverage[i], a: r.shadow[i], rim: r.rim[i], lx: r.lensX[i], ly: r.lensY[i])
            } else if x >= r.m1 && x < r.c1 {
                let i = (r.m0 - r.c0) + x - r.m1
                value = composite(x, c: r.coverage[i], a: r.shadow[i], rim: r.rim[i], lx: r.lensX[i], ly: r.lensY[i])
            } else if x >= r.m0 && x < r.m1 {
                value = composite(x, c: r.edge.coverage, a: r.edge.shadow, rim: r.edge.rim, lx: 0, ly: r.edge.lensY)
            } else {
                value = backdrop(x)
            }
            frame[y * w + x] = value
        }
    }

    /// A band row whose runs say truthfully where its pixels are plain: outside (coverage 0) at the ends, plain body
    /// (coverage 255, no rim, no lens) next to the middle.
    func randomRow(width w: Int, flat: Bool, rng: inout SplitMix64) -> Row {
        var r = Row()
        r.c0 = rng.int(0, 20)
        r.m0 = r.c0 + rng.int(0, 60)
        r.m1 = r.m0 + rng.int(0, 40)
        r.c1 = min(w, r.m1 + rng.int(0, 60))
        return randomRow(like: r, flat: flat, rng: &rng)
    }

    /// A row with `columns`' columns and new values.
    func randomRow(like columns: Row, flat: Bool, rng: inout SplitMix64) -> Row {
        var r = Row()
        (r.c0, r.m0, r.m1, r.c1) = (columns.c0, columns.m0, columns.m1, columns.c1)
        let nl = r.m0 - r.c0, nr = r.c1 - r.m1, n = nl + nr
        let outL = rng.int(0, nl), solidL = rng.int(outL, nl)
        let solidR = rng.int(0, nr), outR = rng.int(solidR, nr)
        r.coverage = [UInt8](repeating: 0, count: n); r.shadow = r.coverage; r.rim = r.coverage
        r.lensX = [Int8](repeating: 0, count: n); r.lensY = r.lensX
        for j in 0..<n {
            let (inside, plain): (Bool, Bool) = j < nl ? (j >= outL, j >= solidL) : (j - nl < outR, j - nl < solidR)
            r.shadow[j] = UInt8(rng.int(0, 255))
            guard inside else { continue }
            if plain { r.coverage[j] = 255; continue }
            r.coverage[j] = [0, 255, UInt8(rng.int(1, 254))][rng.int(0, 2)]
            r.rim[j] = rng.int(0, 2) == 0 ? 0 : UInt8(rng.int(0, 255))
            r.lensX[j] = Int8(rng.int(-9, 9))
            if !flat { r.lensY[j] = Int8(rng.int(-9, 9)) }
        }
        r.outsideLeft = r.c0 + outL; r.solidLeft = r.c0 + solidL
        r.solidRight = r.m1 + solidR; r.outsideRight = r.m1 + outR
        r.edge = (UInt8([0, 255, rng.int(1, 254)][rng.int(0, 2)]), UInt8(rng.int(0, 255)), UInt8(rng.int(0, 1) * rng.int(0, 255)),
                  Int8(rng.int(-3, 3)))
        return r
    }

    func randomPixels(_ n: Int, rng: inout SplitMix64) -> [UInt32] {
        (0..<n).map { _ in
            let a = UInt32(rng.int(0, 255))
            return a << 24 | UInt32(rng.int(0, Int(a))) << 16 | UInt32(rng.int(0, Int(a))) << 8 | UInt32(rng.int(0, Int(a)))
        }
    }

    func testTheRowBlitterDrawsWhatThePerPixelReferenceDraws() {
        var rng = SplitMix64(seed: 24)
        let w = 160, h = 40
        for trial in 0..<400 {
            var p = Pass()
            p.width = w; p.height = h
            p.scene = randomPixels(w * h, rng: &rng)
            // A run of rows down the canvas, as a band draws them (the same columns, each row lensed or flat), and the
            // sheet's column holding every pixel the sheet covers; the shadow may fall outside it.
            let first = randomRow(width: w, flat: trial % 2 == 0, rng: &rng)
            let y0 = rng.int(0, h - 4)
            var rows = [(row: first, y: y0)]
            for y in (y0 + 1)..<(y0 + 4) { rows.append((randomRow(like: first, flat: trial % 3 == 0, rng: &rng), y)) }
            p.sx = rng.int(0, rows.map(\.row.outsideLeft).min()!)
            p.sw = max(p.sx + 1, rng.int(rows.map(\.row.outsideRight).max()!, w)) - p.sx
            p.material = randomPixels(p.sw * h, rng: &rng)
            p.baseFrom = rng.int(0, 10)
            p.base = randomPixels(p.sw * (h - p.baseFrom), rng: &rng)
            p.k = [0, 255, UInt32(rng.int(1, 254))][rng.int(0, 2)]
            let from = rng.int(0, h)
            p.materialRows = from..<rng.int(from, h)
            p.cached = rng.int(0, 1) == 1
            p.hasBase = rng.int(0, 3) > 0
            p.veil = Pixel.scale(0xFF10_2030, p.k)
            p.tint = randomPixels(1, rng: &rng)[0]
            p.opacity = [0, 0, 255, UInt32(rng.int(1, 254))][rng.int(0, 3)]
            p.opaque = 0xFFF2_F2F7
            p.alpha = [255, 255, UInt32(rng.int(0, 254))][rng.int(0, 2)]
            p.shadowColor = 0xFF00_0000
            p.rimColor = 0xFFFF_FFFF
            p.rimK = 255 - p.opacity
            var expected = p.scene
            for (row, y) in rows { reference(p, row, y: y, into: &expected) }
            for (wide, ring) in [(false, false), (false, true), (true, false), (true, true)] where !wide || PixelRow.wide {
                var frame = p.scene
                draw(p, rows, wide: wide, ring: ring, into: &frame)
                if let i = frame.indices.first(where: { frame[$0] != expected[$0] }) {
                    XCTFail("trial \(trial) (wide \(wide), ring \(ring), alpha \(p.alpha), opacity \(p.opacity), cached \(p.cached)): "
                            + "pixel \(i % w) of row \(i / w) is \(String(frame[i], radix: 16)), the reference \(String(expected[i], radix: 16))")
                    return
                }
            }
        }
    }

    /// `rows` drawn by the blitter into `frame`, in order, by one pass (so the ring of lensed body rows is kept from
    /// one row to the next, as a frame keeps it).
    func draw(_ p: Pass, _ rows: [(row: Row, y: Int)], wide: Bool, ring useRing: Bool, into frame: inout [UInt32]) {
        var scratch = [UInt32](repeating: 0xDEAD_BEEF, count: 2 * p.width)
        var ring = [UInt32](repeating: 0xDEAD_BEEF, count: 32 * p.width)
        // Every row's planes, one after another.
        var cov = rows.flatMap(\.row.coverage), sh = rows.flatMap(\.row.shadow), rim = rows.flatMap(\.row.rim)
        var lx = rows.flatMap(\.row.lensX), ly = rows.flatMap(\.row.lensY)
        p.scene.withUnsafeBufferPointer { scene in
        p.material.withUnsafeBufferPointer { material in
        p.base.withUnsafeBufferPointer { base in
        frame.withUnsafeMutableBufferPointer { out in
        scratch.withUnsafeMutableBufferPointer { scratch in
        ring.withUnsafeMutableBufferPointer { ring in
        cov.withUnsafeMutableBufferPointer { cov in
        sh.withUnsafeMutableBufferPointer { sh in
        rim.withUnsafeMutableBufferPointer { rim in
        lx.withUnsafeMutableBufferPointer { lx in
        ly.withUnsafeMutableBufferPointer { ly in
            var pass = sheetlab_body_pass()
            pass.frame = out.baseAddress; pass.scene = scene.baseAddress
            pass.width = p.width; pass.height = p.height
            pass.dimKeep = 255 - p.k; pass.dimVeil = p.dimVeil; pass.dimmed = p.k == 0 ? 0 : 1
            pass.material = material.baseAddress
            pass.materialFrom = p.materialRows.lowerBound; pass.materialTo = p.materialRows.upperBound
            pass.cached = p.cached ? 1 : 0
            pass.base = base.baseAddress; pass.baseFrom = p.baseFrom; pass.hasBase = p.hasBase ? 1 : 0
            pass.sx = p.sx; pass.sw = p.sw
            pass.keep = 255 - p.k; pass.veil = p.veil; pass.tint = p.tint
            pass.opacity = p.opacity; pass.opaque = p.opaque; pass.opaqueScaled = Pixel.scale(p.opaque, p.opacity)
            pass.alpha = p.alpha; pass.shadowColor = p.shadowColor; pass.rimColor = p.rimColor; pass.rimK = p.rimK
            pass.scratch = scratch.baseAddress
            pass.wide = wide ? 1 : 0
            pass.ring = useRing ? ring.baseAddress : nil
            sheetlab_ring_reset(&pass)
            var k = 0
            for (r, y) in rows {
                let lensReach = (r.lensX + r.lensY).map { abs(Int($0)) }.max() ?? 0
                var row = sheetlab_band_row(c0: r.c0, m0: r.m0, m1: r.m1, c1: r.c1, outsideLeft: r.outsideLeft, solidLeft: r.solidLeft,
                                            solidRight: r.solidRight, outsideRight: r.outsideRight,
                                            coverage: cov.baseAddress! + k, shadow: sh.baseAddress! + k, rim: rim.baseAddress! + k,
                                            lensX: lx.baseAddress! + k, lensY: ly.baseAddress! + k,
                                            edgeCoverage: r.edge.coverage, edgeShadow: r.edge.shadow, edgeRim: r.edge.rim,
                                            edgeLensY: r.edge.lensY, flat: r.flat ? 1 : 0, lensReach: lensReach)
                sheetlab_body_row(&pass, &row, y)
                k += r.coverage.count
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }
}
