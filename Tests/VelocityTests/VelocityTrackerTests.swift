import XCTest
@testable import Velocity

/// The lift-off velocity (`VelocityTracker`): what it must estimate from a finger's samples, at the event rates real
/// touch screens and trackpads send (60–240 Hz), with jittered timestamps and dropped events.
///
/// The method reproduces a pan recognizer's report of the recent motion: Android's `VelocityTracker`
/// (frameworks/native/libs/input/VelocityTracker.cpp, `LeastSquaresVelocityTrackerStrategy::getEstimator`: a
/// least-squares quadratic over the last 100 ms, its slope at the newest sample), with the turn cut that makes
/// UIKit's `UIPanGestureRecognizer.velocity(in:)` report the motion since the finger turned (docs/feel.md, "Lift-off
/// velocity"). Every motion below is a polynomial of degree two or less since its last turn, sampled exactly, so the
/// estimate is exact: the tolerances are the arithmetic's, not the method's.
final class VelocityTrackerTests: XCTestCase {
    /// A motion's samples: every `dt` ms for t in 0…`duration`, the last one exactly at `duration`. `jitter` moves
    /// each timestamp by up to that fraction of `dt` (a fixed pseudo-random pattern); `drop` leaves out every
    /// `drop`-th event (never the last).
    static func samples(_ dt: Double, _ duration: Double, jitter: Double = 0, drop: Int = 0, _ y: (Double) -> Double) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        var k = 0
        var state: UInt64 = 0x9E37_79B9
        while Double(k) * dt < duration - dt * 0.5 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let u = Double(state >> 11) / Double(1 << 53) * 2 - 1  // in [−1, 1)
            let t = max(0, Double(k) * dt + u * jitter * dt)
            if drop == 0 || k % drop != drop - 1 { out.append((t, y(t))) }
            k += 1
        }
        out.append((duration, y(duration)))
        return out
    }

    /// Drifting at `drift` pt/s, then at `flick` pt/s for the last `last` ms of `duration` (positive is down).
    static func turn(drift: Double, flick: Double, last: Double, duration: Double = 265) -> (Double) -> Double {
        let turnAt = duration - last
        return { t in 500 + (t <= turnAt ? drift * t : drift * turnAt + flick * (t - turnAt)) / 1000 }
    }

    static func tracker(_ samples: [(Double, Double)]) -> VelocityTracker {
        var tracker = VelocityTracker()
        for s in samples { tracker.add(time: s.0, y: s.1) }
        return tracker
    }

    /// The arithmetic's tolerance: the normal equations over τ in seconds lose a few digits.
    static func exact(_ v: Double) -> Double { max(abs(v), 1) * 1e-9 }

    /// Issue 33's cases, measured on the old tracker with `simulate` (uikit feel): a flick up after a slow drift
    /// down, at 120 Hz (before: −721 and −3442 pt/s), and after a faster drift at 500 Hz (before: 0).
    func testAFlickAfterASlowDriftIsTheFlick() {
        let rows: [(line: UInt, hz: Double, drift: Double, flick: Double, last: Double, before: Double)] = [
            (#line, 120, 100, -2500, 25, -721),
            (#line, 120, 100, -2500, 75, -3442),
            (#line, 500, 500, -2500, 16, 0),
            (#line, 500, 500, -2500, 20, 0),
            (#line, 500, 500, -2500, 24, 0),
        ]
        for row in rows {
            let dt = 1000 / row.hz
            let v = Self.tracker(Self.samples(dt, 265, Self.turn(drift: row.drift, flick: row.flick, last: row.last))).velocity
            XCTAssertEqual(v, row.flick, accuracy: Self.exact(row.flick), "\(row.hz) Hz, \(row.last) ms: \(v) (before: \(row.before))", line: row.line)
        }
    }

    /// A turn at every event rate from 60 to 240 Hz, on time, jittered by ±30 % of the interval, and with every
    /// fifth event dropped: drifts of 60–500 pt/s either way, then a flick for at least three intervals.
    func testATurnIsSeenAtEveryEventRate() {
        let motions: [(drift: Double, flick: Double)] = [(100, -2500), (60, -1200), (500, -2500), (-300, 1800), (-100, 900), (250, -4000)]
        var checked = 0
        for hz in [60.0, 90, 120, 144, 180, 240] {
            let dt = 1000 / hz
            for (jitter, drop) in [(0.0, 0), (0.3, 0), (0, 5), (0.3, 5)] {
                for m in motions {
                    for last in [max(25, 3 * dt), 75] {
                        let samples = Self.samples(dt, 265, jitter: jitter, drop: drop, Self.turn(drift: m.drift, flick: m.flick, last: last))
                        // The case needs two events after the turn (a single late event is no turn, by design).
                        let after = samples.filter { $0.0 > 265 - last }.count
                        XCTAssertGreaterThanOrEqual(after, 2, "\(hz) Hz, last \(last) ms: the case has \(after) event after the turn")
                        let v = Self.tracker(samples).velocity
                        XCTAssertEqual(v, m.flick, accuracy: Self.exact(m.flick),
                                       "\(hz) Hz, jitter \(jitter), drop \(drop), drift \(m.drift) then \(m.flick) for \(last) ms: \(v)")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertEqual(checked, 6 * 4 * 6 * 2)
    }

    /// Without a turn, every rate, jittered and with drops: a steady drag and a finger speeding up linearly are exact,
    /// and a slow drift (under 1 pt an event) is not mistaken for a turn.
    func testMotionWithoutATurnIsExactAtEveryRate() {
        for hz in [60.0, 120, 240] {
            let dt = 1000 / hz
            for (jitter, drop) in [(0.0, 0), (0.3, 4)] {
                let rows: [(line: UInt, name: String, y: (Double) -> Double, expected: Double)] = [
                    (#line, "steady 1000 pt/s", { 500 + $0 }, 1000),
                    (#line, "steady −300 pt/s", { 500 - 0.3 * $0 }, -300),
                    (#line, "drift 100 pt/s", { 500 + 0.1 * $0 }, 100),
                    (#line, "drift −60 pt/s", { 500 - 0.06 * $0 }, -60),
                    // From rest to 2000 pt/s over 150 ms: y = v·t²/(2T).
                    (#line, "speeding up to 2000 pt/s", { 500 + 2000 * $0 * $0 / 300 / 1000 }, 2000),
                    (#line, "speeding up to −2000 pt/s", { 500 - 2000 * $0 * $0 / 300 / 1000 }, -2000),
                    // Slowing from 1500 to 300 pt/s over 150 ms.
                    (#line, "slowing to 300 pt/s", { 500 + (1.5 * $0 - 1.2 * $0 * $0 / 300) }, 300),
                ]
                for row in rows {
                    let v = Self.tracker(Self.samples(dt, 150, jitter: jitter, drop: drop, row.y)).velocity
                    XCTAssertEqual(v, row.expected, accuracy: Self.exact(row.expected), "\(row.name) at \(hz) Hz, jitter \(jitter): \(v)", line: row.line)
                }
            }
        }
    }

    /// The old table's cases, now to the arithmetic's tolerance: one bad sample (noisy, stalled, duplicated) is
    /// left out; a reversal up then down is down.
    func testOneBadSampleAndAReversal() {
        let steady = Self.samples(1000 / 60, 200) { 500 + $0 }
        var noisy = steady
        noisy[noisy.count - 3].1 += 6  // one sample 6 pt off the line, inside the window
        var duplicated = steady
        duplicated.insert(duplicated[duplicated.count - 2], at: duplicated.count - 1)  // the same sample twice
        var stalled = steady
        stalled[stalled.count - 3].1 = stalled[stalled.count - 4].1  // one frame reports the previous position again
        // Only the last 100 ms count: a slow start does not dilute a fast finish.
        var mixed: [(Double, Double)] = []
        for k in 0...20 { mixed.append((Double(k) * 10, 300 + Double(k))) }
        for k in 1...12 { mixed.append((200 + Double(k) * 10, 320 + Double(k) * 8)) }
        let rows: [(line: UInt, name: String, samples: [(Double, Double)], expected: Double)] = [
            (#line, "steady", steady, 1000),
            (#line, "slow for 200 ms, then 800 pt/s for 120 ms", mixed, 800),
            (#line, "one noisy sample", noisy, 1000),
            (#line, "one duplicated sample", duplicated, 1000),
            (#line, "one stalled frame", stalled, 1000),
            // Up at 600 pt/s for 150 ms, then down at 600 pt/s for the last 50 ms.
            (#line, "reversal at 60 Hz", Self.reversal(dt: 1000 / 60), 600),
            (#line, "reversal at 120 Hz", Self.reversal(dt: 1000 / 120), 600),
            (#line, "reversal at 240 Hz", Self.reversal(dt: 1000 / 240), 600),
            (#line, "reversal upward at 60 Hz", Self.reversal(dt: 1000 / 60, sign: -1), -600),
        ]
        for row in rows {
            let v = Self.tracker(row.samples).velocity
            XCTAssertEqual(v, row.expected, accuracy: Self.exact(row.expected), "\(row.name): \(v)", line: row.line)
        }
    }

    /// Up at 600 pt/s for 150 ms, then down at 600 pt/s for 50 ms (`sign` −1 mirrors it).
    static func reversal(dt: Double, sign: Double = 1) -> [(Double, Double)] {
        samples(dt, 200) { t in 500 + sign * 0.6 * (t <= 150 ? -t : t - 300) }
    }

    /// A finger with no velocity at lift-off: exactly 0.
    func testAStillFingerHasNoVelocity() {
        var rested = Self.samples(1000 / 60, 150) { 500 + $0 }
        rested.append((250, rested.last!.1))  // rests 100 ms, then lifts
        var restedWithMoves = Self.samples(1000 / 60, 150) { 500 + $0 }
        for k in 1...6 { restedWithMoves.append((150 + Double(k) * 100 / 6, restedWithMoves.last!.1)) }
        // A turn whose new motion is too short (one event, or under 4 pt) is no turn: a resting finger's jitter.
        let jitter = Self.samples(1000 / 120, 200) { t in 500 + (Int(t / (1000 / 120)) % 2 == 0 ? 0 : 0.9) }
        let rows: [(line: UInt, name: String, samples: [(Double, Double)])] = [
            (#line, "rests 100 ms with no samples, then lifts", rested),
            (#line, "rests 100 ms with samples at every frame, then lifts", restedWithMoves),
            (#line, "no samples", []),
            (#line, "one sample", [(0, 100)]),
            (#line, "two samples at the same time", [(10, 100), (10, 140)]),
            (#line, "the same sample twice", [(10, 100), (10, 100)]),
            (#line, "a sample long after the last move", [(0, 100), (16, 200), (500, 200)]),
        ]
        for row in rows {
            XCTAssertEqual(Self.tracker(row.samples).velocity, 0, accuracy: 1e-9, row.name, line: row.line)
        }
        var lifted = Self.tracker(Self.samples(1000 / 60, 150) { 500 + $0 })
        lifted.lift(at: 250)
        XCTAssertEqual(lifted.velocity, 0)
        // A finger jittering by 0.9 pt: small, and never a turn to cut at.
        XCTAssertLessThan(abs(Self.tracker(jitter).velocity), 60, "\(Self.tracker(jitter).velocity)")
    }

    /// Flicks recorded from the real window (F5) under Xvfb, driven by xdotool: SDL delivers the moves batched
    /// per frame, so the intervals are uneven (5–35 ms) and the last one is often long. The finger moved up
    /// steadily the whole way, so the lift-off is an upward flick (≥ 500 pt/s); a quadratic extrapolated
    /// past its vertex gave +152 pt/s, and the sheet fell back to medium. The up repeats the last move's position,
    /// as a mouse button's release does: the engine dates the lift-off with it (`lift(at:)`), and without it the
    /// estimate stands on the moves alone. Recorded positions have no exact velocity: the bounds are the direction
    /// and the speeds the moves span (60/16 to 60/32 pt/ms).
    func testFrameBatchedWindowFlicksKeepTheirDirection() {
        let flicks: [(line: UInt, samples: [(Double, Double)])] = [
            (#line, [(1039, 480), (1044, 470), (1077, 440), (1093, 400), (1109, 340), (1125, 280), (1157, 220), (1173, 220)]),
            (#line, [(1035, 480), (1040, 470), (1064, 440), (1096, 400), (1112, 340), (1129, 280), (1144, 220), (1176, 220)]),
            (#line, [(1035, 480), (1042, 470), (1077, 440), (1093, 400), (1108, 340), (1124, 280), (1156, 220), (1172, 220)]),
            (#line, [(1064, 480), (1071, 470), (1107, 440), (1123, 400), (1139, 340), (1155, 280), (1187, 220), (1204, 220)]),
        ]
        for flick in flicks {
            for liftsWithUp in [true, false] {
                var tracker = Self.tracker(Array(flick.samples.dropLast()))
                if liftsWithUp { tracker.lift(at: flick.samples.last!.0) }
                XCTAssertLessThan(tracker.velocity, -500, "\(tracker.velocity)", line: flick.line)
                XCTAssertGreaterThan(tracker.velocity, -6000, "\(tracker.velocity)", line: flick.line)
            }
        }
        // A finger that slows to a stop over the window never comes out moving the other way.
        let stopping = Self.tracker([(0.0, 500.0), (16, 440), (32, 400), (48, 380), (64, 372), (80, 370)])
        XCTAssertLessThanOrEqual(stopping.velocity, 0)
        XCTAssertGreaterThan(stopping.velocity, -1000)
    }
}
