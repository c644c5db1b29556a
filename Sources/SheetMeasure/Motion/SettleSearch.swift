import SheetKit

/// Finds where a settle begins in the motion between two rests, and which of SheetLab's models plays it.
///
/// A recording does not show the finger, so the release is found from the motion: for each model, the release is the
/// earliest frame from which that model explains every later frame within `tolerance` (a drag before it moves as the
/// finger does, which no settle model follows for long). The model that explains the longest stretch wins; within a
/// frame of each other, the smaller RMS misfit. A spring's overshoot past the highest or lowest rest is read both 1:1
/// and through the rubber band, and the better kept.
struct SettleSearch {
    /// Seconds and visible heights (points) of the motion: from the last frame of the rest before (or the recording's
    /// start) through the first frames of the rest it ends at.
    var times: [Double]
    var heights: [Double]
    var target: Double
    /// The index of the first frame of the rest: a fit needs `minimumFrames` moving frames before it, since the rest's
    /// own frames fit any fast enough motion.
    var arrival: Int
    /// The largest misfit (points) a frame may have and still be explained by a model.
    var tolerance: Double
    /// The bands to try for a spring: `.none` always, and the sheet band when the target is an end of the range.
    var bands: [BandedRange]
    /// Each frame's allowance for the file's time resolution (`SettleFitter.slack`).
    var slack: [Double] = []
    /// A model needs this many frames after the release to be fitted at all.
    static let minimumFrames = 5

    struct Outcome {
        var best: SettleFitter.Fit
        /// Every model over the best's frames, best first.
        var alternatives: [SettleFitter.Fit]
        /// Whether the best model explains its frames within the tolerance.
        var accepted: Bool
    }

    /// The earliest release index from which `fit` stays within the tolerance, scanning forward from the motion's
    /// start: the first tail the model explains is the settle. (Scanning back from the rest would stop in the middle of
    /// a timing curve, whose later part is not itself that curve.) Nil when the motion is too short to fit.
    func earliest(_ fit: (Int, [Double]?) -> SettleFitter.Fit) -> (fit: SettleFitter.Fit, accepted: Bool)? {
        let last = arrival - 1 - Self.minimumFrames
        guard last >= 0 else { return nil }
        var fallback: SettleFitter.Fit?
        var warm: [Double]?
        for r in 0...last {
            let f = fit(r, warm)
            if f.worst <= tolerance { return (f, true) }
            // Unexplained: the longest tail with the smallest misfit per frame stands in, with low confidence.
            if fallback == nil || f.rms < fallback!.rms { fallback = f }
            warm = f.parameters
        }
        return fallback.map { ($0, false) }
    }

    func run() -> Outcome? {
        var candidates: [(fit: SettleFitter.Fit, accepted: Bool)] = []
        for band in bands {
            let fitter = SettleFitter(times: times, heights: heights, target: target, band: band, slack: slack)
            if let found = earliest({ fitter.spring(release: $0, warm: $1) }) { candidates.append(found) }
        }
        let plain = SettleFitter(times: times, heights: heights, target: target, slack: slack)
        for (name, points) in SettleModel.namedCurves {
            if let found = earliest({ plain.timed(name, points: points, release: $0, warm: $1) }) { candidates.append(found) }
        }
        guard !candidates.isEmpty else { return nil }
        func better(_ a: (fit: SettleFitter.Fit, accepted: Bool), _ b: (fit: SettleFitter.Fit, accepted: Bool)) -> Bool {
            if a.accepted != b.accepted { return a.accepted }
            if a.accepted && abs(a.fit.release - b.fit.release) > 1 { return a.fit.release < b.fit.release }
            return a.fit.rms < b.fit.rms
        }
        var best = candidates.min(by: better)!
        // A free Bézier, from the best named curve, only when no model explains the settle: with six parameters it
        // would always fit a little better, and a named curve (or a spring) is the simpler config.
        if !best.accepted {
            let timedBest = candidates.filter { if case .timed = $0.fit.model { return true } else { return false } }.min(by: better)
            if let seed = timedBest?.fit, case .timed(_, _, let points) = seed.model {
                let free = plain.timed(.bezier, points: points, release: seed.release, warm: seed.parameters + points, freePoints: true)
                let candidate = (fit: free, accepted: free.worst <= tolerance)
                if better(candidate, best) { best = candidate }
            }
        }
        // Every model over the winner's frames, so that their misfits compare like with like.
        let r = best.fit.release
        var alternatives: [SettleFitter.Fit] = [best.fit]
        for band in bands where !(best.fit.banded == (band != .none) && best.fit.model.curve == .spring) {
            let fitter = SettleFitter(times: times, heights: heights, target: target, band: band, slack: slack)
            alternatives.append(fitter.spring(release: r, warm: nil))
        }
        for (name, points) in SettleModel.namedCurves where name != best.fit.model.curve {
            alternatives.append(plain.timed(name, points: points, release: r, warm: nil))
        }
        alternatives.sort { $0.rms < $1.rms }
        return Outcome(best: best.fit, alternatives: alternatives, accepted: best.accepted)
    }
}
