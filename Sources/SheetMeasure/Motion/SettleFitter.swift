import Foundation
import SheetKit

/// Least-squares fits of SheetLab's settle models to the frames after a release, evaluated with SheetKit's own motion
/// (`Spring.state`, `UnitCurve.value`), so that fitting SheetLab's own settle gives back its config.
///
/// Each fit runs over the frames after index `release` (the last frame before the finger lifted) up to the end; the
/// settle's end `target` is the rest it arrives at, known from the rest frames. The unknowns a recording cannot show
/// are fitted too: a spring's start and release velocity (linear, solved exactly for each response and damping), a
/// curve's start time within the release frame's interval and its start height (linear).
struct SettleFitter {
    /// Seconds, ascending.
    var times: [Double]
    /// Visible heights, points.
    var heights: [Double]
    /// The rest the settle ends at, points.
    var target: Double
    /// How an overshoot past the end is shown (the engine's sheet band); `.none` for a fit without it.
    var band: BandedRange = .none
    /// How far (points) each frame may be off for its time alone: the file keeps times to a millisecond (WebP) or a
    /// centisecond (GIF), and a frame shown up to half that early or late is off by its speed times that.
    var slack: [Double] = []

    func excess(_ e: Double, at i: Int) -> Double { abs(e) - (i < slack.count ? slack[i] : 0) }

    /// One model fitted over the frames after `release`.
    struct Fit {
        var model: SettleModel
        /// The nonlinear parameters, for a warm start at the next release index.
        var parameters: [Double]
        var rms: Double
        /// The largest misfit beyond the frame's time slack, points.
        var worst: Double
        /// Spring: (x0, v0) at the release frame's time, raw points and points per second (displacement from target).
        var start: (x: Double, v: Double)?
        var release: Int
        var banded: Bool
    }

    // MARK: Spring

    static let responseRange = 0.05...5.0
    static let dampingRange = 0.1...10.0

    /// The spring's displacement basis at `t`: x(t) = x0·a + v0·b.
    static func basis(_ spring: Spring, _ t: Double) -> (a: Double, b: Double) {
        (spring.state(at: t, x0: 1, v0: 0).x, spring.state(at: t, x0: 0, v0: 1).x)
    }

    /// The spring's misfit for response and damping, with its best start; shown heights through `band`.
    func springMisfit(response: Double, damping: Double, release r: Int) -> (sum: Double, worst: Double, x0: Double, v0: Double) {
        let spring = Spring(response: response, dampingRatio: damping)
        let t0 = times[r]
        var aa = 0.0, ab = 0.0, bb = 0.0, ad = 0.0, bd = 0.0
        var rows: [(a: Double, b: Double)] = []
        for i in (r + 1)..<times.count {
            let (a, b) = Self.basis(spring, times[i] - t0)
            let d = band.raw(shown: heights[i]) - target
            aa += a * a; ab += a * b; bb += b * b; ad += a * d; bd += b * d
            rows.append((a, b))
        }
        let det = aa * bb - ab * ab
        guard abs(det) > 1e-18 else { return (.infinity, .infinity, 0, 0) }
        let x0 = (ad * bb - bd * ab) / det, v0 = (aa * bd - ab * ad) / det
        var sum = 0.0, worst = 0.0
        for (k, i) in ((r + 1)..<times.count).enumerated() {
            let shown = band.shown(raw: target + x0 * rows[k].a + v0 * rows[k].b)
            let e = shown - heights[i]
            sum += e * e
            worst = max(worst, excess(e, at: i))
        }
        return (sum, worst, x0, v0)
    }

    /// The best spring over the frames after `release`, from `warm` (log response, log damping) or a grid.
    func spring(release r: Int, warm: [Double]?) -> Fit {
        func cost(_ p: [Double]) -> Double {
            let response = exp(p[0]), damping = exp(p[1])
            guard Self.responseRange.contains(response), Self.dampingRange.contains(damping) else { return .infinity }
            return springMisfit(response: response, damping: damping, release: r).sum
        }
        // The grid's best always (a warm start alone can sit in the damping's valley), and the warm start.
        var starts: [[Double]] = []
        if let warm { starts.append(warm) }
        do {
            var best = (p: [log(0.4), 0.0], c: Double.infinity)
            for response in [0.12, 0.18, 0.25, 0.32, 0.4, 0.5, 0.65, 0.85, 1.1, 1.5, 2.2, 3.5] {
                for damping in [0.3, 0.5, 0.7, 0.85, 1.0, 1.2, 1.6, 2.5, 4.0] {
                    let p = [log(response), log(damping)], c = cost(p)
                    if c < best.c { best = (p, c) }
                }
            }
            starts.append(best.p)
        }
        var best = (point: starts[0], value: Double.infinity)
        for start in starts {
            // Twice: a restart from the first answer escapes the simplex collapsing along the damping's valley.
            var m = NelderMead.minimize(cost, start: start, step: [0.15, 0.15])
            m = NelderMead.minimize(cost, start: m.point, step: [0.03, 0.03])
            if m.value < best.value { best = m }
        }
        let response = exp(best.point[0]), damping = exp(best.point[1])
        let misfit = springMisfit(response: response, damping: damping, release: r)
        let n = Double(times.count - r - 1)
        return Fit(model: .spring(response: response, dampingRatio: damping), parameters: best.point,
                   rms: (misfit.sum / n).squareRoot(), worst: misfit.worst, start: (misfit.x0, misfit.v0), release: r,
                   banded: band != .none)
    }

    // MARK: Timing curves

    /// The curve's misfit for a duration and a start time. It starts where the finger left the sheet: the release
    /// frame's height carried on at the finger's last velocity up to the start (a tap from rest: the rest's height).
    /// Left free, the start height and time would trade against the duration.
    func timedMisfit(_ unit: UnitCurve, duration: Double, start t0: Double, release r: Int) -> (sum: Double, worst: Double) {
        let fingerVelocity = r > 0 && times[r] > times[r - 1] ? (heights[r] - heights[r - 1]) / (times[r] - times[r - 1]) : 0
        let from = heights[r] + fingerVelocity * (t0 - times[r])
        var sum = 0.0, worst = 0.0
        for i in (r + 1)..<times.count {
            let p = unit.value(at: max(0, times[i] - t0) / duration)
            let e = from + (target - from) * p - heights[i]
            sum += e * e
            worst = max(worst, excess(e, at: i))
        }
        return (sum, worst)
    }

    /// The best duration and start (within the release frame's interval) for a curve, from `warm` or a grid.
    /// `bezier` frees the control points too (x1, y1, x2, y2 after duration and start), from `warm`'s.
    func timed(_ name: MotionConfig.Curve, points: [Double], release r: Int, warm: [Double]?, freePoints: Bool = false) -> Fit {
        let earliest = times[r], latest = times[r + 1]
        func unit(_ p: [Double]) -> UnitCurve {
            let b = freePoints ? Array(p[2...5]) : points
            return name == .linear && !freePoints ? .linear : .bezier(CubicBezier(b[0], b[1], b[2], b[3]))
        }
        func cost(_ p: [Double]) -> Double {
            guard p[0] >= 0.001, p[0] <= 10, p[1] >= earliest, p[1] <= latest else { return .infinity }
            if freePoints {
                guard (0...1).contains(p[2]), (0...1).contains(p[4]), abs(p[3]) <= 10, abs(p[5]) <= 10 else { return .infinity }
            }
            return timedMisfit(unit(p), duration: p[0], start: p[1], release: r).sum
        }
        // The grid always, and the warm start from the neighbouring release when there is one: the better of the two.
        var best = (p: [0.35, earliest] + (freePoints ? points : []), c: Double.infinity)
        if var warm {
            warm[1] = min(max(warm[1], earliest), latest)
            best = (warm, cost(warm))
        }
        for duration in [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.8, 1.0, 1.4, 2.0, 3.0] {
            for s in [earliest, (earliest + latest) / 2, latest] {
                let p = [duration, s] + (freePoints ? points : []), c = cost(p)
                if c < best.c { best = (p, c) }
            }
        }
        let start = best.p
        let span = max(1e-4, (latest - earliest) / 4)
        let steps = [0.05, span] + (freePoints ? [0.05, 0.05, 0.05, 0.05] : [])
        var m = NelderMead.minimize(cost, start: start, step: steps, iterations: freePoints ? 1500 : 400)
        m = NelderMead.minimize(cost, start: m.point, step: steps.map { $0 / 5 }, iterations: freePoints ? 1500 : 400)
        let p = m.point
        let misfit = timedMisfit(unit(p), duration: p[0], start: p[1], release: r)
        let n = Double(times.count - r - 1)
        let bezier = freePoints ? Array(p[2...5]) : points
        return Fit(model: .timed(curve: name, duration: p[0], bezier: bezier), parameters: p,
                   rms: (misfit.sum / n).squareRoot(), worst: misfit.worst, start: nil, release: r, banded: false)
    }
}
