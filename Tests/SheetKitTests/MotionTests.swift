import Foundation
import XCTest
@testable import SheetKit

final class MotionTests: XCTestCase {
    func testCriticallyDampedSpringFromRestMatchesClosedForm() {
        let spring = Spring(response: 0.4, dampingRatio: 1)
        let w = 2 * Double.pi / 0.4
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            // Progress from 0 to 1: displacement starts at −1.
            let progress = 1 + spring.state(at: t, x0: -1, v0: 0).x
            XCTAssertEqual(progress, 1 - (1 + w * t) * exp(-w * t), accuracy: 1e-12, "t = \(t)")
            XCTAssertLessThanOrEqual(progress, 1, "a critically damped spring never overshoots")
        }
    }

    func testSpringsSatisfyTheirEquationAndInitialConditions() {
        let rows: [(line: UInt, response: Double, zeta: Double, x0: Double, v0: Double)] = [
            (#line, 0.4, 0.3, 100, 0),
            (#line, 0.5, 0.7, -50, 800),
            (#line, 0.4, 1.0, 200, -1500),
            (#line, 0.3, 1.8, 80, 400),
            (#line, 1.0, 4.0, -10, 0),
        ]
        for row in rows {
            let s = Spring(response: row.response, dampingRatio: row.zeta)
            let w = s.omega
            let start = s.state(at: 0, x0: row.x0, v0: row.v0)
            XCTAssertEqual(start.x, row.x0, accuracy: 1e-9, line: row.line)
            XCTAssertEqual(start.v, row.v0, accuracy: 1e-9, line: row.line)
            // x'' + 2ζωx' + ω²x = 0, with x'' from central differences of the analytic velocity.
            for t in stride(from: 0.01, through: 0.8, by: 0.07) {
                let h = 1e-6
                let a = (s.state(at: t + h, x0: row.x0, v0: row.v0).v - s.state(at: t - h, x0: row.x0, v0: row.v0).v) / (2 * h)
                let st = s.state(at: t, x0: row.x0, v0: row.v0)
                let residual = a + 2 * row.zeta * w * st.v + w * w * st.x
                XCTAssertEqual(residual / (w * w * max(1, abs(row.x0), abs(row.v0) / w)), 0, accuracy: 1e-5, "t = \(t)", line: row.line)
                // The analytic velocity is the derivative of the position.
                let dx = (s.state(at: t + h, x0: row.x0, v0: row.v0).x - s.state(at: t - h, x0: row.x0, v0: row.v0).x) / (2 * h)
                XCTAssertEqual(st.v, dx, accuracy: 1e-3 * max(1, abs(st.v)), line: row.line)
            }
        }
    }

    func testUnderdampedSpringOvershootsByTheClosedFormAmount() {
        // From rest, the first peak overshoots by e^(−ζπ/√(1−ζ²)).
        let zeta = 0.5
        let s = Spring(response: 0.4, dampingRatio: zeta)
        let wd = s.omega * (1 - zeta * zeta).squareRoot()
        let peak = s.state(at: Double.pi / wd, x0: -1, v0: 0).x
        XCTAssertEqual(peak, exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot()), accuracy: 1e-12)
    }

    func testBezierMatchesItsParametricForm() {
        let rows: [(line: UInt, curve: CubicBezier)] = [
            (#line, CubicBezier(0.42, 0, 1, 1)),
            (#line, CubicBezier(0, 0, 0.58, 1)),
            (#line, CubicBezier(0.42, 0, 0.58, 1)),
            (#line, CubicBezier(0.25, 0.1, 0.25, 1)),
            (#line, CubicBezier(0.68, -0.55, 0.27, 1.55)),
            (#line, CubicBezier(1, 0, 0, 1)),
        ]
        for row in rows {
            let b = row.curve
            for i in 0...200 {
                let t = Double(i) / 200
                let u = 1 - t
                let x = 3 * u * u * t * b.x1 + 3 * u * t * t * b.x2 + t * t * t
                let y = 3 * u * u * t * b.y1 + 3 * u * t * t * b.y2 + t * t * t
                XCTAssertEqual(b.value(at: x), y, accuracy: 1e-6, "t = \(t)", line: row.line)
            }
        }
    }

    func testNamedCurvesAreTheCSSOnes() {
        XCTAssertEqual(UnitCurve.easeIn, .bezier(CubicBezier(0.42, 0, 1, 1)))
        XCTAssertEqual(UnitCurve.easeOut, .bezier(CubicBezier(0, 0, 0.58, 1)))
        XCTAssertEqual(UnitCurve.easeInOut, .bezier(CubicBezier(0.42, 0, 0.58, 1)))
        XCTAssertEqual(UnitCurve.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-9)
        // Known values of CSS ease-in at x = 0.5 and ease-out at x = 0.5.
        XCTAssertEqual(UnitCurve.easeIn.value(at: 0.5), 0.3153, accuracy: 1e-4)
        XCTAssertEqual(UnitCurve.easeOut.value(at: 0.5), 0.6847, accuracy: 1e-4)
        XCTAssertEqual(UnitCurve.linear.value(at: 0.3), 0.3)
    }

    func testTimedSettleEndsExactlyAtItsDuration() {
        let a = SettleAnimation(from: 100, to: 400, start: 1000, curve: .timed(duration: 0.35, curve: .linear))
        XCTAssertEqual(a.endTime, 1350)
        XCTAssertEqual(a.sample(at: 1175).value, 250, accuracy: 1e-9)
        XCTAssertFalse(a.sample(at: 1349.9).done)
        XCTAssertTrue(a.sample(at: 1350).done)
        XCTAssertEqual(a.sample(at: 1350).value, 400)
    }

    func testSlowMotionIsTheSameCurveStretchedInTime() {
        for curve in [MotionCurve.spring(Spring(response: 0.4, dampingRatio: 0.7)), .timed(duration: 0.35, curve: .easeInOut)] {
            let normal = SettleAnimation(from: 100, to: 500, start: 0, curve: curve, velocity: 900)
            var slow = normal
            slow.timeScale = 5
            for t in stride(from: 0.0, through: 400, by: 25) {
                let a = normal.sample(at: t), b = slow.sample(at: t * 5)
                XCTAssertEqual(a.value, b.value, accuracy: 1e-9)
                XCTAssertEqual(a.velocity, b.velocity * 5, accuracy: 1e-6)
                XCTAssertEqual(a.done, b.done)
            }
        }
    }

    func testRubberBandClosedFormAndInverse() {
        let rows: [(line: UInt, x: Double, c: Double, d: Double)] = [
            (#line, 0, 0.55, 852), (#line, 10, 0.55, 852), (#line, 100, 0.55, 852),
            (#line, 1000, 0.55, 852), (#line, 50, 1.0, 667), (#line, 300, 0.2, 1133),
        ]
        for row in rows {
            let shown = RubberBand.shown(row.x, coefficient: row.c, dimension: row.d)
            XCTAssertEqual(shown, (1 - 1 / (row.x * row.c / row.d + 1)) * row.d, accuracy: 1e-9, line: row.line)
            XCTAssertLessThanOrEqual(shown, row.x, "a band never moves further than the pointer", line: row.line)
            XCTAssertEqual(RubberBand.raw(shown, coefficient: row.c, dimension: row.d), row.x, accuracy: 1e-6, line: row.line)
        }
    }

    func testBandedRangeTable() {
        let band = BandedRange(lower: 120, upper: 783, coefficient: 0.55, dimension: 852)
        let table: [(line: UInt, raw: Double, shown: Double, slope: Double)] = [
            (#line, 400, 400, 1),
            (#line, 783, 783, 1),
            (#line, 883, 783 + RubberBand.shown(100, coefficient: 0.55, dimension: 852), 0.55 / pow(100 * 0.55 / 852 + 1, 2)),
            (#line, 20, 120 - RubberBand.shown(100, coefficient: 0.55, dimension: 852), 0.55 / pow(100 * 0.55 / 852 + 1, 2)),
        ]
        for row in table {
            XCTAssertEqual(band.shown(raw: row.raw), row.shown, accuracy: 1e-9, line: row.line)
            XCTAssertEqual(band.raw(shown: row.shown), row.raw, accuracy: 1e-6, line: row.line)
            XCTAssertEqual(band.slope(raw: row.raw), row.slope, accuracy: 1e-12, line: row.line)
            // The slope is the derivative of `shown` (away from the kinks at the ends).
            guard row.raw != 783 else { continue }
            let h = 1e-4
            XCTAssertEqual((band.shown(raw: row.raw + h) - band.shown(raw: row.raw - h)) / (2 * h), row.slope, accuracy: 1e-3, line: row.line)
        }
        XCTAssertEqual(BandedRange(lower: nil, upper: 783, coefficient: 0.55, dimension: 852).shown(raw: -50), -50, "no lower band")
    }

    func testScrollMomentumBouncesAtItsEnds() {
        let band = BandedRange(lower: 0, upper: 500, coefficient: 0.55, dimension: 763)
        let table: [(line: UInt, from: Double, v: Double, end: Double, overshoots: Bool)] = [
            (#line, 400, 1800, 500, true),    // momentum into the end bounces
            (#line, 100, -1800, 0, true),     // and into the top
            (#line, 100, 200, 100 + 200 / 1000 * 0.998 / 0.002, false),  // stops inside, at its projection
            (#line, 560, 0, 500, true),       // released past the end: back to it
            (#line, -40, 0, 0, true),
        ]
        for row in table {
            let m = ScrollMomentum(start: 0, from: row.from, velocity: row.v, decelerationRate: 0.998, band: band)
            var t = 0.0, beyond = false, last = m.sample(at: 0)
            while !last.done && t < 20_000 {
                t += 1000 / 60
                last = m.sample(at: t)
                if last.offset > 500 + 0.01 || last.offset < -0.01 { beyond = true }
                XCTAssertLessThan(last.offset, 500 + 100, line: row.line)
                XCTAssertGreaterThan(last.offset, -100, line: row.line)
            }
            XCTAssertTrue(last.done, line: row.line)
            XCTAssertEqual(last.offset, row.end, accuracy: 3, line: row.line)  // momentum stops below 5 pt/s
            XCTAssertEqual(beyond, row.overshoots, line: row.line)
        }
    }
}
