import XCTest
@testable import SheetKit

/// The lift-off velocity: what the tracker must estimate from a finger's samples.
final class VelocityTrackerTests: XCTestCase {
    /// Samples every `dt` ms of y(t) for t in 0…`duration`, the last one exactly at `duration`.
    static func samples(_ dt: Double, _ duration: Double, _ y: (Double) -> Double) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        var t = 0.0
        while t < duration - 1e-9 { out.append((t, y(t))); t += dt }
        out.append((duration, y(duration)))
        return out
    }

    /// A finger that speeds up linearly from rest to `v` pt/s at `T` ms: y = y0 + v·t²/(2T)/1000.
    static func accelerating(to v: Double, over T: Double, dt: Double = 1000 / 60) -> [(Double, Double)] {
        samples(dt, T) { 500 + v * $0 * $0 / (2 * T) / 1000 }
    }

    /// Up at 600 pt/s for 150 ms, then down at 600 pt/s for 50 ms (`sign` −1 mirrors it).
    static func reversal(dt: Double, sign: Double = 1) -> [(Double, Double)] {
        samples(dt, 200) { t in 500 + sign * 0.6 * (t <= 150 ? -t : t - 300) }
    }

    static func steady(_ v: Double, over T: Double = 200, dt: Double = 1000 / 60) -> [(Double, Double)] {
        samples(dt, T) { 500 + v * $0 / 1000 }
    }

    func testLiftOffVelocityTable() {
        let steady1000 = Self.steady(1000)
        var noisy = steady1000
        noisy[noisy.count - 3].1 += 6  // one sample 6 pt off the line, inside the window
        var duplicated = steady1000
        duplicated.insert(duplicated[duplicated.count - 2], at: duplicated.count - 1)  // the same sample twice
        var stalled = steady1000
        stalled[stalled.count - 3].1 = stalled[stalled.count - 4].1  // one frame reports the previous position again
        var rested = Self.steady(1000, over: 150)
        rested.append((250, rested.last!.1))  // the finger rests 100 ms, then lifts
        var restedWithMoves = Self.steady(1000, over: 150)
        for k in 1...6 { restedWithMoves.append((150 + Double(k) * 100 / 6, restedWithMoves.last!.1)) }

        let table: [(line: UInt, name: String, samples: [(Double, Double)], expected: Double, tolerance: Double)] = [
            (#line, "flick accelerating to 2000 pt/s over 100 ms", Self.accelerating(to: 2000, over: 100), 2000, 0.10),
            (#line, "flick accelerating to 2000 pt/s over 150 ms", Self.accelerating(to: 2000, over: 150), 2000, 0.10),
            (#line, "flick accelerating upward to 2000 pt/s", Self.accelerating(to: -2000, over: 150), -2000, 0.10),
            (#line, "flick at 120 Hz", Self.accelerating(to: 2000, over: 150, dt: 1000 / 120), 2000, 0.10),
            (#line, "steady drag 1000 pt/s", steady1000, 1000, 0.02),
            (#line, "steady drag upward 300 pt/s", Self.steady(-300), -300, 0.02),
            (#line, "steady drag 1000 pt/s at 120 Hz", Self.steady(1000, dt: 1000 / 120), 1000, 0.02),
            (#line, "one noisy sample", noisy, 1000, 0.10),
            (#line, "one duplicated sample", duplicated, 1000, 0.02),
            (#line, "one stalled frame", stalled, 1000, 0.10),
            // A reversal just before lift-off. Up at 600 pt/s for 150 ms, then down at 600 pt/s for the
            // last 50 ms: the recent motion is down at 600 (before: 0, the estimate clamped).
            (#line, "reversal at 60 Hz", Self.reversal(dt: 1000 / 60), 600, 0.10),
            (#line, "reversal at 120 Hz", Self.reversal(dt: 1000 / 120), 600, 0.10),
            (#line, "reversal at 240 Hz", Self.reversal(dt: 1000 / 240), 600, 0.10),
            (#line, "reversal upward at 60 Hz", Self.reversal(dt: 1000 / 60, sign: -1), -600, 0.10),
        ]
        for row in table {
            var tracker = VelocityTracker()
            for s in row.samples { tracker.add(time: s.0, y: s.1) }
            XCTAssertEqual(tracker.velocity, row.expected, accuracy: abs(row.expected) * row.tolerance,
                           "\(row.name): \(tracker.velocity)", line: row.line)
        }

        let still: [(line: UInt, name: String, samples: [(Double, Double)])] = [
            (#line, "rests 100 ms with no samples, then lifts", rested),
            (#line, "rests 100 ms with samples at every frame, then lifts", restedWithMoves),
            (#line, "no samples", []),
            (#line, "one sample", [(0, 100)]),
            (#line, "two samples at the same time", [(10, 100), (10, 140)]),
            (#line, "the same sample twice", [(10, 100), (10, 100)]),
            (#line, "a sample long after the last move", [(0, 100), (16, 200), (500, 200)]),
        ]
        for row in still {
            var tracker = VelocityTracker()
            for s in row.samples { tracker.add(time: s.0, y: s.1) }
            XCTAssertLessThan(abs(tracker.velocity), 50, "\(row.name): \(tracker.velocity)", line: row.line)
            XCTAssertTrue(tracker.velocity.isFinite, row.name, line: row.line)
        }
    }

    /// Flicks recorded from the real window (F5) under Xvfb, driven by xdotool: SDL delivers the moves batched
    /// per frame, so the intervals are uneven (5–35 ms) and the last one is often long. The finger moved up
    /// steadily the whole way, so the lift-off is an upward flick (≥ 500 pt/s); a quadratic extrapolated
    /// past its vertex gave +152 pt/s, and the sheet fell back to medium. The up repeats the last move's position,
    /// as a mouse button's release does: the engine dates the lift-off with it (`lift(at:)`), and without it the
    /// estimate stands on the moves alone.
    func testFrameBatchedWindowFlicksKeepTheirDirection() {
        let flicks: [(line: UInt, samples: [(Double, Double)])] = [
            (#line, [(1039, 480), (1044, 470), (1077, 440), (1093, 400), (1109, 340), (1125, 280), (1157, 220), (1173, 220)]),
            (#line, [(1035, 480), (1040, 470), (1064, 440), (1096, 400), (1112, 340), (1129, 280), (1144, 220), (1176, 220)]),
            (#line, [(1035, 480), (1042, 470), (1077, 440), (1093, 400), (1108, 340), (1124, 280), (1156, 220), (1172, 220)]),
            (#line, [(1064, 480), (1071, 470), (1107, 440), (1123, 400), (1139, 340), (1155, 280), (1187, 220), (1204, 220)]),
        ]
        for flick in flicks {
            for liftsWithUp in [true, false] {
                var tracker = VelocityTracker()
                for s in flick.samples.dropLast() { tracker.add(time: s.0, y: s.1) }
                if liftsWithUp { tracker.lift(at: flick.samples.last!.0) }
                XCTAssertLessThan(tracker.velocity, -500, "\(tracker.velocity)", line: flick.line)
                XCTAssertGreaterThan(tracker.velocity, -6000, "\(tracker.velocity)", line: flick.line)
            }
        }
        // A finger that slows to a stop over the window never comes out moving the other way.
        var stopping = VelocityTracker()
        for (t, y) in [(0.0, 500.0), (16, 440), (32, 400), (48, 380), (64, 372), (80, 370)] { stopping.add(time: t, y: y) }
        XCTAssertLessThanOrEqual(stopping.velocity, 0)
        XCTAssertGreaterThan(stopping.velocity, -1000)
        // Resting 100 ms before an up that repeats the position: no velocity.
        var rested = VelocityTracker()
        for s in Self.steady(1000, over: 150) { rested.add(time: s.0, y: s.1) }
        rested.lift(at: 250)
        XCTAssertEqual(rested.velocity, 0)
    }
}
