@testable import SheetRender
import XCTest

/// The outline's rounding without the library call gives what `rounded()` gives, at the halves, just beside them and
/// at the one value below one half whose sum with 0.5 rounds up.
final class OutlineRoundingTests: XCTestCase {
    func testRoundedIntIsRoundedHalfAwayFromZero() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 254.5, 255, 0.49999999999999994, -0.49999999999999994,
                                0.5000000000000001, 1.4999999999999998, 127.49999999999999, 1e15 + 0.5, -1e15 - 0.5]
        for i in 0...4096 {
            let v = Double(i) / 16 - 128
            values += [v, v.nextUp, v.nextDown]
        }
        var rng = UInt64(0x9E37_79B9_7F4A_7C15)
        for _ in 0..<100_000 {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            values.append((Double(rng >> 11) / Double(1 << 53) - 0.5) * 600)
        }
        for v in values where OutlineOptics.roundedInt(v) != Int(v.rounded()) {
            XCTFail("\(v): \(OutlineOptics.roundedInt(v)) against \(Int(v.rounded()))")
            return
        }
    }
}
