import Foundation
import XCTest
@testable import Raster

/// The coverage pipeline: each analytic source against the general filler (`PathCoverageSource`) on the same shape
/// drawn as a fine polygon, level for level; the rounded-rectangle source against the outline field it reads; and
/// the blitter on its own, against the one-pixel operations.
final class CoveragePipelineTests: XCTestCase {
    /// Records what a source hands a sink: each column's level, and whether the columns came left to right, once each.
    struct Recorder: CoverageSink {
        var levels: [UInt8]
        var next = 0, width: Int
        var inOrder = true
        init(width: Int) { self.width = width; levels = [UInt8](repeating: 0, count: width) }
        mutating func take(_ columns: Range<Int>) {
            if columns.isEmpty { return }
            if columns.lowerBound < next || columns.lowerBound < 0 || columns.upperBound > width { inOrder = false }
            next = columns.upperBound
        }
        mutating func pixel(_ x: Int, _ c: UInt8) { take(x..<x + 1); if x >= 0 && x < width { levels[x] = c } }
        mutating func run(_ columns: Range<Int>, _ c: UInt8) { take(columns); for x in columns.clamped(to: 0..<width) { levels[x] = c } }
        mutating func levels(_ columns: Range<Int>, _ p: UnsafePointer<UInt8>) {
            take(columns); for x in columns.clamped(to: 0..<width) { levels[x] = p[x] }
        }
    }

    /// Every level a source hands out over a `width` × `height` target, row by row (0 where it hands out nothing).
    func levels<S: CoverageSource>(_ source: S, width: Int, height: Int) -> [UInt8] {
        var source = source
        var out = [UInt8](repeating: 0, count: width * height)
        for y in source.rows(width: width, height: height) {
            var recorder = Recorder(width: width)
            source.row(y, width: width, into: &recorder)
            XCTAssert(recorder.inOrder, "row \(y): columns within the target, left to right, once each")
            out.replaceSubrange(y * width..<(y + 1) * width, with: recorder.levels)
        }
        return out
    }

    /// The largest absolute difference of two coverages, in levels of 255; the mean absolute difference over the edge
    /// pixels (those either coverage covers in part); and the difference of the areas they cover, in px².
    /// With COVERAGE_MEASURE set in the environment each comparison is printed, to re-measure the tolerances.
    func difference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, mean: Double, area: Double) {
        var worst = 0, sum = 0, n = 0
        var areaA = 0, areaB = 0
        for (p, q) in zip(a, b) {
            let d = abs(Int(p) - Int(q))
            worst = max(worst, d)
            if (p > 0 && p < 255) || (q > 0 && q < 255) { sum += d; n += 1 }
            areaA += Int(p); areaB += Int(q)
        }
        let r = (worst, n > 0 ? Double(sum) / Double(n) : 0, Double(areaA - areaB) / 255)
        if ProcessInfo.processInfo.environment["COVERAGE_MEASURE"] != nil { print("MEASURE", r) }
        return r
    }

    /// The outline of `f` as a fine polygon: its straight edges, and corners that are quarter circles of radius
    /// `topExtent` / `bottomExtent` or continuous corners reaching that far (`ContinuousCorner.outline`).
    func path(of f: OutlineField, detail: Double = 16) -> Path {
        func corner(_ e: Double, _ map: (SIMD2<Double>) -> SIMD2<Double>) -> [SIMD2<Double>] {
            guard e > 0 else { return [map(SIMD2(0, 0))] }
            switch f.curve {
            case .circular:
                // (u, v) from the corner: the arc about (e, e), from the horizontal edge to the vertical one.
                let n = max(8, Int(e * detail))
                return (0...n).map { i in
                    let a = Double(i) / Double(n) * .pi / 2
                    return map(SIMD2(e - e * sin(a), e - e * cos(a)))
                }
            case .continuous:
                let r = e / ContinuousCorner.extent
                return ContinuousCorner.outline(perSegment: ContinuousCorner.piecesPerSegment(radius: r, detail: detail)).map { map($0 * r) }
            }
        }
        var pts: [SIMD2<Double>] = []
        pts += corner(f.topExtent, { SIMD2(f.right - $0.x, f.top + $0.y) })
        pts += corner(f.bottomExtent, { SIMD2(f.right - $0.y, f.bottom - $0.x) })
        pts += corner(f.bottomExtent, { SIMD2(f.left + $0.x, f.bottom - $0.y) })
        pts += corner(f.topExtent, { SIMD2(f.left + $0.y, f.top + $0.x) })
        return Path(pts)
    }

    /// Measured (Linux x86_64) over these shapes: the rounded-rectangle source differs from the filler by at most
    /// 13 levels of 255 at a pixel where an edge curves (the distance-based coverage, 0.5 − d, misjudges a pixel the
    /// curve crosses near one of its corners; 15 for the continuous corner of radius 2.5 px, whose arc is tighter than
    /// 2.5 px), by at most 1 level where all edges are straight; by a mean of 0.5 to 3.4 levels over the edge pixels;
    /// in area by at most 0.49 px². Tolerances: 13 (1 for rectangles, 16 at r = 2.5 px), a mean of 4, 0.5 px².
    func testRoundedRectSourceMatchesTheGeneralFiller() {
        let rows: [(line: UInt, rect: RectF, top: Double, bottom: Double, curve: CornerCurve, maxLevels: Int)] = [
            (#line, RectF(x: 5.2, y: 5.7, width: 20.6, height: 10.3), 0, 0, .circular, 1),
            (#line, RectF(x: -3.5, y: 50.25, width: 80, height: 30), 0, 0, .circular, 1),
            (#line, RectF(x: 3.3, y: 4.6, width: 40.2, height: 21.7), 5, 5, .circular, 13),
            (#line, RectF(x: 50.5, y: -6, width: 30, height: 20), 9, 9, .circular, 13),
            (#line, RectF(x: 12, y: 20, width: 36, height: 10), 5, 5, .circular, 13),       // a capsule
            (#line, RectF(x: 8.25, y: 9.5, width: 50, height: 40.5), 14, 4, .circular, 13),
            (#line, RectF(x: 4, y: 4, width: 56, height: 56), 10, 10, .continuous, 13),
            (#line, RectF(x: 3.3, y: 4.6, width: 50.2, height: 31.7), 7.5, 7.5, .continuous, 13),
            (#line, RectF(x: 10, y: 10, width: 40, height: 30), 40, 40, .continuous, 13), // corners shrink to fit
            (#line, RectF(x: 8.5, y: 2.25, width: 30, height: 55), 2.5, 2.5, .continuous, 16),
            (#line, RectF(x: 2.5, y: 6.75, width: 58, height: 50), 12, 0, .continuous, 13),  // a sheet: top corners only
            (#line, RectF(x: 1.5, y: 3, width: 60, height: 58), 9, 15, .continuous, 13),
        ]
        for row in rows {
            let field = OutlineField(row.rect, topRadius: row.top, bottomRadius: row.bottom, curve: row.curve)
            let fast = levels(RoundedRectCoverage(field), width: 64, height: 64)
            let general = levels(PathCoverageSource(path(of: field), width: 64, height: 64), width: 64, height: 64)
            let d = difference(fast, general)
            XCTAssertLessThanOrEqual(d.max, row.maxLevels, "max |Δ| in levels", line: row.line)
            XCTAssertLessThanOrEqual(d.mean, 4, "mean |Δ| over the edge pixels, in levels", line: row.line)
            XCTAssertEqual(d.area, 0, accuracy: 0.5, "area, px²", line: row.line)
        }
    }

    /// The comparison can fail: against a corner one pixel larger, or an edge a third of a pixel further out, it
    /// measures 84 to 112 levels at worst, a mean of 34 to 41 and 18.6 px², far outside the tolerances.
    func testTheComparisonSeesASmallError() {
        let rect = RectF(x: 4, y: 4, width: 56, height: 56)
        let fast = levels(RoundedRectCoverage(rect, topRadius: 10, bottomRadius: 10, curve: .continuous), width: 64, height: 64)
        let rounder = OutlineField(rect, topRadius: 11, bottomRadius: 11, curve: .continuous)
        let wider = OutlineField(RectF(x: 4, y: 4, width: 56.33, height: 56), topRadius: 10, bottomRadius: 10, curve: .continuous)
        for wrong in [rounder, wider] {
            let d = difference(fast, levels(PathCoverageSource(path(of: wrong), width: 64, height: 64), width: 64, height: 64))
            XCTAssert(d.max > 16 && d.mean > 4 && abs(d.area) > 0.5, "\(wrong): \(d)")
        }
    }

    /// Round-capped segments against the filler on their capsule polygons. Measured: at most 13 levels, a mean of
    /// 0.6 to 2.6 levels over the edge pixels, areas within 0.29 px². Tolerances: 13, 3, 0.3 px².
    func testSegmentSourceMatchesTheGeneralFiller() {
        func capsule(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ w: Double) -> Path {
            let d = b - a, angle = atan2(d.y, d.x), r = w / 2
            return Path(Path.arc(cx: a.x, cy: a.y, r: r, from: angle + .pi / 2, to: angle + 1.5 * .pi, detail: 16)
                + Path.arc(cx: b.x, cy: b.y, r: r, from: angle - .pi / 2, to: angle + .pi / 2, detail: 16))
        }
        let rows: [(line: UInt, a: SIMD2<Double>, b: SIMD2<Double>, width: Double)] = [
            (#line, SIMD2(15, 20), SIMD2(45, 20), 6),
            (#line, SIMD2(10.3, 12.7), SIMD2(50.1, 41.9), 5),
            (#line, SIMD2(30.5, 4), SIMD2(31.5, 60), 2.5),
        ]
        for row in rows {
            let fast = levels(SegmentCoverage(x0: row.a.x, y0: row.a.y, x1: row.b.x, y1: row.b.y, width: row.width), width: 64, height: 64)
            let general = levels(PathCoverageSource(capsule(row.a, row.b, row.width), width: 64, height: 64), width: 64, height: 64)
            let d = difference(fast, general)
            XCTAssertLessThanOrEqual(d.max, 13, line: row.line)
            XCTAssertLessThanOrEqual(d.mean, 3, line: row.line)
            XCTAssertEqual(d.area, 0, accuracy: 0.3, line: row.line)
        }
    }

    /// The display's corners (continuous, the frame's edges) and the clip to a rounded rectangle, against the filler
    /// on `Path.continuousRoundedRect` / `Path.roundedRect` over the whole frame. Measured: at most 10 levels, a mean
    /// of 1.1 to 3.6 levels over the edge pixels, areas within 0.34 px². Tolerances: 13, 4, 0.5 px².
    func testDisplayCornersAndClipMatchTheGeneralFiller() {
        let rows: [(line: UInt, width: Int, height: Int, radius: Double, curve: CornerCurve, maxLevels: Int)] = [
            (#line, 120, 200, 20, .continuous, 13),
            (#line, 90, 60, 27.5, .continuous, 13),
            (#line, 60, 40, 8, .circular, 13),
            (#line, 31, 17, 30, .circular, 13),
            (#line, 9, 50, 2.7, .continuous, 13),
        ]
        for row in rows {
            let w = Double(row.width), h = Double(row.height)
            let shape: Path = row.curve == .continuous
                ? .continuousRoundedRect(x: 0, y: 0, w: w, h: h, r: row.radius, detail: 16)
                : .roundedRect(x: 0, y: 0, w: w, h: h, r: row.radius, detail: 16)
            let general = levels(PathCoverageSource(shape, width: row.width, height: row.height), width: row.width, height: row.height)
            // The clip's alpha over opaque white is its coverage.
            var clipped = Pixmap(width: row.width, height: row.height, fill: .white)
            clipped.clipToRoundedRect(radius: row.radius, curve: row.curve)
            let clip = difference(clipped.pixels.map { UInt8($0 >> 24) }, general)
            XCTAssertLessThanOrEqual(clip.max, row.maxLevels, line: row.line)
            XCTAssertLessThanOrEqual(clip.mean, 4, line: row.line)
            XCTAssertEqual(clip.area, 0, accuracy: 0.5, line: row.line)
            guard row.curve == .continuous else { continue }
            // The display corners put black over white outside the curve: the red channel left is the coverage.
            let mask = DisplayCornerMask(radius: row.radius, width: row.width, height: row.height)
            var frame = Pixmap(width: row.width, height: row.height, fill: .white)
            mask.apply(to: &frame)
            let corners = difference(frame.pixels.map { UInt8($0 & 0xFF) }, general)
            XCTAssertLessThanOrEqual(corners.max, row.maxLevels, line: row.line)
            XCTAssertLessThanOrEqual(corners.mean, 4, line: row.line)
            XCTAssertEqual(corners.area, 0, accuracy: 0.5, line: row.line)
            XCTAssertEqual(frame.pixels.map { $0 >> 24 }, [UInt32](repeating: 255, count: row.width * row.height), "opaque", line: row.line)
        }
    }

    /// The rounded-rectangle source is the outline field's coverage, pixel for pixel, runs included: the sheet's
    /// renderer (which reads the field) and `fillRoundedRect` (which reads the source) draw the same edge.
    func testRoundedRectSourceIsTheOutlineFieldsCoverage() {
        let fields = [
            OutlineField(RectF(x: 48, y: 10, width: 300, height: 200.4), topRadius: 35, bottomRadius: 39, curve: .continuous),
            OutlineField(RectF(x: 0.25, y: 3, width: 140.5, height: 90.7), topRadius: 30, bottomRadius: 0, curve: .circular),
            OutlineField(RectF(x: 7.5, y: -2.5, width: 60, height: 400), topRadius: 40, bottomRadius: 40, curve: .continuous),
            OutlineField(RectF(x: -12, y: 0, width: 500, height: 40.3), topRadius: 50, bottomRadius: 60, curve: .circular),
        ]
        for f in fields {
            let w = 400, h = 260
            let got = levels(RoundedRectCoverage(f), width: w, height: h)
            for py in 0..<h {
                for px in 0..<w where got[py * w + px] != CoverageLevel.level(f.coverage(px: px, py: py)) {
                    XCTFail("\(f) at (\(px), \(py)): \(got[py * w + px]) against \(CoverageLevel.level(f.coverage(px: px, py: py)))")
                    return
                }
            }
        }
    }

    /// The blitter on its own: each operation, on random pixels, through a row handed over in every kind of piece
    /// (single pixels, a run, a span of levels), is the one-pixel operation at every column; columns not handed over
    /// are left alone.
    func testTheBlitterIsTheOnePixelOperations() {
        var state: UInt32 = 2024
        func next() -> UInt32 { state = state &* 1_664_525 &+ 1_013_904_223; return state >> 8 }
        func premultiplied() -> UInt32 {
            let a = next() & 0xFF
            return PremultipliedRGBA8(UInt8(next() % (a + 1)), UInt8(next() % (a + 1)), UInt8(next() % (a + 1)), UInt8(a)).packed
        }
        let width = 53
        let rows: [(line: UInt, span: Range<Int>, run: Range<Int>, level: UInt8)] = [
            (#line, 0..<53, 9..<40, 255),
            (#line, 3..<50, 20..<21, 128),
            (#line, 5..<30, 0..<0, 0),
            (#line, 1..<52, 1..<52, 77),
            (#line, 10..<44, 11..<43, 0),
        ]
        let colors: [UInt32] = [PremultipliedRGBA8.white.packed, PremultipliedRGBA8(40, 10, 90, 160).packed, 0]
        for row in rows {
            var levels = (0..<width).map { _ in UInt8(next() & 0xFF) }
            for i in [0, 7, 12] where i < width { levels[i] = 255 }
            for i in [2, 3, 30] where i < width { levels[i] = 0 }
            let pixels = (0..<width).map { _ in premultiplied() }
            // The span's columns left of the run one by one, the run, then the rest as a span of levels.
            func level(_ x: Int) -> UInt8 { !row.span.contains(x) ? 0 : (row.run.contains(x) ? row.level : levels[x]) }
            let left = row.span.lowerBound..<max(row.span.lowerBound, row.run.isEmpty ? row.span.lowerBound + 3 : row.run.lowerBound)
            let right = max(left.upperBound, row.run.upperBound)..<row.span.upperBound
            func handOver<Sink: CoverageSink>(_ sink: inout Sink) {
                for x in left { sink.pixel(x, levels[x]) }
                if !row.run.isEmpty { sink.run(row.run, row.level) }
                levels.withUnsafeBufferPointer { sink.levels(right, $0.baseAddress!) }
            }
            let ops: [(CoverageBlitter.Operation, (UInt32, UInt32) -> UInt32)] =
                colors.map { c in (.paint(c), { p, k in Pixel.over(Pixel.scale(c, k), p) }) } + [
                    (.clip, { p, k in Pixel.scale(p, k) }),
                    (.overBlack, { p, k in Pixel.scale(p, k) &+ ((255 - k) << 24) }),
                ]
            for (op, expected) in ops {
                var out = pixels
                out.withUnsafeMutableBufferPointer { line in
                    switch op {
                    case .paint(let c):
                        var sink = CoverageBlitter.Paint(c, into: line.baseAddress!)
                        handOver(&sink)
                    case .clip, .overBlack:
                        var sink = CoverageBlitter.Scale(into: line.baseAddress!, overBlack: op == .overBlack)
                        handOver(&sink)
                    }
                }
                for x in 0..<width {
                    let want = row.span.contains(x) ? expected(pixels[x], UInt32(level(x))) : pixels[x]
                    XCTAssertEqual(out[x], want, "\(op) at \(x)", line: row.line)
                }
                // The row-of-levels entry point, over the whole span.
                var whole = pixels
                let all = (0..<width).map(level)
                all.withUnsafeBufferPointer { l in
                    whole.withUnsafeMutableBufferPointer { CoverageBlitter.apply(op, levels: l.baseAddress!, columns: row.span, to: $0.baseAddress!) }
                }
                XCTAssertEqual(whole, out, "\(op): the levels entry point", line: row.line)
            }
        }
    }

    /// The path source must be read in order, every row from its first: a path filled twice into one pixmap (the
    /// source's bands cleared as they are read) gives the same pixels as two fills each from a fresh source.
    func testThePathSourceClearsItsBands() {
        let shape = Path.circle(cx: 40, cy: 50, r: 37, detail: 4)
        var a = Pixmap(width: 80, height: 100)
        a.fill(shape, PremultipliedRGBA8(0, 0, 100, 100))
        a.fill(shape, PremultipliedRGBA8(0, 0, 100, 100))
        var source = PathCoverageSource(shape, width: 80, height: 100)
        let once = levels(source, width: 80, height: 100)
        var b = Pixmap(width: 80, height: 100)
        b.apply(.paint(PremultipliedRGBA8(0, 0, 100, 100).packed), through: &source)
        b.apply(.paint(PremultipliedRGBA8(0, 0, 100, 100).packed), through: &source)
        XCTAssertEqual(a, b)
        XCTAssertEqual(levels(source, width: 80, height: 100), once)
        XCTAssertGreaterThan(once.filter { $0 == 255 }.count, 3500)
    }
}
