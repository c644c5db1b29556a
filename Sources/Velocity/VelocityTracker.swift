/// Estimates a pointer's vertical velocity at lift-off from its last timestamped samples.
///
/// The method, as UIKit's pan recognizer (and Android's `VelocityTracker`) estimate from the last samples only:
/// 1. A sample at the same time as the one before it replaces it: a duplicated event, or two at zero dt, add nothing.
/// 2. Only the samples of the last `horizon` ms count, and none from before a pause longer than `stopGap`:
///    a finger that rested before lifting has no velocity.
/// 3. A quadratic y = a + b·τ + c·τ² (τ = t − t_last) is fitted by least squares and the velocity is its slope at
///    lift-off, b. It is exact for a steady drag and for a finger that speeds up (or slows down) linearly, where a
///    straight line over the window would return the window's mean velocity instead. With fewer than four
///    samples a straight line is fitted.
/// 4. One bad sample (a noisy or stalled position) is rejected: with five samples or more, the fit that leaves one
///    sample out and explains the rest far better than the full fit replaces it.
/// 5. The quadratic may bend the estimate up to twice the straight line's slope over the same samples (a finger
///    speeding up from rest) or down to zero (a finger coming to rest), never past either: fitted to unevenly
///    timed samples (a window's events, stamped when they are pumped, a frame at a time) it can otherwise
///    extrapolate past its vertex and turn an upward flick into a downward one.
/// 6. A lift-off that repeats the last position is no sample (see `lift(at:)`), but it dates the lift-off: after a
///    pause longer than `stopGap` the velocity is 0.
/// 7. A reversal inside the window cuts it: only the samples since the finger turned back count (`sinceReversal`),
///    as a pan recognizer reports the recent motion — up for 150 ms then down for the last 50 ms is down. The turn is
///    found from positions, not from steps between events, so it is seen at any event rate (issue 33: at 120 Hz a
///    100 pt/s drift moves 0.83 pt an event, under the old 1 pt step, and a flick up after it came out at −721 pt/s
///    for −2500).
public struct VelocityTracker: Sendable, Equatable {
    /// Samples older than this before the latest one are ignored (milliseconds).
    public static let horizon = 100.0
    /// A pause between samples longer than this (milliseconds) means the finger stopped there.
    public static let stopGap = 40.0
    /// Below this mean squared residual (pt²) a fit counts as clean, and no sample is rejected.
    static let cleanResidual = 0.25

    public private(set) var samples: [(time: Double, y: Double)] = []
    /// When the finger lifted without moving from its last sample.
    public private(set) var liftTime: Double?

    public init() {}

    /// The finger lifted at `time` where it last was.
    public mutating func lift(at time: Double) { liftTime = time }

    /// Adds a sample: `time` in milliseconds, `y` in points.
    public mutating func add(time: Double, y: Double) {
        if let last = samples.last, abs(last.time - time) < 1e-6 {
            samples[samples.count - 1] = (time, y)
        } else {
            samples.append((time, y))
        }
        // Old samples never matter again.
        if samples.count > 64, let last = samples.last {
            samples.removeAll { $0.time < last.time - 2 * Self.horizon }
        }
    }

    /// The velocity at the last sample, in points per second (positive downward); 0 without two usable samples.
    public var velocity: Double {
        guard let last = samples.last else { return 0 }
        if let lift = liftTime, lift - last.time > Self.stopGap { return 0 }
        var recent: [(τ: Double, y: Double)] = []
        var later = last.time
        for s in samples.reversed() {
            if s.time < last.time - Self.horizon - 1e-9 || later - s.time > Self.stopGap { break }
            recent.append(((s.time - last.time) / 1000, s.y))
            later = s.time
        }
        recent = Self.sinceReversal(recent)
        guard recent.count >= 2 else { return 0 }
        guard let full = Self.fit(recent) else { return 0 }
        var used = (fit: full, points: recent)
        if recent.count >= 5 && full.meanSquare > Self.cleanResidual {
            let leaveOneOut = recent.indices.compactMap { i -> (fit: Fit, points: [(τ: Double, y: Double)])? in
                var rest = recent
                rest.remove(at: i)
                return Self.fit(rest).map { ($0, rest) }
            }
            if let best = leaveOneOut.min(by: { $0.fit.meanSquare < $1.fit.meanSquare }), best.fit.meanSquare < full.meanSquare / 4 {
                used = best
            }
        }
        guard used.points.count >= 4, let line = Self.line(used.points) else { return used.fit.slope }
        return min(max(used.fit.slope, min(0, 2 * line)), max(0, 2 * line))
    }

    /// How far (pt) the last sample must be from the one before it for the latest motion to have a direction, and
    /// the unit of that motion's least travel for a turn (4 of them).
    static let reversalStep = 1.0

    /// The samples since the finger last turned back, newest first.
    ///
    /// The latest motion's direction is that of the first sample, walking back from lift-off, more than
    /// `reversalStep` from the last one. Walking on, the turning point is the sample farthest back along that
    /// direction; a sample before it that is nearer again means the finger had been coming the other way, and only
    /// the samples after the turning point count. Positions are compared, not steps between events, so a drift of
    /// 0.4 pt an event (100 pt/s at 240 Hz) turns as surely as one of 10, and a drift the window holds a single
    /// event of does too. The samples strictly after the turning point lie on the new motion wherever between two
    /// events the finger turned, so a steady flick after a turn is exact. A turn counts when the new motion spans
    /// two samples after it and 4 pt or more: a single noisy last sample, or a resting finger's jitter, is no
    /// reversal. (A noisy sample that sticks out behind a steady drag is a turning point too: the cut keeps the
    /// samples after it, which are still the drag.)
    static func sinceReversal(_ points: [(τ: Double, y: Double)]) -> [(τ: Double, y: Double)] {
        guard points.count >= 3 else { return points }
        let y0 = points[0].y
        guard let first = points.firstIndex(where: { abs($0.y - y0) > reversalStep }) else { return points }
        let direction: Double = y0 > points[first].y ? 1 : -1
        var turn = first, farthest = direction * (y0 - points[first].y)
        for j in first..<points.count {
            let travel = direction * (y0 - points[j].y)
            if travel > farthest {
                farthest = travel
                turn = j
            } else if travel < farthest {
                return turn >= 2 && farthest >= 4 * reversalStep ? Array(points[0..<turn]) : points
            }
        }
        return points
    }

    /// The least-squares straight line's slope through `points`.
    static func line(_ points: [(τ: Double, y: Double)]) -> Double? {
        let n = Double(points.count)
        let mt = points.reduce(0) { $0 + $1.τ } / n, my = points.reduce(0) { $0 + $1.y } / n
        let sxx = points.reduce(0) { $0 + ($1.τ - mt) * ($1.τ - mt) }
        guard sxx > 0 else { return nil }
        return points.reduce(0) { $0 + ($1.τ - mt) * ($1.y - my) } / sxx
    }

    struct Fit { var slope: Double; var meanSquare: Double }

    /// Least squares of y over τ (seconds, ≤ 0): a quadratic with four samples or more, else a line.
    static func fit(_ points: [(τ: Double, y: Double)]) -> Fit? {
        let degree = points.count >= 4 ? 2 : 1
        let n = degree + 1
        // Normal equations A·x = r, A[i][j] = Σ τ^(i+j), r[i] = Σ τ^i·y, y relative to the last sample.
        let y0 = points[0].y
        var A = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        var r = [Double](repeating: 0, count: n)
        for p in points {
            var powers = [1.0]
            for _ in 0..<(2 * degree) { powers.append(powers.last! * p.τ) }
            for i in 0..<n {
                for j in 0..<n { A[i][j] += powers[i + j] }
                r[i] += powers[i] * (p.y - y0)
            }
        }
        guard let x = solve(A, r) else {
            return degree == 2 ? fit(Array(points.prefix(3))) : nil
        }
        var sum = 0.0
        for p in points {
            var value = 0.0, power = 1.0
            for c in x { value += c * power; power *= p.τ }
            sum += (value - (p.y - y0)) * (value - (p.y - y0))
        }
        return Fit(slope: x[1], meanSquare: sum / Double(points.count))
    }

    /// Gaussian elimination with partial pivoting; `nil` for a (nearly) singular system.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        var m = a, v = b
        let n = v.count
        for col in 0..<n {
            let pivot = (col..<n).max { abs(m[$0][col]) < abs(m[$1][col]) }!
            let scale = m.map { abs($0[col]) }.max() ?? 0
            guard abs(m[pivot][col]) > 1e-12 * max(scale, 1e-300), abs(m[pivot][col]) > 1e-30 else { return nil }
            m.swapAt(col, pivot); v.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let f = m[row][col] / m[col][col]
                for k in col..<n { m[row][k] -= f * m[col][k] }
                v[row] -= f * v[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = v[row]
            for k in (row + 1)..<n { s -= m[row][k] * x[k] }
            x[row] = s / m[row][row]
        }
        return x
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.liftTime == b.liftTime && a.samples.count == b.samples.count && zip(a.samples, b.samples).allSatisfy { $0.time == $1.time && $0.y == $1.y }
    }
}
