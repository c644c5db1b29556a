import SheetKit

/// How a glass sheet's side inset follows its height across a recording, against SheetLab's rule: the inset is
/// `SheetShape.floatingInset` (8 pt) at the highest detent below the largest, 0 at the largest, linear in the height
/// between (`SheetSetup.shape(atHeight:)`; docs/ios-reference.md, R-A). The retired `scripts/measure-inset-recording.py` read the
/// same on an iOS 26.2 recording.
public struct GlassMorphReading: Sendable, Equatable {
    /// The visible heights (points) the rule runs between: the highest rest below the largest, and the largest.
    public var small: Double
    public var large: Double
    /// The side inset at rest at `small` (mean of both sides over its frames): the rule's 8 pt.
    public var restInset: Measured<Double>
    /// One row per frame whose insets were read while the height was between `small` and `large`.
    public var samples: [Sample]
    /// The largest |mean of left and right − rule| over `samples`, points.
    public var worst: Double

    public struct Sample: Sendable, Equatable {
        public var time: Double
        public var height: Double
        public var left: Double
        public var right: Double
        /// What SheetLab's rule gives at this height.
        public var rule: Double
    }

    /// SheetLab's inset at `height` between `small` and `large`.
    public static func rule(height: Double, small: Double, large: Double) -> Double {
        SheetShape.floatingInset * min(1, max(0, 1 - (height - small) / (large - small)))
    }

    /// The reading, or nil when the recording cannot show one: fewer than two detents, or a sheet that does not float
    /// (no inset at its partial rest: classic, or glass on a square display).
    static func read(frames: [TrackedFrame], rests: [Rest], detents: [Double], scale: Double) -> GlassMorphReading? {
        guard detents.count >= 2 else { return nil }
        let large = detents[detents.count - 1], small = detents[detents.count - 2]
        let pixel = 1 / scale
        let atSmall = rests.filter { abs($0.height.value - small) <= pixel }.flatMap { frames[$0.first...$0.last] }
            .compactMap { $0.insets.map { ($0.left + $0.right) / 2 } }
        guard !atSmall.isEmpty else { return nil }
        let mean = atSmall.reduce(0, +) / Double(atSmall.count)
        guard mean > 2 * pixel else { return nil }
        let spread = (atSmall.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(atSmall.count)).squareRoot()
        var samples: [Sample] = []
        for f in frames {
            guard let h = f.height, let insets = f.insets, h >= small - pixel, h <= large + pixel else { continue }
            samples.append(Sample(time: f.time, height: h, left: insets.left, right: insets.right,
                                  rule: rule(height: h, small: small, large: large)))
        }
        let worst = samples.map { abs(($0.left + $0.right) / 2 - $0.rule) }.max() ?? 0
        return GlassMorphReading(small: small, large: large,
                                 restInset: Measured(mean, residual: spread, confidence: spread <= pixel ? 1 : pixel / spread),
                                 samples: samples, worst: worst)
    }
}
