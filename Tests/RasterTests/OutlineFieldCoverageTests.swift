@testable import Raster
import XCTest

/// `coverage(px:py:sampled:)` reuses the distance `sample` measured instead of measuring the corner again: it must
/// give `coverage(px:py:)` bit for bit, at every pixel of fields with either curve, corners that meet, fractional
/// edges and a sheet narrower than its corners.
final class OutlineFieldCoverageTests: XCTestCase {
    func testTheSampledCoverageIsTheCoverage() {
        let fields = [
            OutlineField(RectF(x: 48, y: 10, width: 1083, height: 300.4), topRadius: 105, bottomRadius: 117, curve: .continuous),
            OutlineField(RectF(x: 0.25, y: 3, width: 140.5, height: 90.7), topRadius: 30, bottomRadius: 0, curve: .circular),
            OutlineField(RectF(x: 7.5, y: 2.5, width: 60, height: 400), topRadius: 40, bottomRadius: 40, curve: .continuous),
            OutlineField(RectF(x: 12, y: 0, width: 500, height: 40.3), topRadius: 50, bottomRadius: 60, curve: .circular),
        ]
        var checked = 0
        for f in fields {
            for py in Int(f.top) - 3...Int(f.bottom) + 3 {
                for px in Int(f.left) - 3...Int(f.right) + 3 {
                    let s = f.sample(Double(px) + 0.5, Double(py) + 0.5)
                    let want = f.coverage(px: px, py: py), got = f.coverage(px: px, py: py, sampled: s.distance)
                    if want.bitPattern != got.bitPattern {
                        XCTFail("pixel (\(px), \(py)) of \(f): \(got) against \(want)")
                        return
                    }
                    if want > 0 && want < 1 { checked += 1 }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000, "the fields have edge pixels to compare")
    }
}
