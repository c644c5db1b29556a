@testable import Raster
@testable import SheetRender
import XCTest

/// An outline band computed by skipping the columns whose values the distance settles holds exactly what it holds
/// with every column sampled: for continuous and circular corners, top and bottom bands and short one-band sheets,
/// with and without a shadow, rim and lens, at 1× to 3× sizes.
final class OutlineBandSkipTests: XCTestCase {
    func testSkippingColumnsGivesTheSameBandAsSamplingEveryOne() {
        var rng = SplitMix64(seed: 5)
        let width = 1179
        var compared = 0
        for trial in 0..<60 {
            let s = Double([1, 2, 3][trial % 3])
            var optics = OutlineOptics()
            if trial % 4 != 3 {
                optics.shadowSigma = 6 * s; optics.shadowOffset = -2 * s; optics.shadowAlpha = Double(rng.int(1, 64))
            }
            if trial % 5 != 4 {
                optics.rimWidth = 1.3 * s; optics.rimTop = 0.55; optics.rimSide = 0.18; optics.rimFade = 38 * s * 1.53
                optics.lensWidth = 10 * s; optics.lensShift = 3 * s
            }
            let inset = Double(rng.int(0, 24)) + (trial % 2 == 0 ? 0 : 0.37)
            let left = inset, right = Double(width) - inset
            let topExtent = Double(rng.int(0, 180)) + 0.25, bottomExtent = Double(rng.int(0, 250)) + 0.5
            let curve: CornerCurve = trial % 6 == 5 ? .circular : .continuous
            // A top band, a bottom band and a whole short sheet, in the band's relative rows.
            let fields: [(OutlineField, Range<Int>)] = [
                (OutlineField(left: left, top: 0, right: right, bottom: 1e7, topExtent: topExtent, bottomExtent: 0, curve: curve),
                 -70..<Int(topExtent + 40)),
                (OutlineField(left: left, top: -1e7, right: right, bottom: 0.6, topExtent: 0, bottomExtent: bottomExtent, curve: curve),
                 -Int(bottomExtent + 40)..<70),
                (OutlineField(left: left, top: 0, right: right, bottom: 300.4, topExtent: min(topExtent, 140), bottomExtent: min(bottomExtent, 150),
                              curve: curve), -70..<372),
            ]
            for (field, rows) in fields {
                let skipped = OutlineBand(), sampled = OutlineBand()
                skipped.compute(field: field, rows: rows, canvasWidth: width, optics: optics, skipping: true)
                sampled.compute(field: field, rows: rows, canvasWidth: width, optics: optics, skipping: false)
                let n = rows.count * sampled.stride
                XCTAssertEqual(skipped.stride, sampled.stride)
                for (name, a, b) in [("coverage", skipped.coverage, sampled.coverage), ("shadow", skipped.shadow, sampled.shadow),
                                     ("rim", skipped.rim, sampled.rim)] {
                    if let j = (0..<n).first(where: { a[$0] != b[$0] }) {
                        XCTFail("trial \(trial) \(name) at row \(j / sampled.stride) column \(j % sampled.stride): \(a[j]) skipping, \(b[j]) sampled")
                    }
                }
                for (name, a, b) in [("lensX", skipped.lensX, sampled.lensX), ("lensY", skipped.lensY, sampled.lensY)] {
                    if let j = (0..<n).first(where: { a[$0] != b[$0] }) { XCTFail("trial \(trial) \(name) at \(j): \(a[j]) skipping, \(b[j]) sampled") }
                }
                XCTAssertEqual(skipped.runs, sampled.runs, "trial \(trial)")
                XCTAssertEqual(sampled.runs, Self.scannedRuns(sampled), "trial \(trial): the runs noted while computing are the runs the planes hold")
                for i in 0..<rows.count {
                    let flat = (0..<sampled.stride).allSatisfy { sampled.lensY[i * sampled.stride + $0] == 0 }
                    XCTAssertEqual(sampled.plan[i].flat != 0, flat, "trial \(trial) row \(i): flat")
                }
                XCTAssertEqual(skipped.middle, sampled.middle, "trial \(trial)")
                compared += n
            }
        }
        XCTAssertGreaterThan(compared, 1_000_000)
    }

    /// The runs of each row of `band`, read off its planes: leading and trailing pixels with no coverage are outside,
    /// and the plain body (coverage 255, no rim, no lens) next to the middle is solid.
    static func scannedRuns(_ band: OutlineBand) -> [OutlineBand.Runs] {
        let nl = band.leftColumns.count, nr = band.rightColumns.count
        let c0 = band.leftColumns.lowerBound, r0 = band.rightColumns.lowerBound
        func plain(_ j: Int) -> Bool { band.coverage[j] == 255 && band.rim[j] == 0 && band.lensX[j] == 0 && band.lensY[j] == 0 }
        return (0..<band.rows.count).map { i in
            let k = i * band.stride
            var a = 0
            while a < nl && band.coverage[k + a] == 0 { a += 1 }
            var b = nl
            while b > a && plain(k + b - 1) { b -= 1 }
            var d = nr
            while d > 0 && band.coverage[k + nl + d - 1] == 0 { d -= 1 }
            var e = 0
            while e < d && plain(k + nl + e) { e += 1 }
            return OutlineBand.Runs(outsideLeft: c0 + a, solidLeft: c0 + b, solidRight: r0 + e, outsideRight: r0 + d)
        }
    }
}
