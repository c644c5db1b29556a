@testable import Raster
@testable import SheetRender
import XCTest

/// The content layer's ink runs: every pixel with ink lies in exactly one run, opaque runs hold only opaque pixels, and
/// a row drawn run by run (opaque runs copied, the rest composited, gaps skipped) is the row composited whole.
final class ContentInkRunsTests: XCTestCase {
    func testRunsCoverTheInkAndDrawTheSameBytesAsTheWholeRow() {
        var rng = SplitMix64(seed: 7)
        let w = 300, h = 60
        var p = Pixmap(width: w, height: h)
        for y in 0..<h {
            // Rows of text-like specks, opaque cards with soft edges, and empty rows, at random.
            var x = rng.int(0, 40)
            while x < w {
                let n = rng.int(1, 60)
                let kind = rng.int(0, 3)
                for i in x..<min(w, x + n) {
                    switch kind {
                    case 0: p.pixels[y * w + i] = 0
                    case 1: p.pixels[y * w + i] = 0xFFFF_FFFF
                    case 2: let a = UInt32(rng.int(1, 254)); p.pixels[y * w + i] = a << 24 | a / 2
                    default: p.pixels[y * w + i] = rng.int(0, 1) == 0 ? 0 : 0xFF20_2020
                    }
                }
                x += n
            }
            if y % 9 == 0 { for i in 0..<w { p.pixels[y * w + i] = 0 } }
        }
        let spans: [Range<Int>?] = (0..<h).map { y in
            let row = (0..<w).map { p.pixels[y * w + $0] }
            guard let a = row.firstIndex(where: { $0 != 0 }), let b = row.lastIndex(where: { $0 != 0 }) else { return nil }
            return a..<(b + 1)
        }
        let (runs, starts) = ContentLayer.runs(of: p, spans: spans)
        XCTAssertEqual(starts.count, h + 1)
        var opaqueRuns = 0, gaps = 0
        for y in 0..<h {
            let rowRuns = runs[starts[y]..<starts[y + 1]]
            var covered = [Int](repeating: 0, count: w)
            var last = -1
            for run in rowRuns {
                XCTAssertLessThan(Int(run.start), Int(run.end))
                XCTAssertGreaterThanOrEqual(Int(run.start), last, "row \(y): runs in order, apart")
                last = Int(run.end)
                for x in Int(run.start)..<Int(run.end) {
                    covered[x] += 1
                    if run.opaque { XCTAssertEqual(p.pixels[y * w + x] >> 24, 255, "row \(y) column \(x): opaque run") }
                }
                if run.opaque { opaqueRuns += 1 }
            }
            for x in 0..<w where p.pixels[y * w + x] != 0 { XCTAssertEqual(covered[x], 1, "row \(y) column \(x): ink in one run") }
            gaps += zip(rowRuns, rowRuns.dropFirst()).filter { $0.end < $1.start }.count
            // Drawn run by run over a background, and whole.
            let under = (0..<w).map { UInt32(truncatingIfNeeded: ($0 * 2654435761) | 0xFF00_0000) }
            var whole = under, byRuns = under
            p.pixels.withUnsafeBufferPointer { src in
                whole.withUnsafeMutableBufferPointer { PixelRow.over(src.baseAddress! + y * w, onto: $0.baseAddress!, count: w) }
                byRuns.withUnsafeMutableBufferPointer { out in
                    for run in rowRuns {
                        let a = Int(run.start), n = Int(run.end) - a
                        if run.opaque { (out.baseAddress! + a).update(from: src.baseAddress! + y * w + a, count: n) } else {
                            PixelRow.over(src.baseAddress! + y * w + a, onto: out.baseAddress! + a, count: n)
                        }
                    }
                }
            }
            XCTAssertEqual(byRuns, whole, "row \(y)")
        }
        XCTAssertGreaterThan(opaqueRuns, 20, "long opaque stretches become copies")
        XCTAssertGreaterThan(gaps, 20, "long transparent gaps are skipped")
    }
}
