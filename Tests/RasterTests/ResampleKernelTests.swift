@testable import Raster
import Foundation
import XCTest

/// The AVX2 resampling kernels pick a group's source pixels from two loads by permutes when they lie close together (a
/// row scaled by one half or more), and gather them otherwise: both give the baseline's bytes at every scale, and no
/// load reads past the last source pixel the row needs.
final class ResampleKernelTests: XCTestCase {
    func pixels(_ count: Int, seed: UInt64) -> [UInt32] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
    }

    /// Scales from a third (every group gathered) through a half and just above it (the permutes' edge) to enlargements,
    /// shifted so that rows clamp at either edge: the wide kernels give the baseline's bytes, bilinear and nearest.
    func testPermutedAndGatheredGroupsGiveTheBaselineBytes() throws {
        try XCTSkipUnless(PixelRow.wide, "this CPU has no AVX2: only the baseline runs")
        let source = pixels(1200, seed: 7)
        for scale in [0.3, 0.45, 0.49, 0.5, 0.51, 0.55, 0.7, 0.9, 0.93, 0.97, 0.999, 1, 1.001, 1.3, 2.5] {
            for offset in [-40.0, -3.25, 0, 0.5, 17.75, 60] {
                for nearest in [false, true] {
                    let axis = ResampleAxis(count: 1179, sourceCount: 1179, scale: scale, offset: offset, nearest: nearest)
                    for range in [0..<1179, 5..<1179, 0..<37, 301..<1000, axis.covered] {
                        var base = [UInt32](repeating: 0, count: 1179), wide = base
                        source.withUnsafeBufferPointer { src in
                            base.withUnsafeMutableBufferPointer { PixelRow.resample(src.baseAddress!, along: axis, range: range, into: $0.baseAddress!, wide: false) }
                            wide.withUnsafeMutableBufferPointer { PixelRow.resample(src.baseAddress!, along: axis, range: range, into: $0.baseAddress!, wide: true) }
                        }
                        if let i = base.indices.first(where: { base[$0] != wide[$0] }) {
                            XCTFail("scale \(scale) offset \(offset) nearest \(nearest) range \(range): pixel \(i) is "
                                    + "\(String(wide[i], radix: 16)) wide, \(String(base[i], radix: 16)) baseline")
                        }
                    }
                }
            }
        }
    }

    /// A source row whose last pixel is the last word before a page that cannot be read: the wide kernels, at scales that
    /// take the permutes up to the row's end, read nothing past it (a read there would crash the test).
    func testTheKernelsReadNothingPastTheRowsLastPixel() throws {
        try XCTSkipUnless(PixelRow.wide, "this CPU has no AVX2: only the baseline runs")
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let raw = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED else {
            throw XCTSkip("no anonymous mapping")
        }
        defer { munmap(raw, 2 * page) }
        XCTAssertEqual(mprotect(raw + page, page, PROT_NONE), 0)
        let n = 200
        let row = (raw + page).assumingMemoryBound(to: UInt32.self) - n
        for (i, p) in pixels(n, seed: 9).enumerated() { row[i] = p }
        var out = [UInt32](repeating: 0, count: n)
        for scale in [0.5, 0.75, 0.95, 1, 1.05] {
            for nearest in [false, true] {
                let axis = ResampleAxis(count: n, sourceCount: n, scale: scale, offset: 0, nearest: nearest)
                out.withUnsafeMutableBufferPointer { PixelRow.resample(UnsafePointer(row), along: axis, range: 0..<n, into: $0.baseAddress!, wide: true) }
            }
        }
    }
}
